import { isSearchStopWord } from './search-stop-words.js';
import { splitSearchWords } from './split-search-words.js';
import { stemSearchTerm } from './stem-search-term.js';

/**
 * Turns a query or a tool's text into the terms the tool index matches on: words split by
 * {@link splitSearchWords}, stop words ({@link SEARCH_STOP_WORDS}) dropped, each word reduced by
 * {@link stemSearchTerm}. Terms keep their order and may repeat.
 *
 * Queries and tool text go through this same function, so a term matches exactly when both sides mean the same
 * word form family: `"Searching files"` gives `['search', 'fil']`, as does the tool name `search_files`.
 *
 * @example
 * ```ts
 * tokenizeSearchText('Could you create the github issues?'); // ['creat', 'github', 'issu']
 * ```
 */
export function tokenizeSearchText(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitSearchWords(text)) {
    const term = resolveSearchTerm(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}

/** The term of one word from {@link splitSearchWords}: its stem, or `null` for a stop word. */
export function resolveSearchTerm(word: string): string | null {
  return isSearchStopWord(word) ? null : stemSearchTerm(word);
}
