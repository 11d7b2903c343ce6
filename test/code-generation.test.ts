import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ENTRIES, bundleEntry, type PackageEntry } from '../bench/bundle-entry.js';

const root = join(import.meta.dirname, '..');
// Inside the project's node_modules, so a bundle finds what an app brings (`ai`, zod for the schemas it passes).
const folder = join(root, 'node_modules', '.cache', 'entry-bundles');
const driver = join(import.meta.dirname, 'support', 'exercise-entry-bundle.mjs');

/** A call that compiles a string to code: `eval(…)`, `Function(…)`, `new Function(…)` (not a method or a name ending so). */
const CODE_FROM_STRINGS = /(?<![\w$.])(?:eval|Function)\s*\(/g;

describe('the bundle of each entry', () => {
  it.each(Object.keys(PACKAGE_ENTRIES) as PackageEntry[])(
    '%s holds no eval or Function constructor and runs without generating code from strings',
    async (entry) => {
      const bundle = await bundleEntry({ entry });
      const code = Buffer.from(bundle.code).toString('utf8');
      expect([...code.matchAll(CODE_FROM_STRINGS)].map((match) => code.slice(Math.max(0, match.index - 60), match.index + 40))).toEqual([]);

      mkdirSync(folder, { recursive: true });
      const file = join(folder, `${entry.replace('/', '-')}.mjs`);
      writeFileSync(file, bundle.code);
      // Node refuses eval and `new Function` under this flag; the driver also records any attempt the code catches.
      const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', driver, entry, file], {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(`${run.stderr}${run.stdout}`.trim()).toBe(`ok ${entry}`);
      expect(run.status).toBe(0);
    },
  );
});
