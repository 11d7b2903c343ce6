/** The reads of each body a session is preparing, by reader: held only while {@link holdBodyToolReads} runs. */
const held = new WeakMap<object, Map<(body: unknown) => unknown, unknown>>();

/**
 * A body's tools as `reader` (its API's reader: the one the public `parse*Tools` function and the transformer share)
 * reads them. While a session prepares `body` (see {@link holdBodyToolReads}), the first read is kept and every later
 * one returns it, so the plan's reader and the API's transformer read a request's tools once; otherwise this is
 * `reader(body)`, so direct callers of the readers and transformers see no difference. A reader that throws keeps
 * nothing. The read is shared, never modified by its users. Not part of the public API.
 *
 * @example
 * ```ts
 * const { request, slots } = readBodyToolsOnce(body, parseOpenAIChatToolSlots);
 * ```
 */
export function readBodyToolsOnce<Read>(body: unknown, reader: (body: unknown) => Read): Read {
  const reads = typeof body === 'object' && body !== null ? held.get(body) : undefined;
  if (reads === undefined) return reader(body);
  if (reads.has(reader)) return reads.get(reader) as Read;
  const read = reader(body);
  reads.set(reader, read);
  return read;
}

/**
 * Runs `prepare` (a session reading `body`'s tools to plan the request, then transforming `body`) with the reads of
 * `body`'s tools kept for {@link readBodyToolsOnce}, and forgets them when it settles. A body already held (the same object
 * prepared twice at once) shares the reads of the first. Not part of the public API.
 */
export async function holdBodyToolReads<Result>(body: object, prepare: () => Promise<Result>): Promise<Result> {
  if (held.has(body)) return prepare();
  held.set(body, new Map());
  try {
    return await prepare();
  } finally {
    held.delete(body);
  }
}
