/**
 * A copy of an object with some fields set: the same object as `{ ...record, ...fields }` (own enumerable properties,
 * in the same order; a field the record has keeps its place, a new one goes last), built into a fresh object.
 *
 * Why not the spread: on Node 20 (V8 11), adding a property the source lacks to an object made by a spread takes a
 * slow path, about 0.5 µs per object. A hosted transform adds `defer_loading` to every deferred tool, so at 100 tools
 * that was most of its time; filling a fresh object (`Object.assign({}, …)`) does not hit it. Use it where a new key is added to
 * many objects; a plain spread is as fast where every field set already exists.
 *
 * @example
 * ```ts
 * createRecordCopy({ name: 'a', description: 'b' }, { defer_loading: true }); // { name: 'a', description: 'b', defer_loading: true }
 * ```
 */
export function createRecordCopy(record: Readonly<Record<string, unknown>>, fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  // `Object.assign` copies the same properties as a spread (own enumerable, strings then symbols) except that it sets
  // `__proto__` (changing the copy's prototype) where a spread defines an own property: such a record takes the spread.
  if (Object.hasOwn(record, '__proto__') || Object.hasOwn(fields, '__proto__')) return { ...record, ...fields };
  return Object.assign({}, record, fields);
}
