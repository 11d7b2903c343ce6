import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import { createKeywordQuery } from './create-keyword-query.js';
import { createLibraryRanker } from './create-library-ranker.js';
import { createSeedRanker } from './create-seed-ranker.js';
import { createTokenRanker } from './create-token-ranker.js';
import { loadBfclCatalog, loadBfclQueries, loadGithubMcpTools, type QualityQuery } from './load-quality-fixtures.js';
import type { QualityRankerFactory } from './quality-ranker.js';
import { scoreRankings, type RankingScores } from './score-rankings.js';

/** How a request becomes a query: as the user wrote it, or as keywords (see `createKeywordQuery`). */
export type QueryStyle = 'user-text' | 'keywords';

/** The catalogs measured: BFCL alone, or BFCL with GitHub's MCP tools added as distractors. */
export type QualityCatalogId = 'bfcl' | 'bfcl+github';

/** One ranker on one catalog with one query style. */
export interface SearchQualityRow extends RankingScores {
  readonly ranker: string;
  readonly label: string;
  readonly catalog: QualityCatalogId;
  readonly catalogSize: number;
  readonly queryStyle: QueryStyle;
}

/** The figures of {@link measureSearchQuality}, as data. */
export interface SearchQualityResult {
  readonly rows: readonly SearchQualityRow[];
  readonly queryCount: number;
}

/** The four rankers the issue compares, plus the library's top band switched off to show what the band costs. */
export const QUALITY_RANKERS: readonly QualityRankerFactory[] = [
  (tools) => createLibraryRanker(tools),
  (tools) => createLibraryRanker(tools, { minScoreRatio: 0 }, { id: 'library-no-band', label: 'library without the top band (minScoreRatio 0)' }),
  createSeedRanker,
  createTokenRanker,
  createBm25Ranker,
];

/**
 * Recall@1/3/5/8 and MRR of every ranker on the BFCL dev queries, for both query styles, over BFCL's 1,287 tools
 * and over BFCL plus GitHub's 117 MCP tools as distractors. Deterministic: the same checkout gives the same figures.
 */
export function measureSearchQuality(options: {
  readonly rankers?: readonly QualityRankerFactory[];
  readonly queries?: readonly QualityQuery[];
  readonly catalogs?: readonly QualityCatalogId[];
} = {}): SearchQualityResult {
  const queries = options.queries ?? loadBfclQueries();
  const bfcl = loadBfclCatalog();
  const catalogs: Record<QualityCatalogId, ToolDefinition[]> = {
    bfcl,
    'bfcl+github': withDistractors(bfcl, loadGithubMcpTools()),
  };
  const styles: Record<QueryStyle, string[]> = {
    'user-text': queries.map((query) => query.query),
    keywords: queries.map((query) => createKeywordQuery(query.query)),
  };
  const rows: SearchQualityRow[] = [];
  for (const catalog of options.catalogs ?? (['bfcl', 'bfcl+github'] as const)) {
    for (const factory of options.rankers ?? QUALITY_RANKERS) {
      const ranker = factory(catalogs[catalog]);
      for (const queryStyle of ['user-text', 'keywords'] as const) {
        const rankings = queries.map((query, index) => ({ results: ranker.search(styles[queryStyle][index]!), gold: query.gold }));
        rows.push({ ranker: ranker.id, label: ranker.label, catalog, catalogSize: catalogs[catalog].length, queryStyle, ...scoreRankings(rankings) });
      }
    }
  }
  return { rows, queryCount: queries.length };
}

/** BFCL followed by the distractors whose names BFCL does not already use. */
function withDistractors(tools: readonly ToolDefinition[], distractors: readonly ToolDefinition[]): ToolDefinition[] {
  const names = new Set(tools.map((tool) => tool.name));
  return [...tools, ...distractors.filter((tool) => !names.has(tool.name))];
}
