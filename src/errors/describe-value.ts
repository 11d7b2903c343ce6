import { cutText } from '../text/cut-text.js';

/**
 * Describes a value for an error message: short, exact for primitives, and never the whole of a large object.
 * `-1` → `-1`, `'2'` → `"2" (a string)`, `null` → `null`, `[1]` → `an array`, `{}` → `an object`.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (undefined)';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${cutText(value, 57)}...` : value;
    return `${JSON.stringify(shown)} (a string)`;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  return 'an object';
}
