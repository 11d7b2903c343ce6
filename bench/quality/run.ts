import { formatScore } from '../format-figure.js';
import { measureSearchQuality } from './measure-search-quality.js';

const quality = measureSearchQuality();
console.log(`Search quality on BFCL dev (${quality.queryCount} queries); figures are user text / keywords\n`);
console.log(['catalog', 'ranker', 'R@1', 'R@3', 'R@5', 'R@8', 'MRR', 'results'].join('\t'));
const byKey = new Map<string, (typeof quality.rows)[number][]>();
for (const row of quality.rows) {
  const key = `${row.catalog}\t${row.ranker}`;
  byKey.set(key, [...(byKey.get(key) ?? []), row]);
}
for (const [key, [user, keywords]] of byKey) {
  const pair = (pick: (row: typeof user) => number): string => `${formatScore(pick(user!))} / ${formatScore(pick(keywords!))}`;
  console.log([key, pair((r) => r!.recallAt[1]), pair((r) => r!.recallAt[3]), pair((r) => r!.recallAt[5]), pair((r) => r!.recallAt[8]), pair((r) => r!.mrr), pair((r) => r!.meanResults)].join('\t'));
}
