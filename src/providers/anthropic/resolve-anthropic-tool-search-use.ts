import { isRecord } from '../../records/is-record.js';
import { resolveAnthropicToolDeferral } from './resolve-anthropic-tool-deferral.js';
import { resolveAnthropicToolKind } from './resolve-anthropic-tool-kind.js';

/**
 * What of tool search a Messages API body uses, read from the body alone: the paths of its hosted search tools
 * (`tools[0]`), whether any entry defers (`defer_loading`, or a toolset whose members defer), and whether the history
 * holds `tool_reference` blocks. Bedrock needs its beta for any of the three; a model without tool search rejects
 * the hosted tool. Never throws.
 */
export function resolveAnthropicToolSearchUse(body: Readonly<Record<string, unknown>>) {
  const searchTools: { path: string; type: string }[] = [];
  let deferred = false;
  if (Array.isArray(body.tools)) {
    body.tools.forEach((entry: unknown, index) => {
      const kind = resolveAnthropicToolKind(entry);
      if (kind === 'tool-search') searchTools.push({ path: `tools[${index}]`, type: String((entry as { type: unknown }).type) });
      if (kind !== 'invalid' && resolveAnthropicToolDeferral(entry) !== 'loaded') deferred = true;
    });
  }
  return { searchTools, deferred, toolReferences: Array.isArray(body.messages) && body.messages.some(holdsToolReference) };
}

function holdsToolReference(message: unknown): boolean {
  if (!isRecord(message) || !Array.isArray(message.content)) return false;
  return message.content.some((block: unknown) => {
    if (!isRecord(block)) return false;
    if (block.type === 'tool_search_tool_result')
      return isRecord(block.content) && Array.isArray(block.content.tool_references) && block.content.tool_references.length > 0;
    if (block.type !== 'tool_result' || !Array.isArray(block.content)) return false;
    return block.content.some((item: unknown) => isRecord(item) && item.type === 'tool_reference');
  });
}
