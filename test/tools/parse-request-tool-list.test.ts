import { describe, expect, it } from 'vitest';
import { parseRequestToolList } from '../../src/tools/parse-request-tool-list.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';

describe('parseRequestToolList', () => {
  it('returns the entries of an array as they are', () => {
    const tools = [{ name: 'a' }, 3];
    expect(parseRequestToolList(tools, 'tools')).toBe(tools);
  });

  it.each([undefined, null])('reads %j as no tools', (value) => {
    expect(parseRequestToolList(value, 'tools')).toEqual([]);
  });

  it.each([
    [{}, 'config.tools', undefined, '`config.tools` must be an array of tools, got an object'],
    ['x', 'tools', 'tool definitions', '`tools` must be an array of tool definitions, got "x" (a string)'],
  ])('throws invalid-request for %j, naming the field', (value, path, what, message) => {
    expect(() => parseRequestToolList(value, path, what)).toThrow(new ToolSearchError('invalid-request', message));
    expect(() => parseRequestToolList(value, path, what)).toThrow(expect.objectContaining({ code: 'invalid-request' }));
  });
});
