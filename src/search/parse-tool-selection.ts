import { isNameWrapping, trimWrapping } from './trim-wrapping.js';

const SELECT_PREFIX = /^\s*select\s*:/i;

/**
 * Reads an exact-selection query, `select:name_a,name_b`, and returns the names it lists, in order, each once; or
 * `null` when the query is not a selection (then it is a keyword search).
 *
 * The prefix is case-insensitive and may be surrounded by spaces; names are separated by commas, with whitespace,
 * quotes, backticks and brackets around a name ignored. Names themselves are kept as written (tool names are
 * case-sensitive). `select:` with no names gives `[]`. Linear in the query's length, whatever it holds.
 *
 * @example
 * ```ts
 * import { parseToolSelection } from 'tool-search';
 * parseToolSelection('select:read_file, "write_file"'); // ['read_file', 'write_file']
 * parseToolSelection('read file'); // null
 * ```
 */
export function parseToolSelection(query: string): string[] | null {
  const prefix = SELECT_PREFIX.exec(query);
  if (prefix === null) return null;
  const names = new Set<string>();
  for (const part of query.slice(prefix[0].length).split(',')) {
    const name = trimWrapping(part, isNameWrapping);
    if (name.length > 0) names.add(name);
  }
  return [...names];
}
