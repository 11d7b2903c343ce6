import { describe, expect, it } from 'vitest';
import {
  CATALOG_OPTION,
  REVEALED_OPTION,
  findTransformOptionProblems,
  parseRevealedOption,
  parseTransformRequestOptions,
} from '../../src/request/parse-transform-request-options.js';
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
    [{ reveal: [] }, '`options` has an unknown option `reveal`; the options are `revealed` and `predict`'],
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

describe('findTransformOptionProblems', () => {
  it('finds nothing wrong with known options that keep their rules, or are left out', () => {
    expect(findTransformOptionProblems({ revealed: new Set(['a']), catalog: { tools: [] } }, [REVEALED_OPTION, CATALOG_OPTION])).toEqual([]);
    expect(findTransformOptionProblems({ revealed: undefined }, [REVEALED_OPTION, CATALOG_OPTION])).toEqual([]);
  });

  it('lists each broken rule in the order of the known options, then the unknown options', () => {
    expect(findTransformOptionProblems({ zap: 1, catalog: 'x', revealed: 3, zip: 2 }, [REVEALED_OPTION, CATALOG_OPTION])).toEqual([
      { kind: 'rule', option: REVEALED_OPTION, value: 3 },
      { kind: 'rule', option: CATALOG_OPTION, value: 'x' },
      { kind: 'unknown', names: ['zap', 'zip'] },
    ]);
  });
});
