/**
 * Where the client-side mechanism keeps, per session, the tools `tool_search` revealed. Every method is async so a
 * store shared by many processes (Redis, a database) fits the same interface; `createMemoryRevealStore` is the
 * in-process implementation.
 *
 * Implementations must keep sessions apart (a reveal never leaks into another session), return names oldest first
 * (the order they were first revealed: the tool list appends in that order, which keeps prompt prefixes stable),
 * and bound what they hold.
 */
export interface RevealStore {
  /** The session's revealed tool names, oldest first; an unknown or evicted session has none. */
  get(sessionId: string): Promise<readonly string[]>;
  /**
   * Records names as revealed for the session and returns the session's names afterwards. Names already revealed keep
   * their place.
   */
  add(sessionId: string, names: readonly string[]): Promise<readonly string[]>;
  /** Forgets the session. */
  delete(sessionId: string): Promise<void>;
}
