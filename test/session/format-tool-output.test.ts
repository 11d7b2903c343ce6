import { describe, expect, it } from 'vitest';
import { formatToolContent, formatToolOutput } from '../../src/session/format-tool-output.js';

describe('formatToolOutput', () => {
  it.each([
    ['a string as it is', 'sunny', 'sunny'],
    ['an object as JSON with sorted keys', { temperature: 21, city: 'Paris' }, '{"city":"Paris","temperature":21}'],
    ['a number as JSON', 42, '42'],
    ['undefined as the empty string', undefined, ''],
    ['null as JSON', null, 'null'],
  ])('gives %s', (_label, output, text) => {
    expect(formatToolOutput(output)).toBe(text);
  });
});

describe('formatToolContent', () => {
  it('keeps a list of parts as it is and writes anything else as formatToolOutput does', () => {
    const parts = [{ type: 'text', text: 'hi' }];
    expect(formatToolContent(parts)).toBe(parts);
    expect(formatToolContent({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(formatToolContent(undefined)).toBe('');
  });
});
