import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_PART_IDS, type BenchReport } from '../../bench/bench-report.js';
import { resolveBenchSettings, type BenchSettings } from '../../bench/bench-settings.js';
import { loadBenchFixtures, type BenchFixtures } from '../../bench/load-bench-fixtures.js';
import { runBenchmark } from '../../bench/run-benchmark.js';

// The benchmark's `--quick` settings on a tiny slice of every input: the same code paths as `npm run bench`, in
// seconds. Nothing here looks at a timing; speed belongs to the benchmark itself.
const TINY: BenchSettings = {
  ...resolveBenchSettings(true),
  largeCatalogSize: 150,
  searchSpeedSizes: [40],
  transformSizes: [5, 20],
  revealSessions: 500,
  qualityQueries: 12,
  sessions: 3,
  runs: 1,
  warmup: 0,
};

function tinyFixtures(): BenchFixtures {
  const fixtures = loadBenchFixtures();
  return {
    ...fixtures,
    githubMCP: fixtures.githubMCP.slice(0, 20),
    bfclCatalog: fixtures.bfclCatalog.slice(0, 40),
    bfclQueries: fixtures.bfclQueries.slice(0, 12),
    multiTurnSessions: fixtures.multiTurnSessions.slice(0, 3),
  };
}

describe('runBenchmark in quick mode on a tiny input', () => {
  let outDir: string;
  let report: BenchReport;
  const lines: string[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'tool-search-bench-'));
    report = await runBenchmark({ settings: TINY, command: 'npm run bench -- --quick', outDir, fixtures: tinyFixtures(), log: (line) => lines.push(line) });
  });

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('runs every part in order', () => {
    expect(report.parts.map((part) => part.id)).toEqual(BENCH_PART_IDS);
  });

  it('prints a progress line for every part and the machine it ran on', () => {
    expect(lines[0]).toMatch(/^Machine: .+, \d+ cores, Node v\d+/);
    for (const [index, part] of report.parts.entries()) expect(lines).toContain(`[${index + 1}/${report.parts.length}] ${part.title}…`);
  });

  it('finds every dependency in the checkout', () => {
    expect(report.parts.flatMap((part) => part.missing)).toEqual([]);
  });

  it.each(BENCH_PART_IDS.map((id) => [id]))('gives part %s tables whose rows fit their columns, a chart and notes', (id) => {
    const part = report.parts.find((candidate) => candidate.id === id);
    expect(part?.tables.length).toBeGreaterThan(0);
    for (const table of part?.tables ?? []) {
      expect(table.rows.length).toBeGreaterThan(0);
      for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
    }
    expect(part?.charts.length).toBeGreaterThan(0);
    expect(part?.notes.length).toBeGreaterThan(0);
  });

  it('reports issue 26: every half of every slice against Okapi and MiniSearch, the misses by class, and the hybrid or why not', () => {
    const part = report.parts.find((candidate) => candidate.id === 'search-quality')!;
    const titles = part.tables.map((table) => table.title);
    const margins = part.tables.find((table) => table.title.startsWith('Issue 26: the library against Okapi BM25 and MiniSearch'));
    for (const slice of ['BFCL', 'MetaTool', 'Seal-Tools', 'APIBench', 'Azure']) expect(margins?.rows.some((row) => row[0]!.startsWith(slice))).toBe(true);
    expect(margins?.rows.some((row) => row[0]!.includes('MCP catalogs, half b'))).toBe(true);
    expect(titles.some((title) => title.startsWith('Issue 26: top-1 misses by class'))).toBe(true);
    const hybrid = titles.some((title) => title.startsWith('Issue 26: the hybrid ranking'));
    expect(hybrid || part.notes.some((note) => note.startsWith('Hybrid ranking (issue 26): skipped'))).toBe(true);
    // Sampled requests are reported, never judged.
    for (const target of part.targets.filter((candidate) => candidate.target.startsWith('Search (issue 26)'))) expect(target.status).toBe('reported');
  });

  it("reproduces the seed's published figure exactly", () => {
    const target = report.parts.flatMap((part) => part.targets).find((candidate) => candidate.target.startsWith("Reproduce the seed's figure"));
    expect(target).toMatchObject({ figure: '9,083 → 2,963 B (67.4%), parameters 7,153 → 1,033 B', status: 'met' });
  });

  it('judges every target of issue 5', () => {
    const targets = report.parts.flatMap((part) => part.targets).map((target) => target.target);
    for (const pattern of [
      /\(19\): tool list ≥ 70% smaller/,
      /GitHub MCP \(20\): ≥ 75% smaller in `full`/,
      /GitHub MCP \(20\): ≥ 90% smaller in `names`/,
      /BFCL \(40\): ≥ 75% smaller in `full`/,
      /recall@5 ≥ 0\.80 \(user text\) and ≥ 0\.66 \(keywords\)/,
      /at or above BM25/,
      /Search no slower than BM25/,
      /Transform under 0\.1 ms per request at 100 tools/,
      /Reveal store stays within its bounds/,
      /Session cost, default client configuration, BFCL multi-turn: ≤ 0\.35× of no deferral cold/,
      /Session cost, default client configuration, BFCL multi-turn: ≤ 0\.60× of no deferral warm/,
      /below 1\.0× on every API and session length measured/,
      /Cache-stable mode: tools \+ system identical on 100%/,
      /Client-executed OpenAI request for the 150-tool catalog ≤ 1% of the hosted request's bytes/,
    ]) {
      expect(targets.some((target) => pattern.test(target))).toBe(true);
    }
    for (const target of report.parts.flatMap((part) => part.targets)) expect(['met', 'missed', 'not-measured', 'reported']).toContain(target.status);
  });

  it('judges issue 18’s targets: native session cost on both APIs, Claude’s request by value, and a catalog twice the grown one', () => {
    const targets = report.parts.flatMap((part) => part.targets);
    const find = (pattern: RegExp) => targets.find((target) => pattern.test(target.target));
    for (const api of ['openai-responses \\(gpt-5\\.4\\)', 'anthropic-messages \\(claude-opus-5\\)']) {
      const target = find(new RegExp(`^Session cost, native delivery on ${api}: within 0\\.02 of schemas in the conversation`));
      expect(target?.figure).toMatch(/^largest difference [+−]\d\.\d{3} \(openai-cold /);
      expect(['met', 'missed']).toContain(target?.status);
    }
    // By value the first request carries `tool_search` and the note alone, however large the catalog.
    expect(find(/^Claude \(claude-opus-5\) by value: the first request for the 150-tool catalog ≤ 1% of the hosted request's bytes/)?.figure).toMatch(
      /^\d[\d,]* B vs \d[\d,]* B \(/,
    );
    expect(find(/^Claude \(claude-opus-5\) by value: a 300-tool catalog is written/)).toMatchObject({ status: 'met' });
    const table = report.parts.find((part) => part.id === 'session-cost')?.tables.find((candidate) => candidate.title.startsWith('Native delivery next to'));
    expect(table?.rows.map((row) => [row[0]?.includes('`reveal: native`') ? 'native' : 'conversation', row[1]])).toEqual([
      ['conversation', 'openai-responses'],
      ['native', 'openai-responses'],
      ['conversation', 'anthropic-messages'],
      ['native', 'anthropic-messages'],
    ]);
  });

  it('shows the cache-stable mode keeps tools and system text identical on every transition', () => {
    const target = report.parts.flatMap((part) => part.targets).find((candidate) => candidate.target.startsWith('Cache-stable mode'));
    expect(target).toMatchObject({ status: 'met', figure: expect.stringMatching(/^100\.0%/) });
  });

  it('proves the reveal store stays within its bound', () => {
    const target = report.parts.flatMap((part) => part.targets).find((candidate) => candidate.target.startsWith('Reveal store'));
    expect(target?.status).toBe('met');
  });

  it('writes latest.md with the summary table first, then one section per part', () => {
    const markdown = readFileSync(join(outDir, 'latest.md'), 'utf8');
    expect(markdown.startsWith('# Benchmark results\n')).toBe(true);
    expect(markdown).toContain('Command: `npm run bench -- --quick`');
    const summary = markdown.indexOf('## Summary');
    expect(summary).toBeGreaterThan(0);
    expect(markdown.slice(summary)).toMatch(/^## Summary\n\n\| Target \| Measured \| Status \|\n\| --- \| --- \| --- \|\n/);
    let previous = summary;
    for (const [index, part] of report.parts.entries()) {
      const heading = markdown.indexOf(`## ${index + 1}. ${part.title}\n`);
      expect(heading).toBeGreaterThan(previous);
      previous = heading;
    }
  });

  it('writes every chart as a standalone SVG the report links to', () => {
    const markdown = readFileSync(join(outDir, 'latest.md'), 'utf8');
    const charts = report.parts.flatMap((part) => part.charts);
    expect(charts.map((chart) => chart.file)).toEqual(['prompt-size.svg', 'search-quality.svg', 'speed.svg', 'sessions.svg', 'session-cost.svg']);
    for (const chart of charts) {
      const svg = readFileSync(join(outDir, chart.file), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(markdown).toContain(`](${chart.file})`);
    }
  });
});

describe('bench/run.ts', () => {
  it('prints its usage with --help and rejects an unknown argument', async () => {
    const run = promisify(execFile);
    const entry = join(import.meta.dirname, '..', '..', 'bench', 'run.ts');
    expect(existsSync(entry)).toBe(true);
    const help = await run(process.execPath, ['--import', 'tsx', entry, '--help']);
    expect(help.stdout).toContain('usage: npm run bench [-- --quick] [-- --out <dir>] [-- --update-report]');
    await expect(run(process.execPath, ['--import', 'tsx', entry, '--nonsense'])).rejects.toMatchObject({
      stderr: expect.stringContaining('unknown argument "--nonsense"'),
    });
    // Only a full run may rewrite the committed report.
    await expect(run(process.execPath, ['--import', 'tsx', entry, '--update-report', '--quick'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--update-report writes the full run to bench/results/; it takes neither --quick nor --out'),
    });
  });
});
