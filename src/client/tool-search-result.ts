import stringify from 'fast-json-stable-stringify';
import type { JSONSchemaObject } from '../tools/tool-definition.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';

/** A tool returned by `tool_search`, with its full schema. */
export interface ToolSearchMatch {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JSONSchemaObject;
}

/**
 * What the client-side `tool_search` tool (and the blind-call check) return to the model, as a plain object.
 * Turn it into the tool result text with {@link formatToolSearchResult}.
 *
 * - `found`: `tools` holds the best matches with full schemas (at most `maxLoaded`, each recorded as revealed for
 *   the session); `more` names further matches (`select:` loads them); `loadedEarlier` names matches whose schemas an
 *   earlier search of the session already returned, so they are not repeated; `message` names unknown `select:`
 *   names.
 * - `no-match`: nothing matched; `availableTools` lists visible tool names (bounded; `moreTools` counts the rest).
 * - `listing`: the query was empty; tool names are listed, nothing is revealed.
 * - `invalid-query`: the arguments could not be used (missing or non-string `query`, an over-long query, unknown
 *   names in `select:`); `message` says what to do, and `availableTools` may help.
 * - `invalid-arguments`: a call to a tool did not fit its schema (often a deferred tool called blind); `tools` holds
 *   that tool's full schema and `loaded` names it, because it is now revealed.
 */
export type ToolSearchResult =
  | {
      readonly status: 'found';
      readonly tools: readonly ToolSearchMatch[];
      readonly more?: readonly string[];
      readonly loadedEarlier?: readonly string[];
      /** Set when a `select:` named tools that do not exist. */
      readonly message?: string;
    }
  | {
      readonly status: 'no-match' | 'listing' | 'invalid-query';
      readonly query: string;
      readonly tools: readonly [];
      readonly availableTools: readonly string[];
      readonly moreTools: number;
      readonly message: string;
    }
  | {
      readonly status: 'invalid-arguments';
      readonly tool: string;
      readonly errors: readonly string[];
      readonly tools: readonly ToolSearchMatch[];
      readonly loaded: readonly string[];
      readonly message: string;
    };

/**
 * The text sent back to the model for a {@link ToolSearchResult}: JSON with a stable key order, so equal results give
 * equal bytes (and a prompt cache keeps matching).
 */
export function formatToolSearchResult(result: ToolSearchResult): string {
  return stringify(result);
}

/**
 * The tools revealed by `tool_search` results found in a conversation history, oldest first, without duplicates.
 *
 * Pass the content of every tool result in the history (strings or already-parsed objects, in order, as an array or
 * any other iterable; a single string is not a list and throws `invalid-options`); anything that is not a result this
 * package produced (`found` or `invalid-arguments`, naming its tools in `tools` or `loaded`) is ignored, so it is
 * safe to pass every tool output. Lets a transformer restore reveals that a store lost (an evicted session, a restart,
 * another process) from the history itself.
 *
 * @example
 * ```ts
 * import { resolveRevealedTools } from 'tool-search';
 * const revealed = resolveRevealedTools(messages.filter((m) => m.role === 'tool').map((m) => m.content));
 * ```
 */
export function resolveRevealedTools(results: Iterable<unknown>): string[] {
  if (typeof results !== 'object' || results === null || typeof (results as Partial<Iterable<unknown>>)[Symbol.iterator] !== 'function') {
    throw new ToolSearchError('invalid-options', `\`results\` must be a list of tool results (strings or parsed objects), got ${describeValue(results)}`);
  }
  const revealed = new Set<string>();
  for (const result of results) {
    const value = typeof result === 'string' ? parseJSONObject(result) : result;
    if (typeof value !== 'object' || value === null) continue;
    const { status, loaded, tools } = value as { status?: unknown; loaded?: unknown; tools?: unknown };
    if (status !== 'found' && status !== 'invalid-arguments') continue;
    // `loaded` in results of earlier versions; the names of the tools with schemas in current ones.
    const names = Array.isArray(loaded) ? loaded : Array.isArray(tools) ? tools.map((tool: unknown) => (typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined)) : [];
    for (const name of names) if (typeof name === 'string' && name.length > 0) revealed.add(name);
  }
  return [...revealed];
}

function parseJSONObject(text: string): unknown {
  // Cheap pre-check: most tool outputs are not ours, and parsing large ones is wasted work.
  if (!text.startsWith('{') || (!text.includes('"status":"found"') && !text.includes('"status":"invalid-arguments"'))) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
