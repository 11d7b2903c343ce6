// Packs the package the way a fresh clone does and checks the tarball: the project's files (what git tracks or would
// track: no dist/, nothing ignored) are copied into a temporary folder, `npm pack` runs there (its `prepack` script
// builds dist/; node_modules is this project's, linked, so nothing is downloaded), and then, against that build and
// that tarball: scripts/check-package.mjs (every subpath loads, no Node built-in), publint, arethetypeswrong and
// scripts/check-installed-package.mjs (the tarball installed into a fresh app). `npm run check:package`, part of
// `npm test`. Set KEEP_COPY=1 to keep the copy for a look.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const copy = mkdtempSync(join(tmpdir(), 'tool-search-clean-'));
const packed = mkdtempSync(join(tmpdir(), 'tool-search-tarball-'));

function run(label, command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  process.stdout.write(result.stdout);
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`${label}: \`${[command, ...args].join(' ')}\` exited ${result.status}`);
  }
  return result.stdout;
}

/** The project's own files: what git tracks or would track (untracked but not ignored), or, without git, every file
 * but the folders a build, an install or a test run makes. */
function listProjectFiles() {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (git.status === 0) return git.stdout.split('\0').filter((file) => file !== '' && existsSync(join(root, file)));
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
  return files;
}

let failed = false;
try {
  const files = listProjectFiles();
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  if (existsSync(join(copy, 'dist'))) throw new Error('the clean copy has a dist/ folder: it must be built by `prepack`');
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  console.log(`ok copied ${files.length} project files, without dist/, to ${copy}`);

  const tarball = join(packed, run('npm pack', npm, ['pack', '--silent', '--pack-destination', packed]).trim().split('\n').pop());
  const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
  if (!listing.includes('package/dist/index.js') || !listing.includes('package/dist/cli.js')) {
    throw new Error(`npm pack in a clean copy gave a tarball without the build (prepack): ${listing.filter(Boolean).join(', ')}`);
  }
  console.log(`ok npm pack in the clean copy built dist/ (prepack): ${listing.filter(Boolean).length} files in ${relative(packed, tarball)}`);

  run('check-package', process.execPath, [join(copy, 'scripts/check-package.mjs')]);
  run('publint', process.execPath, [join(root, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict']);
  run('arethetypeswrong', process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'table']);
  run('check-installed-package', process.execPath, [join(root, 'scripts/check-installed-package.mjs')], {
    cwd: root,
    env: { ...process.env, TOOL_SEARCH_TARBALL: tarball },
  });
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  if (process.env.KEEP_COPY !== '1') rmSync(copy, { recursive: true, force: true });
  rmSync(packed, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log('ok the package packed from a clean copy builds, lints and installs');
