import type { BenchPart } from './bench-context.js';
import type { BenchChart, BenchTable, BenchTarget } from './bench-report.js';
import { formatScore } from './format-figure.js';
import { measureSearchQuality, type SearchQualityRow } from './quality/measure-search-quality.js';

/**
 * Part 2, search quality: recall@1/3/5/8 and MRR on the BFCL dev requests, as the user wrote them and as keywords,
 * for the library, the seed's literal rule, a token-match ranker and BM25 (minisearch), over BFCL and over BFCL with
 * GitHub's MCP tools as distractors. The measuring is `bench/quality`'s `measureSearchQuality`; this part formats it.
 */
export const SEARCH_QUALITY_PART: BenchPart = {
  id: 'search-quality',
  title: 'Search quality',
  async run(context) {
    const { settings, fixtures } = context;
    const queries = fixtures.bfclQueries.slice(0, Math.min(settings.qualityQueries, fixtures.bfclQueries.length));
    const result = measureSearchQuality({ queries });
    const sample = queries.length < fixtures.bfclQueries.length ? ` (quick sample: the first ${queries.length} of ${fixtures.bfclQueries.length})` : '';
    const tables: BenchTable[] = ['bfcl', 'bfcl+github'].map((catalog) => {
      const rows = result.rows.filter((row) => row.catalog === catalog);
      const size = rows[0]?.catalogSize ?? 0;
      return {
        title: `${catalog === 'bfcl' ? 'BFCL' : 'BFCL + GitHub MCP distractors'} (${size} tools), ${result.queryCount} dev requests${sample}: user text / keywords`,
        columns: ['ranker', 'R@1', 'R@3', 'R@5', 'R@8', 'MRR', 'results per query'],
        rows: pairs(rows).map(([user, keywords]) => {
          const both = (pick: (row: SearchQualityRow) => number, format: (value: number) => string = formatScore) => `${format(pick(user))} / ${format(pick(keywords))}`;
          return [
            user.label,
            both((row) => row.recallAt[1]),
            both((row) => row.recallAt[3]),
            both((row) => row.recallAt[5]),
            both((row) => row.recallAt[8]),
            both((row) => row.mrr),
            both((row) => row.meanResults, (value) => value.toFixed(1)),
          ];
        }),
      };
    });
    return {
      notes: [
        'Recall@k: share of a request\'s gold tools among the first k results `tool_search` would return, averaged over requests; MRR: mean reciprocal rank of the first gold tool (0 when none is returned). Each ranker is scored on exactly what it returns (the library after its top band and result cap; the seed\'s rule after its band and its 8; the token ranker\'s 5; BM25\'s first 8).',
        'Query styles: the user\'s request as written, and a keyword view (`createKeywordQuery`: its first six content words, NLTK stop words removed) standing in for the few words a model writes when it calls `tool_search`.',
        'Rankers: `bench/quality/` (the seed\'s rule re-implemented from its documented definition, the AI SDK-style token match, minisearch BM25 over name, description and parameter text). The distractor catalog adds GitHub\'s 117 MCP tools to BFCL.',
      ],
      tables,
      charts: [formatQualityChart(result.rows)],
      targets: resolveQualityTargets(result.rows, sample),
      missing: [],
    };
  },
};

const RANKER_SERIES: Readonly<Record<string, string>> = {
  library: 'library (createToolIndex)',
  'library-no-band': 'library without its top band',
  seed: "seed's rule",
  token: 'token match (AI SDK style)',
  bm25: 'BM25 (minisearch)',
};

function pairs(rows: readonly SearchQualityRow[]): [SearchQualityRow, SearchQualityRow][] {
  return rows
    .filter((row) => row.queryStyle === 'user-text')
    .flatMap((user) => {
      const keywords = rows.find((row) => row.queryStyle === 'keywords' && row.ranker === user.ranker && row.catalog === user.catalog);
      return keywords === undefined ? [] : [[user, keywords] as [SearchQualityRow, SearchQualityRow]];
    });
}

function formatQualityChart(rows: readonly SearchQualityRow[]): BenchChart {
  const groups = [
    ['bfcl', 'user-text', 'BFCL, user text'],
    ['bfcl', 'keywords', 'BFCL, keywords'],
    ['bfcl+github', 'user-text', 'BFCL + GitHub, user text'],
    ['bfcl+github', 'keywords', 'BFCL + GitHub, keywords'],
  ] as const;
  return {
    file: 'search-quality.svg',
    title: 'Search quality: recall@5 on BFCL dev (higher is better)',
    unit: 'recall@5',
    scale: 'linear',
    max: 1,
    digits: 3,
    groups: groups.map(([catalog, style, label]) => ({
      label,
      bars: rows.filter((row) => row.catalog === catalog && row.queryStyle === style).map((row) => ({ series: RANKER_SERIES[row.ranker] ?? row.ranker, value: row.recallAt[5] })),
    })),
  };
}

function resolveQualityTargets(rows: readonly SearchQualityRow[], sample: string): BenchTarget[] {
  const find = (ranker: string, style: 'user-text' | 'keywords') => rows.find((row) => row.catalog === 'bfcl' && row.ranker === ranker && row.queryStyle === style);
  const library = { user: find('library', 'user-text'), keywords: find('library', 'keywords') };
  const bm25 = { user: find('bm25', 'user-text'), keywords: find('bm25', 'keywords') };
  const seed = { user: find('seed', 'user-text'), keywords: find('seed', 'keywords') };
  const token = { user: find('token', 'user-text'), keywords: find('token', 'keywords') };
  if (library.user === undefined || library.keywords === undefined) return [];
  const r5 = (row: SearchQualityRow | undefined) => (row === undefined ? Number.NaN : row.recallAt[5]);
  const targets: BenchTarget[] = [
    {
      target: `Search, BFCL dev${sample}: recall@5 ≥ 0.80 (user text) and ≥ 0.66 (keywords)`,
      figure: `${formatScore(r5(library.user))} / ${formatScore(r5(library.keywords))}`,
      status: r5(library.user) >= 0.8 && r5(library.keywords) >= 0.66 ? 'met' : 'missed',
    },
  ];
  if (bm25.user !== undefined && bm25.keywords !== undefined) {
    targets.push({
      target: 'Search: recall@5 at or above BM25 (minisearch, same run)',
      figure: `library ${formatScore(r5(library.user))} / ${formatScore(r5(library.keywords))}; BM25 ${formatScore(r5(bm25.user))} / ${formatScore(r5(bm25.keywords))}`,
      status: r5(library.user) >= r5(bm25.user) && r5(library.keywords) >= r5(bm25.keywords) ? 'met' : 'missed',
    });
  }
  if (seed.user !== undefined && token.user !== undefined) {
    const farBelow = (row: SearchQualityRow | undefined, reference: SearchQualityRow) => r5(row) <= r5(reference) - 0.1;
    targets.push({
      target: "Search: the seed's rule and the token-match ranker far below (≥ 0.10 recall@5 lower)",
      figure: `seed ${formatScore(r5(seed.user))} / ${formatScore(r5(seed.keywords))}; token ${formatScore(r5(token.user))} / ${formatScore(r5(token.keywords))}`,
      status:
        farBelow(seed.user, library.user) && farBelow(seed.keywords, library.keywords) && farBelow(token.user, library.user) && farBelow(token.keywords, library.keywords)
          ? 'met'
          : 'missed',
    });
  }
  return targets;
}
