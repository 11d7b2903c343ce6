import { describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { createRequestToolNameCheck } from '../../src/tools/create-request-tool-name-check.js';

describe('createRequestToolNameCheck', () => {
  const describeTwice = (name: string, first: number, at: number) => `\`${name}\` at ${first} and ${at}`;

  it('takes each name once, wherever it is read', () => {
    const checkName = createRequestToolNameCheck(describeTwice);
    expect(() => {
      for (const [index, name] of ['a', 'b', 'c'].entries()) checkName(name, index);
    }).not.toThrow();
  });

  it('throws invalid-request worded by the API, naming where the name came first and again', () => {
    const checkName = createRequestToolNameCheck(describeTwice);
    checkName('a', 0);
    checkName('b', 1);
    let error: unknown;
    try {
      checkName('a', 2);
    } catch (caught) {
      error = caught;
    }
    expect(isToolSearchError(error) && error.code).toBe('invalid-request');
    expect((error as Error).message).toBe('`a` at 0 and 2');
  });

  it('keeps no names between checks', () => {
    createRequestToolNameCheck(describeTwice)('a', 0);
    expect(() => createRequestToolNameCheck(describeTwice)('a', 0)).not.toThrow();
  });
});
