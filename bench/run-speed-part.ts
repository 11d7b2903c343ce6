import type { BenchPart } from './bench-context.js';

/** Placeholder until written. */
export const SPEED_PART: BenchPart = {
  id: 'speed',
  title: 'Speed and scale',
  async run() {
    return { notes: [], tables: [], charts: [], targets: [], missing: ['not written yet'] };
  },
};
