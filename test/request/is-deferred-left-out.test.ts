import { describe, expect, it } from 'vitest';
import { isDeferredLeftOut } from '../../src/request/is-deferred-left-out.js';

describe('isDeferredLeftOut', () => {
  it.each([
    ['client', 'library', 'names', true],
    ['client', 'library', 'none', true],
    ['client', 'library', 'full', false],
    ['client', 'library', 'compact', false],
    ['openai-hosted', 'library', 'names', true],
    ['openai-hosted', 'library', 'none', true],
    ['openai-hosted', 'library', 'full', false],
    ['openai-hosted', 'provider', 'names', false],
    ['claude-hosted', 'library', 'names', false],
    ['none', 'library', 'names', false],
  ] as const)('%s with the %s search and the %s listing: %s', (mechanism, search, listing, expected) => {
    expect(isDeferredLeftOut({ mechanism, search, listing })).toBe(expected);
  });
});
