import { describe, expect, it } from 'vitest';
import { parseRevealedOption, parseTransformRequestOptions } from '../../src/transform/parse-transform-request-options.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';

describe('parseTransformRequestOptions', () => {
  it.each([
    [undefined, []],
    [{}, []],
    [{ revealed: ['a', 'b'] }, ['a', 'b']],
    [{ revealed: new Set(['a']) }, ['a']],
  ])('reads %j', (options, revealed) => {
    expect(parseTransformRequestOptions(options)).toEqual({ revealed });
  });

  it.each([
    [{ revealed: 'a' }, '`options.revealed` must be an iterable of tool names (an array or a Set), got "a" (a string)'],
    [{ revealed: ['a', 3] }, '`options.revealed` must hold tool names (strings), got 3 at position 1'],
    [{ reveal: [] }, '`options` has an unknown option `reveal`; the only option is `revealed`'],
    [5, '`options` must be an object such as `{ revealed }`, got 5'],
  ])('rejects %j', (options, message) => {
    expect(() => parseTransformRequestOptions(options)).toThrow(ToolSearchError);
    expect(() => parseTransformRequestOptions(options)).toThrow(message);
  });
});

describe('parseRevealedOption', () => {
  it('names the option as the caller spells it', () => {
    expect(() => parseRevealedOption([1], '`revealed`')).toThrow('`revealed` must hold tool names (strings), got 1 at position 0');
  });
});
