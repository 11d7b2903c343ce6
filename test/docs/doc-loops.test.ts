/**
 * Every loop in docs/, run as it is written (test/support/doc-loops.ts), as the README's quick starts are: each block
 * that builds an SDK client and loops over the model's turns becomes a module whose `tool-search` imports resolve to
 * src/, and it runs against a local server that plays its API over GitHub's 117 MCP tools, with what it `declare`s
 * (your tools, `runTool`, `dispatch`) provided. The test checks that the loop ended after the scripted turns and that
 * your tool ran with its own name and arguments. Every other block is type-checked only (scripts/check-readme-code.mjs,
 * with every block of README.md and docs/).
 *
 * scripts/check-installed-package.mjs runs this file again with `TOOL_SEARCH_APP` set to a fresh app holding the
 * packed tarball: the blocks are then written into that app, so `tool-search` is the installed package.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docLoopKindOf, isDocLoop, runDocLoop } from '../support/doc-loops.js';

const root = join(import.meta.dirname, '..', '..');
const app = process.env.TOOL_SEARCH_APP;
const generated = app === undefined ? join(root, 'test', '.generated') : join(app, 'doc-loops');
const loops = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .flatMap((name) => {
    const text = readFileSync(join(root, 'docs', name), 'utf8');
    return [...text.matchAll(/^```ts\n([\s\S]*?)^```/gm)]
      .filter((match) => isDocLoop(match[1] as string))
      .map((match) => {
        const code = match[1] as string;
        const line = text.slice(0, match.index).split('\n').length + 1;
        return { where: `docs/${name}:${line}`, file: `${name.replace('.md', '')}-${line}`, code, kind: docLoopKindOf(code) };
      });
  });

describe('the loops in docs/', () => {
  it('finds the loops of the session API and low-level API pages, one per kind they show', () => {
    expect(loops.map((loop) => `${loop.where.split(':')[0]} ${loop.kind}`)).toEqual([
      'docs/low-level-api.md chat',
      'docs/low-level-api.md responses-native',
      'docs/session-api.md anthropic-native',
      'docs/session-api.md responses',
      'docs/session-api.md chat',
      'docs/session-api.md anthropic',
      'docs/session-api.md gemini',
    ]);
  });

  it.each(loops.map((loop) => [loop.where, loop.kind, loop] as const))('runs the loop at %s (%s) against a loopback server', async (_where, kind, loop) => {
    if (kind === undefined) throw new Error(`${loop.where} calls no API this test knows`);
    const run = await runDocLoop(loop.code, kind, generated, `doc-loop-${loop.file}.ts`);
    expect(run.requests).toHaveLength(run.replies);
    expect(run.ran).toEqual([run.expected]);
    // Native delivery: the turn that loaded the tool ends with the provider's addition, which later requests replay.
    const last = JSON.stringify(run.requests.at(-1)?.body);
    if (kind === 'responses-native') expect(last).toContain('"type":"additional_tools"');
    if (kind === 'anthropic-native') {
      expect(last).toContain('"type":"tool_addition"');
      expect(run.requests.at(-1)?.headers['anthropic-beta']).toBeDefined();
    }
  });
});
