import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAnthropicMessagesAddedTools } from '../../../src/providers/anthropic/read-anthropic-messages-added-tools.js';

const byValue = (name: string) => ({ type: 'tool_addition', tool: { type: 'tool_definition', definition: { name, input_schema: { type: 'object' } } } });
const byReference = (type: 'tool_addition' | 'tool_removal', name: string) => ({ type, tool: { type: 'tool_reference', name } });

describe('readAnthropicMessagesAddedTools', () => {
  it('reads additions minus removals in order, by value and by reference, with compaction blocks’ tool_changes', () => {
    const messages = [
      { role: 'assistant', content: [{ type: 'compaction', content: 'summary', tool_changes: [byReference('tool_addition', 'get_weather')] }] },
      { role: 'user', content: 'go on' },
      { role: 'system', content: [byValue('book_flight'), byReference('tool_removal', 'get_weather')] },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'and?' },
      { role: 'system', content: [byReference('tool_addition', 'get_weather')] },
    ];
    expect(readAnthropicMessagesAddedTools(messages)).toEqual(['book_flight', 'get_weather']);
  });

  it('reads names as written, even one the API would reject (the wire names a transformer sent)', () => {
    expect(
      readAnthropicMessagesAddedTools([
        { role: 'user', content: 'x' },
        { role: 'system', content: [byValue('crm.lookup')] },
      ]),
    ).toEqual(['crm.lookup']);
  });

  it('is total: anything that is not a list of messages gives [], and odd blocks are skipped', () => {
    for (const value of [undefined, null, 'messages', {}, 1]) expect(readAnthropicMessagesAddedTools(value)).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.anything({ withNullPrototype: true, withSparseArray: true })), (messages) => {
        expect(Array.isArray(readAnthropicMessagesAddedTools(messages))).toBe(true);
      }),
    );
  });
});
