/**
 * Every quick start of the README, run as it is written (test/support/doc-loops.ts): each block becomes a module whose
 * `tool-search` imports resolve to src/ (vitest.config.ts), the SDK clients it builds with their defaults reach a local
 * server on 127.0.0.1, and what it `declare`s (your tools, your `runTool`) is provided. The server plays the API over
 * GitHub's 117 MCP tools; the test checks that the loop ended, and that the caller's tool ran with its own name and
 * arguments.
 *
 * scripts/check-installed-package.mjs runs this file again with `TOOL_SEARCH_APP` set to a fresh app holding the
 * packed tarball: the blocks are then written into that app, so `tool-search` is the installed package.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docLoopKindOf, runDocLoop } from '../support/doc-loops.js';

const root = join(import.meta.dirname, '..', '..');
const app = process.env.TOOL_SEARCH_APP;
const generated = app === undefined ? join(root, 'test', '.generated') : join(app, 'quick-starts');
const quickStart = /^## Quick start\n[\s\S]*?(?=^## )/m.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[0] ?? '';
const blocks = [...quickStart.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1] as string);

describe('the README quick starts', () => {
  it('has one quick start per wire API and one per agent framework', () => {
    expect(blocks.map(docLoopKindOf).sort()).toEqual(['ai-sdk', 'anthropic', 'bedrock', 'chat', 'gemini', 'langchain', 'openai-agents', 'responses']);
  });

  it.runIf(app !== undefined)('imports the installed package, not src/', async () => {
    mkdirSync(generated, { recursive: true });
    const probe = join(generated, 'probe.ts');
    writeFileSync(probe, "export { createToolSearch } from 'tool-search';\n");
    const installed = (await import(/* @vite-ignore */ pathToFileURL(probe).href)) as { createToolSearch: unknown };
    const source = await import('../../src/index.js');
    expect(typeof installed.createToolSearch).toBe('function');
    expect(installed.createToolSearch).not.toBe(source.createToolSearch);
  });

  it.each(blocks.map((code, index) => [docLoopKindOf(code) ?? 'unknown', index, code] as const))(
    'runs the %s quick start against a loopback server',
    async (kind, index, code) => {
      if (kind === 'unknown') throw new Error(`quick start ${index + 1} calls no API this test knows`);
      const run = await runDocLoop(code, kind, generated, `quick-start-${index + 1}-${kind}.ts`);
      expect(run.requests).toHaveLength(run.replies);
      expect(run.ran).toEqual([run.expected]);
    },
  );
});
