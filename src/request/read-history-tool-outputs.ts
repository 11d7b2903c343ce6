import type { HistoryToolOutput } from '../client/tool-search-result.js';

/** What one item of a history list holds (a message, a content), as an API's reader gives it. */
export interface HistoryToolItem {
  /** The tool calls the item makes, in order: the call's id and the tool name the model wrote. */
  readonly calls?: readonly { readonly id?: unknown; readonly name: string }[];
  /**
   * The tool results the item holds, in order, each with its output (text or parsed JSON): by the `id` of the call it
   * answers, or by the `name` of the tool it answers where the API names it in the result itself (Gemini's
   * `functionResponse`, Chat Completions' legacy `function` message).
   */
  readonly results?: readonly ({ readonly id: unknown; readonly output: unknown } | { readonly name: string; readonly output: unknown })[];
}

/**
 * Every tool name a history's calls and named results use (for the name mapping) and every answered call with the
 * name it was called by, oldest first (for the reveals the package's answers hold, `resolveHistoryReveals`): a result
 * answers the earlier call of the same id, a result with a name answers that tool, and a result whose call is not in
 * the history counts for nothing. `read` says what each item holds (`undefined`: nothing of interest). Pure. Not part
 * of the public API.
 */
export function readHistoryToolOutputs(
  items: readonly unknown[],
  read: (item: unknown) => HistoryToolItem | undefined,
): { names: string[]; outputs: HistoryToolOutput[] } {
  const calledBy = new Map<unknown, string>();
  const names: string[] = [];
  const outputs: HistoryToolOutput[] = [];
  for (const item of items) {
    const { calls = [], results = [] } = read(item) ?? {};
    for (const result of results) {
      const name = 'name' in result ? result.name : calledBy.get(result.id);
      if ('name' in result) names.push(name as string);
      if (name !== undefined) outputs.push({ name, output: result.output });
    }
    for (const call of calls) {
      names.push(call.name);
      calledBy.set(call.id, call.name);
    }
  }
  return { names, outputs };
}
