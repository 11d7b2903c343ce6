/**
 * What kind of entry a Messages API `tools` item is, by its `type`.
 *
 * - `custom`: a client tool the caller runs (`type` absent, `null` or `'custom'`); the only kind the plan knows.
 * - `tool-search`: Anthropic's hosted search tool, either variant, dated or not.
 * - `toolset`: a computer or browser toolset (`computer_toolset_20260801`, …), whose members defer per member.
 * - `mcp-toolset`: an MCP connector toolset (`mcp_toolset`, beta), which defers through `default_config`/`configs`.
 * - `provider`: any other typed tool (web search, code execution, bash, memory, text editor, future tools).
 * - `invalid`: not an object, or a `type` that is not a string.
 */
export type AnthropicToolKind = 'custom' | 'tool-search' | 'toolset' | 'mcp-toolset' | 'provider' | 'invalid';

const TOOL_SEARCH_TYPE = /^tool_search_tool_(?:bm25|regex)(?:_\d{8})?$/;
const TOOLSET_TYPE = /^[a-z]+_toolset_\d{8}$/;

/** The kind of one `tools` entry; never throws. */
export function resolveAnthropicToolKind(entry: unknown): AnthropicToolKind {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'invalid';
  const type = (entry as { type?: unknown }).type;
  if (type === undefined || type === null || type === 'custom') return 'custom';
  if (typeof type !== 'string') return 'invalid';
  if (TOOL_SEARCH_TYPE.test(type)) return 'tool-search';
  if (type === 'mcp_toolset') return 'mcp-toolset';
  if (TOOLSET_TYPE.test(type)) return 'toolset';
  return 'provider';
}
