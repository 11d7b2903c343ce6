import { removeArgumentText } from './remove-argument-text.js';
import { splitSearchWords } from './split-search-words.js';
import { resolveSearchTerm } from './tokenize-search-text.js';

/**
 * The distinct terms of a query as the tool index matches them, in query order: `tokenizeSearchText`'s terms, then each
 * compound the request writes apart whose joined form is a term of the index (`page speed` also gives `pagespeed` when
 * a tool has that word; `data base` gives `database`). Two words are joined only when neither is a stop word, and only
 * when the joined word exists in the tool text, so a request never gains a term no tool has. URLs and paths
 * (`isArgumentText`) are left out, unless the request holds nothing else: their words name a value, not the task.
 *
 * @example
 * ```ts
 * resolveQueryTerms('check the page speed', new Set(['pagespeed'])); // ['check', 'pag', 'speed', 'pagespeed']
 * ```
 */
export function resolveQueryTerms(query: string, known: { has(term: string): boolean }): string[] {
  // URLs and paths are argument values, not words about the task; a request made of nothing else keeps them.
  const topical = removeArgumentText(query);
  if (topical.length < query.length) {
    const terms = resolveContentTerms(topical, known);
    if (terms.length > 0) return terms;
  }
  return resolveContentTerms(query, known);
}

function resolveContentTerms(query: string, known: { has(term: string): boolean }): string[] {
  // The words are split once; each one's term is `tokenizeSearchText`'s.
  const words = splitSearchWords(query);
  const terms = new Set<string>();
  const content = words.map((word) => {
    const term = resolveSearchTerm(word);
    if (term !== null) terms.add(term);
    return term !== null;
  });
  for (let position = 0; position + 1 < words.length; position += 1) {
    if (!content[position] || !content[position + 1]) continue;
    const joined = resolveSearchTerm(words[position]! + words[position + 1]!);
    if (joined !== null && known.has(joined)) terms.add(joined);
  }
  return [...terms];
}
