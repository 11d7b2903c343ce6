import { resolveMappedItems } from './resolve-mapped-items.js';

/**
 * The record with the list at its field `field` passed item by item through `map` ({@link resolveMappedItems}), copied
 * only when an item changes; the record itself when none does or the field holds no list. How a transformer rewrites
 * the blocks of a message (Converse's `content`, Gemini's `parts`) and keeps a message it leaves alone as it is. Not
 * part of the public API.
 *
 * @example
 * ```ts
 * resolveMappedListField(message, 'content', (block) => (isRecord(block) ? resolveWireNameField(block, 'toolUse', names.toWire) : block));
 * ```
 */
export function resolveMappedListField(
  record: Record<string, unknown>,
  field: string,
  map: (item: unknown, index: number) => unknown,
): Record<string, unknown> {
  const list = record[field];
  if (!Array.isArray(list)) return record;
  const mapped = resolveMappedItems(list, map);
  return mapped === list ? record : { ...record, [field]: mapped };
}
