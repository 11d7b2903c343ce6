import { createMemoryRevealStore, DEFAULT_MAX_REVEAL_SESSIONS, DEFAULT_MAX_TOOLS_PER_SESSION } from '../src/reveal/create-memory-reveal-store.js';
import type { RevealStore } from '../src/reveal/reveal-store.js';
import { resolveGarbageCollector } from './resolve-garbage-collector.js';

/** One store filled with sessions: its bound, how many sessions were added and held, and its heap cost. */
export interface RevealStoreMemoryRow {
  readonly maxSessions: number;
  readonly sessionsAdded: number;
  /** Sessions that still return their reveals afterwards (counted with `get`). */
  readonly sessionsHeld: number;
  /** Growth of `heapUsed` after a full GC, from before the store was created to after it was filled. */
  readonly heapBytes: number;
}

/** The figures of {@link measureRevealStoreMemory}. */
export interface RevealStoreMemoryResult {
  readonly rows: readonly RevealStoreMemoryRow[];
  readonly namesPerSession: number;
  /** Names one session was given in the per-session bound check, and how many it kept. */
  readonly perSession: { readonly added: number; readonly held: number; readonly bound: number };
}

/**
 * The in-memory reveal store's heap cost and bounds: `sessions` sessions of 8 revealed names each (names shared
 * with the catalog, as in a real process) in a store bounded at `sessions`, then twice that many in the same bound
 * and in the default bound (4,096): sessions held never exceed the bound and the heap stops growing with it. Then
 * one session given 4× the per-session bound keeps at most the bound. Heap is `process.memoryUsage().heapUsed` after
 * a full GC, as a difference. Session ids are UUID-shaped (36 characters), as a typical agent runtime's are.
 */
export async function measureRevealStoreMemory(options: {
  readonly sessions: number;
  readonly toolNames: readonly string[];
}): Promise<RevealStoreMemoryResult> {
  const collect = resolveGarbageCollector();
  const namesPerSession = 8;
  const names = options.toolNames;
  const revealsFor = (index: number) => Array.from({ length: namesPerSession }, (_, offset) => names[(index * 3 + offset * 7) % names.length] as string);

  const rows: RevealStoreMemoryRow[] = [];
  for (const [maxSessions, sessionsAdded] of [
    [options.sessions, options.sessions],
    [options.sessions, options.sessions * 2],
    [DEFAULT_MAX_REVEAL_SESSIONS, options.sessions],
  ] as const) {
    collect();
    const before = process.memoryUsage().heapUsed;
    let store: RevealStore | undefined = createMemoryRevealStore({ maxSessions });
    for (let index = 0; index < sessionsAdded; index += 1) await store.add(sessionId(index), revealsFor(index));
    collect();
    const heapBytes = process.memoryUsage().heapUsed - before;
    let sessionsHeld = 0;
    // Counting from the oldest: `get` refreshes recency but evicts nothing, so the count is exact.
    for (let index = 0; index < sessionsAdded; index += 1) if ((await store.get(sessionId(index))).length > 0) sessionsHeld += 1;
    rows.push({ maxSessions, sessionsAdded, sessionsHeld, heapBytes });
    store = undefined;
  }

  const store = createMemoryRevealStore();
  const added = DEFAULT_MAX_TOOLS_PER_SESSION * 4;
  for (let index = 0; index < added; index += namesPerSession) {
    await store.add(
      'one-session',
      Array.from({ length: namesPerSession }, (_, offset) => `tool_${index + offset}`),
    );
  }
  const held = (await store.get('one-session')).length;
  return { rows, namesPerSession, perSession: { added, held, bound: DEFAULT_MAX_TOOLS_PER_SESSION } };
}

function sessionId(index: number): string {
  return `00000000-0000-4000-8000-${index.toString().padStart(12, '0')}`;
}
