import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isOwnTool } from '../../client/tool-search-tool-definition.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { parseAnthropicCustomTool } from './parse-anthropic-custom-tool.js';
import { resolveAnthropicToolKind, type AnthropicToolKind } from './resolve-anthropic-tool-kind.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';

/**
 * The custom tools of a Messages API request body as {@link ToolDefinition}s, in body order, with full schemas: the
 * list to resolve a plan for.
 *
 * Left out: tools the plan does not decide on (Anthropic's hosted search tools, web search, code execution, bash,
 * memory, text editor, computer and browser toolsets, MCP toolsets) and this package's own `tool_search` (from a
 * body the transformer already rewrote). A custom tool that already has `defer_loading: true` reads as
 * `deferrable: 'always'`, so the caller's choice survives planning. No `tools` (or `null`) reads as `[]`.
 *
 * Throws a `ToolSearchError` (`invalid-request`) naming the item when the body is not an object, `tools` is not an
 * array, an entry is not an object or has a non-string `type`, a custom tool has no name or no object
 * `input_schema`, or two custom tools share a name.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseAnthropicMessagesTools } from 'tool-search/anthropic';
 * const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body));
 * ```
 */
export function parseAnthropicMessagesTools(body: unknown): ToolDefinition[] {
  const definitions: ToolDefinition[] = [];
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `tool \`${name}\` is defined twice (\`tools[${first}]\` and \`tools[${at}]\`); the Messages API requires unique tool names`,
  );
  for (const { definition, index } of readBodyToolsOnce(body, readAnthropicMessagesToolEntries)) {
    if (definition === undefined || isOwnTool(definition)) continue;
    checkName(definition.name, index);
    definitions.push(definition);
  }
  return definitions;
}

/** One entry of a Messages API body's `tools`, classified. Internal: the reader and the transformer share it. */
export interface AnthropicMessagesToolEntry {
  readonly entry: Record<string, unknown>;
  readonly kind: Exclude<AnthropicToolKind, 'invalid'>;
  readonly index: number;
  /** A custom tool's definition, under the name the body gives it. */
  readonly definition?: ToolDefinition;
}

/** Checks the body and classifies every entry of its `tools`; throws like {@link parseAnthropicMessagesTools}. Internal. */
export function readAnthropicMessagesToolEntries(body: unknown): AnthropicMessagesToolEntry[] {
  const tools = parseRequestToolList(parseRequestBody(body, 'a Messages API request object').tools, 'tools', 'tool definitions');
  return tools.map((entry: unknown, index) => {
    const kind = resolveAnthropicToolKind(entry);
    if (kind === 'invalid') {
      const detail =
        typeof entry === 'object' && entry !== null && !Array.isArray(entry)
          ? `a \`type\` of ${describeValue((entry as { type?: unknown }).type)}`
          : describeValue(entry);
      throw new ToolSearchError(
        'invalid-request',
        `\`tools[${index}]\` must be a tool object with a string \`type\` (or none, for a custom tool), got ${detail}`,
      );
    }
    const record = entry as Record<string, unknown>;
    if (kind !== 'custom') return { entry: record, kind, index };
    return { entry: record, kind, index, definition: parseAnthropicCustomTool(record, index) };
  });
}
