import { cutText } from '../text/cut-text.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';

/**
 * A list of tool names given as an array, a `Set` or any other iterable of strings, as an array in the iterable's
 * order (the array itself when it is one; it is not modified). Every option that takes names (`revealed`, `visible`, a mapping's names) reads its value with
 * it, so a mistake is one clear error rather than a `TypeError` or a string read one character at a time.
 *
 * Throws a `ToolSearchError` (`invalid-options`) naming `field` when the value is a string (`'read_file'` instead of
 * `['read_file']`), is not iterable, or holds something other than a string (with its position).
 *
 * @example
 * ```ts
 * parseToolNameList(new Set(['read_file']), '`revealed`'); // ['read_file']
 * parseToolNameList('read_file', '`revealed`'); // throws: `revealed` must be a list of tool names …
 * ```
 */
export function parseToolNameList(value: unknown, field: string): string[] {
  if (typeof value === 'string') {
    throw new ToolSearchError(
      'invalid-options',
      `${field} must be a list of tool names (an array or a Set), got ${describeValue(value)}; write [${JSON.stringify(value.length > 60 ? `${cutText(value, 57)}...` : value)}] for one name`,
    );
  }
  if (typeof value !== 'object' || value === null || typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] !== 'function') {
    throw new ToolSearchError('invalid-options', `${field} must be a list of tool names (an array or a Set), got ${describeValue(value)}`);
  }
  const names = Array.isArray(value) ? value : [...(value as Iterable<unknown>)];
  for (let index = 0; index < names.length; index += 1) {
    if (typeof names[index] !== 'string') {
      throw new ToolSearchError('invalid-options', `${field} must hold tool names (strings), got ${describeValue(names[index])} at position ${index}`);
    }
  }
  return names as string[];
}
