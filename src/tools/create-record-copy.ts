/**
 * A copy of an object with some fields set: the same object as `{ ...record, ...fields }` (own enumerable properties,
 * in the same order; a field the record has keeps its place, a new one goes last), built key by key.
 *
 * Why not the spread: on Node 20 (V8 11), adding a property the source lacks to an object made by a spread takes a
 * slow path, about 0.5 µs per object. A hosted transform adds `defer_loading` to every deferred tool, so at 100 tools
 * that was most of its time; a fresh object filled key by key does not hit it. Use it where a new key is added to
 * many objects; a plain spread is as fast where every field set already exists.
 *
 * @example
 * ```ts
 * createRecordCopy({ name: 'a', description: 'b' }, { defer_loading: true }); // { name: 'a', description: 'b', defer_loading: true }
 * ```
 */
export function createRecordCopy(record: Readonly<Record<string, unknown>>, fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) defineField(copy, key, record[key]);
  for (const symbol of Object.getOwnPropertySymbols(record)) {
    if (Object.prototype.propertyIsEnumerable.call(record, symbol)) (copy as Record<symbol, unknown>)[symbol] = (record as Record<symbol, unknown>)[symbol];
  }
  for (const key of Object.keys(fields)) defineField(copy, key, fields[key]);
  return copy;
}

/** Sets a field as a spread does: `__proto__` becomes an own property, not the prototype. */
function defineField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
