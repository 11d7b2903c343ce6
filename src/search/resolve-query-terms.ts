import { isInflectedForm } from './is-inflected-form.js';
import { removeArgumentText } from './remove-argument-text.js';
import { splitSearchWords } from './split-search-words.js';
import { resolveSearchTerm } from './tokenize-search-text.js';

/** What the tool index reads of a query: its terms, and the inflected words among them as written. */
export interface QueryTerms {
  /**
   * The distinct terms, in query order: `tokenizeSearchText`'s terms, then each compound the request writes apart whose
   * joined form is a term of the index (`page speed` also gives `pagespeed` when a tool has that word; `data base`
   * gives `database`). Two words are joined only when neither is a stop word, and only when the joined word exists in
   * the tool text, so a request never gains a term no tool has.
   */
  readonly terms: string[];
  /**
   * The distinct inflected words as written (`isInflectedForm`: `keys`, `groups`, `running`), stop words left out. The
   * tool index counts each again, at `sameFormShare`, in the tools that have it in that same form.
   */
  readonly inflectedForms: string[];
}

/**
 * The terms of a query as the tool index matches them (see {@link QueryTerms}), read in one pass over its words. URLs
 * and paths (`isArgumentText`) are left out, unless the request holds nothing else: their words name a value, not the
 * task.
 *
 * @example
 * ```ts
 * resolveQueryTerms('check the page speeds', new Set(['pagespeed'])); // { terms: ['check', 'pag', 'speed', 'pagespeed'], inflectedForms: ['speeds'] }
 * ```
 */
export function resolveQueryTerms(query: string, known: { has(term: string): boolean }): QueryTerms {
  // URLs and paths are argument values, not words about the task; a request made of nothing else keeps them.
  const topical = removeArgumentText(query);
  if (topical.length < query.length) {
    const read = resolveContentTerms(topical, known);
    if (read.terms.length > 0) return read;
  }
  return resolveContentTerms(query, known);
}

function resolveContentTerms(query: string, known: { has(term: string): boolean }): QueryTerms {
  // The words are split once; each one's term is `tokenizeSearchText`'s.
  const words = splitSearchWords(query);
  const terms = new Set<string>();
  const forms = new Set<string>();
  const content = words.map((word) => {
    const term = resolveSearchTerm(word);
    if (term !== null) terms.add(term);
    if (term !== null && isInflectedForm(word)) forms.add(word);
    return term !== null;
  });
  for (let position = 0; position + 1 < words.length; position += 1) {
    if (!content[position] || !content[position + 1]) continue;
    const joined = resolveSearchTerm(words[position]! + words[position + 1]!);
    if (joined !== null && known.has(joined)) terms.add(joined);
  }
  return { terms: [...terms], inflectedForms: [...forms] };
}
