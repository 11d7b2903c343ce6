import { isRecord } from '../../records/is-record.js';
import { resolveUnpairedHistoryResults, type ToolHistoryItem, type ToolHistoryResult } from '../../session/resolve-unpaired-tool-results.js';

/**
 * The `tool_result` blocks of a Messages API body whose `tool_use` is not in the message right before, each as a
 * message that says what the API answers and how to keep the history whole. The API rejects such a body with a 400
 * ("unexpected `tool_use_id` found in `tool_result` blocks … Each `tool_result` block must have a corresponding
 * `tool_use` block in the previous message"), and the body is the whole conversation. Never throws; a history it
 * cannot read gives none. Not part of the public API.
 */
export function resolveAnthropicUnpairedToolResults(body: Record<string, unknown>): string[] {
  return resolveUnpairedHistoryResults(body.messages, readMessage, 'previous-turn').map(
    (result) =>
      `\`${result.path}\` is a \`tool_result\` for \`${result.label}\`, but the message before it has no \`tool_use\` with that id, and the Messages API rejects the body ("unexpected \`tool_use_id\` found in \`tool_result\` blocks"); keep each assistant message with its \`tool_use\` blocks directly before the user message that answers them (\`messages.push(...turn.messages)\`)`,
  );
}

function readMessage(message: unknown, index: number): ToolHistoryItem | undefined {
  const content = isRecord(message) ? message.content : undefined;
  if (!isRecord(message) || !Array.isArray(content)) return undefined;
  if (message.role === 'assistant') {
    return { calls: content.filter((block: unknown) => isRecord(block) && block.type === 'tool_use' && typeof block.id === 'string').map((block) => block.id) };
  }
  const results: ToolHistoryResult[] = [];
  for (const [position, block] of content.entries()) {
    if (!isRecord(block) || block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') continue;
    results.push({ keys: [block.tool_use_id], path: `messages[${index}].content[${position}]`, label: block.tool_use_id });
  }
  return { results };
}
