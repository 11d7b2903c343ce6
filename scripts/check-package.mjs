// Checks the built package the way a user meets it: every subpath export loads from `dist/` in both ESM and
// CommonJS (through the package's own `exports` map), and nothing in `dist/` imports a Node built-in, so the
// library runs in edge and browser runtimes. Run after `tsup`; `npm test` does both.
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
    const esmNames = Object.keys(esm).filter((name) => name !== 'default' && name !== 'module.exports').sort();
    const cjsNames = Object.keys(cjs).sort();
    if (esmNames.length === 0) failures.push(`${specifier}: the ESM build exports nothing`);
    if (esmNames.join() !== cjsNames.join()) failures.push(`${specifier}: ESM exports [${esmNames}] but CommonJS exports [${cjsNames}]`);
    console.log(`ok ${specifier}: ${esmNames.length} exports in ESM and CommonJS`);
  } catch (error) {
    failures.push(`${specifier}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const builtins = new Set(builtinModules);
const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
for (const file of readdirSync(join(root, 'dist')).filter((name) => /\.(c?js)$/.test(name))) {
  const text = readFileSync(join(root, 'dist', file), 'utf8');
  for (const [, specifier] of text.matchAll(importPattern)) {
    if (specifier.startsWith('node:') || builtins.has(specifier.split('/')[0])) {
      failures.push(`dist/${file} imports the Node built-in "${specifier}"`);
    }
  }
}

if (failures.length > 0) {
  console.error(`The built package is broken:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('ok dist/ imports no Node built-in');
