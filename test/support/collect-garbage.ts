import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Runs a full garbage collection and resolves when a `WeakRef` whose target nothing else holds reads `undefined`:
 * for tests that prove a cache lets go of what it dropped. A `WeakRef` keeps its target for the rest of the job that
 * created or read it, so the collection runs after a macrotask.
 */
export async function collectGarbage(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
}
