/**
 * A value JSON cannot write, and where: `cycle` (an object that contains itself, at the path where the cycle closes),
 * `bigint` (a `BigInt`, which `JSON.stringify` refuses) or `too-deep` (objects nested deeper than the bound asked for,
 * at the first one past it: `JSON.stringify` recurses per level, and overflows the stack a few thousand levels down).
 * `undefined`, functions and symbols are not: JSON leaves them out of an object (and writes `null` in a list), as
 * every SDK's serializer does.
 */
export interface UnserializableValue {
  readonly kind: 'cycle' | 'bigint' | 'too-deep';
  /** A JSON path from the value given: `''` for the value itself, `messages[2].content.self`. */
  readonly path: string;
}

/** How deep a caller's tool definition or tool output may nest objects and lists (see {@link findUnserializableValue}). */
export const MAX_VALUE_DEPTH = 1_000;

/**
 * A value JSON cannot write in `value` (a cycle or a `BigInt`, or objects nested more than `maxDepth` levels; the first
 * the walk meets), or `undefined` when `JSON.stringify` can write it all. Walks without recursion (a value nested 100,000 levels deep cannot overflow the
 * stack) and each object once (an object shared by several parents is walked at its first place, so a value of shared
 * references cannot take exponential time). A getter that throws is read as no value. Never throws. Not part of the
 * public API: every preflight, the session's check of a tool's output and `formatToolOutput` ask it.
 *
 * @example
 * ```ts
 * const output: Record<string, unknown> = { city: 'Paris' };
 * output.self = output;
 * findUnserializableValue({ output }); // { kind: 'cycle', path: 'output.self' }
 * ```
 */
export function findUnserializableValue(value: unknown, maxDepth = Number.POSITIVE_INFINITY): UnserializableValue | undefined {
  if (typeof value === 'bigint') return { kind: 'bigint', path: '' };
  if (typeof value !== 'object' || value === null) return undefined;
  // 1: on the path being walked (a cycle closes when it is met again); 2: walked, met again through another parent.
  const state = new Map<object, 1 | 2>();
  // A frame is an object to enter, or the object whose walk ends (`leave`).
  const pending: { readonly value: object; readonly path: string; readonly depth: number; readonly leave: boolean }[] = [
    { value, path: '', depth: 1, leave: false },
  ];
  while (pending.length > 0) {
    const frame = pending.pop() as (typeof pending)[number];
    if (frame.leave) {
      state.set(frame.value, 2);
      continue;
    }
    const seen = state.get(frame.value);
    if (seen === 1) return { kind: 'cycle', path: frame.path };
    if (seen === 2) continue;
    if (frame.depth > maxDepth) return { kind: 'too-deep', path: frame.path };
    state.set(frame.value, 1);
    pending.push({ ...frame, leave: true });
    const children = readChildren(frame.value, frame.path);
    // Reversed onto the stack, so they come off in key order.
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const [child, path] = children[index] as [unknown, string];
      if (typeof child === 'bigint') return { kind: 'bigint', path };
      if (typeof child === 'object' && child !== null) pending.push({ value: child, path, depth: frame.depth + 1, leave: false });
    }
  }
  return undefined;
}

/** An object's values JSON would write, with their paths: a list's items, or an object's own enumerable keys. */
function readChildren(value: object, path: string): [unknown, string][] {
  const children: [unknown, string][] = [];
  try {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) children.push([value[index], `${path}[${index}]`]);
      return children;
    }
    // A `toJSON` method (a `Date`) writes something else; its result is not walked (it is made when the JSON is).
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return children;
    for (const key of Object.keys(value)) children.push([(value as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`]);
  } catch {
    // A proxy or a getter that throws: what was read is walked.
  }
  return children;
}

/** What was found, for a message: `an object that contains itself (a cycle)`, `a BigInt`, `objects nested more than 1000 levels deep`. */
export function describeUnserializableValue(found: UnserializableValue, maxDepth = MAX_VALUE_DEPTH): string {
  switch (found.kind) {
    case 'cycle':
      return 'an object that contains itself (a cycle)';
    case 'bigint':
      return 'a BigInt';
    case 'too-deep':
      return `objects nested more than ${maxDepth} levels deep`;
    default:
      return found.kind satisfies never;
  }
}
