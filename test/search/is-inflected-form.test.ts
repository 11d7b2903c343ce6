import { describe, expect, it } from 'vitest';
import { isInflectedForm } from '../../src/search/is-inflected-form.js';

describe('isInflectedForm', () => {
  it.each([
    ['keys', true],
    ['companies', true],
    ['running', true],
    ['created', true],
    ['status', true],
    ['key', false],
    ['run', false],
    ['create', false],
  ])('%s → %s', (word, expected) => {
    expect(isInflectedForm(word)).toBe(expected);
  });
});
