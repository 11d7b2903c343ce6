import { isInflectedForm } from './is-inflected-form.js';
import { removeArgumentText } from './remove-argument-text.js';
import { isSearchStopWord } from './search-stop-words.js';
import { splitSearchWords } from './split-search-words.js';

/**
 * The distinct inflected words of a query as written (`isInflectedForm`: `keys`, `groups`, `running`), stop words
 * left out, from the same words `resolveQueryTerms` reads (URLs and paths left out unless the query holds nothing
 * else). The tool index counts each again, at `sameFormShare`, in the tools that have it in that same form.
 *
 * @example
 * ```ts
 * resolveInflectedForms('show me the keys in my vault'); // ['keys']
 * ```
 */
export function resolveInflectedForms(query: string): string[] {
  const topical = splitSearchWords(removeArgumentText(query)).filter((word) => !isSearchStopWord(word));
  const words = topical.length > 0 ? topical : splitSearchWords(query).filter((word) => !isSearchStopWord(word));
  return [...new Set(words.filter(isInflectedForm))];
}
