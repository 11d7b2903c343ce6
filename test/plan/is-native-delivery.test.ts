import { describe, expect, it } from 'vitest';
import { isNativeDelivery } from '../../src/plan/is-native-delivery.js';

describe('isNativeDelivery', () => {
  it.each([
    ['client', 'native', true],
    ['client', 'conversation', false],
    ['client', 'tool-list', false],
    ['claude-hosted', 'native', false],
    ['openai-hosted', 'native', false],
    ['none', 'native', false],
  ] as const)('is %s with reveal %s: %s', (mechanism, reveal, expected) => {
    expect(isNativeDelivery({ mechanism, reveal })).toBe(expected);
  });
});
