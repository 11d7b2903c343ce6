import type { BenchPart } from './bench-context.js';

/** Placeholder until written. */
export const SEARCH_QUALITY_PART: BenchPart = {
  id: 'search-quality',
  title: 'Search quality',
  async run() {
    return { notes: [], tables: [], charts: [], targets: [], missing: ['not written yet'] };
  },
};
