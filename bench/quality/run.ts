import { formatMilliseconds, formatScore } from '../format-figure.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import { createLibraryRanker } from './create-library-ranker.js';
import { measureIndexSpeed } from './measure-index-speed.js';
import { createOkapiRanker } from './create-okapi-ranker.js';
import { loadQualitySlices, TARGET_SLICE_IDS } from './load-quality-slices.js';
import { measureSearchQuality, type SearchQualityRow } from './measure-search-quality.js';
import type { QualityRankerFactory } from './quality-ranker.js';
import { splitQueryHalves } from './split-query-halves.js';

// `npx tsx bench/quality/run.ts [quality|halves|speed]`: prints the search-quality and index-speed tables (quality
// and speed by default); `halves` prints the quality table for each half of every target slice's dev requests (see
// `splitQueryHalves`), the check a ranking change must pass on every set.
const part = process.argv[2];

// The library, the library without its coverage bonus and without its length factor (what each brings on each
// half), and the two BM25 baselines.
const HALVES_RANKERS: readonly QualityRankerFactory[] = [
  (tools) => createLibraryRanker(tools),
  (tools) => createLibraryRanker(tools, { coverageBonus: 0 }, { id: 'library-no-coverage', label: 'library without the coverage bonus (coverageBonus 0)' }),
  (tools) =>
    createLibraryRanker(tools, { lengthNormalization: 0 }, { id: 'library-no-length', label: 'library without the length factor (lengthNormalization 0)' }),
  createBm25Ranker,
  createOkapiRanker,
];

if (part === undefined || part === 'quality') {
  const quality = measureSearchQuality();
  console.log(`Search quality on every slice (${JSON.stringify(quality.queryCounts)} requests); each cell is user text / keywords\n`);
  printQualityTable(quality.rows);
}

if (part === 'halves') {
  for (const slice of loadQualitySlices(TARGET_SLICE_IDS)) {
    const halves = splitQueryHalves(slice.queries);
    for (const [half, queries] of [
      ['a', halves.a],
      ['b', halves.b],
    ] as const) {
      const quality = measureSearchQuality({ slices: [{ ...slice, queries }], rankers: HALVES_RANKERS });
      console.log(`\nSearch quality on half ${half} of ${slice.label} (${queries.length} requests); each cell is user text / keywords\n`);
      printQualityTable(quality.rows);
    }
  }
}

if (part === undefined || part === 'speed') {
  const speed = measureIndexSpeed();
  console.log(`\nIndex speed (${speed.method})\n`);
  printTable(
    ['tools', 'ranker', 'build median', 'build p99', 'search median (text / kw)', 'search p99 (text / kw)'],
    speed.rows.map((row) => [
      String(row.catalogSize),
      row.ranker,
      formatMilliseconds(row.buildMedianMs),
      formatMilliseconds(row.buildP99Ms),
      `${formatMilliseconds(row.search['user-text'].medianMs)} / ${formatMilliseconds(row.search.keywords.medianMs)}`,
      `${formatMilliseconds(row.search['user-text'].p99Ms)} / ${formatMilliseconds(row.search.keywords.p99Ms)}`,
    ]),
  );
}

function printQualityTable(rows: readonly SearchQualityRow[]): void {
  printTable(
    ['slice', 'ranker', 'R@1', 'R@3', 'R@5', 'R@8', 'MRR', 'results/query'],
    pairs(rows).map(([user, keywords]) => {
      const pair = (pick: (row: SearchQualityRow) => number, format = formatScore): string => `${format(pick(user))} / ${format(pick(keywords))}`;
      return [
        `${user.slice} (${user.catalogSize})`,
        user.ranker,
        pair((row) => row.recallAt[1]),
        pair((row) => row.recallAt[3]),
        pair((row) => row.recallAt[5]),
        pair((row) => row.recallAt[8]),
        pair((row) => row.mrr),
        pair(
          (row) => row.meanResults,
          (value) => value.toFixed(2),
        ),
      ];
    }),
  );
}

/** Rows come in (user text, keywords) pairs per catalog and ranker. */
function pairs(rows: readonly SearchQualityRow[]): [SearchQualityRow, SearchQualityRow][] {
  const result: [SearchQualityRow, SearchQualityRow][] = [];
  for (const user of rows.filter((row) => row.queryStyle === 'user-text')) {
    const keywords = rows.find((row) => row.queryStyle === 'keywords' && row.slice === user.slice && row.ranker === user.ranker);
    if (keywords !== undefined) result.push([user, keywords]);
  }
  return result;
}

function printTable(columns: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => row[index]?.length ?? 0)));
  const line = (cells: readonly string[]): string => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}
