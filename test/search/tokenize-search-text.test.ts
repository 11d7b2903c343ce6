import { describe, expect, it } from 'vitest';
import { SEARCH_STOP_WORDS, isSearchStopWord } from '../../src/search/search-stop-words.js';
import { tokenizeSearchText } from '../../src/search/tokenize-search-text.js';

describe('tokenizeSearchText', () => {
  it('drops stop words and stems what is left', () => {
    expect(tokenizeSearchText('Could you please create the github issues for me?')).toEqual(['creat', 'github', 'issu']);
  });

  it('gives a tool name and a request about it the same terms', () => {
    expect(tokenizeSearchText('search_files')).toEqual(tokenizeSearchText('Searching files'));
  });

  it('keeps the order of terms and their repeats', () => {
    expect(tokenizeSearchText('file to file')).toEqual(['fil', 'fil']);
  });

  it('returns no term for a query of stop words and punctuation', () => {
    expect(tokenizeSearchText('Can you do it, please?!')).toEqual([]);
  });
});

describe('SEARCH_STOP_WORDS', () => {
  it.each(['the', 'a', 'in', 'of', 'you', 'please', 'could', 'my'])('holds the function word "%s"', (word) => {
    expect(isSearchStopWord(word)).toBe(true);
  });

  it.each(['get', 'find', 'list', 'search', 'send', 'set', 'show', 'file', 'use'])('keeps the action word "%s" searchable', (word) => {
    expect(SEARCH_STOP_WORDS.has(word)).toBe(false);
  });
});
