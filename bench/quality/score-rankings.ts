/** The cut-offs recall is reported at. */
export const RECALL_CUTOFFS = [1, 3, 5, 8] as const;

/** Recall at each cut-off and MRR, averaged over queries. */
export interface RankingScores {
  /** Share of gold tools in the first k results, averaged over queries. */
  readonly recallAt: { readonly [k in (typeof RECALL_CUTOFFS)[number]]: number };
  /** Mean over queries of 1 / rank of the first gold tool among the results (0 when none is returned). */
  readonly mrr: number;
  /** Mean number of results returned per query. */
  readonly meanResults: number;
  readonly queries: number;
}

/**
 * Scores ranked result lists against gold names (the data README's definitions): recall@k = |gold ∩ first k| /
 * |gold|, averaged over queries; MRR = mean reciprocal rank of the first gold tool.
 */
export function scoreRankings(rankings: readonly { readonly results: readonly string[]; readonly gold: readonly string[] }[]): RankingScores {
  const recallSums = RECALL_CUTOFFS.map(() => 0);
  let reciprocalSum = 0;
  let resultSum = 0;
  for (const { results, gold } of rankings) {
    const goldSet = new Set(gold);
    RECALL_CUTOFFS.forEach((k, index) => {
      const found = results.slice(0, k).filter((name) => goldSet.has(name)).length;
      recallSums[index]! += found / goldSet.size;
    });
    const firstGold = results.findIndex((name) => goldSet.has(name));
    if (firstGold >= 0) reciprocalSum += 1 / (firstGold + 1);
    resultSum += results.length;
  }
  const count = Math.max(rankings.length, 1);
  const [at1, at3, at5, at8] = recallSums.map((sum) => sum / count) as [number, number, number, number];
  return { recallAt: { 1: at1, 3: at3, 5: at5, 8: at8 }, mrr: reciprocalSum / count, meanResults: resultSum / count, queries: rankings.length };
}
