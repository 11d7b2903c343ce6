/**
 * A table as fixed-width text: a header, a rule, then the rows; columns listed in `rightAligned` (numbers) are
 * padded on the left. `indent` goes before every line.
 */
export function formatCLITable(
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: ReadonlySet<number> = new Set(),
  indent = '  ',
): string {
  const widths = columns.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    indent +
    columns
      .map((_, column) => {
        const cell = cells[column] ?? '';
        return rightAligned.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!);
      })
      .join('  ')
      .trimEnd();
  return [line(columns), indent + widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** A whole number with thousands separators: `60123` → `60,123`. */
export function formatCLINumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
}
