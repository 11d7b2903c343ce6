import { resolveToolSearch } from '../src/plan/resolve-tool-search.js';
import { parseOpenAIResponsesTools, transformOpenAIResponsesRequest } from '../src/providers/openai/index.js';
import { parseAnthropicMessagesTools, transformAnthropicMessagesRequest } from '../src/providers/anthropic/index.js';
import { isToolSearchError } from '../src/errors/tool-search-error.js';
import { createLargeCatalog } from './quality/create-large-catalog.js';
import { DEFAULT_MAX_LOADED_TOOLS, DEFAULT_MAX_SEARCH_RESULTS } from '../src/client/create-tool-search-tool.js';
import type { ToolDefinition } from '../src/tools/tool-definition.js';
import { DEFAULT_PREDICTED_TOOLS, DEFAULT_PREDICTION_MIN_SCORE } from '../src/config/tool-search-config.js';

type SimulationCatalog = readonly ToolDefinition[];
import type { BenchPart } from './bench-context.js';
import type { BenchChart, BenchTable, BenchTarget } from './bench-report.js';
import { BENCH_WIRE_ADAPTERS, type BenchWireAdapter } from './bench-wire-adapters.js';
import { billSessionRequests, CACHE_PRICINGS, type BilledSession, type CachePricing } from './bill-session-requests.js';
import { formatCount, formatPercent } from './format-figure.js';
import { formatPredictionRecallTable, measurePredictionRecall, type PredictionRecallRow, type PredictionRecallSet } from './measure-prediction-recall.js';
import { loadQualitySlices, QUALITY_SLICE_IDS } from './quality/load-quality-slices.js';
import {
  ANSWER_CHARACTERS,
  type FirstSearch,
  type SegmentKind,
  TOOL_OUTPUT_CHARACTERS,
  simulateSessionRequests,
  type SessionCostConfig,
  type SimulatedSession,
  type SimulationSession,
} from './simulate-session-requests.js';

/** The shortest chained session: sessions are joined in file order until they reach this many turns. */
export const LONG_SESSION_TURNS = 30;
/** Turn counts at which the growth table reads the chained sessions. */
const GROWTH_TURNS = [5, 10, 20, 30] as const;

/** The configurations measured, in table order. `default` is the library's configuration with nothing set. */
const CONFIGS: readonly SessionCostConfig[] = [
  { id: 'none', label: 'no deferral (every full schema, every request)', mechanism: { kind: 'none' } },
  {
    id: 'seed',
    label: "the seed's behaviour (client, `full`, reveal in the tool list, 8 schemas per search)",
    mechanism: { kind: 'client', options: { listing: 'full', reveal: 'tool-list' }, search: { maxLoaded: 8 } },
  },
  {
    id: 'default',
    label: '**default**: client, `auto` listing (`names` here), `auto` reveal (in the conversation; natively on Responses, planned for gpt-5.4)',
    mechanism: { kind: 'client', options: {} },
  },
  {
    id: 'default-no-prediction',
    label: "the default with prediction off (`predict: 'off'`: every deferred tool waits for the model's `tool_search`)",
    mechanism: { kind: 'client', options: { predict: 'off' } },
  },
  {
    id: 'default-exact-prediction',
    label: 'bound: the default with a prediction that loads exactly the deferred tools each turn needs',
    mechanism: { kind: 'client', options: {}, predictExactly: true },
  },
  ...(['full', 'compact', 'names', 'none'] as const).flatMap((listing) =>
    (['conversation', 'tool-list'] as const).map(
      (reveal): SessionCostConfig => ({
        id: `client-${listing}-${reveal}`,
        label: `client, \`${listing}\`, reveal in the ${reveal === 'conversation' ? 'conversation' : 'tool list'}`,
        mechanism: { kind: 'client', options: { listing, reveal } },
      }),
    ),
  ),
  { id: 'hosted-provider', label: "hosted, the provider's search", mechanism: { kind: 'hosted', options: { search: 'provider' } } },
  { id: 'hosted-library', label: "hosted, the library's search (the provider loads; `auto`)", mechanism: { kind: 'hosted', options: {} } },
  {
    id: 'hosted-library-no-prediction',
    label: "hosted, the library's search, prediction off (`predict: 'off'`)",
    mechanism: { kind: 'hosted', options: { predict: 'off' } },
  },
  // Native delivery next to the same loop with schemas in the conversation, on each API with a tool-addition item and
  // for its model that documents additions by value (the adapter's `native.model`): the two rows differ only in reveal.
  {
    id: 'native-conversation',
    label: 'client, `auto` listing, schemas in the `tool_search` result (`reveal: conversation`)',
    mechanism: { kind: 'client', options: { reveal: 'conversation' } },
  },
  {
    id: 'native',
    label: "client, `auto` listing, loaded tools added natively (`reveal: native`, by value: the API's tool addition)",
    mechanism: { kind: 'client', options: { reveal: 'native' } },
  },
];

/** The configurations measured on every API for the prediction step (issue 27): with it, without it, and its bound. */
const PREDICTION_CONFIG_IDS: readonly string[] = [
  'default',
  'default-no-prediction',
  'default-exact-prediction',
  'hosted-library',
  'hosted-library-no-prediction',
];

/** The configurations measured on each API with a tool-addition item, for its native model, in their own table. */
const NATIVE_CONFIG_IDS: ReadonlySet<string> = new Set(['native-conversation', 'native']);

/** The API the grid of client configurations is shown on (hosted rows use their own API). */
const GRID_API = 'anthropic-messages';

interface CostRow {
  readonly config: SessionCostConfig;
  readonly api: BenchWireAdapter['api'];
  /** Billed ÷ no deferral, per pricing and warmth, on the BFCL sessions and on the chained long sessions. */
  readonly ratios: Record<'sessions' | 'long', Record<`${CachePricing}-${'cold' | 'warm'}`, number>>;
  /** Per chained session turn count in GROWTH_TURNS: billed ÷ no deferral after that many turns, Anthropic pricing. */
  readonly growth: Record<'cold' | 'warm', number[]>;
  readonly requestsPerTurn: number;
  readonly searchesPerTurn: number;
  /** What the prediction step did over the BFCL sessions (all zero where it does not run). */
  readonly prediction: PredictionFigures;
  /** Share of request-to-request transitions whose tools + system text did not change. */
  readonly stableShare: number;
}

/** The prediction step's figures over a configuration's sessions. */
interface PredictionFigures {
  /** Tools the step loaded per turn. */
  readonly loadedPerTurn: number;
  /** Of the tools it loaded, the ones the session called (in that turn or later), and the ones it never called. */
  readonly used: number;
  readonly wasted: number;
  /** Of the deferred tools a turn needed that were not loaded when it started, the share the step loaded. */
  readonly recall: number;
}

/**
 * Part 5, session cost: simulates a user's loop over whole sessions for every configuration and bills each request
 * as a provider with a prompt cache would, relative to sending every full schema.
 */
export const SESSION_COST_PART: BenchPart = {
  id: 'session-cost',
  title: 'Session cost',
  async run(context) {
    const { fixtures, settings } = context;
    const catalog = fixtures.multiTurnCatalog;
    const sessions: SimulationSession[] = fixtures.multiTurnSessions.slice(0, Math.min(settings.sessions, fixtures.multiTurnSessions.length));
    const long = chainSessions(sessions, LONG_SESSION_TURNS);
    const rows: CostRow[] = [];
    // No deferral, the default and its bound on every API, for the breakdown of where the billed input goes.
    const breakdowns = new Map<BenchWireAdapter['api'], Partial<Record<BreakdownConfigId, SimulatedSession[]>>>();
    for (const adapter of BENCH_WIRE_ADAPTERS) {
      const none = CONFIGS[0] as SessionCostConfig;
      const baseline = {
        sessions: await simulateSessionRequests(adapter, catalog, sessions, none),
        long: await simulateSessionRequests(adapter, catalog, long, none),
      };
      for (const listed of CONFIGS) {
        if (listed.mechanism.kind === 'hosted' && adapter.hostedMechanism === null) continue;
        const native = NATIVE_CONFIG_IDS.has(listed.id);
        if (native && adapter.native === null) continue;
        const onGrid =
          native ||
          adapter.api === GRID_API ||
          PREDICTION_CONFIG_IDS.includes(listed.id) ||
          listed.id === 'seed' ||
          listed.id === 'none' ||
          listed.mechanism.kind === 'hosted';
        if (!onGrid) continue;
        const config: SessionCostConfig =
          native && listed.mechanism.kind === 'client' && adapter.native !== null
            ? { ...listed, mechanism: { ...listed.mechanism, model: adapter.native.model } }
            : listed;
        const simulated =
          config.id === 'none'
            ? baseline
            : {
                sessions: await simulateSessionRequests(adapter, catalog, sessions, config),
                long: await simulateSessionRequests(adapter, catalog, long, config),
              };
        rows.push(measureRow(config, adapter.api, simulated, baseline));
        if (isBreakdownConfigId(config.id)) breakdowns.set(adapter.api, { ...breakdowns.get(adapter.api), [config.id]: simulated.sessions });
      }
      context.progress(`${adapter.api}: ${formatCount(sessions.length)} sessions and ${formatCount(long.length)} chained sessions`);
    }
    const breakdown = breakdowns.get(GRID_API) ?? {};
    const loads = await measureSearchLoads(catalog, sessions, { none: breakdown.none ?? [], default: breakdown.default ?? [] });
    context.progress('what one search loads: schemas per search × further matches named');
    const largeRequest = measureLargeCatalogRequest(context.largeCatalog);
    const doubled = createLargeCatalog(2 * context.largeCatalog.length, [...fixtures.bfclCatalog, ...fixtures.githubMCP]);
    const claudeRequests = measureClaudeLargeRequests(context.largeCatalog, doubled);
    const turns = sessions.reduce((sum, session) => sum + session.turns.length, 0);
    const recallSets = loadPredictionRecallSets(sessions, catalog, settings.qualityQueries);
    const recalls = recallSets.map((set) => measurePredictionRecall(set));
    // The rule before `minShare` (every tool that clears the score), for the comparison column.
    const withoutShare = recallSets.map((set) =>
      measurePredictionRecall(set, { maxTools: DEFAULT_PREDICTED_TOOLS, minScore: DEFAULT_PREDICTION_MIN_SCORE, minShare: 0 }),
    );
    context.progress(`the prediction step's recall on ${recallSets.length} retrieval sets`);
    const recallSample = Number.isFinite(settings.qualityQueries) ? ` (quick sample: the first ${settings.qualityQueries} requests of each set)` : '';
    return {
      notes: [
        `Sessions: the ${formatCount(sessions.length)} BFCL multi-turn conversations (${formatCount(turns)} turns) over their 128-tool catalog, and the same conversations chained in file order into ${formatCount(long.length)} sessions of at least ${LONG_SESSION_TURNS} turns (${formatCount(long.reduce((sum, session) => sum + session.turns.length, 0))} turns), so the cost of a longer history shows.`,
        `The loop (\`bench/simulate-session-requests.ts\`): per turn the user's message; when a tool the turn needs is deferred and its schema is not loaded yet, a request that ends in a \`tool_search\` call with the turn's text, its result, and a request after it; if a needed tool still has no schema, one more search selecting it by name and a request after that; then the calls of the turn's tools (arguments written from their schemas; through \`call_tool\` where the listing leaves deferred tools out), their results (${TOOL_OUTPUT_CHARACTERS} characters each), a request after them, and the answer (${ANSWER_CHARACTERS} characters). Without deferral a turn sends two requests (before the calls, after the results). Hosted search is billed the same way (its continuation is counted as a request).`,
        "What the model reads: the tool list and system text are each API's real transformer output (hosted lists as the provider documents the model sees them: OpenAI shows a deferred function's name and description, Anthropic does not render deferred tools); conversation items are plain text in one shape for every API; a hosted search's loaded definitions count where its result sits. The provider's own search is stood in for by the library's ranking loading 5 tools per search (Anthropic's documented default); the library's search loads its default " +
          `${DEFAULT_MAX_LOADED_TOOLS} schemas per search and names ${DEFAULT_MAX_SEARCH_RESULTS - DEFAULT_MAX_LOADED_TOOLS} further matches (the seed's row: 8 schemas).`,
        'Billing, in o200k tokens (a proxy for every provider): OpenAI — any prefix of the previous request, in whole 128-token blocks from 1,024 tokens, at 0.1×, the rest at 1×. Anthropic — breakpoints at the end of the tools, the system text and the conversation; a prefix the previous request wrote at a breakpoint is read at 0.1×, the rest written at 1.25×, and a request under 1,024 tokens is not cached (1×). Bedrock Converse — its `cachePoint` pricing is the Anthropic model: the body carries a checkpoint after the tools and after the system text, and a loop adds one at the end of the conversation (a cache read at 0.1× input, a write at 1.25×, as for Claude on Bedrock). Cold: nothing cached when a session starts. Warm: the tools + system text of an earlier session of the same agent are cached (a list that changes per session gets nothing from it).',
        "The prediction step (issue 27) runs where the session API runs it, wherever the library's `tool_search` answers (the client mechanism; hosted search with the library's ranking): before a turn's first request the catalog is ranked against the user's message (`resolveToolPrediction`, the default `predict` settings) and the deferred tools it chooses that the session has not loaded are written after the message as the codecs write them: the package's `tool_search` call with a `select:` of them and its result, the API's hosted search items, or the tool addition alone under native delivery. The model is kept honest: a turn still searches (a request more) when a needed tool was not predicted, and every predicted schema stays in the history and is billed, used or not. A prediction that loaded tools is the search with the turn's words, and its result is in the history: on a miss the model does not run that search again (it would find the same tools: 13 of 212 missed tools, measured), it selects what is still missing by name, as it does after a search of its own that missed; a turn the step loaded nothing for searches with its words first. The exact-prediction bound loads exactly the deferred tools the turn still needs (what a perfect ranking could save).",
        `Figures are the billed input of all sessions divided by the same sessions with no deferral on the same API and pricing. Both pricing models are applied to every API's rendering. The grid of client configurations is shown on ${GRID_API}; the default and the seed's behaviour on every API.`,
      ],
      tables: [
        formatCostTable(`Session cost by configuration (${GRID_API}; hosted rows on their own API), billed ÷ no deferral`, gridRows(rows)),
        formatCostTable(
          "The default configuration and the seed's behaviour on every API, billed ÷ no deferral",
          rows.filter((row) => row.config.id === 'default' || row.config.id === 'seed'),
        ),
        formatCostTable(
          `Native delivery next to schemas in the conversation (client mechanism, \`auto\` listing; ${BENCH_WIRE_ADAPTERS.filter(
            (adapter) => adapter.native !== null,
          )
            .map((adapter) => `${adapter.api} for ${adapter.native?.model}`)
            .join(', ')}), billed ÷ no deferral`,
          nativeRows(rows),
        ),
        formatPredictionTable(rows),
        formatPredictionRecallTable(recalls, recallSample, withoutShare, 'without the share (`minShare: 0`)'),
        formatGrowthTable(gridRows(rows)),
        formatLoadsTable(loads),
        formatBreakdownTable(breakdown),
        formatPredictionGapTable(breakdowns),
        formatLargeRequestTable(largeRequest),
        formatClaudeLargeRequestTable(claudeRequests),
      ],
      charts: [formatCostChart(gridRows(rows))],
      targets: [...resolveCostTargets(rows, largeRequest, claudeRequests), ...resolvePredictionTargets(rows, recalls)],
      missing: [],
    };
  },
};

/** The configurations on the grid's API and the hosted ones on theirs, in configuration order (native ones apart). */
function gridRows(rows: readonly CostRow[]): CostRow[] {
  const shown = rows.filter((row) => (row.api === GRID_API || row.config.mechanism.kind === 'hosted') && !NATIVE_CONFIG_IDS.has(row.config.id));
  return shown.sort((a, b) => configIndex(a.config) - configIndex(b.config));
}

/** A configuration's place in {@link CONFIGS} (a native row's config is a copy with the model set). */
function configIndex(config: SessionCostConfig): number {
  return CONFIGS.findIndex((listed) => listed.id === config.id);
}

/** Native delivery and the same loop with schemas in the conversation, per API with a tool addition. */
function nativeRows(rows: readonly CostRow[]): CostRow[] {
  return rows.filter((row) => NATIVE_CONFIG_IDS.has(row.config.id));
}

function measureRow(
  config: SessionCostConfig,
  api: BenchWireAdapter['api'],
  simulated: { sessions: SimulatedSession[]; long: SimulatedSession[] },
  baseline: { sessions: SimulatedSession[]; long: SimulatedSession[] },
): CostRow {
  const ratios = { sessions: {}, long: {} } as CostRow['ratios'];
  for (const set of ['sessions', 'long'] as const) {
    for (const pricing of CACHE_PRICINGS) {
      for (const warmth of ['cold', 'warm'] as const) {
        ratios[set][`${pricing}-${warmth}`] = billed(simulated[set], pricing, warmth === 'warm') / billed(baseline[set], pricing, warmth === 'warm');
      }
    }
  }
  const growth = { cold: [] as number[], warm: [] as number[] };
  for (const warmth of ['cold', 'warm'] as const) {
    for (const turn of GROWTH_TURNS) {
      const mine = sumAt(simulated.long, turn, warmth === 'warm');
      const theirs = sumAt(baseline.long, turn, warmth === 'warm');
      growth[warmth].push(mine / theirs);
    }
  }
  const all = simulated.sessions;
  const turns = all.reduce((sum, session) => sum + session.turns, 0);
  let transitions = 0;
  let stable = 0;
  for (const session of all) {
    for (let index = 1; index < session.requests.length; index += 1) {
      const previous = session.requests[index - 1];
      const current = session.requests[index];
      if (previous === undefined || current === undefined) continue;
      transitions += 1;
      if (previous.systemEnd === current.systemEnd && current.segments.slice(0, current.systemEnd).every((segment, at) => segment === previous.segments[at]))
        stable += 1;
    }
  }
  return {
    config,
    api,
    ratios,
    growth,
    requestsPerTurn: all.reduce((sum, session) => sum + session.requests.length, 0) / turns,
    searchesPerTurn: all.reduce((sum, session) => sum + session.searches, 0) / turns,
    prediction: measurePrediction(all, turns),
    stableShare: transitions === 0 ? Number.NaN : stable / transitions,
  };
}

/** What the prediction step did over simulated sessions (see {@link PredictionFigures}). */
function measurePrediction(sessions: readonly SimulatedSession[], turns: number): PredictionFigures {
  const sum = (pick: (session: SimulatedSession) => number) => sessions.reduce((total, session) => total + pick(session), 0);
  const predicted = sum((session) => session.predicted);
  const used = sum((session) => session.predictedUsed);
  const needed = sum((session) => session.neededPredicted) + sum((session) => session.searchedFor);
  return {
    loadedPerTurn: predicted / turns,
    used,
    wasted: predicted - used,
    recall: needed === 0 ? Number.NaN : sum((session) => session.neededPredicted) / needed,
  };
}

/**
 * The retrieval sets the prediction step's recall is read on: the BFCL multi-turn turns (each turn's text against the
 * sessions' catalog), then every search-quality slice (BFCL, the extern sets, the MCP sets), the first `perSet`
 * requests of each.
 */
function loadPredictionRecallSets(sessions: readonly SimulationSession[], catalog: SimulationCatalog, perSet: number): PredictionRecallSet[] {
  const limit = <Item>(items: readonly Item[]) => (Number.isFinite(perSet) ? items.slice(0, perSet) : items);
  const turns = sessions.flatMap((session) => session.turns.filter((turn) => turn.gold.length > 0));
  return [
    { label: 'BFCL multi-turn (each turn)', catalog, queries: limit(turns) },
    ...loadQualitySlices(QUALITY_SLICE_IDS).map((slice) => ({ label: slice.label, catalog: slice.catalog, queries: limit(slice.queries) })),
  ];
}

/** The prediction step on every API: with it (the default), without it, and its bound; client and hosted. */
function formatPredictionTable(rows: readonly CostRow[]): BenchTable {
  const shown = rows
    .filter((row) => PREDICTION_CONFIG_IDS.includes(row.config.id))
    .sort((a, b) => a.api.localeCompare(b.api) || PREDICTION_CONFIG_IDS.indexOf(a.config.id) - PREDICTION_CONFIG_IDS.indexOf(b.config.id));
  return {
    title:
      "Prediction (issue 27): the default and hosted search with the library's ranking, with and without the prediction step, on every API, billed ÷ no deferral",
    columns: [
      'configuration',
      'API',
      'requests per turn',
      'searches per turn',
      'predicted tools per turn',
      'predicted: used / wasted',
      'recall of the needed tools',
      'OpenAI cold / warm',
      'Anthropic cold / warm',
      `${LONG_SESSION_TURNS}+ turns: OpenAI cold / warm`,
      `${LONG_SESSION_TURNS}+ turns: Anthropic cold / warm`,
      'tools + system unchanged',
    ],
    rows: shown.map((row) => [
      row.config.id,
      row.api,
      row.requestsPerTurn.toFixed(2),
      row.searchesPerTurn.toFixed(2),
      row.prediction.loadedPerTurn.toFixed(2),
      `${formatCount(row.prediction.used)} / ${formatCount(row.prediction.wasted)}`,
      row.prediction.loadedPerTurn === 0 && row.config.id !== 'default' ? '–' : formatPercent(row.prediction.recall),
      `${ratio(row.ratios.sessions['openai-cold'])} / ${ratio(row.ratios.sessions['openai-warm'])}`,
      `${ratio(row.ratios.sessions['anthropic-cold'])} / ${ratio(row.ratios.sessions['anthropic-warm'])}`,
      `${ratio(row.ratios.long['openai-cold'])} / ${ratio(row.ratios.long['openai-warm'])}`,
      `${ratio(row.ratios.long['anthropic-cold'])} / ${ratio(row.ratios.long['anthropic-warm'])}`,
      formatPercent(row.stableShare),
    ]),
    notes: [
      "`default` predicts (`predict: 'auto'`); `default-no-prediction` is the same loop with `predict: 'off'` (the issue's \"today\"); `default-exact-prediction` is a bound, not a setting. `hosted-library` runs on the APIs with hosted search (Responses, Messages).",
      "`predicted: used / wasted`: of the tools the step loaded in the BFCL sessions, the ones the session then called and the ones it never called (billed for nothing). `recall of the needed tools`: of the deferred tools a turn needed that were not loaded when it started, the share the step loaded before the turn's first request.",
    ],
  };
}

/** Issue 27's targets: round trips and session cost of the default with prediction, and of hosted search with the library's ranking. */
function resolvePredictionTargets(rows: readonly CostRow[], recalls: readonly PredictionRecallRow[]): BenchTarget[] {
  const of = (id: string) => rows.filter((row) => row.config.id === id);
  const defaults = of('default');
  const hosted = of('hosted-library');
  const highest = (list: readonly CostRow[], pick: (row: CostRow) => number) => Math.max(...list.map(pick));
  const range = (values: readonly number[]) => `${ratio(Math.min(...values))}–${ratio(Math.max(...values))}`;
  const cells = (list: readonly CostRow[], warmth: 'cold' | 'warm') =>
    list.flatMap((row) => CACHE_PRICINGS.map((pricing) => row.ratios.sessions[`${pricing}-${warmth}`]));
  const requests = highest(defaults, (row) => row.requestsPerTurn);
  const searches = highest(defaults, (row) => row.searchesPerTurn);
  const off = of('default-no-prediction');
  const predicting = rows.filter(
    (row) =>
      row.config.id === 'default' || row.config.id === 'hosted-library' || row.config.id === 'default-exact-prediction' || NATIVE_CONFIG_IDS.has(row.config.id),
  );
  const targets: BenchTarget[] = [
    {
      target: 'Prediction, default configuration, BFCL multi-turn: ≤ 2.4 requests per turn (every API)',
      figure: `${requests.toFixed(2)} (prediction off: ${highest(off, (row) => row.requestsPerTurn).toFixed(2)})`,
      status: requests <= 2.4 ? 'met' : 'missed',
    },
    {
      target: 'Prediction, default configuration, BFCL multi-turn: ≤ 0.5 searches per turn (every API)',
      figure: `${searches.toFixed(2)} (prediction off: ${highest(off, (row) => row.searchesPerTurn).toFixed(2)})`,
      status: searches <= 0.5 ? 'met' : 'missed',
    },
  ];
  for (const [label, list] of [
    ['default configuration', defaults],
    ["hosted search with the library's ranking", hosted],
  ] as const) {
    const cold = cells(list, 'cold');
    const warm = cells(list, 'warm');
    targets.push(
      {
        target: `Prediction, ${label}: session cost ≤ 0.22× of no deferral cold (every API, both pricings)`,
        figure: range(cold),
        status: Math.max(...cold) <= 0.22 ? 'met' : 'missed',
      },
      {
        target: `Prediction, ${label}: session cost ≤ 0.50× of no deferral warm (every API, both pricings)`,
        figure: range(warm),
        status: Math.max(...warm) <= 0.5 ? 'met' : 'missed',
      },
    );
  }
  const stable = Math.min(...predicting.map((row) => row.stableShare));
  targets.push({
    target:
      "Prediction on: tools + system byte-identical on 100% of transitions (default, hosted with the library's ranking, native delivery, the bound; every API)",
    figure: formatPercent(stable),
    status: stable >= 1 ? 'met' : 'missed',
  });
  targets.push({
    target: "Prediction step's recall on every retrieval set (reported)",
    figure: recalls.map((row) => `${row.label} ${formatPercent(row.recall)}`).join('; '),
    status: 'reported',
  });
  return targets;
}

/** Each session's bill, made once per simulated run, pricing and warmth: the tables read the same bills many times. */
const bills = new WeakMap<readonly SimulatedSession[], Map<string, readonly BilledSession[]>>();

function billEach(sessions: readonly SimulatedSession[], pricing: CachePricing, warm: boolean): readonly BilledSession[] {
  let byPricing = bills.get(sessions);
  if (byPricing === undefined) {
    byPricing = new Map();
    bills.set(sessions, byPricing);
  }
  const key = `${pricing}-${warm}`;
  let each = byPricing.get(key);
  if (each === undefined) {
    each = sessions.map((session) => billSessionRequests(session.requests, pricing, warm ? (session.requests[0] ?? null) : null));
    byPricing.set(key, each);
  }
  return each;
}

function billed(sessions: readonly SimulatedSession[], pricing: CachePricing, warm: boolean): number {
  return billEach(sessions, pricing, warm).reduce((total, bill) => total + bill.billed, 0);
}

/** Billed input of the sessions that reach `turn` turns, summed up to that turn (Anthropic pricing). */
function sumAt(sessions: readonly SimulatedSession[], turn: number, warm: boolean): number {
  const each = billEach(sessions, 'anthropic', warm);
  let total = 0;
  sessions.forEach((session, index) => {
    if (session.turns >= turn) total += each[index]?.billedByTurn[turn - 1] ?? 0;
  });
  return total;
}

/** Sessions joined in order until each has at least `turns` turns (a shorter rest is dropped). */
export function chainSessions(sessions: readonly SimulationSession[], turns: number): SimulationSession[] {
  const chained: SimulationSession[] = [];
  let current: SimulationSession['turns'][number][] = [];
  let ids: string[] = [];
  for (const session of sessions) {
    current = [...current, ...session.turns];
    ids.push(session.id);
    if (current.length >= turns) {
      chained.push({ id: ids.join('+'), turns: current });
      current = [];
      ids = [];
    }
  }
  return chained;
}

/** Schemas per search (`maxLoaded`) × matches per search (`maxResults`; the ones beyond `maxLoaded` are named). */
const LOAD_GRID: readonly { readonly maxLoaded: number; readonly maxResults: number; readonly firstSearch?: FirstSearch }[] = [
  { maxLoaded: 1, maxResults: 1 },
  { maxLoaded: 1, maxResults: 8 },
  { maxLoaded: 2, maxResults: 8 },
  { maxLoaded: 3, maxResults: 3 },
  { maxLoaded: 3, maxResults: 8 },
  { maxLoaded: 5, maxResults: 8 },
  { maxLoaded: 8, maxResults: 8 },
  { maxLoaded: 3, maxResults: 3, firstSearch: 'needed' },
];

interface LoadRow {
  readonly maxLoaded: number;
  readonly maxResults: number;
  readonly firstSearch?: FirstSearch;
  readonly recall: number;
  readonly searchesPerTurn: number;
  readonly ratios: Record<`${CachePricing}-${'cold' | 'warm'}`, number>;
}

/** The default configuration on the grid's API with each `tool_search` load setting: recall and session cost together. */
async function measureSearchLoads(
  catalog: SimulationCatalog,
  sessions: readonly SimulationSession[],
  known: { readonly none: readonly SimulatedSession[]; readonly default: readonly SimulatedSession[] },
): Promise<LoadRow[]> {
  const adapter = BENCH_WIRE_ADAPTERS.find((candidate) => candidate.api === GRID_API) as BenchWireAdapter;
  // No deferral and the default (3 loaded of 3) were simulated on the grid's API already.
  const baseline = known.none;
  const rows: LoadRow[] = [];
  for (const { firstSearch, ...search } of LOAD_GRID) {
    const mechanism = { kind: 'client', options: {}, search, ...(firstSearch === undefined ? {} : { firstSearch }) } as const;
    const isDefault = firstSearch === undefined && search.maxLoaded === DEFAULT_MAX_LOADED_TOOLS && search.maxResults === DEFAULT_MAX_SEARCH_RESULTS;
    const simulated = isDefault
      ? known.default
      : await simulateSessionRequests(adapter, catalog, sessions, {
          id: `load-${search.maxLoaded}-${search.maxResults}-${firstSearch ?? 'text'}`,
          label: '',
          mechanism,
        });
    const ratios = {} as LoadRow['ratios'];
    for (const pricing of CACHE_PRICINGS) {
      for (const warmth of ['cold', 'warm'] as const)
        ratios[`${pricing}-${warmth}`] = billed(simulated, pricing, warmth === 'warm') / billed(baseline, pricing, warmth === 'warm');
    }
    const turns = simulated.reduce((sum, session) => sum + session.turns, 0);
    const searchedFor = simulated.reduce((sum, session) => sum + session.searchedFor, 0);
    rows.push({
      ...search,
      ...(firstSearch === undefined ? {} : { firstSearch }),
      recall: searchedFor === 0 ? Number.NaN : simulated.reduce((sum, session) => sum + session.loadedByFirstSearch, 0) / searchedFor,
      searchesPerTurn: simulated.reduce((sum, session) => sum + session.searches, 0) / turns,
      ratios,
    });
  }
  return rows;
}

function formatLoadsTable(rows: readonly LoadRow[]): BenchTable {
  return {
    title: `What one search loads: schemas per search and further matches named, default configuration (${GRID_API}), billed ÷ no deferral`,
    columns: [
      'schemas per search (maxLoaded)',
      'further matches named',
      'needed tools loaded by the first search',
      'searches per turn',
      'OpenAI cold',
      'OpenAI warm',
      'Anthropic cold',
      'Anthropic warm',
    ],
    rows: rows.map((row) => [
      row.firstSearch === 'needed'
        ? "the turn's tools exactly (a first search that never misses)"
        : `${row.maxLoaded}${row.maxLoaded === DEFAULT_MAX_LOADED_TOOLS && row.maxResults === DEFAULT_MAX_SEARCH_RESULTS ? ' (default)' : ''}`,
      row.firstSearch === 'needed' ? '0' : String(row.maxResults - row.maxLoaded),
      formatPercent(row.recall),
      row.searchesPerTurn.toFixed(2),
      ratio(row.ratios['openai-cold']),
      ratio(row.ratios['openai-warm']),
      ratio(row.ratios['anthropic-cold']),
      ratio(row.ratios['anthropic-warm']),
    ]),
    notes: [
      "`needed tools loaded by the first search`: of the tools a turn had to search for (deferred, schema not loaded yet in the session), the share its first search (the turn's text) returned with a schema: recall at the number of tools actually loaded. A miss costs a second search (by name) and a request.",
      "The last row is a bound, not a setting: each turn's first search selects exactly the tools the turn still needs, so nothing unneeded is loaded and no second search is made. The gap between it and the default is what better first-search recall could still save.",
      "Further matches are named in the result (`more`), not loaded; a search considers the best `maxResults` matches and loads the best `maxLoaded` whose schemas no earlier search of the session returned. The session model cannot value the names (it always retries by name); they tell a model that cannot see the catalog's names (the `none` listing) what else matched.",
    ],
  };
}

interface LargeRequest {
  readonly tools: number;
  readonly hostedBytes: number;
  readonly libraryBytes: number;
  readonly listing: string;
}

/** The whole Responses request body for the grown catalog: OpenAI's hosted search against the library's search. */
function measureLargeCatalogRequest(catalog: readonly ToolDefinition[]): LargeRequest {
  const body = {
    model: 'gpt-5.4',
    instructions: 'You are a helpful assistant.',
    input: [{ role: 'user', content: 'Please help me with my task.' }],
    tools: catalog.map((tool) => ({ type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false })),
  };
  const tools = parseOpenAIResponsesTools(body);
  const model = { id: 'gpt-5.4', api: 'openai-responses' } as const;
  const hosted = transformOpenAIResponsesRequest(body, resolveToolSearch(model, tools, { search: 'provider' })).body;
  const libraryPlan = resolveToolSearch(model, tools);
  const library = transformOpenAIResponsesRequest(body, libraryPlan).body;
  return {
    tools: catalog.length,
    hostedBytes: Buffer.byteLength(JSON.stringify(hosted)),
    libraryBytes: Buffer.byteLength(JSON.stringify(library)),
    listing: libraryPlan.listing,
  };
}

/** The Claude model whose first requests {@link measureClaudeLargeRequests} compares (hosted search and native by value). */
const CLAUDE_NATIVE_MODEL = 'claude-opus-5';

/** One first Messages request for a grown catalog, or why the library refuses to write it. */
interface ClaudeLargeRequest {
  readonly tools: number;
  readonly label: string;
  /** Whole body bytes, or `null` when the transformer refused the request (`refused` says why). */
  readonly bytes: number | null;
  readonly refused?: string;
  readonly listing: string;
}

/**
 * The whole first Messages request for the grown catalog on `claude-opus-5`, as `auto` plans it (Anthropic's hosted
 * search with the library's ranking: every definition sent deferred) and with the client mechanism (`auto` reveals
 * natively by value there: no deferred tool is sent), and the client mechanism's request for a catalog twice as
 * large, past Anthropic's cap of 10,000 deferred tools (hosted search cannot carry it).
 */
function measureClaudeLargeRequests(catalog: readonly ToolDefinition[], doubled: readonly ToolDefinition[]): ClaudeLargeRequest[] {
  const measure = (tools: readonly ToolDefinition[], label: string, config: { mechanism?: 'client' | 'claude' }): ClaudeLargeRequest => {
    const body = {
      model: CLAUDE_NATIVE_MODEL,
      max_tokens: 1024,
      system: 'You are a helpful assistant.',
      messages: [{ role: 'user', content: 'Please help me with my task.' }],
      tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })),
    };
    const plan = resolveToolSearch({ id: CLAUDE_NATIVE_MODEL, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), config);
    const planned = `${plan.mechanism}${plan.mechanism === 'client' ? `, reveal ${plan.reveal}${plan.additions === undefined ? '' : ` by ${plan.additions}`}` : ''}`;
    try {
      const output = transformAnthropicMessagesRequest(body, plan).body;
      return { tools: tools.length, label: `${label} (${planned})`, bytes: Buffer.byteLength(JSON.stringify(output)), listing: plan.listing };
    } catch (error) {
      if (!isToolSearchError(error)) throw error;
      // The error's first sentence says what the API would reject (its advice follows).
      return {
        tools: tools.length,
        label: `${label} (${planned})`,
        bytes: null,
        refused: `${error.code}: ${error.message.split('. ')[0]}`,
        listing: plan.listing,
      };
    }
  };
  return [
    measure(catalog, "hosted search, the library's ranking (`mechanism: 'claude'`)", { mechanism: 'claude' }),
    measure(catalog, 'client mechanism, loaded tools added natively by value', { mechanism: 'client' }),
    measure(doubled, "hosted search, the library's ranking (`mechanism: 'claude'`)", { mechanism: 'claude' }),
    measure(doubled, 'client mechanism, loaded tools added natively by value', { mechanism: 'client' }),
    // Every default: `auto` weighs the catalog's size (issue 24), past 1 MB of deferred definitions or 10,000 tools.
    measure(catalog, 'every default (`auto`)', {}),
    measure(doubled, 'every default (`auto`)', {}),
  ];
}

function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
}

function formatCostTable(title: string, rows: readonly CostRow[]): BenchTable {
  return {
    title,
    columns: [
      'configuration',
      'API',
      'OpenAI pricing, cold',
      'OpenAI pricing, warm',
      'Anthropic pricing, cold',
      'Anthropic pricing, warm',
      `${LONG_SESSION_TURNS}+ turns: OpenAI cold / warm`,
      `${LONG_SESSION_TURNS}+ turns: Anthropic cold / warm`,
      'requests per turn',
      'searches per turn',
      'tools + system unchanged',
    ],
    rows: rows.map((row) => [
      row.config.label,
      row.api,
      ratio(row.ratios.sessions['openai-cold']),
      ratio(row.ratios.sessions['openai-warm']),
      ratio(row.ratios.sessions['anthropic-cold']),
      ratio(row.ratios.sessions['anthropic-warm']),
      `${ratio(row.ratios.long['openai-cold'])} / ${ratio(row.ratios.long['openai-warm'])}`,
      `${ratio(row.ratios.long['anthropic-cold'])} / ${ratio(row.ratios.long['anthropic-warm'])}`,
      row.requestsPerTurn.toFixed(2),
      row.searchesPerTurn.toFixed(2),
      formatPercent(row.stableShare),
    ]),
    notes: [
      '`cold`: every session starts with nothing cached; `warm`: the tools + system text are already cached by earlier sessions of the same agent. Below 1.00× a configuration costs less than sending every full schema.',
      '`tools + system unchanged`: share of request-to-request transitions within a session whose tool list and system text are byte-identical (a prompt cache then keeps the whole history).',
    ],
  };
}

function formatGrowthTable(rows: readonly CostRow[]): BenchTable {
  return {
    title: `Growth with session length: chained sessions, billed ÷ no deferral after n turns (Anthropic pricing, cold / warm)`,
    columns: ['configuration', 'API', ...GROWTH_TURNS.map((turn) => `${turn} turns`)],
    rows: rows.map((row) => [
      row.config.label,
      row.api,
      ...GROWTH_TURNS.map((_, index) => `${ratio(row.growth.cold[index] ?? Number.NaN)} / ${ratio(row.growth.warm[index] ?? Number.NaN)}`),
    ]),
    notes: [
      'Each cell sums the chained sessions up to their n-th turn. Reveal-in-the-tool-list configurations grow worse with length (each reveal re-bills the history); cache-stable ones settle.',
    ],
  };
}

function formatLargeRequestTable(request: LargeRequest): BenchTable {
  return {
    title: `Responses request bytes for the ${formatCount(request.tools)}-tool catalog: OpenAI's hosted search against the library's search`,
    columns: ['request', 'bytes', 'share of the hosted request'],
    rows: [
      ["hosted, the provider's search (every definition sent, deferred ones flagged)", formatCount(request.hostedBytes), '100.0%'],
      [
        `hosted, the library's search (\`execution: "client"\`, \`${request.listing}\` listing: deferred tools not sent)`,
        formatCount(request.libraryBytes),
        formatPercent(request.libraryBytes / request.hostedBytes),
      ],
    ],
    notes: [
      "Whole request bodies (`JSON.stringify`), first turn. With the library's search a deferred tool reaches the request only in the `tool_search_output` that loads it.",
    ],
  };
}

function formatClaudeLargeRequestTable(requests: readonly ClaudeLargeRequest[]): BenchTable {
  const hosted = requests[0]?.bytes ?? Number.NaN;
  return {
    title: `Messages request bytes for the grown catalogs on ${CLAUDE_NATIVE_MODEL}: hosted search against native delivery by value`,
    columns: ['tools', 'request', 'bytes', `share of the hosted request for ${formatCount(requests[0]?.tools ?? 0)} tools`],
    rows: requests.map((request) => [
      formatCount(request.tools),
      `${request.label}, \`${request.listing}\` listing`,
      request.bytes === null ? `not written: ${request.refused ?? ''}` : formatCount(request.bytes),
      request.bytes === null ? 'n/a' : formatPercent(request.bytes / hosted),
    ]),
    notes: [
      "Whole request bodies (`JSON.stringify`), first turn. Hosted search sends every definition with `defer_loading: true` (the API searches them); native delivery by value sends `tool_search` and the note only, and a loaded tool's definition reaches the request only in the system message that adds it after the search result, so the request does not grow with the catalog. Anthropic caps deferred and added tools at 10,000 and 4 MB of definitions per request: the catalog twice as large cannot go through hosted search asked for by name (the transformer refuses it, as the API would), and by value only the tools a conversation added count. With every default, `auto` leaves hosted search past 10,000 deferred tools or 1 MB of deferred definitions on this model.",
    ],
  };
}

function formatCostChart(rows: readonly CostRow[]): BenchChart {
  return {
    file: 'session-cost.svg',
    title: 'Session cost on the BFCL multi-turn sessions, billed ÷ no deferral (lower is better; 1 = no deferral)',
    unit: '× billed input of no deferral',
    scale: 'linear',
    digits: 2,
    groups: rows
      .filter((row) => row.config.id !== 'none')
      .map((row) => ({
        label: `${row.config.id}${row.config.mechanism.kind === 'hosted' ? ` (${row.api})` : ''}`,
        bars: [
          { series: 'OpenAI pricing, cold', value: row.ratios.sessions['openai-cold'] },
          { series: 'OpenAI pricing, warm', value: row.ratios.sessions['openai-warm'] },
          { series: 'Anthropic pricing, cold', value: row.ratios.sessions['anthropic-cold'] },
          { series: 'Anthropic pricing, warm', value: row.ratios.sessions['anthropic-warm'] },
        ],
      })),
  };
}

function resolveCostTargets(rows: readonly CostRow[], request: LargeRequest, claude: readonly ClaudeLargeRequest[]): BenchTarget[] {
  const defaults = rows.filter((row) => row.config.id === 'default');
  const pick = (set: 'sessions' | 'long', key: `${CachePricing}-${'cold' | 'warm'}`) => defaults.map((row) => row.ratios[set][key]);
  const range = (values: readonly number[]) => `${ratio(Math.min(...values))}–${ratio(Math.max(...values))}`;
  const cold = [...pick('sessions', 'openai-cold'), ...pick('sessions', 'anthropic-cold')];
  const warm = [...pick('sessions', 'openai-warm'), ...pick('sessions', 'anthropic-warm')];
  const everywhere = defaults.flatMap((row) => [
    ...Object.values(row.ratios.sessions),
    ...Object.values(row.ratios.long),
    ...row.growth.cold,
    ...row.growth.warm,
  ]);
  // Every client configuration whose tool list does not change with reveals: in the conversation, or natively.
  const conversation = rows.filter((row) => row.config.mechanism.kind === 'client' && row.config.mechanism.options.reveal !== 'tool-list');
  const stable = conversation.map((row) => row.stableShare);
  const share = request.libraryBytes / request.hostedBytes;
  return [
    {
      target: 'Session cost, default client configuration, BFCL multi-turn: ≤ 0.35× of no deferral cold (both pricing models, every API)',
      figure: `${range(cold)} (OpenAI pricing ${range(pick('sessions', 'openai-cold'))}; Anthropic ${range(pick('sessions', 'anthropic-cold'))})`,
      status: Math.max(...cold) <= 0.35 ? 'met' : 'missed',
    },
    {
      target: 'Session cost, default client configuration, BFCL multi-turn: ≤ 0.60× of no deferral warm (both pricing models, every API)',
      figure: `${range(warm)} (OpenAI pricing ${range(pick('sessions', 'openai-warm'))}; Anthropic ${range(pick('sessions', 'anthropic-warm'))})`,
      status: Math.max(...warm) <= 0.6 ? 'met' : 'missed',
    },
    {
      target: 'Session cost, default client configuration: below 1.0× on every API and session length measured',
      figure: `highest ${ratio(Math.max(...everywhere))} (BFCL sessions, ${LONG_SESSION_TURNS}+-turn chains, after ${GROWTH_TURNS.join('/')} turns)`,
      status: Math.max(...everywhere) < 1 ? 'met' : 'missed',
    },
    {
      target: "Cache-stable mode: tools + system identical on 100% of a session's request transitions",
      figure: `${formatPercent(Math.min(...stable))} (every client configuration that reveals in the conversation or natively, every API measured)`,
      status: Math.min(...stable) >= 1 ? 'met' : 'missed',
    },
    {
      target: `Client-executed OpenAI request for the ${formatCount(request.tools)}-tool catalog ≤ 1% of the hosted request's bytes`,
      figure: `${formatCount(request.libraryBytes)} B vs ${formatCount(request.hostedBytes)} B (${formatPercent(share)})`,
      status: share <= 0.01 ? 'met' : 'missed',
    },
    ...resolveNativeTargets(rows, claude),
  ];
}

/**
 * Issue 18's targets: native delivery's session cost within 0.02 of the same loop with schemas in the conversation
 * (or lower) on each API with a tool addition, in every pricing and warmth; Claude's first request by value at most 1%
 * of the hosted request's bytes for the grown catalog; the catalog twice as large written by value.
 */
function resolveNativeTargets(rows: readonly CostRow[], claude: readonly ClaudeLargeRequest[]): BenchTarget[] {
  const targets: BenchTarget[] = [];
  for (const api of [...new Set(nativeRows(rows).map((row) => row.api))]) {
    const native = rows.find((row) => row.api === api && row.config.id === 'native');
    const conversation = rows.find((row) => row.api === api && row.config.id === 'native-conversation');
    if (native === undefined || conversation === undefined) continue;
    const keys = Object.keys(native.ratios.sessions) as `${CachePricing}-${'cold' | 'warm'}`[];
    const gaps = keys.map((key) => native.ratios.sessions[key] - conversation.ratios.sessions[key]);
    const worst = Math.max(...gaps);
    const cells = keys.map((key) => `${key} ${ratio(native.ratios.sessions[key])} vs ${ratio(conversation.ratios.sessions[key])}`).join('; ');
    targets.push({
      target: `Session cost, native delivery on ${api} (${native.config.mechanism.kind === 'client' ? native.config.mechanism.model : ''}): within 0.02 of schemas in the conversation, or lower (every pricing, cold and warm)`,
      figure: `largest difference ${worst >= 0 ? '+' : '−'}${Math.abs(worst).toFixed(3)} (${cells})`,
      status: worst <= 0.02 ? 'met' : 'missed',
    });
  }
  const [hosted, byValue, , doubled] = claude;
  if (hosted !== undefined && byValue !== undefined) {
    const share = hosted.bytes === null || byValue.bytes === null ? Number.NaN : byValue.bytes / hosted.bytes;
    targets.push({
      target: `Claude (${CLAUDE_NATIVE_MODEL}) by value: the first request for the ${formatCount(hosted.tools)}-tool catalog ≤ 1% of the hosted request's bytes`,
      figure:
        hosted.bytes === null || byValue.bytes === null
          ? `not written: ${hosted.refused ?? byValue.refused ?? ''}`
          : `${formatCount(byValue.bytes)} B vs ${formatCount(hosted.bytes)} B (${formatPercent(share)})`,
      status: share <= 0.01 ? 'met' : Number.isNaN(share) ? 'not-measured' : 'missed',
    });
  }
  if (doubled !== undefined) {
    targets.push({
      target: `Claude (${CLAUDE_NATIVE_MODEL}) by value: a ${formatCount(doubled.tools)}-tool catalog is written (past the 10,000 deferred tools hosted search can carry)`,
      figure: doubled.bytes === null ? `refused: ${doubled.refused ?? ''}` : `${formatCount(doubled.bytes)} B first request`,
      status: doubled.bytes === null ? 'missed' : 'met',
    });
  }
  const byDefault = claude.slice(4);
  if (byDefault.length > 0) {
    targets.push({
      target: `Claude (${CLAUDE_NATIVE_MODEL}), every default: \`auto\` writes the ${byDefault.map((request) => formatCount(request.tools)).join(' and ')}-tool catalogs (issue 24)`,
      figure: byDefault
        .map((request) => (request.bytes === null ? `refused: ${request.refused ?? ''}` : `${formatCount(request.bytes)} B (${request.label})`))
        .join('; '),
      status: byDefault.every((request) => request.bytes !== null) ? 'met' : 'missed',
    });
  }
  return targets;
}

/** What each segment kind is called in the breakdown table, in prompt order. */
const SEGMENT_KINDS: readonly [SegmentKind, string][] = [
  ['tools', 'tool list'],
  ['system', 'system text'],
  ['user', "user's messages"],
  ['predicted-call', 'predicted loads: call'],
  ['predicted-result', 'predicted loads: result'],
  ['search-call', '`tool_search` calls'],
  ['search-result', '`tool_search` results'],
  ['tool-call', 'tool calls'],
  ['tool-output', 'tool outputs'],
  ['answer', "assistant's answers"],
];

/** The configurations whose billed input is split by part: no deferral, the default and its exact-prediction bound. */
const BREAKDOWN_CONFIGS: readonly (readonly [BreakdownConfigId, string])[] = [
  ['none', 'no deferral'],
  ['default', 'default'],
  ['default-exact-prediction', 'exact-prediction bound'],
];

type BreakdownConfigId = 'none' | 'default' | 'default-exact-prediction';

function isBreakdownConfigId(id: string): id is BreakdownConfigId {
  return BREAKDOWN_CONFIGS.some(([listed]) => listed === id);
}

/** Sessions' billed input in total and by part, under one pricing and warmth. */
function splitBill(
  sessions: readonly SimulatedSession[],
  pricing: CachePricing,
  warm: boolean,
): { byKind: Partial<Record<SegmentKind, number>>; total: number } {
  const byKind: Partial<Record<SegmentKind, number>> = {};
  let total = 0;
  for (const bill of billEach(sessions, pricing, warm)) {
    total += bill.billed;
    for (const [kind, value] of Object.entries(bill.billedByKind) as [SegmentKind, number][]) byKind[kind] = (byKind[kind] ?? 0) + value;
  }
  return { byKind, total };
}

/**
 * Where the billed input goes, by what was billed, for no deferral, the default and its bound on the grid's API: each
 * cell is that part's billed input divided by no deferral's whole bill under the same pricing, so a row sums to its ratio.
 */
function formatBreakdownTable(simulated: Partial<Record<BreakdownConfigId, SimulatedSession[]>>): BenchTable {
  const cells: { label: string; values: string[] }[] = [];
  for (const pricing of CACHE_PRICINGS) {
    for (const warmth of ['cold', 'warm'] as const) {
      const reference = splitBill(simulated.none ?? [], pricing, warmth === 'warm');
      for (const [id, label] of BREAKDOWN_CONFIGS) {
        const { byKind, total } = splitBill(simulated[id] ?? [], pricing, warmth === 'warm');
        cells.push({
          label: `${label}, ${pricing === 'openai' ? 'OpenAI' : 'Anthropic'} pricing, ${warmth}`,
          values: [
            ratio(total / reference.total),
            ...SEGMENT_KINDS.map(([kind]) => (byKind[kind] === undefined ? '–' : (byKind[kind] / reference.total).toFixed(3))),
          ],
        });
      }
    }
  }
  return {
    title: `Where the billed input goes: no deferral, the default configuration and its exact-prediction bound (${GRID_API}), each part ÷ no deferral's whole bill`,
    columns: ['configuration, pricing', 'total', ...SEGMENT_KINDS.map(([, label]) => label)],
    rows: cells.map((cell) => [cell.label, ...cell.values]),
    notes: [
      "Each request's tokens are split by the conversation item (or the tool list, or the system text) they belong to, each billed at the rate its place in the prompt got (a cache read, plain input or a cache write); the parts of a row add up to its total.",
      "What deferral still pays for is the searching: the `tool_search` calls and results, and the history they add, which every later request reads again. The default's tool list and system text together stay under the 1,024 tokens a provider caches, so warm sessions gain nothing from an earlier session's cache there.",
      "`predicted loads`: the package's `tool_search` call and result the prediction step writes after a user message (the tool addition alone under native delivery); `tool_search` calls and results are the model's own searches. The bound pays for the schemas a turn needs and for no search; the default pays for the schemas it predicted for nothing and for the searches of what it missed.",
    ],
  };
}

/**
 * What the default pays that its exact-prediction bound does not, on every API and pricing: the difference in
 * predicted loads (schemas loaded for nothing, less the needed ones it missed), the model's searches (what it
 * missed), and the rest (the history those add, read again by every later request, and where the cache starts).
 */
function formatPredictionGapTable(simulated: ReadonlyMap<BenchWireAdapter['api'], Partial<Record<BreakdownConfigId, SimulatedSession[]>>>): BenchTable {
  const rows: string[][] = [];
  const loads = (byKind: Partial<Record<SegmentKind, number>>) => (byKind['predicted-call'] ?? 0) + (byKind['predicted-result'] ?? 0);
  const searches = (byKind: Partial<Record<SegmentKind, number>>) => (byKind['search-call'] ?? 0) + (byKind['search-result'] ?? 0);
  for (const [api, sessions] of simulated) {
    for (const pricing of CACHE_PRICINGS) {
      for (const warmth of ['cold', 'warm'] as const) {
        const reference = splitBill(sessions.none ?? [], pricing, warmth === 'warm').total;
        const mine = splitBill(sessions.default ?? [], pricing, warmth === 'warm');
        const bound = splitBill(sessions['default-exact-prediction'] ?? [], pricing, warmth === 'warm');
        const gap = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value / reference).toFixed(3)}`;
        const predicted = loads(mine.byKind) - loads(bound.byKind);
        const searched = searches(mine.byKind) - searches(bound.byKind);
        rows.push([
          api,
          `${pricing === 'openai' ? 'OpenAI' : 'Anthropic'} pricing, ${warmth}`,
          ratio(mine.total / reference),
          ratio(bound.total / reference),
          gap(predicted),
          gap(searched),
          gap(mine.total - bound.total - predicted - searched),
        ]);
      }
    }
  }
  return {
    title: 'What the default pays that the exact-prediction bound does not, on every API (BFCL multi-turn sessions), ÷ no deferral',
    columns: ['API', 'pricing', 'default', 'bound', 'predicted loads', '`tool_search` round trips', 'the rest'],
    rows,
    notes: [
      "`predicted loads`: the default's predicted calls and results less the bound's (schemas loaded for nothing, less the needed ones it did not predict); `tool_search` round trips: the model's own searches for what the step missed; `the rest`: everything else (the history those items add, read again by every later request, and requests that reach a provider's 1,024-token cache minimum sooner or later). The three add up to the difference between the two ratios.",
    ],
  };
}
