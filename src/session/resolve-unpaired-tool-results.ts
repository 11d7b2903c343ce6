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
  | ({ readonly type: 'result' } & ToolHistoryResult)
  | { readonly type: 'other' };

/** One tool result: the keys that may pair it with its call, where it is (`messages[3]`), and its name for messages. */
export interface ToolHistoryResult {
  readonly keys: readonly string[];
  readonly path: string;
  readonly label: string;
}

/** What one item of a history list holds (a message, a content, a Responses item), as an API's reader gives it. */
export interface ToolHistoryItem {
  /** Set on a turn of the model's only: the keys of the calls it made (possibly none). */
  readonly calls?: readonly string[];
  /** The tool results the item holds, in order. */
  readonly results?: readonly ToolHistoryResult[];
}

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
export function resolveUnpairedToolResults(history: Iterable<ToolHistoryEntry>, rule: ToolPairingRule): ToolHistoryResult[] {
  const unpaired: ToolHistoryResult[] = [];
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

/**
 * {@link resolveUnpairedToolResults} over a body's history list as the API holds it: `read` says what each item holds
 * (`undefined` for nothing of interest); an item's results come before the calls it makes, and an item with neither
 * ends the model's turn. A value that is not a list gives none. Pure. Not part of the public API.
 */
export function resolveUnpairedHistoryResults(
  items: unknown,
  read: (item: unknown, index: number) => ToolHistoryItem | undefined,
  rule: ToolPairingRule,
): ToolHistoryResult[] {
  return Array.isArray(items) ? resolveUnpairedToolResults(readHistoryEntries(items, read), rule) : [];
}

function* readHistoryEntries(items: readonly unknown[], read: (item: unknown, index: number) => ToolHistoryItem | undefined): Generator<ToolHistoryEntry> {
  for (const [index, item] of items.entries()) {
    const { calls, results = [] } = read(item, index) ?? {};
    for (const result of results) yield { type: 'result', keys: result.keys, path: result.path, label: result.label };
    if (calls !== undefined) yield { type: 'calls', keys: calls };
    else if (results.length === 0) yield { type: 'other' };
  }
}
