import { createMissClassifier, type MissClass } from './classify-misses.js';
import { createLibraryRanker } from './create-library-ranker.js';
import { createOkapiRanker } from './create-okapi-ranker.js';
import type { QualitySlice, QualitySliceId } from './load-quality-slices.js';

/** One ranker's top-1 misses on one slice, by class. */
export interface MissClassCounts {
  readonly slice: QualitySliceId;
  readonly sliceLabel: string;
  /** `library` or `okapi`. */
  readonly ranker: string;
  /** Requests measured. */
  readonly requests: number;
  readonly counts: Readonly<Record<MissClass, number>>;
}

/**
 * The top-1 misses of the library (`maxResults: 10`) and of Okapi BM25 on every slice given, requests as written, by
 * class (`createMissClassifier`: no shared word, argument text, sibling first, several needs, other): what each ranker
 * still gets wrong (issue 26). `queriesPerSlice` keeps the first N requests of each slice (the quick run).
 */
export function countMissClasses(slices: readonly QualitySlice[], queriesPerSlice?: number): MissClassCounts[] {
  const rows: MissClassCounts[] = [];
  for (const slice of slices) {
    const classify = createMissClassifier(slice.catalog);
    const queries = slice.queries.slice(0, queriesPerSlice ?? slice.queries.length);
    for (const ranker of [createLibraryRanker(slice.catalog, { maxResults: 10 }), createOkapiRanker(slice.catalog)]) {
      const counts: Record<MissClass, number> = { 'no-shared-word': 0, 'argument-text': 0, 'sibling-first': 0, 'several-needs': 0, other: 0 };
      for (const query of queries) {
        const first = ranker.search(query.query)[0];
        if (first !== undefined && query.gold.includes(first)) continue;
        counts[classify(query.query, query.gold, first)] += 1;
      }
      rows.push({ slice: slice.id, sliceLabel: slice.label, ranker: ranker.id, requests: queries.length, counts });
    }
  }
  return rows;
}
