/** Names for a message, each between two `mark`s (a backtick by default), joined by commas: `` `a`, `b` ``. */
export function quoteNames(names: readonly string[], mark = '`'): string {
  return names.map((name) => `${mark}${name}${mark}`).join(', ');
}
