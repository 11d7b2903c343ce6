import { describe, expect, it } from 'vitest';
import { isPreflightArray } from '../../src/preflight/is-preflight-array.js';
import type { PreflightViolation } from '../../src/preflight/preflight-result.js';

describe('isPreflightArray', () => {
  it('accepts an array and reports nothing', () => {
    const violations: PreflightViolation[] = [];
    expect(isPreflightArray([], 'tools', (rule, path, message) => violations.push({ rule, path, message }))).toBe(true);
    expect(violations).toEqual([]);
  });

  it.each([
    [{}, 'tools', '`tools` must be an array, got an object'],
    [null, 'config.tools', '`tools` must be an array, got null'],
    ['x', 'tools[0].functionDeclarations', '`functionDeclarations` must be an array, got "x" (a string)'],
  ])('reports %j at %s as invalid-body, naming the field', (value, path, message) => {
    const violations: PreflightViolation[] = [];
    expect(isPreflightArray(value, path, (rule, at, text) => violations.push({ rule, path: at, message: text }))).toBe(false);
    expect(violations).toEqual([{ rule: 'invalid-body', path, message }]);
  });
});
