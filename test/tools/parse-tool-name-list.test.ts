import { describe, expect, it } from 'vitest';
import { parseToolNameList } from '../../src/tools/parse-tool-name-list.js';

describe('parseToolNameList', () => {
  it.each([
    ['an array', ['a', 'b']],
    ['a Set', new Set(['a', 'b'])],
    [
      'a Map’s keys',
      new Map([
        ['a', 1],
        ['b', 2],
      ]).keys(),
    ],
  ])('reads names given as %s, in order', (_label, value) => {
    expect(parseToolNameList(value, '`x`')).toEqual(['a', 'b']);
  });

  it('rejects one string, saying how to write a list of one', () => {
    expect(() => parseToolNameList('read_file', '`revealed`')).toThrow(
      expect.objectContaining({
        code: 'invalid-options',
        message: '`revealed` must be a list of tool names (an array or a Set), got "read_file" (a string); write ["read_file"] for one name',
      }),
    );
  });

  it.each([
    ['a number', 5, '`x` must be a list of tool names (an array or a Set), got 5'],
    ['null', null, '`x` must be a list of tool names (an array or a Set), got null'],
    ['an object', { a: 1 }, '`x` must be a list of tool names (an array or a Set), got an object'],
    ['a list holding a number', ['a', 2], '`x` must hold tool names (strings), got 2 at position 1'],
  ])('rejects %s with invalid-options', (_label, value, message) => {
    expect(() => parseToolNameList(value, '`x`')).toThrow(expect.objectContaining({ code: 'invalid-options', message }));
  });
});
