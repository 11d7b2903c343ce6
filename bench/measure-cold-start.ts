import { spawnSync } from 'node:child_process';

/** What {@link measureColdStart} runs. */
export interface ColdStartOptions {
  /** What each start imports, as an app names it (`tool-search/openai`); each one is compared with a bare start. */
  readonly specifiers: readonly string[];
  /** Rounds of the interleaved run: one bare start and one start per specifier each round. */
  readonly rounds: number;
  /** Where the starts run: the package's folder, so `tool-search/…` resolves to its built `dist/` (a self-reference). */
  readonly cwd: string;
}

/** One kind of start: its medians over the rounds, and their ratio to the bare start's; its fastest start, likewise. */
export interface ColdStartRow {
  /** `(bare node)`, or the specifier imported. */
  readonly label: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly wallRatio: number;
  readonly cpuRatio: number;
  /** The fastest start's wall time, and its ratio to the fastest bare start's: the steadier on a busy machine. */
  readonly fastestWallMs: number;
  readonly fastestWallRatio: number;
}

/**
 * Cold start of importing each specifier, as a ratio to a bare `node` start, in one interleaved run: each round
 * starts a bare process and one process per specifier, in an order that turns round by round, so drift in the
 * machine's load reaches every kind alike. Each process is `node --input-type=module -e "<import>; <report CPU>"`
 * (the bare one without the import). Wall time is measured around the spawn; CPU time is the process's own
 * (`process.cpuUsage()`, user + system, bootstrap included) as it exits. Medians over the rounds; compare the ratios,
 * not the milliseconds, across machines. Beside them, each kind's fastest start against the fastest bare one: another
 * process on the machine only ever slows a start, so on a busy machine the fastest starts vary less than the medians.
 */
export function measureColdStart(options: ColdStartOptions): ColdStartRow[] {
  const kinds = [undefined, ...options.specifiers];
  const wall = kinds.map((): number[] => []);
  const cpu = kinds.map((): number[] => []);
  for (let round = 0; round < options.rounds; round += 1) {
    for (let step = 0; step < kinds.length; step += 1) {
      const kind = (round + step) % kinds.length;
      const specifier = kinds[kind];
      const load = specifier === undefined ? '' : `await import(${JSON.stringify(specifier)});`;
      const started = process.hrtime.bigint();
      const child = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `${load}const u = process.cpuUsage(); console.log((u.user + u.system) / 1000);`],
        {
          cwd: options.cwd,
          encoding: 'utf8',
        },
      );
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      if (child.status !== 0) throw new Error(`starting node with ${load || 'nothing'} failed: ${child.stderr}`);
      wall[kind]?.push(elapsed);
      cpu[kind]?.push(Number(child.stdout));
    }
  }
  const bareWall = median(wall[0] ?? []);
  const bareCpu = median(cpu[0] ?? []);
  const bareFastest = Math.min(...(wall[0] ?? []));
  return kinds.map((specifier, kind) => {
    const wallMs = median(wall[kind] ?? []);
    const cpuMs = median(cpu[kind] ?? []);
    const fastestWallMs = Math.min(...(wall[kind] ?? []));
    return {
      label: specifier ?? '(bare node)',
      wallMs,
      cpuMs,
      wallRatio: wallMs / bareWall,
      cpuRatio: cpuMs / bareCpu,
      fastestWallMs,
      fastestWallRatio: fastestWallMs / bareFastest,
    };
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}
