/** Whether a value is an async iterable (an SDK stream, an async generator): an object with `Symbol.asyncIterator`. */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}
