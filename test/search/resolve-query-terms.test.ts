import { describe, expect, it } from 'vitest';
import { resolveQueryTerms } from '../../src/search/resolve-query-terms.js';

const NO_TERMS = new Set<string>();

describe('resolveQueryTerms', () => {
  describe('inflectedForms', () => {
    it('returns each inflected content word of a request once, as written in lower case', () => {
      expect(resolveQueryTerms('Show me the Keys and the keys in my vault', NO_TERMS).inflectedForms).toEqual(['keys']);
      expect(resolveQueryTerms('list running jobs', NO_TERMS).inflectedForms).toEqual(['running', 'jobs']);
    });

    it('leaves out stop words and URLs or paths, unless the request has nothing else', () => {
      expect(resolveQueryTerms('is this ours', NO_TERMS).inflectedForms).toEqual([]);
      expect(resolveQueryTerms('play /home/me/songs', NO_TERMS).inflectedForms).toEqual([]);
      expect(resolveQueryTerms('/home/me/songs', NO_TERMS).inflectedForms).toEqual(['songs']);
    });
  });
});
