/** A run of letters and digits: everything else (spaces, `_`, `-`, `.`, `/`, quotes, …) separates words. */
const WORD = /[\p{L}\p{N}]+/gu;
/** `getUserId` → `get User Id`; `parseHTTPResponse` → `parse HTTP Response`. */
const CAMEL_LOWER_UPPER = /(\p{Ll})(\p{Lu})/gu;
const CAMEL_ACRONYM_WORD = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const COMBINING_MARK = /\p{M}+/gu;

/**
 * Splits a tool name or a piece of text into lower-case words, before stop words and stemming.
 *
 * Every naming style a tool catalog uses comes apart the same way: `snake_case`, `kebab-case`, `camelCase` and
 * `PascalCase` (acronyms kept whole: `getHTTPStatus` → `get http status`), dotted names (`ChaDri.change_drink` →
 * `cha dri change drink`) and MCP's `server__tool`. Accents are folded (`café` → `cafe`); letters of every script
 * count, so a request in Vietnamese or Chinese still yields words. Digits stay attached to their letters (`sha256`).
 *
 * @example
 * ```ts
 * splitSearchWords('github__create_pull_request'); // ['github', 'create', 'pull', 'request']
 * ```
 */
export function splitSearchWords(text: string): string[] {
  const separated = text.replace(CAMEL_LOWER_UPPER, '$1 $2').replace(CAMEL_ACRONYM_WORD, '$1 $2');
  const folded = separated.normalize('NFKD').replace(COMBINING_MARK, '').toLowerCase();
  return folded.match(WORD) ?? [];
}
