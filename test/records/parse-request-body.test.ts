import { describe, expect, it } from 'vitest';
import { parseRequestBody } from '../../src/records/parse-request-body.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';

describe('parseRequestBody', () => {
  it('returns an object body as it is', () => {
    const body = { tools: [] };
    expect(parseRequestBody(body, 'a request object')).toBe(body);
  });

  it.each([
    [null, 'The request body must be a Converse request object, got null'],
    [[], 'The request body must be a Converse request object, got an array'],
    ['x', 'The request body must be a Converse request object, got "x" (a string)'],
  ])('throws invalid-request for %j, naming the body the API takes', (body, message) => {
    let thrown: unknown;
    try {
      parseRequestBody(body, 'a Converse request object');
    } catch (error) {
      thrown = error;
    }
    expect(isToolSearchError(thrown) && thrown.code).toBe('invalid-request');
    expect((thrown as Error).message).toBe(message);
  });
});
