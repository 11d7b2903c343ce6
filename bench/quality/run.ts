import { formatMilliseconds, formatScore } from '../format-figure.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import { createLibraryRanker } from './create-library-ranker.js';
import { measureIndexSpeed } from './measure-index-speed.js';
import { createOkapiRanker } from './create-okapi-ranker.js';
import { loadQualitySlices, MCP_SLICE_IDS, TARGET_SLICE_IDS } from './load-quality-slices.js';
import { measureSearchQuality, type SearchQualityRow } from './measure-search-quality.js';
import type { QualityRankerFactory } from './quality-ranker.js';
import { splitQueryHalves } from './split-query-halves.js';
import { MISS_CLASSES } from './classify-misses.js';
import { countMissClasses } from './count-miss-classes.js';
import { measureBm25Margins } from './measure-bm25-margins.js';
import { WORD_EMBEDDINGS_FILE, loadWordEmbedder } from './load-word-embedder.js';
import { measureHybridQuality } from './measure-hybrid-quality.js';
import { stemmer as porterStemmer } from 'stemmer';
import { stemSearchTerm } from '../../src/search/stem-search-term.js';

// `npx tsx bench/quality/run.ts [quality|halves|compare|stemmers|misses|hybrid|speed]`: prints the search-quality and index-speed tables (quality
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

if (part === 'compare') {
  // The library against both BM25s on every slice, both styles, each half (and each MCP set whole): R@1 / R@5 / MRR
  // and the margins over the better BM25, with a mean per family and half. What a ranking change is judged on (README).
  const cells = measureBm25Margins(loadQualitySlices([...TARGET_SLICE_IDS, ...MCP_SLICE_IDS]));
  const three = (row: SearchQualityRow) => `${formatScore(row.recallAt[1])} ${formatScore(row.recallAt[5])} ${formatScore(row.mrr)}`;
  printTable(
    ['slice', 'style', 'library R@1 R@5 MRR', 'okapi', 'minisearch', 'margin R@5 MRR'],
    cells.map((cell) => [
      `${cell.slice} ${cell.half}`,
      cell.queryStyle,
      three(cell.library),
      three(cell.okapi),
      three(cell.minisearch),
      `${signed(cell.r5Margin)} ${signed(cell.mrrMargin)}${cell.r5Margin < -0.01 || cell.mrrMargin < -0.01 ? ' <' : ''}`,
    ]),
  );
  for (const family of ['public', 'mcp'] as const) {
    for (const halves of [['a', 'b'], ['a'], ['b']] as const) {
      const mine = cells.filter((cell) => cell.family === family && (halves as readonly string[]).includes(cell.half));
      const label = halves.length === 2 ? 'both halves' : `half ${halves[0]}`;
      console.log(
        `${family} (${label}): mean margin R@1 ${signed(mean(mine.map((cell) => cell.r1Margin)))}, R@5 ${signed(mean(mine.map((cell) => cell.r5Margin)))}, MRR ${signed(mean(mine.map((cell) => cell.mrrMargin)))}`,
      );
    }
  }
}

if (part === 'stemmers') {
  // Issue 26: the library's stemmer against Porter's, each inside plain Okapi BM25 so that nothing else differs; and
  // what each joins that the other keeps apart, over the words of every catalog.
  const rankers: QualityRankerFactory[] = [
    createOkapiRanker,
    (tools) => createOkapiRanker(tools, { stem: porterStemmer, id: 'okapi-porter', label: 'Okapi BM25 + Porter stemmer' }),
    (tools) => createOkapiRanker(tools, { stem: stemSearchTerm, id: 'okapi-library-stem', label: 'Okapi BM25 + the library stemmer' }),
  ];
  const quality = measureSearchQuality({ slices: loadQualitySlices([...TARGET_SLICE_IDS, ...MCP_SLICE_IDS]), rankers });
  printQualityTable(quality.rows);
  for (const id of ['okapi', 'okapi-porter', 'okapi-library-stem']) {
    const mine = quality.rows.filter((row) => row.ranker === id);
    console.log(`${id}: mean R@5 ${formatScore(mean(mine.map((row) => row.recallAt[5])))}, MRR ${formatScore(mean(mine.map((row) => row.mrr)))}`);
  }
}

if (part === 'misses') {
  // The library's and Okapi's top-1 misses on every slice, by class (issue 26): what each ranker still gets wrong.
  const rows = countMissClasses(loadQualitySlices([...TARGET_SLICE_IDS, ...MCP_SLICE_IDS]));
  printTable(
    ['slice, ranker (requests as written)', ...MISS_CLASSES],
    rows.map((row) => [`${row.slice} ${row.ranker}`, ...MISS_CLASSES.map((name) => String(row.counts[name]))]),
  );
}

if (part === 'hybrid') {
  // The hybrid ranker with a word-vector embedder against the lexical ranking (issue 26); needs `npm run bench:embeddings`.
  const embedder = loadWordEmbedder();
  if (embedder === undefined) {
    console.log(`Hybrid ranking: skipped, the word vectors are not installed (${WORD_EMBEDDINGS_FILE}); run \`npm run bench:embeddings\`.`);
  } else {
    const rows = await measureHybridQuality(embedder, loadQualitySlices([...TARGET_SLICE_IDS, ...MCP_SLICE_IDS]));
    console.log(`Hybrid ranking with ${embedder.label}: R@1 / R@5 / MRR, requests as written and as keywords\n`);
    const ids = Object.keys(rows[0]?.scores ?? {});
    printTable(
      ['slice', 'style', ...ids, 'hybrid − lexical: R@5, MRR', 'no shared word: found in top 5 (lexical / hybrid / embeddings)'],
      rows.map((row) => {
        const lexical = row.scores.lexical!;
        const hybrid = row.scores.hybrid!;
        return [
          row.slice,
          row.queryStyle,
          ...ids.map((id) => `${formatScore(row.scores[id]!.recallAt[1])} ${formatScore(row.scores[id]!.recallAt[5])} ${formatScore(row.scores[id]!.mrr)}`),
          `${signed(hybrid.recallAt[5] - lexical.recallAt[5])} ${signed(hybrid.mrr - lexical.mrr)}`,
          `${row.noSharedWordFound.lexical} / ${row.noSharedWordFound.hybrid} / ${row.noSharedWordFound.embeddings} of ${row.noSharedWord}`,
        ];
      }),
    );
    const worst = Math.min(
      ...rows.flatMap((row) => [row.scores.hybrid!.recallAt[5] - row.scores.lexical!.recallAt[5], row.scores.hybrid!.mrr - row.scores.lexical!.mrr]),
    );
    const total = (id: string) => rows.reduce((sum, row) => sum + row.noSharedWordFound[id]!, 0);
    console.log(
      `\nWorst hybrid − lexical cell (R@5 or MRR): ${signed(worst)} (target ≥ −0.01); no-shared-word tools found in the top 5: lexical ${total('lexical')}, hybrid ${total('hybrid')}, embeddings alone ${total('embeddings')} of ${rows.reduce((sum, row) => sum + row.noSharedWord, 0)}`,
    );
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

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(4)}`;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
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
