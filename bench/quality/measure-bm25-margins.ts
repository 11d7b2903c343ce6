import { createBm25Ranker } from './create-bm25-ranker.js';
import { createLibraryRanker } from './create-library-ranker.js';
import { createOkapiRanker } from './create-okapi-ranker.js';
import { MCP_SLICE_IDS, type QualitySlice, type QualitySliceId } from './load-quality-slices.js';
import { measureSearchQuality, type QueryStyle, type SearchQualityRow } from './measure-search-quality.js';
import { splitQueryHalves } from './split-query-halves.js';

/** The families issue 26 judges apart: the public sets, and the MCP catalogs (`MCP_SLICE_IDS`). */
export type SliceFamily = 'public' | 'mcp';

/** The library against both BM25s on one half of one slice, in one query style. */
export interface Bm25MarginCell {
  readonly slice: QualitySliceId;
  readonly sliceLabel: string;
  readonly family: SliceFamily;
  /** `a` or `b` (`splitQueryHalves`; issue 16 tuned on `a`, `b` is the held-out half), or `all` for the whole slice. */
  readonly half: 'a' | 'b' | 'all';
  readonly queryStyle: QueryStyle;
  readonly library: SearchQualityRow;
  readonly okapi: SearchQualityRow;
  /** MiniSearch's BM25+ (`createBm25Ranker`). */
  readonly minisearch: SearchQualityRow;
  /** The library's R@1, R@5 and MRR less the better BM25's (Okapi or MiniSearch, whichever scores higher there). */
  readonly r1Margin: number;
  readonly r5Margin: number;
  readonly mrrMargin: number;
}

/**
 * The library (`maxResults: 10`) against Okapi BM25 and MiniSearch on each half of every slice given and on the whole
 * of each MCP slice, both query styles: what issue 26 judges a ranking change on (`run.ts compare`, and the main
 * bench's search part). `queriesPerSlice` keeps the first N requests of each slice before the split (the quick run).
 */
export function measureBm25Margins(slices: readonly QualitySlice[], queriesPerSlice?: number): Bm25MarginCell[] {
  const rankers = [(tools: QualitySlice['catalog']) => createLibraryRanker(tools, { maxResults: 10 }), createBm25Ranker, createOkapiRanker];
  const cells: Bm25MarginCell[] = [];
  for (const slice of slices) {
    const queries = slice.queries.slice(0, queriesPerSlice ?? slice.queries.length);
    const split = splitQueryHalves(queries);
    const parts: [Bm25MarginCell['half'], QualitySlice['queries']][] = [
      ['a', split.a],
      ['b', split.b],
    ];
    // The MCP done-when is judged on the whole set too (R@1 included).
    if (MCP_SLICE_IDS.includes(slice.id)) parts.push(['all', queries]);
    for (const [half, part] of parts) {
      const { rows } = measureSearchQuality({ slices: [{ ...slice, queries: part }], rankers });
      for (const library of rows.filter((row) => row.ranker === 'library')) {
        const find = (ranker: string) => rows.find((row) => row.ranker === ranker && row.queryStyle === library.queryStyle)!;
        const [okapi, minisearch] = [find('okapi'), find('bm25')];
        cells.push({
          slice: slice.id,
          sliceLabel: slice.label,
          family: MCP_SLICE_IDS.includes(slice.id) ? 'mcp' : 'public',
          half,
          queryStyle: library.queryStyle,
          library,
          okapi,
          minisearch,
          r1Margin: library.recallAt[1] - Math.max(okapi.recallAt[1], minisearch.recallAt[1]),
          r5Margin: library.recallAt[5] - Math.max(okapi.recallAt[5], minisearch.recallAt[5]),
          mrrMargin: library.mrr - Math.max(okapi.mrr, minisearch.mrr),
        });
      }
    }
  }
  return cells;
}
