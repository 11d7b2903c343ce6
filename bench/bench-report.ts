/**
 * The shapes every part of the benchmark returns, so the report writer, the console printer and the test treat all
 * parts alike. Figures are formatted into strings by the part that measured them (a part knows its units).
 */

/** The benchmark's parts, in run order. */
export type BenchPartId = 'prompt-size' | 'search-quality' | 'speed' | 'sessions' | 'session-cost';

/** The parts, in run order. */
export const BENCH_PART_IDS: readonly BenchPartId[] = ['prompt-size', 'search-quality', 'speed', 'sessions', 'session-cost'];

/** One table of results: a title, column headers and formatted cells. */
export interface BenchTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Sentences printed under the table: what was measured and how. */
  readonly notes?: readonly string[];
}

/** One bar of a chart; `null` draws an empty slot labelled "n/a". */
export interface BenchChartBar {
  readonly series: string;
  readonly value: number | null;
}

/** A horizontal grouped bar chart (one group per row label, one bar per series). */
export interface BenchChart {
  /** File name under the results folder, e.g. `prompt-size.svg`. */
  readonly file: string;
  readonly title: string;
  /** Axis label, e.g. `% of the full-schema size`. */
  readonly unit: string;
  /** `log` for figures spanning orders of magnitude (latencies). */
  readonly scale: 'linear' | 'log';
  /** Fixed axis maximum (e.g. 100 for percentages, 1 for recall); computed from the data when omitted. */
  readonly max?: number;
  /** Digits after the point in bar labels. */
  readonly digits: number;
  readonly groups: readonly { readonly label: string; readonly bars: readonly BenchChartBar[] }[];
}

/**
 * Whether a target was met.
 *
 * - `met` / `missed`: measured in this run.
 * - `not-measured`: a dependency has not landed (the figure says which), or the mode skipped it.
 * - `reported`: a headline figure with no target in issue 5 (shown in the summary for context).
 */
export type BenchTargetStatus = 'met' | 'missed' | 'not-measured' | 'reported';

/** One row of the summary table: a target from issue 5, the figure measured against it, and the verdict. */
export interface BenchTarget {
  readonly target: string;
  readonly figure: string;
  readonly status: BenchTargetStatus;
}

/** What one part measured. */
export interface BenchPartResult {
  readonly id: BenchPartId;
  readonly title: string;
  readonly tables: readonly BenchTable[];
  readonly charts: readonly BenchChart[];
  readonly targets: readonly BenchTarget[];
  /** Method notes printed under the part's heading. */
  readonly notes: readonly string[];
  /** Pieces this part needed that are not in the checkout yet, and what was measured instead. */
  readonly missing: readonly string[];
  /** Wall-clock seconds the part took (not a result; printed with the progress line). */
  readonly seconds: number;
}

/** The machine the figures were measured on. */
export interface BenchMachine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  /** `os.loadavg()[0]` when the run started: other processes sharing the cores inflate timings. */
  readonly loadAverage: number;
}

/** Everything one run produced. */
export interface BenchReport {
  readonly command: string;
  readonly quick: boolean;
  readonly machine: BenchMachine;
  readonly parts: readonly BenchPartResult[];
  readonly seconds: number;
}
