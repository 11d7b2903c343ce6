import { describe, expect, it } from 'vitest';
import { readRenamedNames } from '../../src/names/read-renamed-names.js';

describe('readRenamedNames', () => {
  it('gives each name the walk renames, in order, and hands it back unchanged', () => {
    const written: string[] = [];
    const names = readRenamedNames((rename) => {
      for (const name of ['a.b', 'c']) written.push(rename(name));
    });
    expect(names).toEqual(['a.b', 'c']);
    expect(written).toEqual(['a.b', 'c']);
  });

  it('gives none for a walk that renames nothing', () => {
    expect(readRenamedNames(() => undefined)).toEqual([]);
  });
});
