import type { BenchTable } from './bench-report.js';
import { isNumericColumn } from './format-markdown-table.js';

/** A table as fixed-width text for the console. */
export function formatConsoleTable(table: Pick<BenchTable, 'columns' | 'rows'>): string {
  const numeric = table.columns.map((_, column) => isNumericColumn(table.rows, column));
  const widths = table.columns.map((header, column) => Math.max(header.length, ...table.rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((value, column) => (numeric[column] ? value.padStart(widths[column] ?? 0) : value.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [
    line(table.columns),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...table.rows.map((row) => line(table.columns.map((_, column) => row[column] ?? ''))),
  ].join('\n');
}
