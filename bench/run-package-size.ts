/**
 * `npm run bench:size`: what the package costs an app. Builds `dist/` (as `npm pack` does), then measures each entry's
 * bundle for the browser (minified, gzip) from the built package and from the sources, single exports alone, the
 * cold start of each entry as a ratio to a bare `node` start in one interleaved run, which modules dominate each
 * bundle (esbuild's metafile), and the packed tarball. Prints the tables and writes them to a report in a folder git
 * ignores, printing where; no network.
 *
 *   npm run bench:size                      builds, measures (41 rounds of cold starts); writes bench/results/local/
 *   npm run bench:size -- --rounds 61       more rounds (at least 20)
 *   npm run bench:size -- --no-build        measures the dist/ already built
 *   npm run bench:size -- --update-report   rewrites the committed report, bench/results/package-size.md
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchTable } from './bench-report.js';
import { PACKAGE_ENTRIES, bundleEntry, type BundledModule, type PackageEntry } from './bundle-entry.js';
import { describeMachine } from './describe-machine.js';
import { ENTRY_BUDGET_GOAL, ENTRY_BUDGETS, SINGLE_TRANSFORMER_BUDGET } from './entry-budgets.js';
import { formatConsoleTable } from './format-console-table.js';
import { formatCount, formatFactor, formatMilliseconds, formatPercent } from './format-figure.js';
import { formatMarkdownTable } from './format-markdown-table.js';
import { measureColdStart } from './measure-cold-start.js';

const USAGE = 'usage: npm run bench:size [-- --rounds <n>] [-- --no-build] [-- --update-report]';
const ROOT = new URL('..', import.meta.url).pathname;
const KB = 1024;
/** The cold-start target for `tool-search/openai`, as a ratio to a bare `node` start. */
const COLD_START_TARGET = 1.3;

/** Exports an app may import alone: each API's transformer, and the core's main parts. */
const SINGLE_EXPORTS: readonly (readonly [PackageEntry, string])[] = [
  ['tool-search/openai', 'transformOpenAIResponsesRequest'],
  ['tool-search/openai', 'transformOpenAIChatRequest'],
  ['tool-search/anthropic', 'transformAnthropicMessagesRequest'],
  ['tool-search/gemini', 'transformGeminiRequest'],
  ['tool-search/bedrock', 'transformBedrockConverseRequest'],
  ['tool-search', 'resolveToolSearch'],
  ['tool-search', 'createToolSearchTool'],
  ['tool-search', 'createToolDefinition'],
];

async function main(argv: readonly string[]): Promise<void> {
  let rounds = 41;
  let build = true;
  let updateReport = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--rounds' && Number.isInteger(Number(argv[index + 1])) && Number(argv[index + 1]) >= 20) rounds = Number(argv[++index]);
    else if (argument === '--no-build') build = false;
    else if (argument === '--update-report') updateReport = true;
    else throw new Error(`unknown argument ${JSON.stringify(argument)} (rounds: a whole number ≥ 20); ${USAGE}`);
  }
  const machine = describeMachine();
  console.log(`Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverage.toFixed(2)}`);
  if (build) {
    console.log('Building dist/ (tsup)…');
    execFileSync(process.execPath, [join(ROOT, 'node_modules/tsup/dist/cli-default.js')], { cwd: ROOT, stdio: 'ignore' });
  }

  const entries = Object.keys(PACKAGE_ENTRIES) as PackageEntry[];
  const built = await Promise.all(entries.map((entry) => bundleEntry({ entry, from: 'dist' })));
  const sources = await Promise.all(entries.map((entry) => bundleEntry({ entry })));
  const singles = await Promise.all(SINGLE_EXPORTS.map(([entry, name]) => bundleEntry({ entry, names: [name], from: 'dist' })));
  const singleSources = await Promise.all(SINGLE_EXPORTS.map(([entry, name]) => bundleEntry({ entry, names: [name] })));
  console.log(`Starting node ${rounds} times per kind, interleaved…`);
  const starts = measureColdStart({ specifiers: entries, rounds, cwd: ROOT });
  const loadAfterStarts = describeMachine().loadAverage;
  const tarball = packTarball();

  const entryTable: BenchTable = {
    title: 'Each entry bundled for the browser (esbuild, minified): every export of the entry',
    columns: ['entry', 'minified', 'gzip', 'gzip from src/', 'budget (gzip)', 'within'],
    rows: entries.map((entry, index) => {
      const bundle = built[index];
      const gzip = (bundle?.gzipBytes ?? Number.NaN) / KB;
      return [
        `\`${entry}\``,
        `${formatCount((bundle?.minifiedBytes ?? Number.NaN) / KB)} KB`,
        `${gzip.toFixed(1)} KB`,
        `${((sources[index]?.gzipBytes ?? Number.NaN) / KB).toFixed(1)} KB`,
        `${ENTRY_BUDGETS[entry]} KB`,
        gzip <= ENTRY_BUDGETS[entry] ? 'yes' : '**no**',
      ];
    }),
    notes: [
      `KB are 1,024 bytes; gzip at zlib's default level. The budget is the ratchet \`npm test\` holds (bench/entry-budgets.ts): the issue's ${ENTRY_BUDGET_GOAL} KB needs issue 25's smaller code and face. \`ai\` (an optional peer) is left out of the ai-sdk bundle.`,
    ],
  };
  const singleTable: BenchTable = {
    title: 'One export alone (an app that imports only it)',
    columns: ['export', 'entry', 'minified', 'gzip', 'largest parts'],
    rows: SINGLE_EXPORTS.map(([entry, name], index) => {
      const bundle = singles[index];
      return [
        `\`${name}\``,
        `\`${entry}\``,
        `${formatCount((bundle?.minifiedBytes ?? Number.NaN) / KB)} KB`,
        `${((bundle?.gzipBytes ?? Number.NaN) / KB).toFixed(1)} KB`,
        describeLargestParts(singleSources[index]?.modules ?? []),
      ];
    }),
    notes: [`The budget \`npm test\` holds for \`transformOpenAIResponsesRequest\` alone is ${SINGLE_TRANSFORMER_BUDGET} KB (the issue asks for 20).`],
  };
  const startTable: BenchTable = {
    title: `Cold start: \`import()\` of each entry against a bare \`node\` start, ${rounds} interleaved rounds (medians)`,
    columns: ['start', 'wall', 'wall ÷ bare', 'CPU', 'CPU ÷ bare', 'fastest wall', 'fastest ÷ bare'],
    rows: starts.map((row) => [
      row.label.startsWith('(') ? row.label : `\`${row.label}\``,
      formatMilliseconds(row.wallMs),
      formatFactor(row.wallRatio),
      formatMilliseconds(row.cpuMs),
      formatFactor(row.cpuRatio),
      formatMilliseconds(row.fastestWallMs),
      formatFactor(row.fastestWallRatio),
    ]),
    notes: [
      `Each round starts \`node --input-type=module -e …\` once bare and once per entry (importing it from the built package), in an order that turns each round. Wall time around the spawn; CPU time the process's own (user + system, bootstrap included); the fastest of each kind's starts beside the medians (another process only slows a start). Load average ${machine.loadAverage.toFixed(2)} before the starts, ${loadAfterStarts.toFixed(2)} after. The issue's target: \`tool-search/openai\` at most ${COLD_START_TARGET}× (wall, medians).`,
    ],
  };
  const moduleTable: BenchTable = {
    title: 'What dominates each bundle (from src/, minified bytes by package or source folder; esbuild metafile)',
    columns: ['entry', 'largest parts'],
    rows: entries.map((entry, index) => [`\`${entry}\``, describeLargestParts(sources[index]?.modules ?? [])]),
  };
  const tarballTable: BenchTable = {
    title: 'The packed tarball (`npm pack`)',
    columns: ['packed', 'unpacked', 'files'],
    rows: [[`${formatCount(tarball.size / KB)} KB`, `${formatCount(tarball.unpackedSize / KB)} KB`, formatCount(tarball.entryCount)]],
    notes: ['The issue asks for at most 400 KB packed.'],
  };
  const tables = [entryTable, singleTable, startTable, moduleTable, tarballTable];
  for (const table of tables) console.log(`\n${table.title}\n${formatConsoleTable(table)}`);

  const outDir = join(ROOT, updateReport ? 'bench/results' : 'bench/results/local');
  mkdirSync(outDir, { recursive: true });
  const markdown = [
    '# Package size and cold start',
    '',
    `Command: \`npm run bench:size${updateReport ? ' -- --update-report' : ''}\`. Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverage.toFixed(2)} at the start. Method: [bench/README.md](../README.md#package-size-and-cold-start).`,
    ...tables.flatMap((table) => ['', `## ${table.title}`, '', formatMarkdownTable(table), ...(table.notes ?? []).flatMap((note) => ['', note])]),
    '',
  ].join('\n');
  writeFileSync(join(outDir, 'package-size.md'), markdown);
  console.log(`\nWrote ${join(outDir, 'package-size.md')}.`);
}

/** The largest parts of a bundle: each dependency as one part, each source folder as one part. */
function describeLargestParts(modules: readonly BundledModule[]): string {
  const parts = new Map<string, number>();
  for (const module of modules) {
    const segments = module.path.split('/');
    const part =
      segments[0] === 'node_modules'
        ? segments.slice(0, segments[1]?.startsWith('@') ? 3 : 2).join('/')
        : segments.slice(0, segments[1] === 'providers' || segments[1] === 'integrations' ? 3 : 2).join('/');
    parts.set(part, (parts.get(part) ?? 0) + module.bytes);
  }
  const total = [...parts.values()].reduce((sum, bytes) => sum + bytes, 0);
  return [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([part, bytes]) => `${part.replace(/^node_modules\//, '')} ${formatPercent(bytes / total)}`)
    .join(', ');
}

/** `npm pack --dry-run` of the built package (no `prepack`: the build is the one just measured). */
function packTarball(): { size: number; unpackedSize: number; entryCount: number } {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack --dry-run failed: ${packed.stderr}`);
  const [tarball] = JSON.parse(packed.stdout) as { size: number; unpackedSize: number; entryCount: number }[];
  if (tarball === undefined) throw new Error('npm pack --dry-run described no tarball');
  return tarball;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
