import { describe, expect, it } from 'vitest';
import { resolveGuidanceContent, resolveGuidanceParts, resolveGuidanceText } from '../../src/client/resolve-guidance-text.js';
import { TOOL_SEARCH_GUIDANCE, resolveToolSearchGuidance } from '../../src/client/tool-search-guidance.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchOptions } from '../../src/config/tool-search-config.js';
import { tool } from '../support/tools.js';

/** A note this package writes for a plan over tools `a` (deferred) and `b` (kept). */
const noteFor = (config: ToolSearchOptions, model = 'gemini-2.5-pro'): string =>
  resolveToolSearchGuidance(resolveToolSearch(model, [tool('a', 'always'), tool('b', 'never')], config)) as string;
const NOTE = TOOL_SEARCH_GUIDANCE;
const NAMES_NOTE = noteFor({ listing: 'names' });

describe('resolveGuidanceText', () => {
  it.each([
    ['adds the note after a blank line', 'Be brief.', NOTE, `Be brief.\n\n${NOTE}`],
    ['puts the note alone in an empty text', '', NOTE, NOTE],
    ['keeps a text that already holds the note', `Be brief.\n\n${NOTE}`, NOTE, `Be brief.\n\n${NOTE}`],
    ['replaces a stale note', `Be brief.\n\n${NAMES_NOTE}`, NOTE, `Be brief.\n\n${NOTE}`],
    ['removes a note when nothing is deferred', `Be brief.\n\n${NOTE}`, null, 'Be brief.'],
    ['keeps the caller’s text after a note', `${NOTE}\n\nThen this.`, null, 'Then this.'],
    [
      'keeps the caller’s text right after a note, up to the next blank line',
      `Be brief.\n\n${NOTE}\nAlways answer in French.\n\nEnd.`,
      null,
      'Be brief.\nAlways answer in French.\n\nEnd.',
    ],
    [
      'keeps the caller’s text right after a names note',
      `Be brief.\n\n${NAMES_NOTE}\nAlways answer in French.`,
      NOTE,
      `Be brief.\nAlways answer in French.\n\n${NOTE}`,
    ],
    ['keeps the caller’s text on the line of a note', `${NOTE} Keep it short.`, null, ' Keep it short.'],
    ['leaves a text without a note alone when nothing is deferred', 'Be brief.', null, 'Be brief.'],
  ])('%s', (_label, text, guidance, expected) => {
    expect(resolveGuidanceText(text, guidance)).toBe(expected);
  });

  it.each([
    ['full listing, reveals in the tool list', noteFor({ listing: 'full', reveal: 'tool-list' })],
    ['full listing, reveals in the conversation', noteFor({ listing: 'full' })],
    ['names listing, reveals in the tool list', noteFor({ listing: 'names', reveal: 'tool-list' })],
    ['none listing', noteFor({ listing: 'none' })],
    ['hosted search with the library’s ranking', noteFor({}, 'claude-opus-4-5')],
  ])('recognises the note of the %s exactly, keeping the text after it', (_label, note) => {
    expect(resolveGuidanceText(`Be brief.\n\n${note}\nAlways answer in French.`, null)).toBe('Be brief.\nAlways answer in French.');
  });

  it('is idempotent', () => {
    const once = resolveGuidanceText('Be brief.', NOTE);
    expect(resolveGuidanceText(once, NOTE)).toBe(once);
  });
});

describe('resolveGuidanceParts', () => {
  type Block = { type: string; text?: string; cache_control?: object };
  const text = {
    read: (block: Block) => (block.type === 'text' ? block.text : undefined),
    write: (block: Block | null, value: string): Block => (block === null ? { type: 'text', text: value } : { ...block, text: value }),
  };

  it('appends the note as its own part and keeps the caller’s parts in place', () => {
    const parts: Block[] = [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }];
    expect(resolveGuidanceParts(parts, NOTE, text)).toEqual([parts[0], { type: 'text', text: NOTE }]);
  });

  it('returns the same array when the note is already there', () => {
    const parts: Block[] = [
      { type: 'text', text: 'Be brief.' },
      { type: 'text', text: NOTE },
    ];
    expect(resolveGuidanceParts(parts, NOTE, text)).toBe(parts);
  });

  it('replaces a stale note part and drops a part left empty', () => {
    const parts: Block[] = [{ type: 'image' }, { type: 'text', text: NAMES_NOTE }];
    expect(resolveGuidanceParts(parts, NOTE, text)).toEqual([{ type: 'image' }, { type: 'text', text: NOTE }]);
    expect(resolveGuidanceParts(parts, null, text)).toEqual([{ type: 'image' }]);
  });

  it('returns the same array when there is nothing to add or remove', () => {
    const parts: Block[] = [{ type: 'text', text: 'Be brief.' }];
    expect(resolveGuidanceParts(parts, null, text)).toBe(parts);
  });
});

describe('resolveGuidanceContent', () => {
  const text = { read: (part: string): string => part, write: (_part: string | null, value: string): string => value };

  it('places the note in text and in a list of parts', () => {
    expect(resolveGuidanceContent('Be brief.', NOTE, text)).toBe(`Be brief.\n\n${NOTE}`);
    expect(resolveGuidanceContent(['Be brief.'], NOTE, text)).toEqual(['Be brief.', NOTE]);
  });

  it('gives the same value back when nothing changes', () => {
    const parts = ['Be brief.', NOTE];
    expect(resolveGuidanceContent(parts, NOTE, text)).toBe(parts);
    expect(resolveGuidanceContent('', null, text)).toBe('');
  });

  it('gives null when the note was all the content held', () => {
    expect(resolveGuidanceContent(NOTE, null, text)).toBeNull();
    expect(resolveGuidanceContent([NOTE], null, text)).toBeNull();
  });

  it('gives undefined for content that is neither text nor a list', () => {
    expect(resolveGuidanceContent({ text: 'Be brief.' }, NOTE, text)).toBeUndefined();
  });
});
