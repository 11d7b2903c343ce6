import { fileURLToPath } from 'node:url';

/** What `npm run bench` was asked about where its report goes. */
export interface BenchOutput {
  readonly quick: boolean;
  /** `--update-report` (`npm run bench:report`): rewrite the committed report in bench/results/. */
  readonly updateReport: boolean;
  /** `--out <dir>`. */
  readonly outDir?: string;
}

/**
 * The folder a benchmark run writes its report to. Only `--update-report` writes the committed report
 * (bench/results/); a full run writes bench/results/local/ and a quick run bench/results/quick/, both ignored by git,
 * so running the benchmark never leaves the working tree changed. Throws for `--update-report` with `--quick` or
 * `--out`: the committed report is a full run, in its place.
 */
export function resolveBenchOutDir(output: BenchOutput, usage: string): string {
  if (output.updateReport && (output.quick || output.outDir !== undefined)) {
    throw new Error(`--update-report writes the full run to bench/results/; it takes neither --quick nor --out. ${usage}`);
  }
  if (output.outDir !== undefined) return output.outDir;
  return fileURLToPath(new URL(output.updateReport ? './results' : output.quick ? './results/quick' : './results/local', import.meta.url));
}
