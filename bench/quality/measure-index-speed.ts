import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { measureDuration, measureLatencies, median, percentile } from '../measure-duration.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import { createKeywordQuery } from './create-keyword-query.js';
import { createLargeCatalog } from './create-large-catalog.js';
import { createLibraryRanker } from './create-library-ranker.js';
import { createSeedRanker } from './create-seed-ranker.js';
import { createTokenRanker } from './create-token-ranker.js';
import { loadBfclCatalog, loadBfclQueries } from './load-quality-fixtures.js';
import type { QualityRankerFactory } from './quality-ranker.js';
import type { QueryStyle } from './measure-search-quality.js';

/** Build and search times of one ranker over one catalog, in milliseconds. */
export interface IndexSpeedRow {
  readonly ranker: string;
  readonly label: string;
  readonly catalogSize: number;
  /** Median time to build the index over the catalog, after a warm-up. */
  readonly buildMedianMs: number;
  /** 99th percentile of the timed builds. */
  readonly buildP99Ms: number;
  /** Per query style: the median and 99th percentile over queries of each query's median search time. */
  readonly search: { readonly [style in QueryStyle]: { readonly medianMs: number; readonly p99Ms: number } };
}

/** The figures of {@link measureIndexSpeed}, as data. */
export interface IndexSpeedResult {
  readonly rows: readonly IndexSpeedRow[];
  readonly queryCount: number;
  /** The warm-up and timed runs used. */
  readonly method: string;
}

/** Time allowed for the timed search rounds of one ranker, catalog and query style (at least one round runs). */
const SEARCH_BUDGET_MS = 3_000;

const SPEED_RANKERS: readonly QualityRankerFactory[] = [(tools) => createLibraryRanker(tools), createBm25Ranker, createSeedRanker, createTokenRanker];

/**
 * Times each ranker's build and search over the BFCL catalog (1,287 tools) and the 10,000-tool catalog of
 * `createLargeCatalog`, with every BFCL dev request as a query (as written and as keywords). Builds: 2 untimed
 * warm-ups (and at least 200 ms of them), then the median (and p99) of `buildRuns` timed builds. Searches: 1 warm-up round over all queries,
 * then each query's median over up to `searchRounds` rounds (fewer when a round is slow: 3 s per ranker, catalog
 * and style, at least one round); the figures are the median and p99 of those per-query times.
 */
export function measureIndexSpeed(
  options: {
    readonly rankers?: readonly QualityRankerFactory[];
    readonly catalogSizes?: readonly number[];
    readonly buildRuns?: number;
    readonly searchRounds?: number;
  } = {},
): IndexSpeedResult {
  const buildRuns = options.buildRuns ?? 15;
  const searchRounds = options.searchRounds ?? 5;
  const queries = loadBfclQueries();
  const styles: Record<QueryStyle, string[]> = {
    'user-text': queries.map((query) => query.query),
    keywords: queries.map((query) => createKeywordQuery(query.query)),
  };
  const bfcl = loadBfclCatalog();
  const rows: IndexSpeedRow[] = [];
  for (const size of options.catalogSizes ?? [bfcl.length, 10_000]) {
    const tools: readonly ToolDefinition[] = size === bfcl.length ? bfcl : createLargeCatalog(size);
    for (const factory of options.rankers ?? SPEED_RANKERS) {
      const builds = timeBuilds(() => factory(tools), buildRuns);
      const ranker = factory(tools);
      const search = {} as Record<QueryStyle, { medianMs: number; p99Ms: number }>;
      for (const style of ['user-text', 'keywords'] as const) {
        // The warm-up round is timed to fit the rounds to a time budget: the linear-scan baselines take over 10 ms a
        // query at 10,000 tools, and 5 rounds of 1,178 queries would take minutes for no better median.
        const warmupMs = measureDuration(
          () => {
            for (const query of styles[style]) ranker.search(query);
          },
          { warmup: 0, runs: 1 },
        );
        const runs = Math.max(1, Math.min(searchRounds, Math.floor(SEARCH_BUDGET_MS / Math.max(warmupMs, 1e-3))));
        const latencies = measureLatencies(styles[style], (query) => ranker.search(query), { warmup: 0, runs });
        search[style] = { medianMs: median(latencies), p99Ms: percentile(latencies, 99) };
      }
      rows.push({
        ranker: ranker.id,
        label: ranker.label,
        catalogSize: tools.length,
        buildMedianMs: median(builds),
        buildP99Ms: percentile(builds, 99),
        search,
      });
    }
  }
  return {
    rows,
    queryCount: queries.length,
    method: `builds: 2 warm-ups and at least 200 ms of them, median of ${buildRuns}; searches: 1 warm-up round, per-query median of up to ${searchRounds} rounds (3 s budget), then median and p99 over ${queries.length} queries`,
  };
}

function timeBuilds(build: () => unknown, runs: number): number[] {
  // Two builds and at least 200 ms of them: a 100-tool build takes a few milliseconds, too few calls for the optimizing
  // compiler to settle after two.
  measureDuration(build, { warmup: 2, runs: 1, warmupMs: 200 });
  return Array.from({ length: runs }, () => measureDuration(build, { warmup: 0, runs: 1 }));
}
