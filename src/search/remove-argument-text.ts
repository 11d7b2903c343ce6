import { isArgumentText } from './is-argument-text.js';

/** Splits around runs of white space, keeping them, so the pieces join back into the text. */
const WHITESPACE_RUNS = /(\s+)/;

/**
 * A request without its argument values: every whitespace-free piece that is a URL or a path (`isArgumentText`) is
 * left out, the rest kept as written. Their words name a value, not the task (a folder path with "music" in it does not
 * ask for an audio tool).
 *
 * @example
 * ```ts
 * removeArgumentText('list the files in /home/me/Music'); // 'list the files in '
 * ```
 */
export function removeArgumentText(query: string): string {
  return query
    .split(WHITESPACE_RUNS)
    .filter((piece) => !isArgumentText(piece))
    .join('');
}
