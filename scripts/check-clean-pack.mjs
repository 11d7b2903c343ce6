// Checks the package as it is published: the tarball scripts/pack-clean-copy.mjs packs from a clean copy of the
// project (its `prepack` script builds dist/; the same pack test/cli/index.test.ts runs the command from, made once
// per change of the build's inputs), and then, against that tarball and the package unpacked from it:
// scripts/check-package.mjs (every subpath loads, no Node built-in), publint, arethetypeswrong, and the checks of
// scripts/check-installed-package.mjs (the tarball installed into a fresh app). They are independent: one pool runs
// them all, two at a time (scripts/run-bounded.mjs; `CHECK_CONCURRENCY` changes it), each one's output printed when
// it ends. `npm run check:package`, part of `npm test`.
import { cpSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkInstalledPackage } from './check-installed-package.mjs';
import { packCleanCopy } from './pack-clean-copy.mjs';
import { createTaskPool, reportCommand, runCommand } from './run-bounded.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const failures = [];
try {
  const started = Date.now();
  const { tarball, unpacked, reused } = packCleanCopy({ log: (line) => console.log(line) });
  console.log(`ok ${reused ? 'took the kept pack' : 'packed'} ${relative(root, tarball)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // check-package.mjs checks the package it sits in: a copy of it goes into the unpacked tarball.
  mkdirSync(join(unpacked, 'scripts'), { recursive: true });
  cpSync(join(root, 'scripts/check-package.mjs'), join(unpacked, 'scripts/check-package.mjs'));
  const pool = createTaskPool();
  const command = (label, args, options = {}) =>
    pool.add(async () => {
      const result = reportCommand(await runCommand(label, process.execPath, args, { cwd: root, ...options }));
      if (result.status !== 0) failures.push(`${label} exited ${result.status}`);
    });
  // The installed package's checks first: its install is the longest step, and the short checks fill the other slot.
  const installed = checkInstalledPackage(tarball, pool);
  await Promise.all([
    installed.then((found) => failures.push(...found)),
    command('check-package', [join(unpacked, 'scripts/check-package.mjs')], { cwd: unpacked }),
    command('publint', [join(root, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict']),
    command('arethetypeswrong', [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'table']),
  ]);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
}
if (failures.length > 0) {
  console.error(`The packed package is broken:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('ok the package packed from a clean copy builds, lints and installs');
