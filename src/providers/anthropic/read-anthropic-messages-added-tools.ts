import { readAnthropicMessagesHistory } from './anthropic-messages-history.js';

/**
 * The tool names a Messages history added to the conversation, in order: the `tool_addition` blocks of its
 * `{ role: 'system' }` messages (by value or by reference) and the `tool_changes` its `compaction` blocks carry, minus
 * the `tool_removal`s (a name removed and added again moves to the end). This is what `readOpenAIResponsesAddedTools`
 * is for Responses: the list a loop of its own passes to `resolveNativeSearchResult` as `added`, so a search does not
 * add a tool twice. Names are as written (the wire names a transformer sent). Total: anything that is not a list of
 * messages gives `[]`, and blocks of another shape are skipped.
 *
 * @example
 * ```ts
 * readAnthropicMessagesAddedTools([
 *   { role: 'user', content: 'Weather in Paris?' },
 *   { role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'get_weather' } }] },
 * ]); // ['get_weather']
 * ```
 */
export function readAnthropicMessagesAddedTools(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  // Names are read as they are written: the history speaks the wire names a transformer sent.
  const added = new Set<string>();
  for (const change of readAnthropicMessagesHistory(messages).neutral.changes ?? []) {
    if (change.change === 'removal') added.delete(change.name);
    else added.add(change.name);
  }
  return [...added];
}
