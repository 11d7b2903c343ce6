import { parseRequestBody } from '../../records/parse-request-body.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { ANTHROPIC_MESSAGES_CODEC } from './anthropic-messages-codec.js';

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
  return [...ANTHROPIC_MESSAGES_CODEC.readTools(parseRequestBody(body, 'a Messages API request object')).definitions];
}
