import { describe, expect, it } from 'vitest';
import { formatToolOutput } from '../../src/session/format-tool-output.js';

describe('formatToolOutput', () => {
  it.each([
    ['a string as it is', 'sunny', 'sunny'],
    ['an object as JSON with sorted keys', { temperature: 21, city: 'Paris' }, '{"city":"Paris","temperature":21}'],
    ['a number as JSON', 42, '42'],
    ['undefined as the empty string', undefined, ''],
    ['null as JSON', null, 'null'],
    ['a function as the empty string (JSON writes nothing for it)', () => 1, ''],
    ['a Date as its JSON', { at: new Date(0) }, '{"at":"1970-01-01T00:00:00.000Z"}'],
  ])('gives %s', (_label, output, text) => {
    expect(formatToolOutput(output)).toBe(text);
  });

  it.each([
    [
      'an object that contains itself',
      (() => {
        const output: Record<string, unknown> = { city: 'Paris' };
        output.self = output;
        return output;
      })(),
      "the tool's output at `self` holds an object that contains itself (a cycle)",
    ],
    ['a BigInt', { id: 12n }, "the tool's output at `id` holds a BigInt"],
    [
      'a toJSON that throws',
      {
        toJSON: () => {
          throw new RangeError('Invalid string length');
        },
      },
      'cannot be written as JSON (Invalid string length)',
    ],
  ])('refuses %s with a typed error, not a TypeError', (_label, output, message) => {
    expect(() => formatToolOutput(output)).toThrow(
      expect.objectContaining({ name: 'ToolSearchError', code: 'invalid-tool-output', message: expect.stringContaining(message) }),
    );
  });
});
