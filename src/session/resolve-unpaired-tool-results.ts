/**
 * One step of a history as the pairing of tool results with calls sees it, whatever the wire API:
 *
 * - `calls`: a turn of the model's (an assistant message, a model content) with the keys of the calls it made (call
 *   ids; on Gemini also `name:<name>`, as its calls may have no id);
 * - `result`: one tool result, with the keys that may pair it and where it is (for messages);
 * - `other`: anything else (a user's text, a system message), which ends the turn before it.
 */
export type ToolHistoryEntry =
  | { readonly type: 'calls'; readonly keys: readonly string[] }
  | { readonly type: 'result'; readonly keys: readonly string[]; readonly path: string; readonly label: string }
  | { readonly type: 'other' };

/**
 * Where a result's call must be.
 *
 * - `previous-turn`: in the model's turn right before it (only other results between): Anthropic Messages, Chat
 *   Completions, Gemini.
 * - `earlier`: anywhere before it: the Responses API, whose items are flat.
 */
export type ToolPairingRule = 'previous-turn' | 'earlier';

/**
 * The results of a history whose call is not where the rule requires it, in history order. Pure. Not part of the
 * public API: each session-API factory reads its API's history into entries and words the message.
 */
export function resolveUnpairedToolResults(history: Iterable<ToolHistoryEntry>, rule: ToolPairingRule): Extract<ToolHistoryEntry, { type: 'result' }>[] {
  const unpaired: Extract<ToolHistoryEntry, { type: 'result' }>[] = [];
  let open = new Set<string>();
  for (const entry of history) {
    if (entry.type === 'calls') {
      if (rule === 'previous-turn') open = new Set(entry.keys);
      else for (const key of entry.keys) open.add(key);
    } else if (entry.type === 'result') {
      if (!entry.keys.some((key) => open.has(key))) unpaired.push(entry);
    } else if (rule === 'previous-turn') open = new Set();
  }
  return unpaired;
}
