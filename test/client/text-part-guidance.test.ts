import { describe, expect, it } from 'vitest';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { resolveGuidanceParts } from '../../src/client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../src/client/text-part-guidance.js';

describe('TEXT_PART_GUIDANCE', () => {
  it('reads the text of a text part only', () => {
    expect(TEXT_PART_GUIDANCE.read({ type: 'text', text: 'Hi' })).toBe('Hi');
    expect(TEXT_PART_GUIDANCE.read({ type: 'image_url', text: 'Hi' })).toBeUndefined();
    expect(TEXT_PART_GUIDANCE.read('Hi')).toBeUndefined();
  });

  it('adds the note as its own text part after the caller parts, which keep their fields', () => {
    const own = { type: 'text', text: 'Be brief.', prompt_cache_breakpoint: { mode: 'explicit' } };
    expect(resolveGuidanceParts([own], TOOL_SEARCH_GUIDANCE, TEXT_PART_GUIDANCE)).toEqual([own, { type: 'text', text: TOOL_SEARCH_GUIDANCE }]);
  });
});
