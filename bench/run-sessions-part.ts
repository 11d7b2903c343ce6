import type { BenchPart } from './bench-context.js';

/** Placeholder until written. */
export const SESSIONS_PART: BenchPart = {
  id: 'sessions',
  title: 'Sessions',
  async run() {
    return { notes: [], tables: [], charts: [], targets: [], missing: ['not written yet'] };
  },
};
