import { cutText } from '../text/cut-text.js';

/** The longest description the `compact` listing sends for a deferred tool, in characters. */
export const COMPACT_DESCRIPTION_MAX_LENGTH = 120;

/**
 * A description's first sentence, cut at a word boundary to at most `maxLength` UTF-16 code units (with `…` when
 * cut), never inside a surrogate pair (an emoji or a CJK extension character stays whole or goes).
 * Used by the `compact` listing; `tool_search` returns the whole description.
 *
 * @example
 * ```ts
 * compactDescription('Create an issue. Requires push access.'); // 'Create an issue.'
 * ```
 */
export function compactDescription(description: string, maxLength = COMPACT_DESCRIPTION_MAX_LENGTH): string {
  const text = description.replace(/\s+/g, ' ').trim();
  // A sentence ends at . ! or ? followed by a space; "e.g. " and "v1.2" do not end one.
  const end = /(?<!\b(?:e\.g|i\.e|etc|vs|cf))[.!?](?=\s)/.exec(text);
  const sentence = end === null ? text : text.slice(0, end.index + 1);
  if (sentence.length <= maxLength) return sentence;
  const cut = cutText(sentence, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}
