import { describe, expect, it } from 'vitest';
import { parseToolSelection } from '../../src/search/parse-tool-selection.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import { isNameClosing, isNameWrapping, isNotLetterOrDigit, trimWrapping, type WrappingTest } from '../../src/search/trim-wrapping.js';

/**
 * A run of wrapping a million long between two other characters: the case a `/^[…]+|[…]+$/g` replace costs the square
 * of (a run at the start is taken by `^[…]+` at once; one further in is tried by `[…]+$` from each of its positions).
 */
const RUN = 1_000_000;

function counted(test: WrappingTest): { test: WrappingTest; calls: () => number } {
  let calls = 0;
  return {
    test: (character) => {
      calls += 1;
      return test(character);
    },
    calls: () => calls,
  };
}

describe('trimWrapping', () => {
  it.each([
    [' "read_file". ', 'read_file'],
    ['[a, b]', 'a, b'],
    ['`x`', 'x'],
    ['   ', ''],
    ['plain', 'plain'],
  ])('trims %j to %j (names)', (text, trimmed) => {
    expect(trimWrapping(text, isNameWrapping, isNameClosing)).toBe(trimmed);
  });

  it('keeps letters of every script and astral letters, and trims astral symbols', () => {
    expect(trimWrapping('«𝒜café»', isNotLetterOrDigit)).toBe('𝒜café');
    expect(trimWrapping('😀 名前 😀', isNotLetterOrDigit)).toBe('名前');
  });

  it.each([' ', '"', '[', '('])('tests each character of a long run of %j at most once from each side', (character) => {
    const text = `${character.repeat(10_000)}x${character.repeat(10_000)}`;
    const leading = counted(isNameWrapping);
    const trailing = counted(isNameClosing);
    expect(trimWrapping(text, leading.test, trailing.test)).toBe('x');
    // Each side reads its run and the first character past it: linear, where the regular expression tried the
    // trailing rule from every position of the first run.
    expect(leading.calls()).toBe(10_001);
    expect(trailing.calls()).toBe(10_001);
  });
});

describe('linear query handling (issue 24, item 12)', () => {
  // Before, each of these ran a regular expression whose cost grows with the square of the run: 0.75 s at 20,000
  // characters, so about half an hour at a million. Now they take milliseconds.
  it.each([' ', '"', '[', "'", '`'])('reads a selection with a million %j between two letters', (character) => {
    const name = `a${character.repeat(RUN)}b`;
    expect(parseToolSelection(`select:${name}`)).toEqual([name]);
  });

  it.each([' ', '"', '[', '.'])('searches a query of a million %j between two words', (character) => {
    const index = createToolIndex([{ name: 'a_tool', description: 'Does a thing.', inputSchema: { type: 'object' } }]);
    expect(index.search(`thing${character.repeat(RUN)}thing`).map((hit) => hit.name)).toEqual(['a_tool']);
  });
});
