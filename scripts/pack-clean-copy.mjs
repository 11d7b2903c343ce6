// Packs the package once, the way a fresh clone does, for every check that needs the built package: the project's
// files (what git tracks or would track: no dist/, nothing ignored) are copied into a temporary folder, `npm pack`
// runs there (its `prepack` script builds dist/; node_modules is this project's, linked, so nothing is downloaded),
// and the tarball, and the package unpacked from it, are kept in node_modules/.cache/tool-search-pack/ with a
// fingerprint of the files they were built from. The next call with the same files takes them as they are:
// test/cli/index.test.ts (the `tool-search` command, spawned) and scripts/check-clean-pack.mjs (the tarball's checks)
// share one build. `npm test` runs it first (`npm run pack:clean`), so no test file pays for the build.
//
// `node scripts/pack-clean-copy.mjs` prints the tarball's path; `--force` packs again whatever the fingerprint says.
// Set KEEP_COPY=1 to keep the clean copy for a look.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Where the pack is kept: inside node_modules, so the unpacked command finds this project's dependencies. */
export const PACK_FOLDER = join(root, 'node_modules', '.cache', 'tool-search-pack');

/**
 * The project's own files: what git tracks or would track (untracked but not ignored), or, without git, every file
 * but the folders a build, an install or a test run makes.
 */
export function listProjectFiles() {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (git.status === 0)
    return git.stdout
      .split('\0')
      .filter((file) => file !== '' && existsSync(join(root, file)))
      .sort();
  const skipped = new Set(['.git', 'node_modules', 'dist', 'coverage', '.generated']);
  const files = [];
  (function walk(folder) {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (skipped.has(name) || name.endsWith('.tgz')) continue;
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(root, path));
    }
  })(root);
  return files.sort();
}

/**
 * What the tarball is made of: the sources and the build's configuration (dist/), the manifest and the lockfile (the
 * build's tools and the package's dependencies), the README and licence it ships, and this script. A change to
 * anything else (a test, a doc page) leaves the pack as it is.
 */
const PACK_INPUTS = [
  /^src\//,
  /^package(-lock)?\.json$/,
  /^tsup\.config\.ts$/,
  /^tsconfig[\w.-]*\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^scripts\/pack-clean-copy\.mjs$/,
];

/** A hash of the pack's inputs (paths and bytes) and of the Node version that builds them. */
function fingerprint(files) {
  const hash = createHash('sha256').update(`${process.version}\n`);
  for (const file of files.filter((path) => PACK_INPUTS.some((input) => input.test(path)))) {
    hash
      .update(`${file}\n`)
      .update(readFileSync(join(root, file)))
      .update('\n');
  }
  return hash.digest('hex');
}

/**
 * The package packed from a clean copy of the project's files: `{ tarball, unpacked, reused }`, where `unpacked` is
 * the tarball's `package/` folder (its dist/, package.json, README). Packs only when the files changed since the kept
 * pack (or with `force`); two processes asking at once wait for one pack (a lock folder).
 */
export function packCleanCopy({ force = false, log = () => {} } = {}) {
  const files = listProjectFiles();
  const print = fingerprint(files);
  const stamp = join(PACK_FOLDER, 'fingerprint');
  const lock = `${PACK_FOLDER}.lock`;
  mkdirSync(dirname(PACK_FOLDER), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A pack under way elsewhere; one left by a killed process is taken over after 20 minutes.
      if (Date.now() - statSync(lock).mtimeMs > 20 * 60_000) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    const kept = existsSync(stamp) ? JSON.parse(readFileSync(stamp, 'utf8')) : null;
    if (!force && kept?.fingerprint === print && existsSync(join(PACK_FOLDER, kept.tarball)) && existsSync(join(PACK_FOLDER, 'package', 'package.json'))) {
      log(`ok reused the package packed from these files (${relative(root, join(PACK_FOLDER, kept.tarball))})`);
      return { tarball: join(PACK_FOLDER, kept.tarball), unpacked: join(PACK_FOLDER, 'package'), reused: true };
    }
    const made = pack(files, log);
    rmSync(PACK_FOLDER, { recursive: true, force: true });
    renameSync(made.folder, PACK_FOLDER);
    writeFileSync(stamp, `${JSON.stringify({ fingerprint: print, tarball: made.tarball }, null, 2)}\n`);
    return { tarball: join(PACK_FOLDER, made.tarball), unpacked: join(PACK_FOLDER, 'package'), reused: false };
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Copies the files, packs the copy, unpacks the tarball: a folder (next to PACK_FOLDER) holding both. */
function pack(files, log) {
  const copy = mkdtempSync(join(tmpdir(), 'tool-search-clean-'));
  const folder = mkdtempSync(`${PACK_FOLDER}-new-`);
  try {
    for (const file of files) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(root, file), join(copy, file));
    }
    if (existsSync(join(copy, 'dist'))) throw new Error('the clean copy has a dist/ folder: it must be built by `prepack`');
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
    log(`ok copied ${files.length} project files, without dist/, to ${copy}`);
    const packed = spawnSync(npm, ['pack', '--silent', '--pack-destination', folder], { cwd: copy, encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(`\`npm pack\` in the clean copy exited ${packed.status}:\n${packed.stdout}${packed.stderr}`);
    const tarball = packed.stdout.trim().split('\n').pop();
    const unpacked = spawnSync('tar', ['-xzf', tarball], { cwd: folder, encoding: 'utf8' });
    if (unpacked.status !== 0) throw new Error(`\`tar -xzf ${tarball}\` exited ${unpacked.status}: ${unpacked.stderr}`);
    if (!existsSync(join(folder, 'package', 'dist', 'index.js')) || !existsSync(join(folder, 'package', 'dist', 'cli.js'))) {
      throw new Error(`npm pack in a clean copy gave a tarball without the build (prepack): ${readdirSync(join(folder, 'package')).join(', ')}`);
    }
    log(`ok npm pack in the clean copy built dist/ (prepack): ${tarball}`);
    return { folder, tarball };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    if (process.env.KEEP_COPY !== '1') rmSync(copy, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { tarball, reused } = packCleanCopy({ force: process.argv.includes('--force'), log: (line) => console.log(line) });
  console.log(`ok ${reused ? 'kept' : 'packed'} ${relative(root, tarball)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
