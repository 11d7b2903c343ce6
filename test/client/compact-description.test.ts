import { describe, expect, it } from 'vitest';
import { compactDescription } from '../../src/client/compact-description.js';

describe('compactDescription', () => {
  it.each([
    ['Create an issue. Requires push access.', 'Create an issue.'],
    ['Get weather! Now.', 'Get weather!'],
    ['No sentence end here', 'No sentence end here'],
    ['Use e.g. the id field. Then more.', 'Use e.g. the id field.'],
    ['Version 1.2 of the API is used. More.', 'Version 1.2 of the API is used.'],
    ['  Spaces\n\tare   folded.  Rest', 'Spaces are folded.'],
    ['', ''],
  ])('keeps the first sentence of %j', (input, expected) => {
    expect(compactDescription(input)).toBe(expected);
  });

  it('cuts a long sentence at a word boundary and marks the cut', () => {
    const long = `${'word '.repeat(40)}end.`;
    const compact = compactDescription(long, 50);
    expect(compact.length).toBeLessThanOrEqual(50);
    expect(compact.endsWith('word…')).toBe(true);
  });

  it('cuts a long unbroken word at the bound', () => {
    expect(compactDescription('x'.repeat(300), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});
