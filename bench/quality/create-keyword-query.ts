import { STANDARD_STOP_WORDS } from './standard-stop-words.js';

/** How many content words a keyword-style query keeps. */
export const KEYWORD_QUERY_WORDS = 6;

/**
 * The keyword-style view of a request, standing in for the few keywords a model writes when it calls `tool_search`:
 * the first six content words of the request, in order, lower-cased, after removing the
 * {@link STANDARD_STOP_WORDS} (NLTK's English list, independent of the library's own). Words are runs of letters and
 * digits, so punctuation and quotes go. `"Can you find me the weather in Paris, please?"` → `"find weather paris
 * please"`.
 */
export function createKeywordQuery(request: string): string {
  const words = request.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => !STANDARD_STOP_WORDS.has(word))
    .slice(0, KEYWORD_QUERY_WORDS)
    .join(' ');
}
