/**
 * Timing helpers. Every figure is the median of several runs after a warm-up, measured with
 * `process.hrtime.bigint()` (nanoseconds, monotonic).
 */

/** How many times to repeat a measurement. */
export interface RepeatOptions {
  /** Untimed runs first, so the JIT and caches settle. */
  readonly warmup: number;
  /** Timed runs; the figure is their median. */
  readonly runs: number;
}

/**
 * The median wall time, in milliseconds, of one call to `work`, over `runs` timed runs after `warmup` untimed ones.
 * When one call is far below a microsecond of timer resolution, pass `batch` > 1: each run times `batch` calls and
 * divides. `warmupMs` keeps warming up for at least that long (after the `warmup` runs).
 */
export function measureDuration(work: () => unknown, options: RepeatOptions & { readonly batch?: number; readonly warmupMs?: number }): number {
  const batch = options.batch ?? 1;
  let sink: unknown;
  for (let index = 0; index < options.warmup * batch; index += 1) sink = work();
  // Optimizing compilers settle after a number of calls, not of runs: keep warming for at least `warmupMs`.
  const warmUntil = process.hrtime.bigint() + BigInt(Math.round((options.warmupMs ?? 0) * 1e6));
  while (process.hrtime.bigint() < warmUntil) sink = work();
  const samples: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const start = process.hrtime.bigint();
    for (let index = 0; index < batch; index += 1) sink = work();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6 / batch);
  }
  keep(sink);
  return median(samples);
}

/** Like {@link measureDuration} for async work (awaited one call at a time). */
export async function measureAsyncDuration(work: () => Promise<unknown>, options: RepeatOptions & { readonly batch?: number }): Promise<number> {
  const batch = options.batch ?? 1;
  let sink: unknown;
  for (let index = 0; index < options.warmup * batch; index += 1) sink = await work();
  const samples: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const start = process.hrtime.bigint();
    for (let index = 0; index < batch; index += 1) sink = await work();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6 / batch);
  }
  keep(sink);
  return median(samples);
}

/**
 * Per-item latencies in milliseconds: every item is run once per round; after `warmup` untimed rounds, each item's
 * latency is the median of its `runs` timed rounds. Returns one latency per item, in item order.
 */
export function measureLatencies<Item>(items: readonly Item[], work: (item: Item) => unknown, options: RepeatOptions): number[] {
  let sink: unknown;
  for (let round = 0; round < options.warmup; round += 1) for (const item of items) sink = work(item);
  const samples = items.map(() => [] as number[]);
  for (let round = 0; round < options.runs; round += 1) {
    items.forEach((item, index) => {
      const start = process.hrtime.bigint();
      sink = work(item);
      samples[index]?.push(Number(process.hrtime.bigint() - start) / 1e6);
    });
  }
  keep(sink);
  return samples.map(median);
}

/** The median of a list of numbers (the mean of the middle two for an even count); `NaN` for an empty list. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The `p`-th percentile (0–100) by linear interpolation between closest ranks; `NaN` for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] as number;
  const highValue = sorted[high] as number;
  return lowValue + (highValue - lowValue) * (rank - low);
}

// Results are handed to this no-op so the engine cannot drop the timed work as dead code.
let kept: unknown;
function keep(value: unknown): void {
  kept = value;
}
/** The last value kept from timed work (read only to stop dead-code elimination). */
export function keptValue(): unknown {
  return kept;
}
