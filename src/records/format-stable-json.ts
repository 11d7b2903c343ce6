/**
 * JSON with every object's keys in sorted order, so equal data gives equal bytes (what a prompt cache, and a comparison
 * of two bodies, need): byte for byte what `fast-json-stable-stringify` writes (without options; a test holds it to
 * that), as an ES module, which spares every bundle that package's CommonJS interop. `undefined` for a value JSON leaves
 * out (`undefined`, a function, a symbol); `toJSON` is honoured and a number JSON cannot write is `null`, as in
 * `JSON.stringify`. Throws a `TypeError` for an object that contains itself or a `BigInt`. Not part of the public API.
 *
 * @example
 * ```ts
 * formatStableJSON({ b: 1, a: [true, undefined] }); // '{"a":[true,null],"b":1}'
 * ```
 */
export function formatStableJSON(value: unknown): string | undefined {
  return writeStableJSON(value, []);
}

/** One value of {@link formatStableJSON}, with the objects being written around it (`open`), for the cycle check. */
function writeStableJSON(value: unknown, open: object[]): string | undefined {
  let node = value;
  if (node && typeof (node as { toJSON?: unknown }).toJSON === 'function') node = (node as { toJSON(): unknown }).toJSON();
  if (node === undefined) return undefined;
  if (typeof node === 'number') return Number.isFinite(node) ? `${node}` : 'null';
  if (typeof node !== 'object') return JSON.stringify(node);
  if (node === null) return 'null';
  if (Array.isArray(node)) {
    // By index: a hole is written as `null`, as `undefined` is.
    let out = '[';
    for (let index = 0; index < node.length; index += 1) out += `${index === 0 ? '' : ','}${writeStableJSON(node[index], open) ?? 'null'}`;
    return `${out}]`;
  }
  if (open.includes(node)) throw new TypeError('Converting circular structure to JSON');
  open.push(node);
  let out = '';
  for (const key of Object.keys(node).sort()) {
    const written = writeStableJSON((node as Record<string, unknown>)[key], open);
    if (written !== undefined) out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${written}`;
  }
  open.pop();
  return `{${out}}`;
}
