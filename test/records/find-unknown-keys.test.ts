import { describe, expect, it } from 'vitest';
import { findUnknownKeys } from '../../src/records/find-unknown-keys.js';

describe('findUnknownKeys', () => {
  it.each([
    ['no key', {}, []],
    ['only known keys', { a: 1, b: 2 }, []],
    ['unknown keys, in the object’s order', { z: 1, a: 1, y: 2 }, ['z', 'y']],
    ['an unknown key holding undefined', { c: undefined }, ['c']],
  ])('finds %s', (_label, object, expected) => {
    expect(findUnknownKeys(object, ['a', 'b'])).toEqual(expected);
  });
});
