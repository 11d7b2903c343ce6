/** What a preflight reports when a history's tool results and calls do not pair. */
export interface PreflightCallPairingProblems {
  /** The result at `path` answers no call of the model's turn right before it (or one answered already). */
  readonly resultWithoutCall: (path: string, id: unknown) => void;
  /**
   * The model's turn at `path` made calls (`ids`, in call order) that no result answered before the turn at `endedAt`
   * began (where their results were due); `endedAt` is `undefined` when the history ended first.
   */
  readonly callsWithoutResult: (path: string, ids: readonly string[], endedAt: string | undefined) => void;
}

/**
 * A history read entry by entry, in order, as the id pairing of tool calls and results sees it: each result must
 * answer a call of the model's turn right before it (only other results between), and each call must be answered
 * before the next turn. Every API with call ids works so (Chat Completions, Bedrock Converse); an API reads its
 * history into these entries and words the problems.
 */
export interface PreflightCallPairing {
  /** A model turn at `path` that made the calls `ids`: ends the turn before it. */
  calls(path: string, ids: readonly string[]): void;
  /** One tool result at `path`, answering the call `id` (any value: a missing id answers nothing). */
  result(path: string, id: unknown): void;
  /** Anything else at `path` (a user's text, a model turn without calls): ends the turn before it. */
  other(path: string): void;
  /** The end of the history: ends the last turn. */
  end(): void;
}

/**
 * The call/result pairing check of a preflight, reporting through `problems` as the history is read, so the
 * problems land in body order among the API's other violations. Not part of the public API.
 *
 * @example
 * ```ts
 * const pairing = createPreflightCallPairing({ resultWithoutCall, callsWithoutResult });
 * for (const [index, message] of messages.entries()) {
 *   if (message.role === 'tool') pairing.result(`messages[${index}]`, message.tool_call_id);
 *   else pairing.other(`messages[${index}]`);
 * }
 * pairing.end();
 * ```
 */
export function createPreflightCallPairing(problems: PreflightCallPairingProblems): PreflightCallPairing {
  let pending = new Set<string>();
  let caller = '';
  const endTurn = (endedAt: string | undefined): void => {
    if (pending.size > 0) problems.callsWithoutResult(caller, [...pending], endedAt);
    pending = new Set();
  };
  return {
    calls(path, ids) {
      endTurn(path);
      caller = path;
      pending = new Set(ids);
    },
    result(path, id) {
      if (typeof id === 'string' && pending.delete(id)) return;
      problems.resultWithoutCall(path, id);
    },
    other: endTurn,
    end: () => endTurn(undefined),
  };
}
