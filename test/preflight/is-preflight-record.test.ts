import { describe, expect, it } from 'vitest';
import { isPreflightRecord } from '../../src/preflight/is-preflight-record.js';
import type { PreflightViolation } from '../../src/preflight/preflight-result.js';

describe('isPreflightRecord', () => {
  it('accepts an object and reports nothing', () => {
    const violations: PreflightViolation[] = [];
    expect(isPreflightRecord({ a: 1 }, 'tools[0]', 'a tool', (rule, path, message) => violations.push({ rule, path, message }))).toBe(true);
    expect(violations).toEqual([]);
  });

  it.each([
    [null, 'tools[0]', 'a tool', 'a tool must be an object, got null'],
    [[], 'messages[2]', 'a message', 'a message must be an object, got an array'],
    [3, 'config', '`config`', '`config` must be an object, got 3'],
  ])('reports %j at %s as invalid-body, naming the part', (value, path, what, message) => {
    const violations: PreflightViolation[] = [];
    expect(isPreflightRecord(value, path, what, (rule, at, text) => violations.push({ rule, path: at, message: text }))).toBe(false);
    expect(violations).toEqual([{ rule: 'invalid-body', path, message }]);
  });
});
