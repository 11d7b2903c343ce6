import { formatMilliseconds, formatScore } from '../format-figure.js';
import { measureIndexSpeed } from './measure-index-speed.js';
import { measureSearchQuality, type SearchQualityRow } from './measure-search-quality.js';

// `npx tsx bench/quality/run.ts [quality|speed]`: prints the search-quality and index-speed tables (both by default).
const part = process.argv[2];

if (part === undefined || part === 'quality') {
  const quality = measureSearchQuality();
  console.log(`Search quality on BFCL dev (${quality.queryCount} queries); each cell is user text / keywords\n`);
  printTable(
    ['catalog', 'ranker', 'R@1', 'R@3', 'R@5', 'R@8', 'MRR', 'results/query'],
    pairs(quality.rows).map(([user, keywords]) => {
      const pair = (pick: (row: SearchQualityRow) => number, format = formatScore): string => `${format(pick(user))} / ${format(pick(keywords))}`;
      return [
        `${user.catalog} (${user.catalogSize})`,
        user.ranker,
        pair((row) => row.recallAt[1]),
        pair((row) => row.recallAt[3]),
        pair((row) => row.recallAt[5]),
        pair((row) => row.recallAt[8]),
        pair((row) => row.mrr),
        pair((row) => row.meanResults, (value) => value.toFixed(2)),
      ];
    }),
  );
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

/** Rows come in (user text, keywords) pairs per catalog and ranker. */
function pairs(rows: readonly SearchQualityRow[]): [SearchQualityRow, SearchQualityRow][] {
  const result: [SearchQualityRow, SearchQualityRow][] = [];
  for (const user of rows.filter((row) => row.queryStyle === 'user-text')) {
    const keywords = rows.find((row) => row.queryStyle === 'keywords' && row.catalog === user.catalog && row.ranker === user.ranker);
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
