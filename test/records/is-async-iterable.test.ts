import { describe, expect, it } from 'vitest';
import { isAsyncIterable } from '../../src/records/is-async-iterable.js';

describe('isAsyncIterable', () => {
  async function* generator() {
    yield 1;
  }

  it.each([
    ['an async generator', generator()],
    ['an object with Symbol.asyncIterator', { [Symbol.asyncIterator]: () => generator() }],
  ])('is true for %s', (_, value) => {
    expect(isAsyncIterable(value)).toBe(true);
  });

  it.each([
    ['a response object', { output: [] }],
    ['an array (iterable, not async)', [1, 2]],
    ['a string', 'data: {}'],
    ['null', null],
    ['undefined', undefined],
    ['a non-function Symbol.asyncIterator', { [Symbol.asyncIterator]: 1 }],
  ])('is false for %s', (_, value) => {
    expect(isAsyncIterable(value)).toBe(false);
  });
});
