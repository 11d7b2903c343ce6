import { describe, expect, it } from 'vitest';
import { isDeferredLeftOut } from '../../src/plan/is-deferred-left-out.js';

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
    expect(isDeferredLeftOut({ mechanism, search, listing, reveal: 'conversation' })).toBe(expected);
  });

  it.each([
    ['value', 'names', true],
    ['value', 'none', true],
    ['reference', 'names', false],
    ['reference', 'none', false],
  ] as const)('native delivery by %s with the %s listing: %s (by reference every deferred tool is declared deferred)', (additions, listing, expected) => {
    expect(isDeferredLeftOut({ mechanism: 'client', search: 'library', listing, reveal: 'native', additions })).toBe(expected);
  });
});
