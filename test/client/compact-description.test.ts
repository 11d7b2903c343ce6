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

describe('compactDescription on text beyond the Basic Multilingual Plane', () => {
  it.each([
    ['emoji', '😀'.repeat(100)],
    ['CJK extension B', '𠀀𠀁𠀂'.repeat(40)],
    ['CJK and emoji mixed with spaces', `${'検索 ツール 😀 '.repeat(20)}end.`],
    ['a pair right at the cut', `${'x'.repeat(118)}😀😀 more`],
  ])('never cuts a surrogate pair in two (%s)', (_label, description) => {
    const compact = compactDescription(description);
    expect(compact.length).toBeLessThanOrEqual(120);
    expect(compact.endsWith('…')).toBe(true);
    expect(/\p{Cs}/u.test(compact)).toBe(false);
  });
});
