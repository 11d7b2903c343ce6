/**
 * The keys of an options object that are none of `known`, in the object's order: what a strict options check reports
 * as unknown options (a key holding `undefined` counts, as it does in `Object.keys`).
 *
 * @example
 * ```ts
 * findUnknownKeys({ maxResult: 3, rarity: true }, ['maxResults', 'rarity']); // ['maxResult']
 * ```
 */
export function findUnknownKeys(object: object, known: readonly string[]): string[] {
  return Object.keys(object).filter((key) => !known.includes(key));
}
