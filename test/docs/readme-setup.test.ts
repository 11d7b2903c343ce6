/**
 * What the README tells a new user to set up before the quick starts: that they are ES modules (top-level `await`),
 * how to install the package from a clone or a tarball while it is not on the registry, and how long `npm test` takes.
 * scripts/check-installed-package.mjs installs the tarball the way the README's commands do.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; scripts: Record<string, string> };
/** A section of the README: its heading line up to the next heading of its level or above. */
const section = (heading: string) => {
  const level = heading.indexOf(' ');
  return new RegExp(`^${heading}\\n[\\s\\S]*?(?=^#{2,${level}} )`, 'm').exec(readme)?.[0] ?? '';
};
const blocks = (text: string, language: string) =>
  [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map((match) => match[1] as string);

describe('the README’s set-up', () => {
  describe('the quick starts', () => {
    const quickStart = section('## Quick start');

    it('are ES modules: every one awaits at the top level, outside any function', () => {
      const quickStarts = blocks(quickStart, 'ts');
      expect(quickStarts).toHaveLength(8);
      for (const code of quickStarts) expect(code).toMatch(/^(for \(.*\) \{\n(?: {2}.*\n)*? {2}.*\bawait\b|(const|let) .*= await )/m);
    });

    it('say so, and how to run one as ESM or from CommonJS', () => {
      expect(quickStart).toContain('**The blocks are ES modules**: they use top-level `await`');
      expect(quickStart).toContain('`"type": "module"`');
      expect(quickStart).toContain('`.mjs` or `.mts`');
      expect(quickStart).toContain('wrap it in `async function main() { … }`');
    });
  });

  describe('installing from a clone or a tarball', () => {
    const commands = blocks(section('### Install from a clone or a tarball'), 'sh').join('\n');

    it('builds the tarball with npm pack after npm ci, and installs the file npm pack writes', () => {
      expect(commands).toMatch(/npm ci && npm pack/);
      const installed = /npm install (\S+\.tgz)/.exec(commands)?.[1];
      expect(installed?.split('/').at(-1)).toBe(`${manifest.name}-${manifest.version}.tgz`);
      // npm pack builds dist/ first: the package's prepack script.
      expect(manifest.scripts.prepack).toBe('npm run build');
    });
  });

  describe('the development commands', () => {
    const development = section('## Development');

    it('say how long npm test takes, and on what machine', () => {
      expect(development).toMatch(/`npm test` takes about \d+(\.\d+)? minutes? on an idle 2-core machine/);
    });
  });
});
