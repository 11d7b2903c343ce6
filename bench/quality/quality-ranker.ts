import type { ToolDefinition } from '../../src/tools/tool-definition.js';

/** The rankers the quality harness compares. */
export type QualityRankerId = 'library' | 'seed' | 'token' | 'bm25';

/** A ranker built over one catalog: names of the tools it returns for a query, best first, exactly as it returns them. */
export interface QualityRanker {
  readonly id: QualityRankerId | (string & {});
  readonly label: string;
  search(query: string): readonly string[];
}

/** Builds a {@link QualityRanker} over a tool list (the build is what the speed check times). */
export type QualityRankerFactory = (tools: readonly ToolDefinition[]) => QualityRanker;
