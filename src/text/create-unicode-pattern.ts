/**
 * A regular expression with Unicode property classes (`\p{L}`, `\p{Cs}`, …), built from its source instead of written
 * as a literal: V8 checks every regular expression literal as it compiles a module, and each `\p{…}` class costs that
 * check about 0.1 ms of a cold start (every import pays, whether or not the pattern runs); built from a string, a
 * pattern costs nothing until it first runs. Call it marked pure (`/* @__PURE__ *\/ createUnicodePattern(…)`) at a
 * module's top level, so a bundler drops a pattern nobody uses as it drops a literal. test/architecture.test.ts keeps
 * `\p{…}` literals out of the library. Not part of the public API.
 *
 * @example
 * ```ts
 * const WORD = createUnicodePattern('[\\p{L}\\p{N}]+', 'gu'); // /[\p{L}\p{N}]+/gu
 * ```
 */
export function createUnicodePattern(source: string, flags: string): RegExp {
  return new RegExp(source, flags);
}
