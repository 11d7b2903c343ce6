import { describe, expect, it } from 'vitest';
import { formatToolOutput } from '../../src/session/format-tool-output.js';

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
