import { createUnicodePattern } from '../text/create-unicode-pattern.js';
/** Whether one character (a whole code point, as a string) belongs to the wrapping {@link trimWrapping} removes. */
export type WrappingTest = (character: string) => boolean;

const NAME_WRAPPING_CHARACTER = /^[\s"'`[\](){}]$/u;
const NAME_CLOSING_CHARACTER = /^[\s"'`[\](){}.,;:!?]$/u;
const LETTER_OR_DIGIT = /* @__PURE__ */ createUnicodePattern('^[\\p{L}\\p{N}]$', 'u');

/** White space, quotes, backticks and brackets: what a model puts around a name it copies (`'read_file'`, `[a, b]`). */
export const isNameWrapping: WrappingTest = (character) => NAME_WRAPPING_CHARACTER.test(character);
/** {@link isNameWrapping} plus the punctuation that closes a sentence or a list: `.`, `,`, `;`, `:`, `!`, `?`. */
export const isNameClosing: WrappingTest = (character) => NAME_CLOSING_CHARACTER.test(character);
/** Everything but letters and digits of any script. */
export const isNotLetterOrDigit: WrappingTest = (character) => !LETTER_OR_DIGIT.test(character);

/**
 * Removes the leading characters that pass `isLeading` and the trailing ones that pass `isTrailing`, reading each
 * character at most once, so the cost is linear in the text whatever it holds. A regular expression of the shape
 * `/^[…]+|[…]+$/g` costs the square of a long run of such characters followed by anything else (20,000 spaces then
 * `x`: 0.75 s), because `[…]+$` is tried, and fails, from every position of the run.
 *
 * @example
 * ```ts
 * trimWrapping(' "read_file". ', isNameWrapping, isNameClosing); // 'read_file'
 * ```
 */
export function trimWrapping(text: string, isLeading: WrappingTest, isTrailing: WrappingTest = isLeading): string {
  let start = 0;
  while (start < text.length) {
    // A surrogate pair is one character; a lone surrogate is one too.
    const character = String.fromCodePoint(text.codePointAt(start)!);
    if (!isLeading(character)) break;
    start += character.length;
  }
  let end = text.length;
  while (end > start) {
    // The code point of the two code units before `end` is past 0xFFFF only when they are a surrogate pair.
    const pair = end >= 2 ? text.codePointAt(end - 2)! : 0;
    const character = pair > 0xffff ? String.fromCodePoint(pair) : text[end - 1]!;
    if (!isTrailing(character)) break;
    end -= character.length;
  }
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
