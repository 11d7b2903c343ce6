import { describe, expect, it } from 'vitest';
import { resolveInflectedForms } from '../../src/search/resolve-inflected-forms.js';

describe('resolveInflectedForms', () => {
  it('returns each inflected content word of a request once, as written in lower case', () => {
    expect(resolveInflectedForms('Show me the Keys and the keys in my vault')).toEqual(['keys']);
    expect(resolveInflectedForms('list running jobs')).toEqual(['running', 'jobs']);
  });

  it('leaves out stop words and URLs or paths, unless the request has nothing else', () => {
    expect(resolveInflectedForms('is this ours')).toEqual([]);
    expect(resolveInflectedForms('play /home/me/songs')).toEqual([]);
    expect(resolveInflectedForms('/home/me/songs')).toEqual(['songs']);
  });
});
