import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A function that runs a full garbage collection, for heap measurements: `global.gc` when Node runs with
 * `--expose-gc` (`tsx --expose-gc bench/run.ts`), otherwise the same function obtained by turning the flag on at run
 * time (`v8.setFlagsFromString`) and reading `gc` from a fresh context, so `npm run bench` works with either script.
 */
export function resolveGarbageCollector(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as (() => void) | undefined;
  if (typeof collect !== 'function') throw new Error('cannot reach the garbage collector; run node with --expose-gc');
  return collect;
}
