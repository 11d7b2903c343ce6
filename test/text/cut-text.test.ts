import { describe, expect, it } from 'vitest';
import { cutText } from '../../src/text/cut-text.js';

describe('cutText', () => {
  it.each([
    ['abcdef', 3, 'abc'],
    ['abc', 3, 'abc'],
    ['abc', 10, 'abc'],
    ['ab😀', 3, 'ab'],
    ['ab😀', 4, 'ab😀'],
    ['ab😀cd', 3, 'ab'],
    ['𠀀𠀁', 3, '𠀀'],
    ['日本語', 2, '日本'],
    ['😀', 1, ''],
    ['abc', 0, ''],
  ])('cuts %j to %i code units as %j', (text, maxLength, expected) => {
    expect(cutText(text, maxLength)).toBe(expected);
  });

  it('never leaves half of a pair, at any length', () => {
    const text = '日本😀語𠀀x👩‍💻y🇫🇷';
    for (let length = 0; length <= text.length; length += 1) {
      const cut = cutText(text, length);
      expect(cut.length).toBeLessThanOrEqual(length);
      expect(text.startsWith(cut)).toBe(true);
      expect(cut).not.toMatch(/\p{Cs}/u); // no surrogate without its other half
    }
  });
});
