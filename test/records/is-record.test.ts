import { describe, expect, it } from 'vitest';
import { isRecord } from '../../src/records/is-record.js';

describe('isRecord', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['x', false],
    [undefined, false],
  ])('%j is a record: %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});
