import { createUnicodePattern } from '../text/create-unicode-pattern.js';
/** A run of letters and digits: everything else (spaces, `_`, `-`, `.`, `/`, quotes, …) separates words. */
const WORD = /* @__PURE__ */ createUnicodePattern('[\\p{L}\\p{N}]+', 'gu');
/** `getUserId` → `get User Id`; `parseHTTPResponse` → `parse HTTP Response`. */
const CAMEL_LOWER_UPPER = /* @__PURE__ */ createUnicodePattern('(\\p{Ll})(\\p{Lu})', 'gu');
const CAMEL_ACRONYM_WORD = /* @__PURE__ */ createUnicodePattern('(\\p{Lu})(\\p{Lu}\\p{Ll})', 'gu');
const COMBINING_MARK = /* @__PURE__ */ createUnicodePattern('\\p{M}+', 'gu');
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class is every code point past ASCII, control characters included on purpose.
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Receives one word found by {@link scanSearchWords}: the word is `source.slice(start, end).toLowerCase()`.
 * Handing over positions instead of a string lets the tool index look a word up without allocating it.
 */
export type SearchWordVisitor = (source: string, start: number, end: number) => void;

/**
 * Splits a tool name or a piece of text into lower-case words, before stop words and stemming.
 *
 * Every naming style a tool catalog uses comes apart the same way: `snake_case`, `kebab-case`, `camelCase` and
 * `PascalCase` (acronyms kept whole: `getHTTPStatus` → `get http status`), dotted names (`ChaDri.change_drink` →
 * `cha dri change drink`) and MCP's `server__tool`. A word that camel case split is also kept whole, after its parts
 * (`GitHub` → `git hub github`), so a brand written `GitHub` in one place and `github` in another still meets. Accents are folded (`café` → `cafe`); letters of every script
 * count, so a request in Vietnamese or Chinese still yields words. Digits stay attached to their letters (`sha256`).
 *
 * @example
 * ```ts
 * splitSearchWords('github__create_pull_request'); // ['github', 'create', 'pull', 'request']
 * ```
 */
export function splitSearchWords(text: string): string[] {
  const words: string[] = [];
  scanSearchWords(text, (source, start, end) => {
    words.push(source.slice(start, end).toLowerCase());
  });
  return words;
}

/** The words of {@link splitSearchWords}, handed to `visit` one by one as positions in a source string. */
export function scanSearchWords(text: string, visit: SearchWordVisitor): void {
  if (!NON_ASCII.test(text)) {
    scanASCIIWords(text, visit);
    return;
  }
  const folded = text.normalize('NFKD').replace(COMBINING_MARK, '');
  if (!NON_ASCII.test(folded)) {
    scanASCIIWords(folded, visit);
    return;
  }
  for (const [run] of folded.matchAll(WORD)) {
    const parts = run.replace(CAMEL_LOWER_UPPER, '$1 $2').replace(CAMEL_ACRONYM_WORD, '$1 $2').toLowerCase().split(' ');
    for (const part of parts) visit(part, 0, part.length);
    if (parts.length > 1) {
      const whole = run.toLowerCase();
      visit(whole, 0, whole.length);
    }
  }
}

// The same rules as the Unicode path, by character codes: most tool text is ASCII, and this scan is several times
// faster than three regular-expression passes, which matters when an index over 10,000 tools is built.
function scanASCIIWords(text: string, visit: SearchWordVisitor): void {
  let start = -1;
  let runStart = -1;
  for (let position = 0; position < text.length; position += 1) {
    const kind = charKind(text.charCodeAt(position));
    if (kind === NONE) {
      if (start >= 0) endRun(text, runStart, start, position, visit);
      start = -1;
      continue;
    }
    if (start < 0) {
      start = runStart = position;
      continue;
    }
    if (kind !== UPPER) continue;
    const previous = charKind(text.charCodeAt(position - 1));
    if (previous === LOWER || (previous === UPPER && charKind(text.charCodeAt(position + 1)) === LOWER)) {
      visit(text, start, position);
      start = position;
    }
  }
  if (start >= 0) endRun(text, runStart, start, text.length, visit);
}

/** Visits the last word of a run, then the whole run when camel case split it (`GitHub` → `git`, `hub`, `github`). */
function endRun(text: string, runStart: number, start: number, end: number, visit: SearchWordVisitor): void {
  visit(text, start, end);
  if (runStart < start) visit(text, runStart, end);
}

const NONE = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

function charKind(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return NONE;
}
