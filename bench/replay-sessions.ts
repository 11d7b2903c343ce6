import { createToolSearchTool } from '../src/client/create-tool-search-tool.js';
import { createMemoryRevealStore } from '../src/reveal/create-memory-reveal-store.js';
import type { ToolDefinition } from '../src/tools/tool-definition.js';
import { resolveBenchPlan, type BenchMechanism, type BenchWireAdapter } from './bench-wire-adapters.js';
import type { BenchSession } from './load-bench-fixtures.js';
import { createKeywordQuery } from './quality/create-keyword-query.js';

/** How a turn's text becomes the `tool_search` query. */
export type SessionQueryStyle = 'user-text' | 'keywords';

/** One session's reveal state after each turn's search. */
export interface ReplayedSession {
  readonly id: string;
  /** Per turn: the tools it needs, what the search found, and the session's reveal set after the search. */
  readonly turns: readonly {
    readonly gold: readonly string[];
    readonly found: readonly string[];
    readonly status: string;
    /** Every needed tool was revealed in an earlier turn or found by this turn's search. */
    readonly available: boolean;
    /** Needed tools that were revealed earlier or found now. */
    readonly availableTools: number;
    readonly revealed: readonly string[];
  }[];
}

/**
 * Replays the conversations as a client-side agent loop would run them: one reveal store for the process, one
 * `tool_search` tool over the catalog (`createToolSearchTool`), and on every turn one search with the turn's text
 * (as written, or as keywords), whose matches the tool reveals for the session.
 */
export async function replaySessions(
  catalog: readonly ToolDefinition[],
  sessions: readonly BenchSession[],
  style: SessionQueryStyle,
): Promise<ReplayedSession[]> {
  const store = createMemoryRevealStore({ maxSessions: Math.max(sessions.length, 1) });
  const search = createToolSearchTool({ tools: catalog, store });
  const replayed: ReplayedSession[] = [];
  for (const session of sessions) {
    const sessionId = `${style}:${session.id}`;
    const turns: ReplayedSession['turns'][number][] = [];
    for (const turn of session.turns) {
      const before = new Set(await store.get(sessionId));
      const query = style === 'user-text' ? turn.query : createKeywordQuery(turn.query);
      const result = await search.execute({ query }, { sessionId });
      const found = result.status === 'found' ? result.tools.map((tool) => tool.name) : [];
      const reachable = new Set([...before, ...found]);
      const availableTools = turn.gold.filter((name) => reachable.has(name)).length;
      turns.push({
        gold: turn.gold,
        found,
        status: result.status,
        available: availableTools === turn.gold.length,
        availableTools,
        revealed: await store.get(sessionId),
      });
    }
    replayed.push({ id: session.id, turns });
  }
  return replayed;
}

/** How stable one mechanism's tool list + system text stays over the replayed sessions. */
export interface PrefixStability {
  /** Request-to-request transitions measured (one request per turn after its search, plus the first). */
  readonly transitions: number;
  /**
   * Mean over transitions of (longest common prefix with the previous request) / (length of the new one), in
   * characters, with the tools first and the system text after them (Anthropic's documented order: tools, system,
   * messages).
   */
  readonly meanPrefixShare: number;
  /** The same with the system text first and the tools after it. */
  readonly meanPrefixShareSystemFirst: number;
  /** The lowest tools-first share seen. */
  readonly minPrefixShare: number;
  /** Share of transitions where the tool list + system text did not change at all. */
  readonly unchangedShare: number;
  /** Mean size of the serialized tool list + system text, in bytes. */
  readonly meanBytes: number;
}

/**
 * Serializes, for every session, the request's tool list and system text as the API's transformer produces them:
 * first with nothing revealed, then after each turn's search with that turn's reveal set, and measures how much of
 * each request is identical to the previous one (a prompt cache reuses only an unchanged prefix). The text compared
 * is `JSON.stringify(tools)` and the system text, in both orders.
 */
export function measurePrefixStability(
  adapter: BenchWireAdapter,
  mechanism: BenchMechanism,
  catalog: readonly ToolDefinition[],
  sessions: readonly ReplayedSession[],
): PrefixStability {
  const body = adapter.createBody(catalog);
  const plan = resolveBenchPlan(adapter, body, mechanism);
  let transitions = 0;
  let shareSum = 0;
  let systemFirstSum = 0;
  let minShare = 1;
  let unchanged = 0;
  let bytesSum = 0;
  let requests = 0;
  for (const session of sessions) {
    let previous: { tools: string; system: string } | undefined;
    for (const revealed of [[], ...session.turns.map((turn) => turn.revealed)]) {
      const slots = adapter.promptSlots(adapter.transform(body, plan, revealed).body);
      const current = { tools: JSON.stringify(slots.tools), system: slots.system };
      const text = `${current.tools}\n${current.system}`;
      bytesSum += Buffer.byteLength(text);
      requests += 1;
      if (previous !== undefined) {
        const share = commonPrefixLength(`${previous.tools}\n${previous.system}`, text) / text.length;
        systemFirstSum += commonPrefixLength(`${previous.system}\n${previous.tools}`, `${current.system}\n${current.tools}`) / text.length;
        transitions += 1;
        shareSum += share;
        minShare = Math.min(minShare, share);
        if (previous.tools === current.tools && previous.system === current.system) unchanged += 1;
      }
      previous = current;
    }
  }
  return {
    transitions,
    meanPrefixShare: transitions === 0 ? Number.NaN : shareSum / transitions,
    meanPrefixShareSystemFirst: transitions === 0 ? Number.NaN : systemFirstSum / transitions,
    minPrefixShare: transitions === 0 ? Number.NaN : minShare,
    unchangedShare: transitions === 0 ? Number.NaN : unchanged / transitions,
    meanBytes: requests === 0 ? Number.NaN : bytesSum / requests,
  };
}

/** How many characters two strings share from their start. */
export function commonPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  return index;
}
