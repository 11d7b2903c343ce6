/**
 * The words of `lines` (each a run of words separated by single spaces), in order: how a long constant word list is
 * written. Mark each module-level call `/* @__PURE__ *\/` (with string literals only), so an app's bundler drops a list
 * the app never reads. Pure. Not part of the public API.
 */
export function splitWords(...lines: readonly string[]): string[] {
  return lines.join(' ').split(' ');
}
