import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import { createKeywordQuery } from './create-keyword-query.js';
import { createLibraryRanker } from './create-library-ranker.js';
import { createOkapiRanker } from './create-okapi-ranker.js';
import { createPreviousRanker } from './create-previous-ranker.js';
import { createSeedRanker } from './create-seed-ranker.js';
import { createTokenRanker } from './create-token-ranker.js';
import { loadQualitySlices, type QualitySlice, type QualitySliceId } from './load-quality-slices.js';
import type { QualityRanker, QualityRankerFactory } from './quality-ranker.js';
import { scoreRankings, type RankingScores } from './score-rankings.js';

/** How a request becomes a query: as the user wrote it, or as keywords (see `createKeywordQuery`). */
export type QueryStyle = 'user-text' | 'keywords';

/** One ranker on one slice with one query style. */
export interface SearchQualityRow extends RankingScores {
  readonly ranker: string;
  readonly label: string;
  readonly slice: QualitySliceId;
  readonly sliceLabel: string;
  readonly catalogSize: number;
  readonly queryStyle: QueryStyle;
}

/** The figures of {@link measureSearchQuality}, as data. */
export interface SearchQualityResult {
  readonly rows: readonly SearchQualityRow[];
  /** Requests measured per slice (after any `queriesPerSlice` cap). */
  readonly queryCounts: Readonly<Partial<Record<QualitySliceId, number>>>;
}

/**
 * The rankers the issues compare: the library (its default cut, 10 results, and the seed's half-of-the-best band), the
 * library's ranking before issue 16, the seed's rule, an AI SDK-style token match, and two BM25 baselines
 * (minisearch's, and plain Okapi BM25), each BM25 returning 10.
 */
export const QUALITY_RANKERS: readonly QualityRankerFactory[] = [
  (tools) => createLibraryRanker(tools, { maxResults: 10 }),
  createPreviousRanker,
  (tools) => createLibraryRanker(tools, { cut: { rule: 'band', ratio: 0.5 } }, { id: 'library-band', label: "library with the seed's band (cut band 0.5)" }),
  createSeedRanker,
  createTokenRanker,
  createBm25Ranker,
  createOkapiRanker,
];

/**
 * {@link QUALITY_RANKERS} without the seed's rule and the token match: the two scan every tool for every query (tens
 * of seconds over Seal-Tools' 4,076 tools and MetaTool's 10,000 requests) and are far behind on BFCL already.
 */
export const BASELINE_RANKERS: readonly QualityRankerFactory[] = QUALITY_RANKERS.filter(
  (factory) => factory !== createSeedRanker && factory !== createTokenRanker,
);

/**
 * Recall@1/3/5/8 and MRR of every ranker on every slice (`loadQualitySlices`), for both query styles. A ranker is
 * built once per catalog (slices of one set share it). `queriesPerSlice` keeps the first N requests of each slice
 * (the quick run). Deterministic: the same checkout gives the same figures.
 */
export function measureSearchQuality(
  options: { readonly rankers?: readonly QualityRankerFactory[]; readonly slices?: readonly QualitySlice[]; readonly queriesPerSlice?: number } = {},
): SearchQualityResult {
  const slices = options.slices ?? loadQualitySlices();
  const rows: SearchQualityRow[] = [];
  const queryCounts: Partial<Record<QualitySliceId, number>> = {};
  const factories = options.rankers ?? QUALITY_RANKERS;
  const built = new Map<readonly ToolDefinition[], QualityRanker[]>();
  for (const slice of slices) {
    const queries = slice.queries.slice(0, options.queriesPerSlice ?? slice.queries.length);
    queryCounts[slice.id] = queries.length;
    const styles: Record<QueryStyle, string[]> = {
      'user-text': queries.map((query) => query.query),
      keywords: queries.map((query) => createKeywordQuery(query.query)),
    };
    let rankers = built.get(slice.catalog);
    if (rankers === undefined) {
      rankers = factories.map((factory) => factory(slice.catalog));
      built.set(slice.catalog, rankers);
    }
    for (const ranker of rankers) {
      for (const queryStyle of ['user-text', 'keywords'] as const) {
        const rankings = queries.map((query, index) => ({ results: ranker.search(styles[queryStyle][index]!), gold: query.gold }));
        rows.push({
          ranker: ranker.id,
          label: ranker.label,
          slice: slice.id,
          sliceLabel: slice.label,
          catalogSize: slice.catalog.length,
          queryStyle,
          ...scoreRankings(rankings),
        });
      }
    }
  }
  return { rows, queryCounts };
}
