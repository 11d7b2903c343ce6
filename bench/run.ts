/**
 * `npm run bench`: the benchmark's entry point. Runs every part (prompt size, search quality, speed and scale,
 * sessions), prints a progress line and the tables of each, and writes a report (`latest.md` plus one SVG chart per
 * part) to a folder git ignores, printing where, so a run never leaves the working tree changed. No network, no API
 * keys.
 *
 *   npm run bench                  full run (under 3 minutes on a 2-core machine); writes bench/results/local/
 *   npm run bench -- --quick       same code paths, fewer repetitions and smaller samples (under 30 seconds);
 *                                  writes bench/results/quick/
 *   npm run bench:report           a full run that updates the committed report, bench/results/ (--update-report)
 *   npm run bench -- --out <dir>   write the report to <dir>
 */
import { join } from 'node:path';
import { resolveBenchOutDir } from './resolve-bench-out-dir.js';

const USAGE = 'usage: npm run bench [-- --quick] [-- --out <dir>] [-- --update-report]';

async function main(argv: readonly string[]): Promise<void> {
  let quick = false;
  let updateReport = false;
  let outDir: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--quick') quick = true;
    else if (argument === '--update-report') updateReport = true;
    else if (argument === '--out' && argv[index + 1] !== undefined) outDir = argv[++index] as string;
    else if (argument === '--help' || argument === '-h') {
      console.log(USAGE);
      return;
    } else throw new Error(`unknown argument ${JSON.stringify(argument)}; ${USAGE}`);
  }
  outDir = resolveBenchOutDir({ quick, updateReport, ...(outDir === undefined ? {} : { outDir }) }, USAGE);
  started = true;
  // Loaded once the arguments are known to be right: `--help` and a mistake answer without loading the benchmark.
  const [{ resolveBenchSettings }, { formatSummaryTable }, { runBenchmark }] = await Promise.all([
    import('./bench-settings.js'),
    import('./format-benchmark-report.js'),
    import('./run-benchmark.js'),
  ]);
  const report = await runBenchmark({
    settings: resolveBenchSettings(quick),
    command: updateReport ? 'npm run bench:report' : quick ? 'npm run bench -- --quick' : 'npm run bench',
    outDir,
    log: (line) => console.log(line),
  });
  console.log(`\nSummary\n${formatSummaryTable(report.parts.flatMap((part) => part.targets))}\n`);
  console.log(`Wrote ${join(outDir, 'latest.md')} and ${report.parts.flatMap((part) => part.charts).length} charts in ${report.seconds.toFixed(1)} s.`);
}

/** Whether the run itself began: a mistake in the arguments is one line, a failure of the run keeps its stack. */
let started = false;

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(!started && error instanceof Error ? error.message : error);
  process.exitCode = started ? 1 : 2;
});
