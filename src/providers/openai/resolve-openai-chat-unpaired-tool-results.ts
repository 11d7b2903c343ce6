import { isRecord } from '../../records/is-record.js';
import { resolveUnpairedHistoryResults, type ToolHistoryItem } from '../../session/resolve-unpaired-tool-results.js';

/**
 * The `tool` messages of a Chat Completions body that answer no `tool_calls` entry of the assistant message before
 * them (only other `tool` messages between), each as a message that says what OpenAI answers and how to keep the
 * history whole ("messages with role 'tool' must be a response to a preceeding message with 'tool_calls'"). Never
 * throws; a history it cannot read gives none. Not part of the public API.
 */
export function resolveOpenAIChatUnpairedToolResults(body: Record<string, unknown>): string[] {
  return resolveUnpairedHistoryResults(body.messages, readMessage, 'previous-turn').map(
    (result) =>
      `\`${result.path}\` is a \`tool\` message for \`${result.label}\`, but the assistant message before it made no tool call with that id; OpenAI rejects such a body ("messages with role 'tool' must be a response to a preceeding message with 'tool_calls'"), compatible servers may not. Keep each assistant message with its \`tool_calls\` directly before its \`tool\` messages (\`messages.push(...turn.messages)\`)`,
  );
}

function readMessage(message: unknown, index: number): ToolHistoryItem | undefined {
  if (!isRecord(message)) return undefined;
  if (message.role === 'tool' && typeof message.tool_call_id === 'string') {
    return { results: [{ keys: [message.tool_call_id], path: `messages[${index}]`, label: message.tool_call_id }] };
  }
  if (message.role !== 'assistant' || !Array.isArray(message.tool_calls)) return undefined;
  return { calls: message.tool_calls.filter((call: unknown) => isRecord(call) && typeof call.id === 'string').map((call) => (call as { id: string }).id) };
}
