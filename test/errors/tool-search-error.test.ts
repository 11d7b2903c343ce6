import { describe, expect, it } from 'vitest';
import { ToolSearchError, isToolSearchError } from '../../src/errors/tool-search-error.js';
import { ToolSearchConfigError } from '../../src/errors/tool-search-config-error.js';

describe('isToolSearchError', () => {
  it('recognises the package’s errors and their subclasses', () => {
    expect(isToolSearchError(new ToolSearchError('invalid-tools', 'x'))).toBe(true);
    expect(isToolSearchError(new ToolSearchConfigError([{ path: 'threshold', message: 'bad' }]))).toBe(true);
  });

  it('recognises an error from another copy of the package, without instanceof', () => {
    const foreign = Object.assign(new Error('x'), { code: 'invalid-tools', [Symbol.for('tool-search.error')]: true });
    expect(isToolSearchError(foreign)).toBe(true);
  });

  it.each([new Error('x'), { code: 'invalid-tools' }, null, 'error', undefined])('rejects %j', (value) => {
    expect(isToolSearchError(value)).toBe(false);
  });

  it('keeps the code, the name and the cause', () => {
    const cause = new Error('inner');
    const error = new ToolSearchError('invalid-request', 'outer', { cause });
    expect(error).toMatchObject({ code: 'invalid-request', name: 'ToolSearchError', message: 'outer', cause });
    expect(
      new ToolSearchConfigError([
        { path: 'a', message: 'first' },
        { path: 'b', message: 'second' },
      ]).message,
    ).toBe('Invalid tool search configuration: first; second');
  });
});
