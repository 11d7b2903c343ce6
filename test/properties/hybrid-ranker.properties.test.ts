import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { createHybridToolRanker, type EmbedTexts } from '../../src/search/create-hybrid-tool-ranker.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { PROPERTY_TIMEOUT, applyEmbeddingReply, createCaseCounter, embeddingReply, propertyParameters } from '../support/arbitraries.js';
import { manyTools } from '../support/tools.js';

const counter = createCaseCounter('hybrid ranker');
afterAll(() => counter.report());

const CATALOG: readonly ToolDefinition[] = manyTools(30);
const INDEX = createToolIndex(CATALOG);
const NAMES = new Set(CATALOG.map((tool) => tool.name));
const QUERIES = ['read a file', 'send the message', 'tool 7', 'weather in Paris', 'x', ''];

describe('createHybridToolRanker with an embedder that returns junk (issue 24, item 13)', () => {
  it(
    'every search gives valid hits or a typed error (or the embedder’s own), and once the embedder is fixed every search succeeds',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(embeddingReply, { minLength: 1, maxLength: 6 }),
          fc.array(fc.record({ query: fc.constantFrom(...QUERIES), visible: fc.option(fc.subarray([...NAMES]), { nil: undefined }) }), {
            minLength: 1,
            maxLength: 4,
          }),
          fc.integer({ min: 1, max: 12 }),
          async (replies, searches, maxResults) => {
            let call = 0;
            let fixed = false;
            const embed: EmbedTexts = async (texts) => applyEmbeddingReply(fixed ? { kind: 'good' } : replies[call++ % replies.length]!, texts) as number[][];
            const rank = createHybridToolRanker({ embed, batchSize: 7 });
            const run = (search: (typeof searches)[number]) =>
              rank({
                query: search.query,
                tools: CATALOG,
                visible: search.visible === undefined ? undefined : new Set(search.visible),
                maxResults,
                index: INDEX,
              });
            for (const search of searches) {
              try {
                checkHits(await run(search), search.visible, maxResults);
                counter.count('ranked');
              } catch (error) {
                expect(isToolSearchError(error) || (error as Error).message === 'embedder unavailable').toBe(true);
                counter.count('refused');
              }
            }
            fixed = true;
            for (const search of searches) checkHits(await run(search), search.visible, maxResults);
          },
        ),
        propertyParameters(Number(process.env.FC_RUNS ?? 300)),
      );
    },
    PROPERTY_TIMEOUT,
  );
});

function checkHits(hits: readonly { name: string; score: number }[], visible: readonly string[] | undefined, maxResults: number): void {
  expect(hits.length).toBeLessThanOrEqual(maxResults);
  expect(new Set(hits.map((hit) => hit.name)).size).toBe(hits.length);
  for (const hit of hits) {
    expect(NAMES.has(hit.name)).toBe(true);
    if (visible !== undefined) expect(visible).toContain(hit.name);
    expect(Number.isFinite(hit.score)).toBe(true);
  }
}
