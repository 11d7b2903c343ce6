import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { formatToolSearchResult, type ToolSearchResult } from '../../client/tool-search-result.js';
import type { AnthropicTextBlock, AnthropicToolReferenceBlock, AnthropicToolResultBlock } from './anthropic-messages-api.js';

/**
 * The `tool_result` block that answers the model's call of the package's `tool_search` when the plan lets the API
 * load what the search found (`claude-hosted` with `search: 'library'`): one `tool_reference` block per tool the
 * search returned with its schema, which the API expands into the tool's full definition where the result sits (the
 * transformer sends every deferred tool with `defer_loading: true`, so each reference names a defined tool). Further
 * matches, tools an earlier search loaded, and unknown `select:` names are told in a text block before the
 * references. A result that loaded nothing (no match, an empty or bad query) is the formatted result as text.
 *
 * Throws a `ToolSearchError` (`invalid-options`) when `toolUseId` is not the `tool_use` block's id.
 *
 * @example
 * ```ts
 * import { createAnthropicToolSearchResult } from 'tool-search/anthropic';
 * const result = await search.execute(block.input, { sessionId, names });
 * results.push(createAnthropicToolSearchResult(block.id, result));
 * ```
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
 */
export function createAnthropicToolSearchResult(toolUseId: string, result: ToolSearchResult): AnthropicToolResultBlock {
  if (typeof toolUseId !== 'string' || toolUseId.length === 0) {
    throw new ToolSearchError('invalid-options', `\`toolUseId\` must be the id of the \`tool_search\` \`tool_use\` block, got ${describeValue(toolUseId)}`);
  }
  if (result.status !== 'found' || result.tools.length === 0) {
    return { type: 'tool_result', tool_use_id: toolUseId, content: formatToolSearchResult(result) };
  }
  const references: AnthropicToolReferenceBlock[] = result.tools.map((tool) => ({ type: 'tool_reference', tool_name: tool.name }));
  const { tools: _loaded, status: _status, ...rest } = result;
  // Only what the references do not carry is told in text (a tool_result may mix text and references).
  const told: AnthropicTextBlock[] = Object.keys(rest).length === 0 ? [] : [{ type: 'text', text: formatToolSearchResult({ ...result, tools: [] }) }];
  return { type: 'tool_result', tool_use_id: toolUseId, content: [...told, ...references] };
}
