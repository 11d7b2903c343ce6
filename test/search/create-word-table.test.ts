import { describe, expect, it } from 'vitest';
import { createWordTable } from '../../src/search/create-word-table.js';

describe('createWordTable', () => {
  it('finds a stored word by its position in a source string, folding ASCII upper case', () => {
    const table = createWordTable();
    table.insert('github', 7);
    expect(table.lookup('open GitHub now', 5, 11)).toBe(7);
    expect(table.lookup('github', 0, 6)).toBe(7);
  });

  it('returns undefined for a word it does not hold, including a prefix or an extension of one it holds', () => {
    const table = createWordTable();
    table.insert('file', 1);
    expect(table.lookup('files', 0, 5)).toBeUndefined();
    expect(table.lookup('fil', 0, 3)).toBeUndefined();
    expect(table.lookup('', 0, 0)).toBeUndefined();
  });

  it('keeps every word when it grows past its first capacity', () => {
    const table = createWordTable();
    const words = Array.from({ length: 20_000 }, (_, index) => `word${index}`);
    for (const [index, word] of words.entries()) table.insert(word, index);
    expect(words.every((word, index) => table.lookup(word, 0, word.length) === index)).toBe(true);
  });

  it('stores -1 (a stop word) like any other number', () => {
    const table = createWordTable();
    table.insert('the', -1);
    expect(table.lookup('THE', 0, 3)).toBe(-1);
  });
});
