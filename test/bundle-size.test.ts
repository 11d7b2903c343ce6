import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleEntry, type PackageEntry } from '../bench/bundle-entry.js';
import { ENTRY_BUDGETS, SINGLE_TRANSFORMER_BUDGET } from '../bench/entry-budgets.js';

const KB = 1024;

/** Each API's transformer, its entry and the folder of its wire code. */
const TRANSFORMERS: readonly (readonly [string, PackageEntry, string])[] = [
  ['transformOpenAIResponsesRequest', 'tool-search/openai', 'openai'],
  ['transformOpenAIChatRequest', 'tool-search/openai', 'openai'],
  ['transformAnthropicMessagesRequest', 'tool-search/anthropic', 'anthropic'],
  ['transformGeminiRequest', 'tool-search/gemini', 'gemini'],
  ['transformBedrockConverseRequest', 'tool-search/bedrock', 'bedrock'],
];

// The budgets and why they are what they are: bench/entry-budgets.ts.
describe('the bundle an edge app ships', () => {
  it.each(Object.entries(ENTRY_BUDGETS) as [PackageEntry, number][])('%s costs at most %d KB minified and gzipped', async (entry, budget) => {
    const bundle = await bundleEntry({ entry });
    expect(bundle.gzipBytes / KB).toBeLessThanOrEqual(budget);
  });

  it(`costs at most ${SINGLE_TRANSFORMER_BUDGET} KB for transformOpenAIResponsesRequest alone`, async () => {
    const bundle = await bundleEntry({ entry: 'tool-search/openai', names: ['transformOpenAIResponsesRequest'] });
    expect(bundle.gzipBytes / KB).toBeLessThanOrEqual(SINGLE_TRANSFORMER_BUDGET);
  });

  it('holds the same single-transformer budget in the packed-package check (scripts/check-package.mjs, from dist/)', () => {
    const script = readFileSync(join(import.meta.dirname, '..', 'scripts', 'check-package.mjs'), 'utf8');
    expect(/^const SINGLE_TRANSFORMER_BUDGET = (\d+(?:\.\d+)?);$/m.exec(script)?.[1]).toBe(String(SINGLE_TRANSFORMER_BUDGET));
  });

  it.each(TRANSFORMERS)('takes for %s alone its own API and the core, not another API, the command line or zod', async (name, entry, api) => {
    const bundle = await bundleEntry({ entry, names: [name] });
    const paths = bundle.modules.map((module) => module.path);
    expect(paths.some((path) => path.startsWith(`src/providers/${api}/`))).toBe(true);
    expect(paths.filter((path) => /^src\/providers\//.test(path) && !path.startsWith(`src/providers/${api}/`))).toEqual([]);
    expect(paths.filter((path) => /^src\/(cli|integrations)\//.test(path) || path.includes('node_modules/zod/'))).toEqual([]);
  });

  it('takes no zod with createToolDefinition (the package converts zod schemas itself)', async () => {
    const bundle = await bundleEntry({ entry: 'tool-search', names: ['createToolDefinition'] });
    expect(bundle.modules.filter((module) => module.path.includes('node_modules/zod/'))).toEqual([]);
  });
});
