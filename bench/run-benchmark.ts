import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchPart, BenchContext } from './bench-context.js';
import type { BenchPartResult, BenchReport } from './bench-report.js';
import type { BenchSettings } from './bench-settings.js';
import { clearTokenCache } from './count-tokens.js';
import { describeMachine } from './describe-machine.js';
import { drawBarChart } from './draw-bar-chart.js';
import { formatBenchmarkReport } from './format-benchmark-report.js';
import { formatConsoleTable } from './format-console-table.js';
import { loadBenchFixtures, type BenchFixtures } from './load-bench-fixtures.js';
import { createLargeCatalog } from './quality/create-large-catalog.js';
import { PROMPT_SIZE_PART } from './run-prompt-size-part.js';
import { SEARCH_QUALITY_PART } from './run-search-quality-part.js';
import { SESSIONS_PART } from './run-sessions-part.js';
import { SESSION_COST_PART } from './run-session-cost-part.js';
import { SPEED_PART } from './run-speed-part.js';

/** The parts, in run order. */
export const BENCH_PARTS: readonly BenchPart[] = [PROMPT_SIZE_PART, SEARCH_QUALITY_PART, SPEED_PART, SESSIONS_PART, SESSION_COST_PART];

/** What {@link runBenchmark} needs. */
export interface RunBenchmarkOptions {
  readonly settings: BenchSettings;
  /** The command line shown in the report. */
  readonly command: string;
  /** Where `latest.md` and the SVG charts go; nothing is written when omitted. */
  readonly outDir?: string;
  /** Inputs; the files under `bench/fixtures/` when omitted (the test passes a tiny slice). */
  readonly fixtures?: BenchFixtures;
  /** Receives progress lines and the printed tables. */
  readonly log?: (line: string) => void;
}

/**
 * Runs every part in order, prints a progress line and the tables of each, and writes `latest.md` plus one SVG chart
 * per part into `outDir`. Returns the whole report.
 */
export async function runBenchmark(options: RunBenchmarkOptions): Promise<BenchReport> {
  const log = options.log ?? (() => undefined);
  const started = process.hrtime.bigint();
  const fixtures = options.fixtures ?? loadBenchFixtures();
  let stepStarted = process.hrtime.bigint();
  const context: BenchContext = {
    fixtures,
    settings: options.settings,
    largeCatalog: createLargeCatalog(options.settings.largeCatalogSize, [...fixtures.bfclCatalog, ...fixtures.githubMCP]),
    progress: (line) => {
      const now = process.hrtime.bigint();
      log(`      ${line} (${(Number(now - stepStarted) / 1e9).toFixed(1)} s)`);
      stepStarted = now;
    },
  };
  const machine = describeMachine();
  log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverage.toFixed(2)}${options.settings.quick ? ' (quick mode)' : ''}`,
  );
  const parts: BenchPartResult[] = [];
  for (const [index, part] of BENCH_PARTS.entries()) {
    log(`[${index + 1}/${BENCH_PARTS.length}] ${part.title}…`);
    const partStarted = process.hrtime.bigint();
    stepStarted = partStarted;
    const result = await part.run(context);
    clearTokenCache();
    const seconds = Number(process.hrtime.bigint() - partStarted) / 1e9;
    parts.push({ id: part.id, title: part.title, seconds, ...result });
    log(`[${index + 1}/${BENCH_PARTS.length}] ${part.title}: done in ${seconds.toFixed(1)} s`);
    for (const line of result.missing) log(`  missing: ${line}`);
    for (const table of result.tables) log(`\n${table.title}\n${formatConsoleTable(table)}\n`);
  }
  const report: BenchReport = {
    command: options.command,
    quick: options.settings.quick,
    machine,
    parts,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
  if (options.outDir !== undefined) {
    mkdirSync(options.outDir, { recursive: true });
    for (const chart of parts.flatMap((part) => part.charts)) writeFileSync(join(options.outDir, chart.file), drawBarChart(chart));
    writeFileSync(join(options.outDir, 'latest.md'), formatBenchmarkReport(report));
  }
  return report;
}
