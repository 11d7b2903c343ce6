import { describe, expect, it } from 'vitest';
import { removeArgumentText } from '../../src/search/remove-argument-text.js';

describe('removeArgumentText', () => {
  it('leaves out URLs and paths and keeps the rest as written', () => {
    expect(removeArgumentText('list the files in /home/me/Music please')).toBe('list the files in  please');
    expect(removeArgumentText('fetch https://example.com/a and save it to output.wav')).toBe('fetch  and save it to output.wav');
  });

  it('returns a request without argument text unchanged', () => {
    expect(removeArgumentText('read the file')).toBe('read the file');
  });
});
