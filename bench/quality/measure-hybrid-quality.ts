import { collectParameterText } from '../../src/search/collect-parameter-text.js';
import { createHybridToolRanker, type CreateHybridToolRankerOptions } from '../../src/search/create-hybrid-tool-ranker.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { createKeywordQuery } from './create-keyword-query.js';
import type { WordEmbedder } from './load-word-embedder.js';
import type { QualitySlice, QualitySliceId } from './load-quality-slices.js';
import type { QueryStyle } from './measure-search-quality.js';
import { scoreRankings, type RankingScores } from './score-rankings.js';
import { splitContentWords } from './split-plain-words.js';

/** One hybrid variant: a label and the options it passes to `createHybridToolRanker` (besides `embed`). */
export interface HybridVariant {
  readonly id: string;
  readonly options: Omit<CreateHybridToolRankerOptions, 'embed'>;
}

/** The variants the bench compares: the default, and the embeddings alone (weight 1, no guard). */
export const HYBRID_VARIANTS: readonly HybridVariant[] = [
  { id: 'hybrid', options: {} },
  { id: 'embeddings', options: { embeddingWeight: 1, lexicalGuard: Number.POSITIVE_INFINITY } },
];

/** Scores of the lexical ranking and of each hybrid variant on one slice and query style. */
export interface HybridQualityRow {
  readonly slice: QualitySliceId;
  readonly sliceLabel: string;
  readonly queryStyle: QueryStyle;
  /** Ranker id (`lexical` or a variant's id) → scores. */
  readonly scores: Readonly<Record<string, RankingScores>>;
  /** Gold tools that share no content word with their request (the benchmark's tokenizer, NLTK stop words removed). */
  readonly noSharedWord: number;
  /** Ranker id → how many of those it returns among its first 5. */
  readonly noSharedWordFound: Readonly<Record<string, number>>;
}

/**
 * The library's lexical ranking against `createHybridToolRanker` with a word-vector embedder on every slice, both
 * query styles, 10 results each: R@1/R@5/MRR, and how many gold tools that share no word with their request each finds
 * in its first 5.
 */
export async function measureHybridQuality(
  embedder: WordEmbedder,
  slices: readonly QualitySlice[],
  variants: readonly HybridVariant[] = HYBRID_VARIANTS,
  queriesPerSlice?: number,
): Promise<HybridQualityRow[]> {
  const rows: HybridQualityRow[] = [];
  const built = new Map<readonly ToolDefinition[], { index: ReturnType<typeof createToolIndex>; words: Map<string, Set<string>> }>();
  for (const slice of slices) {
    let catalog = built.get(slice.catalog);
    if (catalog === undefined) {
      const words = new Map(
        slice.catalog.map((tool) => [
          tool.name,
          new Set(splitContentWords([tool.name, tool.description ?? '', ...collectParameterText(tool.inputSchema)].join(' '))),
        ]),
      );
      catalog = { index: createToolIndex(slice.catalog, { maxResults: 10 }), words };
      built.set(slice.catalog, catalog);
    }
    const { index, words } = catalog;
    const rankers = variants.map((variant) => ({ id: variant.id, rank: createHybridToolRanker({ embed: embedder.embed, ...variant.options }) }));
    const queries = slice.queries.slice(0, queriesPerSlice ?? slice.queries.length);
    for (const queryStyle of ['user-text', 'keywords'] as const) {
      const results: Record<string, { results: string[]; gold: readonly string[] }[]> = { lexical: [] };
      for (const { id } of rankers) results[id] = [];
      let noSharedWord = 0;
      const noSharedWordFound: Record<string, number> = { lexical: 0 };
      for (const { id } of rankers) noSharedWordFound[id] = 0;
      for (const query of queries) {
        const text = queryStyle === 'keywords' ? createKeywordQuery(query.query) : query.query;
        const requestWords = new Set(splitContentWords(text));
        const apart = query.gold.filter((name) => ![...(words.get(name) ?? [])].some((word) => requestWords.has(word)));
        noSharedWord += apart.length;
        const lexical = index.search(text).map((hit) => hit.name);
        results.lexical!.push({ results: lexical, gold: query.gold });
        noSharedWordFound.lexical! += apart.filter((name) => lexical.slice(0, 5).includes(name)).length;
        for (const { id, rank } of rankers) {
          const hits = (await rank({ query: text, tools: slice.catalog, visible: undefined, maxResults: 10, index })).map((hit) => hit.name);
          results[id]!.push({ results: hits, gold: query.gold });
          noSharedWordFound[id]! += apart.filter((name) => hits.slice(0, 5).includes(name)).length;
        }
      }
      const scores: Record<string, RankingScores> = {};
      for (const [id, rankings] of Object.entries(results)) scores[id] = scoreRankings(rankings);
      rows.push({ slice: slice.id, sliceLabel: slice.label, queryStyle, scores, noSharedWord, noSharedWordFound });
    }
  }
  return rows;
}
