// Runs commands side by side, at most `limit` at once (two by default: the machines `npm test` runs on have two
// cores, and one command per core is as fast as it gets), each one's output kept and printed whole when it ends, with
// its time. Most of `npm test`'s steps use one core (tsc, tsup, npm), so two at a time nearly halves a stage.
//
//   node scripts/run-bounded.mjs "npm run lint" "npm run typecheck:main" …   the commands, in the order to start them
//
// Exits non-zero when a command failed; commands not started yet are skipped then. `CHECK_CONCURRENCY` sets the limit.
// scripts/check-clean-pack.mjs and scripts/check-installed-package.mjs use the same pool for their checks.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The default bound: `CHECK_CONCURRENCY`, else two (or one on a one-core machine). */
export const DEFAULT_LIMIT = Math.max(1, Number(process.env.CHECK_CONCURRENCY ?? Math.min(2, availableParallelism())));

/**
 * Runs a command to its end with its output kept: resolves `{ label, status, output, seconds }` (status `null` when it
 * could not start), never rejects.
 */
export function runCommand(label, command, args, options = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ label, status: null, output: `${output}${error.message}\n`, seconds: (Date.now() - started) / 1000 }));
    child.on('close', (status) => resolve({ label, status, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/**
 * A pool that runs tasks (functions returning a promise) at most `limit` at a time, in the order they were added;
 * a task may add more. `add` resolves with the task's result.
 */
export function createTaskPool(limit = DEFAULT_LIMIT) {
  const queue = [];
  let running = 0;
  const next = () => {
    while (running < limit && queue.length > 0) {
      const { task, resolve, reject } = queue.shift();
      running += 1;
      Promise.resolve()
        .then(task)
        .then(resolve, reject)
        .finally(() => {
          running -= 1;
          next();
        });
    }
  };
  return {
    add(task) {
      return new Promise((resolve, reject) => {
        queue.push({ task, resolve, reject });
        next();
      });
    },
  };
}

/** Prints a finished command's output and its verdict line. */
export function reportCommand(result) {
  process.stdout.write(result.output);
  console.log(`${result.status === 0 ? 'ok' : 'FAILED'} ${result.label} (${result.seconds.toFixed(1)} s)`);
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const commands = process.argv.slice(2);
  const pool = createTaskPool();
  let failed = false;
  await Promise.all(
    commands.map((command) =>
      pool.add(async () => {
        if (failed) return console.log(`skipped ${command} (a command failed)`);
        const result = reportCommand(await runCommand(command, command, [], { shell: true }));
        if (result.status !== 0) failed = true;
      }),
    ),
  );
  if (failed) process.exit(1);
}
