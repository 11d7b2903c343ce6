// Checks the package as it is published: the tarball scripts/pack-clean-copy.mjs packs from a clean copy of the
// project (its `prepack` script builds dist/; the same pack test/cli/index.test.ts runs the command from, made once
// per change of the sources), and then, against that tarball and the package unpacked from it:
// scripts/check-package.mjs (every subpath loads, no Node built-in), publint, arethetypeswrong, and
// scripts/check-installed-package.mjs (the tarball installed into a fresh app). The four are independent: at most
// two run at once (`CHECK_CONCURRENCY` changes it), and each one's output is printed whole when it ends.
// `npm run check:package`, part of `npm test`.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { cpSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packCleanCopy } from './pack-clean-copy.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const limit = Math.max(1, Number(process.env.CHECK_CONCURRENCY ?? Math.min(2, availableParallelism())));

/** Runs a command to its end, with its output kept: `{ label, status, output, seconds }`. */
function run(label, command, args, options = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ label, status: null, output: `${output}${error.message}\n`, seconds: (Date.now() - started) / 1000 }));
    child.on('close', (status) => resolve({ label, status, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Runs the tasks, at most `limit` at once, printing each one's output when it ends. */
async function runAll(tasks) {
  const results = [];
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      const result = await task();
      process.stdout.write(result.output);
      console.log(`${result.status === 0 ? 'ok' : 'FAILED'} ${result.label} (${result.seconds.toFixed(1)} s)`);
      results.push(result);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

let failed = false;
try {
  const started = Date.now();
  const { tarball, unpacked, reused } = packCleanCopy({ log: (line) => console.log(line) });
  console.log(`ok ${reused ? 'took the kept pack' : 'packed'} ${relative(root, tarball)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // check-package.mjs checks the package it sits in: a copy of it goes into the unpacked tarball.
  mkdirSync(join(unpacked, 'scripts'), { recursive: true });
  cpSync(join(root, 'scripts/check-package.mjs'), join(unpacked, 'scripts/check-package.mjs'));
  const results = await runAll([
    // The longest first, so the short ones fill the other slot.
    () =>
      run('check-installed-package', process.execPath, [join(root, 'scripts/check-installed-package.mjs')], {
        env: { ...process.env, TOOL_SEARCH_TARBALL: tarball },
      }),
    () => run('check-package', process.execPath, [join(unpacked, 'scripts/check-package.mjs')], { cwd: unpacked }),
    () => run('publint', process.execPath, [join(root, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict']),
    () => run('arethetypeswrong', process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'table']),
  ]);
  for (const result of results) {
    if (result.status !== 0) {
      failed = true;
      console.error(`${result.label} exited ${result.status}`);
    }
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : String(error));
}
if (failed) process.exit(1);
console.log('ok the package packed from a clean copy builds, lints and installs');
