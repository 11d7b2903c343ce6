import { describe, expect, it } from 'vitest';
import { parseSessionStreamOptions } from '../../src/session/session-stream-options.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';

describe('parseSessionStreamOptions', () => {
  it('gives onText, or undefined without options or without onText', () => {
    const onText = () => {};
    expect(parseSessionStreamOptions({ onText }, 'step')).toBe(onText);
    expect(parseSessionStreamOptions(undefined, 'step')).toBeUndefined();
    expect(parseSessionStreamOptions({}, 'handle')).toBeUndefined();
    expect(parseSessionStreamOptions({ onText: undefined }, 'handle')).toBeUndefined();
  });

  it.each([
    [null, '`step`: `options` must be `{ onText?: (text) => void }`, got null'],
    [[], '`step`: `options` must be `{ onText?: (text) => void }`, got an array'],
    [{ onText: 'print' }, '`step`: `options` must be `{ onText?: (text) => void }`, got "print" (a string) for `onText`'],
    [{ onText: {} }, '`step`: `options` must be `{ onText?: (text) => void }`, got an object for `onText`'],
  ])('throws invalid-options for %j', (options, message) => {
    expect(() => parseSessionStreamOptions(options, 'step')).toThrow(ToolSearchError);
    expect(() => parseSessionStreamOptions(options, 'step')).toThrow(expect.objectContaining({ code: 'invalid-options', message }));
  });
});
