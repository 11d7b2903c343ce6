import type { BenchPartResult, BenchReport, BenchTarget, BenchTargetStatus } from './bench-report.js';
import { formatMarkdownTable } from './format-markdown-table.js';

const STATUS_TEXT: Record<BenchTargetStatus, string> = { met: 'met', missed: '**missed**', 'not-measured': 'not measured', reported: 'no target' };

/**
 * The Markdown report (`bench/results/latest.md`): a one-screen summary table of every target first (what the README
 * and the closing note paste), then the machine, then each part's method notes, tables and chart.
 */
export function formatBenchmarkReport(report: BenchReport): string {
  const { machine } = report;
  const targets = report.parts.flatMap((part) => part.targets);
  const missing = report.parts.flatMap((part) => part.missing.map((line) => `${part.title}: ${line}`));
  const lines: string[] = [
    '# Benchmark results',
    '',
    `Command: \`${report.command}\`${report.quick ? ' (quick mode: fewer repetitions and smaller samples; use the full run for published figures)' : ''}.`,
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}; ` +
      `load average ${machine.loadAverage.toFixed(2)} at the start. Run time ${Math.round(report.seconds)} s. Method: [bench/README.md](../README.md).`,
    '',
    '## Summary',
    '',
    formatSummaryTable(targets),
    '',
  ];
  if (missing.length > 0) {
    lines.push('Not measured in this run (a dependency is not in the checkout yet):', '', ...missing.map((line) => `- ${line}`), '');
  }
  for (const [index, part] of report.parts.entries()) lines.push(...formatPart(part, index + 1));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The summary table alone: target, figure, verdict. */
export function formatSummaryTable(targets: readonly BenchTarget[]): string {
  return formatMarkdownTable({
    columns: ['Target', 'Measured', 'Status'],
    rows: targets.map((target) => [target.target, target.figure, STATUS_TEXT[target.status]]),
  });
}

function formatPart(part: BenchPartResult, number: number): string[] {
  const lines = [`## ${number}. ${part.title}`, ''];
  if (part.notes.length > 0) lines.push(...part.notes.map((note) => `- ${note}`), '');
  for (const line of part.missing) lines.push(`> Missing: ${line}`, '');
  for (const table of part.tables) {
    lines.push(`### ${table.title}`, '', formatMarkdownTable(table), '');
    if (table.notes !== undefined && table.notes.length > 0) lines.push(...table.notes.map((note) => `- ${note}`), '');
  }
  for (const chart of part.charts) lines.push(`![${chart.title}](${chart.file})`, '');
  return lines;
}
