import { describe, expect, it } from 'vitest';
import { findLoneSurrogates, hasLoneSurrogate } from '../../src/preflight/find-lone-surrogates.js';

const high = '\ud83d';
const low = '\ude00';

describe('hasLoneSurrogate', () => {
  it.each([
    ['plain', false],
    ['😀 and 𠀀 and 日本', false],
    [`ab${high}`, true],
    [`${low}ab`, true],
    [`${high}${high}${low}`, true],
    ['', false],
  ])('%j: %s', (text, expected) => {
    expect(hasLoneSurrogate(text)).toBe(expected);
  });
});

describe('findLoneSurrogates', () => {
  it('names the path of every string and key holding one', () => {
    const body = {
      tools: [{ name: 'a', description: `Cut ${high}` }, { name: 'b' }],
      system: 'ok 😀',
      [`k${low}`]: 1,
      messages: [{ content: [{ text: high }] }],
    };
    expect(findLoneSurrogates(body).map((found) => found.path)).toEqual(['tools[0].description', `k${low}`, 'messages[0].content[0].text']);
  });

  it('quotes the provider’s error in its message', () => {
    expect(findLoneSurrogates({ system: high })[0]?.message).toContain('no low surrogate in string');
  });

  it('finds nothing in a well-formed body, and walks a deep one without overflowing', () => {
    let deep: unknown = 'end';
    for (let level = 0; level < 20_000; level += 1) deep = { child: deep };
    expect(findLoneSurrogates({ tools: [{ name: '😀', description: '日本語' }], deep })).toEqual([]);
  });
});
