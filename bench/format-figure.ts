/** Number formatting for tables, fixed to `en-US` so the report reads the same on every machine. */

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole count with thousands separators: `9083` → `9,083`. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return integer.format(Math.round(value));
}

/** A ratio as a percentage with one decimal: `0.6738` → `67.4%`. */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'n/a';
  return `${(ratio * 100).toFixed(1)}%`;
}

/** A fraction in 0–1 with three decimals, as recall and MRR are usually printed: `0.8031` → `0.803`. */
export function formatScore(value: number): string {
  return Number.isFinite(value) ? value.toFixed(3) : 'n/a';
}

/** Milliseconds with a precision suited to the size: `0.0123` → `0.012 ms`, `12.34` → `12.3 ms`. */
export function formatMilliseconds(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 1) return `${value.toFixed(3)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${integer.format(value)} ms`;
}

/** Bytes in the largest unit that keeps the figure readable: `1536` → `1.5 KiB`. */
export function formatMemory(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  if (Math.abs(bytes) < 1024) return `${integer.format(bytes)} B`;
  if (Math.abs(bytes) < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A ratio written as a factor: `2.345` → `2.35×`. */
export function formatFactor(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
}
