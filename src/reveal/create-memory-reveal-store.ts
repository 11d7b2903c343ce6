import { createLruMap } from '../records/create-lru-map.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { checkSessionId } from '../errors/check-session-id.js';
import { findUnknownKeys } from '../records/find-unknown-keys.js';
import type { RevealStore, RevealStoreList } from './reveal-store.js';
import { quoteNames } from '../text/quote-names.js';

/** The default session bound: the seed's `MAX_REVEAL_SESSIONS`. */
export const DEFAULT_MAX_REVEAL_SESSIONS = 4096;
/** The default bound on names per session: 32 searches' worth of the default 8 results. */
export const DEFAULT_MAX_TOOLS_PER_SESSION = 256;
/**
 * The default bound on the tools one session adds natively: 10,000, the most tools Anthropic lets one request have
 * deferred or added (`available_tools_limit_exceeded`), so no session within a provider's limits reaches it.
 */
export const DEFAULT_MAX_ADDED_TOOLS_PER_SESSION = 10_000;

/** Bounds of the in-memory reveal store. */
export interface MemoryRevealStoreOptions {
  /**
   * The most sessions held. Past it, the least recently used session is dropped (it simply starts empty again and
   * re-runs `tool_search`). Any use of a session (`get` or `add`) makes it the most recently used. Memory grows with
   * the sessions held, not with the bound: a bound of 10 million costs nothing until sessions arrive. At most
   * `Number.MAX_SAFE_INTEGER`.
   * @default 4096
   */
  readonly maxSessions?: number;
  /**
   * The most names held per session. Past it, the oldest reveals are dropped (those tools go back to stubs and can be
   * searched again).
   * @default 256
   */
  readonly maxToolsPerSession?: number;
  /**
   * The most tools one session may add natively (its `added` list). These are never dropped while the session lives:
   * one forgotten would be added to the conversation again. Past the bound `add` throws a `ToolSearchError`
   * (`invalid-options`) instead.
   * @default 10000
   */
  readonly maxAddedToolsPerSession?: number;
  /**
   * Drop a session this many milliseconds after its last use. Omit to keep sessions until the session bound evicts
   * them.
   * @default undefined (no expiry)
   */
  readonly ttlMs?: number;
  /**
   * The clock `ttlMs` is measured with, in milliseconds (inject one for tests).
   * @default performance.now
   */
  readonly now?: () => number;
}

/** The options {@link createMemoryRevealStore} takes, in the order their problems are reported. */
const OPTION_NAMES = ['maxSessions', 'maxToolsPerSession', 'maxAddedToolsPerSession', 'ttlMs', 'now'] as const;
const BOUNDS = ['maxSessions', 'maxToolsPerSession', 'maxAddedToolsPerSession', 'ttlMs'] as const;

/** One session's entry: its two lists, each frozen. */
interface RevealSession {
  readonly revealed: readonly string[];
  readonly added: readonly string[];
}

/**
 * The in-memory {@link RevealStore}: true LRU over sessions, bounded sessions and bounded names per
 * session, optional expiry. A session's reveals and its native additions are one entry: one session against
 * `maxSessions`, evicted, expired and deleted together. Use one store per process; for several processes, implement
 * `RevealStore` over a shared store.
 *
 * @example
 * ```ts
 * import { createMemoryRevealStore } from 'tool-search';
 * const store = createMemoryRevealStore({ maxSessions: 10_000, ttlMs: 60 * 60 * 1000 });
 * await store.add('session-1', ['send_email']);
 * await store.get('session-1'); // ['send_email']
 * ```
 */
export function createMemoryRevealStore(options: MemoryRevealStoreOptions = {}): RevealStore {
  const parsed = parseOptions(options);
  const maxSessions = parsed.maxSessions ?? DEFAULT_MAX_REVEAL_SESSIONS;
  const maxToolsPerSession = parsed.maxToolsPerSession ?? DEFAULT_MAX_TOOLS_PER_SESSION;
  const maxAdded = parsed.maxAddedToolsPerSession ?? DEFAULT_MAX_ADDED_TOOLS_PER_SESSION;
  const sessions = createLruMap<string, RevealSession>({ maxSize: maxSessions, ttlMs: parsed.ttlMs, now: parsed.now });
  const empty: readonly string[] = Object.freeze([]);
  const none: RevealSession = Object.freeze({ revealed: empty, added: empty });

  return {
    async get(sessionId, list = 'revealed') {
      checkSessionId(sessionId, '`sessionId`');
      checkList(list, 'get');
      return (sessions.get(sessionId) ?? none)[list];
    },
    async add(sessionId, names, list = 'revealed') {
      checkSessionId(sessionId, '`sessionId`');
      checkList(list, 'add');
      if (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || name.length === 0)) {
        throw new ToolSearchError('invalid-options', `RevealStore.add: \`names\` must be a list of tool names, got ${describeValue(names)}`);
      }
      const session = sessions.get(sessionId) ?? none;
      const current = session[list];
      const known = new Set(current);
      const added = names.filter((name) => !known.has(name) && known.add(name));
      if (added.length === 0) return current;
      const next = [...current, ...added];
      if (list === 'added' && next.length > maxAdded) {
        throw new ToolSearchError(
          'invalid-options',
          `RevealStore.add: session \`${sessionId}\` would have added ${next.length} tools natively, more than \`maxAddedToolsPerSession\` (${maxAdded}); a tool added is never forgotten (it would be added again), so the addition is refused. Raise the bound, or start a new session`,
        );
      }
      // Reveals past the bound go oldest first: a tool that went is a stub again, found by the next search.
      const bounded = Object.freeze(list === 'revealed' && next.length > maxToolsPerSession ? next.slice(next.length - maxToolsPerSession) : next);
      sessions.set(sessionId, Object.freeze({ ...session, [list]: bounded }));
      return bounded;
    },
    async delete(sessionId) {
      checkSessionId(sessionId, '`sessionId`');
      sessions.delete(sessionId);
    },
  };
}

/** The options, checked once; throws a `ToolSearchError` (`invalid-options`) for the first problem. */
function parseOptions(options: unknown): MemoryRevealStoreOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) fail(`the options must be an object, got ${describeValue(options)}`);
  const fields = options as Record<string, unknown>;
  for (const field of BOUNDS) {
    const value = fields[field];
    if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 1)) {
      fail(`\`${field}\` must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, got ${describeValue(value)}`);
    }
  }
  if (fields.now !== undefined && typeof fields.now !== 'function') fail(`\`now\` must be a function returning milliseconds, got ${describeValue(fields.now)}`);
  const unknown = findUnknownKeys(fields, OPTION_NAMES);
  if (unknown.length > 0) fail(`unknown option ${quoteNames(unknown)}`);
  return fields as MemoryRevealStoreOptions;
}

function fail(message: string): never {
  throw new ToolSearchError('invalid-options', `createMemoryRevealStore: ${message}`);
}

function checkList(list: unknown, method: 'get' | 'add'): asserts list is RevealStoreList {
  if (list !== 'revealed' && list !== 'added') {
    throw new ToolSearchError('invalid-options', `RevealStore.${method}: \`list\` must be 'revealed' or 'added', got ${describeValue(list)}`);
  }
}
