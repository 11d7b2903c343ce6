import type { BenchTable } from './bench-report.js';

/** A table as GitHub-flavoured Markdown; columns whose cells are all figures are right-aligned. */
export function formatMarkdownTable(table: Pick<BenchTable, 'columns' | 'rows'>): string {
  const numeric = table.columns.map((_, column) => isNumericColumn(table.rows, column));
  const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `| ${table.columns.map(cell).join(' | ')} |`,
    `| ${numeric.map((right) => (right ? '---:' : '---')).join(' | ')} |`,
    ...table.rows.map((row) => `| ${table.columns.map((_, column) => cell(row[column] ?? '')).join(' | ')} |`),
  ].join('\n');
}

/** A column is numeric when every cell that is not `n/a` or `—` starts with a figure. */
export function isNumericColumn(rows: readonly (readonly string[])[], column: number): boolean {
  const cells = rows.map((row) => row[column] ?? '').filter((value) => value !== 'n/a' && value !== '—' && value !== '');
  return cells.length > 0 && cells.every((value) => /^[-+−~≈<>≤≥]?\s?[0-9]/.test(value));
}
