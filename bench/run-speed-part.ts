import type { BenchPart } from './bench-context.js';
import type { BenchChart, BenchTable, BenchTarget } from './bench-report.js';
import { BENCH_WIRE_ADAPTERS } from './bench-wire-adapters.js';
import { formatCount, formatFactor, formatMemory, formatMilliseconds } from './format-figure.js';
import { measureRevealStoreMemory, type RevealStoreMemoryResult } from './measure-reveal-store-memory.js';
import { measureTransformSpeed, type TransformSpeedRow } from './measure-transform-speed.js';
import { measurePrepareSpeed, type PrepareSpeedRow } from './measure-prepare-speed.js';
import { createBm25Ranker } from './quality/create-bm25-ranker.js';
import { createLibraryRanker } from './quality/create-library-ranker.js';
import { measureIndexSpeed, type IndexSpeedRow } from './quality/measure-index-speed.js';

/**
 * Part 3, speed and scale: index build and search latency of the library next to minisearch's BM25 on the same
 * queries, transformer time per request for each API, and the reveal store's memory and bounds.
 */
export const SPEED_PART: BenchPart = {
  id: 'speed',
  title: 'Speed and scale',
  async run(context) {
    const { settings, fixtures } = context;
    const repeat = { warmup: settings.warmup, runs: settings.runs };

    const index = measureIndexSpeed({
      rankers: [(tools) => createLibraryRanker(tools), createBm25Ranker],
      catalogSizes: settings.searchSpeedSizes,
      buildRuns: settings.runs,
      searchRounds: settings.quick ? 1 : 3,
    });

    context.progress(`index build and search latency at ${settings.searchSpeedSizes.join(', ')} tools`);
    const transform: TransformSpeedRow[] = [];
    for (const size of settings.transformSizes) {
      const tools = fixtures.bfclCatalog.slice(0, size);
      for (const adapter of BENCH_WIRE_ADAPTERS) {
        // Long warm-up and many short runs: a run a collection lands in or a first optimizing compile skews one figure
        // by a third (measured: 0.36 ms, then 0.09 ms, for the same call with 60 ms of warm-up and 15 runs).
        transform.push(...measureTransformSpeed(adapter, tools, { ...repeat, runs: repeat.runs * 4 + 3, warmupMs: settings.quick ? 15 : 250 }));
      }
    }

    context.progress(`transformer time at ${settings.transformSizes.join(', ')} tools`);
    const prepare = await measurePrepareSpeed(
      context.largeCatalog,
      { small: 100, large: context.largeCatalog.length },
      { warmup: 3, runs: settings.quick ? 3 : 15 },
    );

    context.progress(`session prepare at 100 and ${formatCount(context.largeCatalog.length)} tools`);
    const memory = await measureRevealStoreMemory({ sessions: settings.revealSessions, toolNames: fixtures.bfclCatalog.map((tool) => tool.name) });

    context.progress(`reveal store memory at ${settings.revealSessions} sessions`);
    return {
      notes: [
        'Every timing is a median of several runs after warm-up runs, measured with `process.hrtime.bigint()`, in this one process; compare figures within a run (the ratios), not across machines.',
        `Search latency: ${index.method}. Catalogs: the first N tools of the grown catalog (BFCL first, under a \`srv0__\` prefix) for N ≠ 1,287, BFCL itself for 1,287. Both rankers are \`bench/quality\`'s: the library's \`createToolIndex\` and minisearch BM25 over name, description and parameter text.`,
      ],
      tables: [
        formatIndexTable(index.rows, index.queryCount),
        formatTransformTable(transform, settings.transformSizes),
        formatPrepareTable(prepare),
        formatMemoryTable(memory),
      ],
      charts: [formatSpeedChart(index.rows)],
      targets: [...resolveSpeedTargets(index.rows, transform, memory), resolvePrepareTarget(prepare)],
      missing: [],
    };
  },
};

function formatIndexTable(rows: readonly IndexSpeedRow[], queries: number): BenchTable {
  const sizes = [...new Set(rows.map((row) => row.catalogSize))];
  return {
    title: `Index build and search latency (${formatCount(queries)} BFCL dev requests as queries; user text / keywords)`,
    columns: ['tools', 'ranker', 'build (median)', 'search median', 'search p99', 'library ÷ BM25: build', 'library ÷ BM25: search median'],
    rows: sizes.flatMap((size) => {
      const library = rows.find((row) => row.catalogSize === size && row.ranker === 'library');
      const bm25 = rows.find((row) => row.catalogSize === size && row.ranker === 'bm25');
      return rows
        .filter((row) => row.catalogSize === size)
        .map((row) => [
          formatCount(size),
          row.ranker === 'library' ? 'library (createToolIndex)' : row.ranker === 'bm25' ? 'BM25 (minisearch)' : row.ranker,
          formatMilliseconds(row.buildMedianMs),
          `${formatMilliseconds(row.search['user-text'].medianMs)} / ${formatMilliseconds(row.search.keywords.medianMs)}`,
          `${formatMilliseconds(row.search['user-text'].p99Ms)} / ${formatMilliseconds(row.search.keywords.p99Ms)}`,
          row === library && bm25 !== undefined ? formatFactor(library.buildMedianMs / bm25.buildMedianMs) : '',
          row === library && bm25 !== undefined
            ? `${formatFactor(library.search['user-text'].medianMs / bm25.search['user-text'].medianMs)} / ${formatFactor(library.search.keywords.medianMs / bm25.search.keywords.medianMs)}`
            : '',
        ]);
    }),
    notes: ['A ratio below 1× means the library is faster than minisearch on the same catalog and queries.'],
  };
}

function formatTransformTable(rows: readonly TransformSpeedRow[], sizes: readonly number[]): BenchTable {
  const keys = [...new Set(rows.map((row) => `${row.api}|${row.mechanism}`))];
  const actualSizes = [...new Set(rows.map((row) => row.tools))];
  return {
    title: 'Transformer time per request: read + resolve + transform (transform alone)',
    columns: ['API', 'mechanism', ...actualSizes.map((size) => `${formatCount(size)} tools`)],
    rows: keys.map((key) => {
      const [api, mechanism] = key.split('|') as [string, string];
      return [
        api,
        mechanism,
        ...actualSizes.map((size) => {
          const row = rows.find((candidate) => candidate.api === api && candidate.mechanism === mechanism && candidate.tools === size);
          return row === undefined ? 'n/a' : `${formatMilliseconds(row.resolveAndTransformMs)} (${formatMilliseconds(row.transformMs)})`;
        }),
      ];
    }),
    notes: [
      `Timed per request: the API's tool reader (\`parse…Tools\`), \`resolveToolSearch\` and the transformer, on a body with a system prompt, one user message and the first ${sizes.join(' / ')} BFCL tools (names with dots get mapped), three tools already revealed; in parentheses the transformer alone with a plan made once. The client rows use the \`full\` listing.`,
    ],
  };
}

function formatPrepareTable(rows: readonly PrepareSpeedRow[]): BenchTable {
  const [first] = rows;
  return {
    title: 'Session `prepare` mid-session: a body without tools at two catalog sizes',
    columns: [
      'factory',
      'model',
      'mechanism, delivery',
      `${formatCount(first?.small.tools ?? 100)} tools`,
      `${formatCount(first?.large.tools ?? 0)} tools`,
      'ratio',
    ],
    rows: rows.map((row) => [
      `\`${row.factory}\``,
      row.model,
      row.mechanism,
      formatMilliseconds(row.small.ms),
      formatMilliseconds(row.large.ms),
      row.ratio <= 3 ? formatFactor(row.ratio) : `**${formatFactor(row.ratio)}**`,
    ]),
    notes: [
      "Each factory made with the first N tools of the grown catalog and its default configuration; three tools revealed in the session's store; the body has no tools (the session's catalog), a system prompt and a short history calling a revealed tool. Median of interleaved batches of the two sizes after a warm-up. Target: the larger within 3× of the smaller.",
    ],
  };
}

function resolvePrepareTarget(rows: readonly PrepareSpeedRow[]): BenchTarget {
  const worst = rows.reduce<PrepareSpeedRow | undefined>((found, row) => (found === undefined || row.ratio > found.ratio ? row : found), undefined);
  return {
    target: 'Session `prepare` at the grown catalog within 3× of at 100 tools (every factory, one run)',
    figure: rows.map((row) => `${row.factory.replace(/^create|ToolSearch$/g, '')} ${row.model} ${formatFactor(row.ratio)}`).join(', '),
    status: worst === undefined ? 'not-measured' : rows.every((row) => row.ratio <= 3) ? 'met' : 'missed',
  };
}

function formatMemoryTable(memory: RevealStoreMemoryResult): BenchTable {
  return {
    title: `Reveal store (createMemoryRevealStore): memory and bounds, ${memory.namesPerSession} revealed names per session`,
    columns: ['maxSessions', 'sessions added', 'sessions held', 'within bound', 'heap growth', 'per session held'],
    rows: [
      ...memory.rows.map((row) => [
        formatCount(row.maxSessions),
        formatCount(row.sessionsAdded),
        formatCount(row.sessionsHeld),
        row.sessionsHeld <= row.maxSessions ? 'yes' : '**no**',
        formatMemory(row.heapBytes),
        formatMemory(row.heapBytes / Math.max(row.sessionsHeld, 1)),
      ]),
    ],
    notes: [
      `Heap growth: \`process.memoryUsage().heapUsed\` after a full GC (\`global.gc\`), from before the store was made to after it was filled; session ids are 36-character UUID-shaped strings, tool names are shared with the catalog. Sessions held are counted by calling \`get\` on every session id added.`,
      `Per-session bound: one session given ${formatCount(memory.perSession.added)} names kept ${formatCount(memory.perSession.held)} (bound ${formatCount(memory.perSession.bound)}, \`maxToolsPerSession\` default).`,
    ],
  };
}

function formatSpeedChart(rows: readonly IndexSpeedRow[]): BenchChart {
  const sizes = [...new Set(rows.map((row) => row.catalogSize))];
  return {
    file: 'speed.svg',
    title: 'Search latency, median per query (lower is better)',
    unit: 'milliseconds per search',
    scale: 'log',
    digits: 3,
    groups: sizes.map((size) => ({
      label: `${formatCount(size)} tools`,
      bars: rows
        .filter((row) => row.catalogSize === size)
        .flatMap((row) => {
          const name = row.ranker === 'library' ? 'library' : row.ranker === 'bm25' ? 'BM25 (minisearch)' : row.ranker;
          return [
            { series: `${name}, user text`, value: row.search['user-text'].medianMs },
            { series: `${name}, keywords`, value: row.search.keywords.medianMs },
          ];
        }),
    })),
  };
}

function resolveSpeedTargets(index: readonly IndexSpeedRow[], transform: readonly TransformSpeedRow[], memory: RevealStoreMemoryResult): BenchTarget[] {
  const targets: BenchTarget[] = [];
  const library = (size: number) => index.find((row) => row.ranker === 'library' && row.catalogSize === size);
  const slowest = (row: IndexSpeedRow) => Math.max(row.search['user-text'].medianMs, row.search.keywords.medianMs);
  for (const [size, bound] of [
    [1_287, 0.2],
    [10_000, 1],
  ] as const) {
    const row = library(size);
    if (row === undefined) {
      targets.push({
        target: `Search under ${bound} ms median at ${formatCount(size)} tools`,
        figure: 'this run did not time that size',
        status: 'not-measured',
      });
      continue;
    }
    targets.push({
      target: `Search under ${bound} ms median at ${formatCount(size)} tools`,
      figure: `${formatMilliseconds(row.search['user-text'].medianMs)} / ${formatMilliseconds(row.search.keywords.medianMs)} (user text / keywords)`,
      status: slowest(row) < bound ? 'met' : 'missed',
    });
  }
  const pairs = index
    .filter((row) => row.ranker === 'library')
    .map((row) => ({ library: row, bm25: index.find((other) => other.ranker === 'bm25' && other.catalogSize === row.catalogSize) }))
    .filter((pair): pair is { library: IndexSpeedRow; bm25: IndexSpeedRow } => pair.bm25 !== undefined);
  if (pairs.length > 0) {
    const ratios = pairs.flatMap(({ library: own, bm25 }) => [
      own.search['user-text'].medianMs / bm25.search['user-text'].medianMs,
      own.search.keywords.medianMs / bm25.search.keywords.medianMs,
    ]);
    const builds = pairs.map(({ library: own, bm25 }) => own.buildMedianMs / bm25.buildMedianMs);
    targets.push({
      target: 'Search no slower than BM25 (minisearch), same run',
      figure: `search median ${formatFactor(Math.min(...ratios))}–${formatFactor(Math.max(...ratios))} of BM25's; build ${formatFactor(Math.min(...builds))}–${formatFactor(Math.max(...builds))} (${pairs.map((pair) => formatCount(pair.library.catalogSize)).join(', ')} tools)`,
      status: ratios.every((ratio) => ratio <= 1) ? 'met' : 'missed',
    });
  }
  const at100 = transform.filter((row) => row.tools === 100);
  if (at100.length === 0) {
    targets.push({ target: 'Transform under 0.1 ms per request at 100 tools (every API)', figure: 'this run did not time 100 tools', status: 'not-measured' });
  } else {
    const fastest = Math.min(...at100.map((row) => row.transformMs));
    const slowest = Math.max(...at100.map((row) => row.transformMs));
    targets.push({
      target: 'Transform under 0.1 ms per request at 100 tools (every API; read + resolve + transform)',
      figure: `${at100.map((row) => `${row.api}${row.mechanism === 'client' ? '' : ' (hosted)'} ${row.resolveAndTransformMs.toFixed(3)}`).join(', ')} ms; transform alone ${fastest.toFixed(3)}–${slowest.toFixed(3)} ms`,
      status: at100.every((row) => row.resolveAndTransformMs < 0.1) ? 'met' : 'missed',
    });
  }
  const largest = memory.rows[0];
  targets.push({
    target: 'Reveal store stays within its bounds (sessions ≤ maxSessions, names per session ≤ maxToolsPerSession)',
    figure: `${memory.rows.map((row) => `${formatCount(row.sessionsAdded)} added → ${formatCount(row.sessionsHeld)} held (bound ${formatCount(row.maxSessions)})`).join('; ')}; ${formatCount(memory.perSession.added)} names → ${formatCount(memory.perSession.held)}${largest === undefined ? '' : `; ${formatMemory(largest.heapBytes)} at ${formatCount(largest.sessionsHeld)} sessions`}`,
    status: memory.rows.every((row) => row.sessionsHeld <= row.maxSessions) && memory.perSession.held <= memory.perSession.bound ? 'met' : 'missed',
  });
  return targets;
}
