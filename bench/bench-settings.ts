/** How much work each part does. `--quick` runs the same code paths with fewer repetitions and smaller samples. */
export interface BenchSettings {
  readonly quick: boolean;
  /** Size of the grown catalog (BFCL + GitHub MCP repeated under server prefixes). */
  readonly largeCatalogSize: number;
  /** Catalog sizes for index build time and search latency. */
  readonly searchSpeedSizes: readonly number[];
  /** BFCL dev requests used as latency queries (the first N, in file order). */
  readonly searchSpeedQueries: number;
  /** Catalog sizes for transformer time per request. */
  readonly transformSizes: readonly number[];
  /** Sessions put in the reveal store for the memory figure. */
  readonly revealSessions: number;
  /** BFCL dev requests used for search quality (the first N, in file order; all of them in a full run). */
  readonly qualityQueries: number;
  /** Multi-turn conversations replayed (the first N). */
  readonly sessions: number;
  /**
   * Texts longer than this many characters are not tokenized (their token figures read `n/a`): the tokenizer is the
   * slowest step of part 1 on the grown catalog.
   */
  readonly tokenizeUpTo: number;
  /** Timed runs per figure (the median is reported) and untimed warm-up runs before them. */
  readonly runs: number;
  readonly warmup: number;
}

/** The settings of a full run (`npm run bench`). */
const FULL_RUN: BenchSettings = {
  quick: false,
  largeCatalogSize: 10_000,
  searchSpeedSizes: [100, 1_287, 10_000],
  searchSpeedQueries: 1_178,
  transformSizes: [20, 100, 1_000],
  revealSessions: 100_000,
  qualityQueries: Number.POSITIVE_INFINITY,
  sessions: Number.POSITIVE_INFINITY,
  tokenizeUpTo: Number.POSITIVE_INFINITY,
  runs: 7,
  warmup: 2,
};

/**
 * The settings of a full run (`npm run bench`) or a quick one (`npm run bench -- --quick`): the same catalogs and
 * sizes, with fewer queries, sessions and repetitions.
 */
export function resolveBenchSettings(quick: boolean): BenchSettings {
  if (!quick) return FULL_RUN;
  return { ...FULL_RUN, quick, searchSpeedQueries: 100, qualityQueries: 300, sessions: 30, tokenizeUpTo: 1_500_000, runs: 3, warmup: 1 };
}
