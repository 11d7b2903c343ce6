import type { BenchPart } from './bench-context.js';
import type { BenchChart, BenchTable, BenchTarget } from './bench-report.js';
import { BENCH_WIRE_ADAPTERS, type BenchMechanism } from './bench-wire-adapters.js';
import { formatCount, formatPercent } from './format-figure.js';
import { measurePrefixStability, replaySessions, type PrefixStability, type ReplayedSession, type SessionQueryStyle } from './replay-sessions.js';

interface StabilityRow {
  readonly mechanism: string;
  readonly api: string;
  readonly stability: PrefixStability;
}

/**
 * Part 4, sessions: replays the BFCL multi-turn conversations through the client-side `tool_search` and the reveal
 * store, then measures for each mechanism how much of the tool list + system text stays byte-identical from one
 * request to the next.
 */
export const SESSIONS_PART: BenchPart = {
  id: 'sessions',
  title: 'Sessions',
  async run(context) {
    const { fixtures, settings } = context;
    const catalog = fixtures.multiTurnCatalog;
    const sessions = fixtures.multiTurnSessions.slice(0, Math.min(settings.sessions, fixtures.multiTurnSessions.length));
    const replays = new Map<SessionQueryStyle, ReplayedSession[]>();
    for (const style of ['user-text', 'keywords'] as const) replays.set(style, await replaySessions(catalog, sessions, style));
    const reference = replays.get('user-text') ?? [];

    const stability: StabilityRow[] = [];
    for (const reveal of ['tool-list', 'conversation'] as const) {
      for (const listing of ['full', 'compact', 'names'] as const) {
        const mechanism: BenchMechanism = { kind: 'client', options: { listing, reveal } };
        const label = `client, \`${listing}\`, reveal in the ${reveal === 'tool-list' ? 'tool list' : 'conversation'}`;
        for (const adapter of BENCH_WIRE_ADAPTERS)
          stability.push({ mechanism: label, api: adapter.api, stability: measurePrefixStability(adapter, mechanism, catalog, reference) });
      }
    }
    for (const adapter of BENCH_WIRE_ADAPTERS.filter((candidate) => candidate.hostedMechanism !== null)) {
      stability.push({
        mechanism: adapter.hostedMechanism as string,
        api: adapter.api,
        stability: measurePrefixStability(adapter, { kind: 'hosted', options: { search: 'provider' } }, catalog, reference),
      });
    }

    const turnCount = sessions.reduce((sum, session) => sum + session.turns.length, 0);
    return {
      notes: [
        `${formatCount(sessions.length)} conversations (${formatCount(turnCount)} turns) of \`bench/fixtures/bfcl-multi-turn/sessions-dev.jsonl\` over its catalog of ${formatCount(catalog.length)} tools, every tool visible. One process-wide reveal store (\`createMemoryRevealStore\`) and one \`createToolSearchTool\` over the catalog; on each turn the model is assumed to call \`tool_search\` once with the turn's text (as written, or as keywords), and its matches are revealed for the session.`,
        "A turn's tools are available when every tool its ground-truth calls use was revealed in an earlier turn or found by this turn's search. Turns whose ground truth calls no tool are left out of that share.",
        "Prefix stability: one request per turn, made after that turn's search with the session's reveal set (plus the first request, nothing revealed); each request's `JSON.stringify(tools)` followed by its system text, compared with the previous request of the same session. The hosted mechanisms do not depend on reveals (the provider tracks discovery in the history), which the identical transformer output shows.",
      ],
      tables: [formatAvailabilityTable(replays), formatStabilityTable(stability)],
      charts: [formatStabilityChart(stability)],
      targets: resolveSessionTargets(replays, stability),
      missing: [],
    };
  },
};

interface AvailabilitySummary {
  readonly turns: number;
  readonly turnsAvailable: number;
  readonly tools: number;
  readonly toolsAvailable: number;
  readonly foundNow: number;
  readonly invalid: number;
  readonly revealedAfter: readonly number[];
  readonly revealedMax: number;
}

function summarize(sessions: readonly ReplayedSession[]): AvailabilitySummary {
  let turns = 0;
  let turnsAvailable = 0;
  let tools = 0;
  let toolsAvailable = 0;
  let foundNow = 0;
  let invalid = 0;
  let revealedMax = 0;
  const sizes: number[][] = [];
  for (const session of sessions) {
    session.turns.forEach((turn, index) => {
      if (turn.status === 'invalid-query') invalid += 1;
      sizes[index] ??= [];
      sizes[index].push(turn.revealed.length);
      revealedMax = Math.max(revealedMax, turn.revealed.length);
      if (turn.gold.length === 0) return;
      turns += 1;
      if (turn.available) turnsAvailable += 1;
      tools += turn.gold.length;
      toolsAvailable += turn.availableTools;
      foundNow += turn.gold.filter((name) => turn.found.includes(name)).length;
    });
  }
  return {
    turns,
    turnsAvailable,
    tools,
    toolsAvailable,
    foundNow,
    invalid,
    revealedAfter: sizes.map((values) => values.reduce((a, b) => a + b, 0) / values.length),
    revealedMax,
  };
}

function formatAvailabilityTable(replays: ReadonlyMap<SessionQueryStyle, readonly ReplayedSession[]>): BenchTable {
  const summaries = [...replays].map(([style, sessions]) => ({ style, summary: summarize(sessions) }));
  const turnColumns = Math.min(5, Math.max(0, ...summaries.map(({ summary }) => summary.revealedAfter.length)));
  return {
    title: 'Tools available per turn, and the reveal set over the session (client-side `tool_search`)',
    columns: [
      'query',
      'turns with tools needed',
      'every needed tool available',
      'needed tools available',
      "found by this turn's search",
      'invalid queries',
      ...Array.from({ length: turnColumns }, (_, index) => `revealed after turn ${index + 1}`),
      'revealed, max',
    ],
    rows: summaries.map(({ style, summary }) => [
      style === 'user-text' ? 'user text' : 'keywords',
      formatCount(summary.turns),
      formatPercent(summary.turnsAvailable / summary.turns),
      formatPercent(summary.toolsAvailable / summary.tools),
      formatPercent(summary.foundNow / summary.tools),
      formatCount(summary.invalid),
      ...Array.from({ length: turnColumns }, (_, index) => (summary.revealedAfter[index] ?? Number.NaN).toFixed(1)),
      formatCount(summary.revealedMax),
    ]),
    notes: [
      "`revealed after turn k`: mean size of the session's reveal set after the k-th turn's search, over the sessions that have a k-th turn. Each search reveals at most 8 tools.",
      '`invalid queries`: turns whose text is longer than `tool_search` accepts (500 characters); the tool asks for a shorter query and reveals nothing, as a model would then retry with keywords.',
    ],
  };
}

function formatStabilityTable(rows: readonly StabilityRow[]): BenchTable {
  return {
    title: 'Prompt-cache stability: tool list + system text, request to request (reveals from the user-text replay)',
    columns: [
      'mechanism',
      'API',
      'identical prefix, mean (tools first)',
      'lowest (tools first)',
      'identical prefix, mean (system first)',
      'requests unchanged',
      'size, mean (B)',
    ],
    rows: rows.map((row) => [
      row.mechanism,
      row.api,
      formatPercent(row.stability.meanPrefixShare),
      formatPercent(row.stability.minPrefixShare),
      formatPercent(row.stability.meanPrefixShareSystemFirst),
      formatPercent(row.stability.unchangedShare),
      formatCount(row.stability.meanBytes),
    ]),
    notes: [
      "`identical prefix`: longest common prefix with the previous request ÷ the new request's length (characters); `requests unchanged`: share of transitions with no change at all (a turn that revealed nothing new).",
      "`tools first` is the order of Anthropic's prompt and cache hierarchy (tools, then system, then messages); `system first` shows the same requests for an API that renders the system text before the tools (OpenAI does not document its order). In `full` and `compact` a reveal replaces a stub in place, so the prefix breaks at the revealed tool's position in the catalog; in `names` a reveal is appended after the other tools, but with tools first the note that follows (it lists every deferred name) is behind the change.",
    ],
  };
}

function formatStabilityChart(rows: readonly StabilityRow[]): BenchChart {
  const mechanisms = [...new Set(rows.map((row) => row.mechanism))];
  return {
    file: 'sessions.svg',
    title: 'Sessions: share of the tool list + system text unchanged from the previous request (higher is better)',
    unit: '% identical prefix, mean over request-to-request transitions',
    scale: 'linear',
    max: 100,
    digits: 1,
    groups: mechanisms.map((mechanism) => ({
      label: mechanism.replace(/`/g, ''),
      bars: rows.filter((row) => row.mechanism === mechanism).map((row) => ({ series: row.api, value: row.stability.meanPrefixShare * 100 })),
    })),
  };
}

function resolveSessionTargets(replays: ReadonlyMap<SessionQueryStyle, readonly ReplayedSession[]>, rows: readonly StabilityRow[]): BenchTarget[] {
  const user = summarize(replays.get('user-text') ?? []);
  const keywords = summarize(replays.get('keywords') ?? []);
  const client = rows.filter((row) => row.mechanism.startsWith('client') && row.mechanism.includes('tool list'));
  const stable = rows.filter((row) => row.mechanism.startsWith('client') && row.mechanism.includes('conversation'));
  const hosted = rows.filter((row) => !row.mechanism.startsWith('client'));
  const shares = client.map((row) => row.stability.meanPrefixShare);
  const namesSystemFirst = client.filter((row) => row.mechanism.includes('names')).map((row) => row.stability.meanPrefixShareSystemFirst);
  return [
    {
      target: 'Sessions: turns whose needed tools were available (revealed so far or found this turn)',
      figure: `${formatPercent(user.turnsAvailable / user.turns)} user text / ${formatPercent(keywords.turnsAvailable / keywords.turns)} keywords (${formatCount(user.turns)} turns)`,
      status: 'reported',
    },
    {
      target: 'Sessions: tool list + system text identical from one request to the next (mean prefix share)',
      figure: `client, reveals in the conversation (the default) ${formatPercent(Math.min(...stable.map((row) => row.stability.meanPrefixShare)))} on every listing and API; reveals in the tool list (the seed's) ${formatPercent(Math.min(...shares))}–${formatPercent(Math.max(...shares))} (tools first; \`names\` with the system text first ${formatPercent(Math.min(...namesSystemFirst))}–${formatPercent(Math.max(...namesSystemFirst))}); hosted ${hosted.map((row) => `${row.api} ${formatPercent(row.stability.meanPrefixShare)}`).join(', ')}`,
      status: 'reported',
    },
  ];
}
