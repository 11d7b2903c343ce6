import { formatStableJSON } from '../records/format-stable-json.js';
import type { JSONSchemaObject, ToolDefinition } from '../tools/tool-definition.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import { describeUnserializableValue, findUnserializableValue } from '../records/find-unserializable-value.js';
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { OwnToolNames } from '../tools/resolve-own-tool-names.js';

/**
 * A tool returned by `tool_search`, with its full schema; without it under native delivery (`reveal: 'native'`), where
 * the tool's definition follows the result as the API's tool-addition item (see `resolveNativeSearchResult`).
 */
export interface ToolSearchMatch {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: JSONSchemaObject;
}

/** A tool as a match with its full schema, under the name the request sends it (`toWire`). Not part of the public API. */
export function toMatch(tool: ToolDefinition, toWire: (name: string) => string = (name) => name): ToolSearchMatch {
  return { name: toWire(tool.name), ...(tool.description === undefined ? {} : { description: tool.description }), inputSchema: tool.inputSchema };
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
 *
 * Throws a `ToolSearchError` (`invalid-options`) for a result JSON cannot write (a schema that contains itself, a
 * `BigInt`, one nested thousands of levels deep), which no tool list `createToolSearch` accepts holds.
 */
export function formatToolSearchResult(result: ToolSearchResult): string {
  try {
    return formatStableJSON(result) as string;
  } catch (error) {
    const found = findUnserializableValue(result);
    throw new ToolSearchError(
      'invalid-options',
      `formatToolSearchResult: the result cannot be written as JSON (${found === undefined ? (error instanceof Error ? error.message : String(error)) : `\`${found.path}\` holds ${describeUnserializableValue(found)}`}); a tool's schema must be JSON data`,
      { cause: error },
    );
  }
}

/** One answered tool call of a history: the name the model called it by (as sent) and the output the caller sent back. */
export interface HistoryToolOutput {
  /** The called tool's name as the model saw it (`tool_search`, `call_tool`, or a tool's wire name). */
  readonly name: string;
  /** The output: text (JSON) or an already-parsed object. */
  readonly output: unknown;
}

/** The names the package's own tools were sent under, when they differ from `tool_search` and `call_tool` (the defaults). */
export type ResolveRevealedToolsOptions = Partial<OwnToolNames>;

/**
 * The tools revealed by this package's answers in a conversation history, oldest first, without duplicates: a
 * `found` result counts when it answers a call of the package's `tool_search`, and a blind call's answer
 * (`invalid-arguments`, which carries the called tool's schema) when it answers a call of that very tool or of
 * `call_tool`. The output of any other tool counts for nothing, whatever it looks like (a fetched page that holds a
 * search result, a caller tool's JSON), so it can never make a later search withhold a schema the conversation does
 * not hold. Lets a transformer restore reveals that a store lost (an evicted session, a restart, another process)
 * from the history itself.
 *
 * Pass every answered call of the history as `{ name, output }` (an array or any other iterable), with the names as
 * the model saw them; `options` names the package's tools when they were sent under other names (`tool_search_2`
 * next to a caller's own `tool_search`). Throws `invalid-options` for anything that is not such a list.
 *
 * @example
 * ```ts
 * import { resolveRevealedTools } from 'tool-search';
 * const revealed = resolveRevealedTools(toolMessages.map((m) => ({ name: nameOfCall(m.tool_call_id), output: m.content })));
 * ```
 */
export function resolveRevealedTools(calls: Iterable<HistoryToolOutput>, options: ResolveRevealedToolsOptions = {}): string[] {
  if (typeof calls !== 'object' || calls === null || typeof (calls as Partial<Iterable<unknown>>)[Symbol.iterator] !== 'function') {
    throw new ToolSearchError('invalid-options', `\`calls\` must be a list of answered tool calls (\`{ name, output }\`), got ${describeValue(calls)}`);
  }
  return readRevealedTools(calls, options?.searchName ?? TOOL_SEARCH_TOOL_NAME, options?.callToolName ?? CALL_TOOL_NAME, checkCall);
}

function checkCall(call: unknown, position: number): void {
  if (typeof call !== 'object' || call === null || typeof (call as { name?: unknown }).name !== 'string') {
    throw new ToolSearchError(
      'invalid-options',
      `\`calls[${position}]\` must be \`{ name, output }\` (the called tool's name and its output), got ${describeValue(call)}`,
    );
  }
}

/** {@link resolveRevealedTools} of calls each checked by `check` as it is read (none: the package's own list). */
function readRevealedTools(
  calls: Iterable<HistoryToolOutput>,
  searchName: string,
  callToolName: string,
  check?: (call: unknown, position: number) => void,
): string[] {
  const revealed = new Set<string>();
  let position = 0;
  for (const call of calls) {
    check?.(call, position);
    position += 1;
    const { name, output } = call;
    const value = typeof output === 'string' ? parseJSONObject(output) : output;
    if (typeof value !== 'object' || value === null) continue;
    const { status, loaded, tools, tool } = value as { status?: unknown; loaded?: unknown; tools?: unknown; tool?: unknown };
    // The names of the tools with schemas; `loaded` names them in results of earlier versions, and a blind call's.
    const withSchema = Array.isArray(tools) ? tools.map((entry: unknown) => (isRecord(entry) ? entry.name : undefined)) : [];
    if (status === 'found' && name === searchName) {
      for (const found of Array.isArray(loaded) ? loaded : withSchema) if (typeof found === 'string' && found.length > 0) revealed.add(found);
    } else if (status === 'invalid-arguments' && typeof tool === 'string' && tool.length > 0 && (name === tool || name === callToolName)) {
      // A blind call's answer reveals the one tool it answers for, when its schema is there.
      if ((Array.isArray(loaded) && loaded.includes(tool)) || withSchema.includes(tool)) revealed.add(tool);
    }
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

/**
 * {@link resolveRevealedTools} for a transformer: each call's name is read through the request's mapping (a history
 * may hold the caller's names or the names sent), and the package's own tools go by the names the plan gives them.
 * Returns names as sent. Not part of the public API.
 */
export function resolveHistoryReveals(calls: readonly HistoryToolOutput[], names: Pick<ToolNameMapping, 'toWire' | 'fromWire'>, own: OwnToolNames): string[] {
  if (calls.length === 0) return [];
  const sent = calls.map((call) => ({ name: names.toWire(names.fromWire(call.name)), output: call.output }));
  return readRevealedTools(sent, names.toWire(own.searchName), names.toWire(own.callToolName));
}
