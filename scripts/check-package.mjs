// Checks the built package the way a user meets it: every subpath export loads from `dist/` in both ESM and
// CommonJS (through the package's own `exports` map), nothing in `dist/` but the command line (`bin`) imports a Node
// built-in, so the library runs in edge and browser runtimes, the command line runs, and an edge app that imports one
// transformer from the built package still bundles it within its budget (test/bundle-size.test.ts measures the
// sources; this measures the chunks the build made of them). Run after `tsup`; `npm test` does both.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const require = createRequire(join(root, 'package.json'));
const failures = [];

for (const subpath of Object.keys(manifest.exports)) {
  if (subpath === './package.json') continue;
  const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
  try {
    const esm = await import(specifier);
    const cjs = require(specifier);
    const esmNames = Object.keys(esm)
      .filter((name) => name !== 'default' && name !== 'module.exports')
      .sort();
    const cjsNames = Object.keys(cjs).sort();
    if (esmNames.length === 0) failures.push(`${specifier}: the ESM build exports nothing`);
    if (esmNames.join() !== cjsNames.join()) failures.push(`${specifier}: ESM exports [${esmNames}] but CommonJS exports [${cjsNames}]`);
    console.log(`ok ${specifier}: ${esmNames.length} exports in ESM and CommonJS`);
  } catch (error) {
    failures.push(`${specifier}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// The command line: the one file allowed Node built-ins, run as `npx tool-search` runs it.
const commandLine = manifest.bin['tool-search'].replace(/^\.\//, '');
const bin = spawnSync(process.execPath, [join(root, commandLine), '--version'], { encoding: 'utf8' });
if (!readFileSync(join(root, commandLine), 'utf8').startsWith('#!/usr/bin/env node\n')) failures.push(`${commandLine} does not start with #!/usr/bin/env node`);
if (bin.status !== 0 || bin.stdout.trim() !== manifest.version)
  failures.push(`${commandLine} --version printed ${JSON.stringify(bin.stdout + bin.stderr)}, exit ${bin.status}`);
else console.log(`ok ${commandLine}: the tool-search command runs`);

const builtins = new Set(builtinModules);
const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
for (const file of readdirSync(join(root, 'dist')).filter((name) => /\.(c?js)$/.test(name) && `dist/${name}` !== commandLine)) {
  const text = readFileSync(join(root, 'dist', file), 'utf8');
  for (const [, specifier] of text.matchAll(importPattern)) {
    if (specifier.startsWith('node:') || builtins.has(specifier.split('/')[0])) {
      failures.push(`dist/${file} imports the Node built-in "${specifier}"`);
    }
  }
}

// One transformer alone, bundled from the built package for the browser (minified, gzip): a chunk's module-level
// statements stay in every app that imports anything from that chunk, so the build can cost more than the sources.
const { build } = await import('esbuild');
const { gzipSync } = await import('node:zlib');
const single = await build({
  stdin: { contents: `export { transformOpenAIResponsesRequest } from '${manifest.name}/openai';`, resolveDir: root },
  bundle: true,
  minify: true,
  platform: 'browser',
  format: 'esm',
  write: false,
  logLevel: 'silent',
});
const singleKB = gzipSync(single.outputFiles[0].contents).length / 1024;
// Issue 30 asks for 20 KB; 20.8 KB from dist/ at main 3527b03 with issue 30's third round. The same ratchet as
// SINGLE_TRANSFORMER_BUDGET in bench/entry-budgets.ts (this script runs in the unpacked tarball, on plain Node, without
// that TypeScript file): test/bundle-size.test.ts keeps the two equal.
const SINGLE_TRANSFORMER_BUDGET = 20;
if (singleKB > SINGLE_TRANSFORMER_BUDGET)
  failures.push(`transformOpenAIResponsesRequest alone bundles to ${singleKB.toFixed(1)} KB gzipped from dist/, above ${SINGLE_TRANSFORMER_BUDGET} KB`);
else console.log(`ok transformOpenAIResponsesRequest alone: ${singleKB.toFixed(1)} KB minified and gzipped from dist/`);

if (failures.length > 0) {
  console.error(`The built package is broken:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`ok dist/ imports no Node built-in outside ${commandLine}`);
