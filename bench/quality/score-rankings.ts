/** The cut-offs recall is reported at. */
export const RECALL_CUTOFFS = [1, 3, 5, 8, 10] as const;

/** Recall at each cut-off, MRR and nDCG@10, averaged over queries. */
export interface RankingScores {
  /** Share of gold tools in the first k results, averaged over queries. */
  readonly recallAt: { readonly [k in (typeof RECALL_CUTOFFS)[number]]: number };
  /** Mean over queries of 1 / rank of the first gold tool among the results (0 when none is returned). */
  readonly mrr: number;
  /**
   * Mean over queries of nDCG@10 with binary relevance: `Σ_{i ≤ 10, result i gold} 1 / log2(i + 1)` over the same sum
   * for an ideal list (every gold tool first).
   */
  readonly ndcgAt10: number;
  /** Mean number of results returned per query. */
  readonly meanResults: number;
  readonly queries: number;
}

/**
 * Scores ranked result lists against gold names (the data README's definitions): recall@k = |gold ∩ first k| /
 * |gold|, averaged over queries; MRR = mean reciprocal rank of the first gold tool; nDCG@10 with binary relevance.
 */
export function scoreRankings(rankings: readonly { readonly results: readonly string[]; readonly gold: readonly string[] }[]): RankingScores {
  const recallSums = RECALL_CUTOFFS.map(() => 0);
  let reciprocalSum = 0;
  let ndcgSum = 0;
  let resultSum = 0;
  for (const { results, gold } of rankings) {
    const goldSet = new Set(gold);
    RECALL_CUTOFFS.forEach((k, index) => {
      const found = results.slice(0, k).filter((name) => goldSet.has(name)).length;
      recallSums[index]! += found / goldSet.size;
    });
    const firstGold = results.findIndex((name) => goldSet.has(name));
    if (firstGold >= 0) reciprocalSum += 1 / (firstGold + 1);
    let gain = 0;
    let ideal = 0;
    results.slice(0, 10).forEach((name, position) => {
      if (goldSet.has(name)) gain += 1 / Math.log2(position + 2);
    });
    for (let position = 0; position < Math.min(goldSet.size, 10); position += 1) ideal += 1 / Math.log2(position + 2);
    if (ideal > 0) ndcgSum += gain / ideal;
    resultSum += results.length;
  }
  const count = Math.max(rankings.length, 1);
  const [at1, at3, at5, at8, at10] = recallSums.map((sum) => sum / count) as [number, number, number, number, number];
  return {
    recallAt: { 1: at1, 3: at3, 5: at5, 8: at8, 10: at10 },
    mrr: reciprocalSum / count,
    ndcgAt10: ndcgSum / count,
    meanResults: resultSum / count,
    queries: rankings.length,
  };
}
