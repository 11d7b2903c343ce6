import { describe, expect, it } from 'vitest';
import { isAddedByReference } from '../../src/plan/is-added-by-reference.js';

describe('isAddedByReference', () => {
  it.each([
    ['client', 'native', 'reference', true],
    ['client', 'native', 'value', false],
    ['client', 'conversation', undefined, false],
    ['client', 'tool-list', undefined, false],
    ['claude-hosted', 'native', 'reference', false],
    ['none', 'native', 'reference', false],
  ] as const)('%s with reveal %s and additions %s: %s', (mechanism, reveal, additions, expected) => {
    expect(isAddedByReference({ mechanism, reveal, ...(additions === undefined ? {} : { additions }) })).toBe(expected);
  });
});
