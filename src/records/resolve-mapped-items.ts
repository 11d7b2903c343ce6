/**
 * The list with each item passed through `map`, or `list` itself when every item maps to itself: a transformer copies
 * only what it changes, so what it leaves alone keeps its identity and a second pass over its own output allocates no
 * list. Not part of the public API.
 */
export function resolveMappedItems<Item, Mapped>(list: readonly Item[], map: (item: Item, index: number) => Mapped): readonly (Item | Mapped)[] {
  let result: (Item | Mapped)[] | undefined;
  for (const [index, item] of list.entries()) {
    const mapped = map(item, index);
    if (result === undefined && (mapped as unknown) !== item) result = list.slice(0, index);
    result?.push(mapped);
  }
  return result ?? list;
}
