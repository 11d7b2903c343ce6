import { ANTHROPIC_TOOL_SEARCH_TOOLS, type AnthropicToolSearchToolName } from './anthropic-messages-api.js';
import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';
import type { AnthropicToolSearchVariant } from './anthropic-messages-api.js';
import type { AnthropicMessagesToolEntry } from './anthropic-messages-tool-entry.js';

/** The hosted search tool to send: the body's own (the first, without `defer_loading`), the history's variant, or the option. */
export function resolveAnthropicSearchTool(
  searchEntries: readonly AnthropicMessagesToolEntry[],
  historySearchTool: AnthropicToolSearchToolName | null,
  variant: AnthropicToolSearchVariant,
  warnings: AnthropicMessagesWarning[],
  onBedrock: boolean,
): Record<string, unknown> {
  // Bedrock offers the regex tool only: a body's BM25 tool is sent as the regex one, and the history's variant does not count.
  const bm25 = onBedrock ? searchEntries.filter(({ entry }) => (entry.type as string).startsWith('tool_search_tool_bm25')) : [];
  if (bm25.length > 0) {
    warnings.push({
      code: 'bedrock-search-tool-regex',
      message: `the body has the BM25 search tool (${bm25.map(({ index }) => `\`tools[${index}]\``).join(', ')}), which Amazon Bedrock does not offer; \`tool_search_tool_regex_20251119\` is sent in its place`,
    });
  }
  const kept = bm25.length === 0 ? searchEntries : searchEntries.filter((entry) => !bm25.includes(entry));
  const [first] = kept;
  if (kept.length > 1) {
    warnings.push({
      code: 'search-tool-duplicated',
      message: `the body has ${kept.length} hosted search tools (${kept.map(({ index }) => `\`tools[${index}]\``).join(', ')}); the first was kept and the others removed`,
    });
  }
  if (first !== undefined) {
    if (first.entry.defer_loading !== true) return first.entry;
    warnings.push({
      code: 'search-tool-deferred',
      message:
        `the hosted search tool (\`tools[${first.index}]\`) had \`defer_loading: true\`; the API requires at least one non-deferred tool ` +
        'and never a deferred search tool, so `defer_loading` was removed from it',
    });
    const { defer_loading: _removed, ...rest } = first.entry;
    return rest;
  }
  // The BM25 entry's other fields (`cache_control`, `allowed_callers`) stay; `defer_loading` never does.
  const replaced = bm25[0]?.entry;
  if (replaced !== undefined) {
    const { defer_loading: _removed, ...rest } = replaced;
    return { ...rest, ...ANTHROPIC_TOOL_SEARCH_TOOLS.regex };
  }
  if (historySearchTool !== null && !onBedrock) return { ...ANTHROPIC_TOOL_SEARCH_TOOLS[historySearchTool === 'tool_search_tool_regex' ? 'regex' : 'bm25'] };
  return { ...ANTHROPIC_TOOL_SEARCH_TOOLS[variant] };
}
