import { describe, expect, it } from 'vitest';
import { stemSearchTerm } from '../../src/search/stem-search-term.js';

describe('stemSearchTerm', () => {
  it.each([
    ['a plural', 'files', 'file'],
    ['a plural in -ies', 'companies', 'company'],
    ['a plural in -sses', 'addresses', 'address'],
    ['a plural of a word in -ie', 'movies', 'movie'],
    ['an -ing form', 'creating', 'create'],
    ['an -ing form with a doubled consonant', 'running', 'run'],
    ['an -ed form', 'updated', 'update'],
    ['an -ed form with a doubled consonant', 'stopped', 'stop'],
    ['an -ation noun', 'calculation', 'calculate'],
    ['an -ation noun', 'translation', 'translates'],
    ['a third-person verb', 'sends', 'send'],
  ])('gives %s the stem of its base form (%s, %s)', (_form, word, base) => {
    expect(stemSearchTerm(word)).toBe(stemSearchTerm(base));
  });

  it.each([
    ['a word in -ss', 'process'],
    ['a word in -us', 'status'],
    ['a word in -is', 'analysis'],
    ['a short word', 'bus'],
    ['a word whose -ing is not a suffix', 'string'],
    ['a word whose -ed is not a suffix', 'need'],
    ['a word with digits', 'sha256s'],
    ['a word of another script', 'работы'],
  ])('leaves %s alone (%s)', (_kind, word) => {
    expect(stemSearchTerm(word)).toBe(word);
  });

  it('keeps words of different meaning apart', () => {
    expect(stemSearchTerm('file')).not.toBe(stemSearchTerm('filter'));
    expect(stemSearchTerm('user')).not.toBe(stemSearchTerm('use'));
  });
});
