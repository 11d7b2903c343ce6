import { describe, expect, it } from 'vitest';
import { resolveUnmappedToolNames } from '../../src/names/resolve-unmapped-tool-names.js';

const OPENAI = { label: 'OpenAI', allowed: /[A-Za-z0-9_-]/, maxLength: 64 };

describe('resolveUnmappedToolNames', () => {
  it('returns the history names the mapping does not know and the rule rejects', () => {
    expect(resolveUnmappedToolNames(['a.b', 'known.one', 'valid_name', 'c d'], ['known.one'], OPENAI)).toEqual(['a.b', 'c d']);
  });

  it('returns nothing for an empty history', () => {
    expect(resolveUnmappedToolNames([], ['x'], OPENAI)).toEqual([]);
  });
});
