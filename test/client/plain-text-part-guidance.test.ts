import { describe, expect, it } from 'vitest';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { resolveGuidanceParts } from '../../src/client/resolve-guidance-text.js';
import { PLAIN_TEXT_PART_GUIDANCE } from '../../src/client/plain-text-part-guidance.js';

describe('PLAIN_TEXT_PART_GUIDANCE', () => {
  it('reads the text of a `{ text }` part only', () => {
    expect(PLAIN_TEXT_PART_GUIDANCE.read({ text: 'Hi' })).toBe('Hi');
    expect(PLAIN_TEXT_PART_GUIDANCE.read({ cachePoint: { type: 'default' } })).toBeUndefined();
    expect(PLAIN_TEXT_PART_GUIDANCE.read('Hi')).toBeUndefined();
  });

  it('adds the note as its own `{ text }` part after the caller parts, which keep their fields', () => {
    const own = { text: 'Be brief.', thought: false };
    expect(resolveGuidanceParts([own], TOOL_SEARCH_GUIDANCE, PLAIN_TEXT_PART_GUIDANCE)).toEqual([own, { text: TOOL_SEARCH_GUIDANCE }]);
  });

  it('keeps a part’s other fields when it loses a stale note', () => {
    const stale = { text: `Be brief.\n\n${TOOL_SEARCH_GUIDANCE}`, thought: false };
    expect(resolveGuidanceParts([stale], null, PLAIN_TEXT_PART_GUIDANCE)).toEqual([{ text: 'Be brief.', thought: false }]);
  });
});
