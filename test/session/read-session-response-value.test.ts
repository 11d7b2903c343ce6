import { describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { isRecord } from '../../src/records/is-record.js';
import { readSessionResponseValue } from '../../src/session/read-session-response-value.js';

describe('readSessionResponseValue', () => {
  it('walks object keys and list indexes to the value', () => {
    const message = { role: 'assistant' };
    expect(readSessionResponseValue({ choices: [{ message }] }, 'completion', ['choices', 0, 'message'], 'the assistant message', isRecord)).toBe(message);
  });

  it.each([
    ['a response that is not an object', null, 'nothing (undefined)'],
    ['an index into an object', { choices: { 0: { message: {} } } }, 'nothing (undefined)'],
    ['a value of the wrong kind', { choices: [{ message: 'text' }] }, '"text" (a string)'],
  ])('throws invalid-request naming the path for %s', (_case, response, got) => {
    let error: unknown;
    try {
      readSessionResponseValue(response, 'completion', ['choices', 0, 'message'], 'the assistant message', isRecord);
    } catch (caught) {
      error = caught;
    }
    expect(isToolSearchError(error) && error.code).toBe('invalid-request');
    expect((error as Error).message).toBe(`\`completion.choices[0].message\` must be the assistant message, got ${got}`);
  });
});
