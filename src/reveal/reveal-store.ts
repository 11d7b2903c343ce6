/**
 * The two lists a reveal store keeps per session, under one entry:
 *
 * - `revealed`: the tools `tool_search` (or a misfit call) revealed, which `reveal: 'tool-list'` sends in full and
 *   `tool_search` names as loaded earlier. Bounded: past the bound the oldest go (a tool that went is a stub again,
 *   found by the next search, or read back from the history).
 * - `added`: the tools the session added to the conversation natively (`reveal: 'native'`: an `additional_tools` item,
 *   a `tool_addition` system message), which a body whose history the provider keeps (Responses' `previous_response_id`)
 *   cannot show: a tool added is never added again, and never forgotten while the session lives.
 */
export type RevealStoreList = 'revealed' | 'added';

/**
 * Where tool search keeps, per session, the tools `tool_search` revealed and the tools the session added natively (see
 * {@link RevealStoreList}). Every method is async so a store shared by many processes (Redis, a database) fits the
 * same interface; `createMemoryRevealStore` is the in-process implementation.
 *
 * Implementations must keep sessions apart (a name never leaks into another session), keep a session's two lists as
 * one session (one entry against any session bound, both gone with `delete` or an eviction), return names oldest
 * first (the order they were first recorded: the tool list appends in that order, which keeps prompt prefixes
 * stable), and bound what they hold; the `added` list may not drop names while its session lives (refuse with an
 * error past its bound instead).
 *
 * Changed before the first release: `get` and `add` take the list (`revealed` when omitted), where a session's
 * additions were kept under a second session key.
 */
export interface RevealStore {
  /** The session's names in `list` (`revealed` by default), oldest first; an unknown or evicted session has none. */
  get(sessionId: string, list?: RevealStoreList): Promise<readonly string[]>;
  /**
   * Records names in the session's `list` (`revealed` by default) and returns that list afterwards. Names already
   * there keep their place.
   */
  add(sessionId: string, names: readonly string[], list?: RevealStoreList): Promise<readonly string[]>;
  /** Forgets the session: both of its lists. */
  delete(sessionId: string): Promise<void>;
}
