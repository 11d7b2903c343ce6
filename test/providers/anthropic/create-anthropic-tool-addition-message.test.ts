import { describe, expect, it } from 'vitest';
import { createAnthropicToolAdditionMessage } from '../../../src/providers/anthropic/create-anthropic-tool-addition-message.js';
import { anthropicTool, deepCopy } from '../../support/anthropic-messages-bodies.js';

describe('createAnthropicToolAdditionMessage', () => {
  const weather = anthropicTool('get_weather', { strict: true, defer_loading: true, cache_control: { type: 'ephemeral' } });
  const time = anthropicTool('get_time');

  it('adds each tool by value, without its defer flag and breakpoint, keeping its other fields', () => {
    const before = deepCopy(weather);
    const { defer_loading: _deferred, cache_control: _cached, ...definition } = weather;
    expect(createAnthropicToolAdditionMessage([weather, time], 'value')).toEqual({
      role: 'system',
      content: [
        { type: 'tool_addition', tool: { type: 'tool_definition', definition } },
        { type: 'tool_addition', tool: { type: 'tool_definition', definition: time } },
      ],
    });
    expect(weather).toEqual(before);
  });

  it('adds each tool by reference, by its name', () => {
    expect(createAnthropicToolAdditionMessage([weather, time], 'reference')).toEqual({
      role: 'system',
      content: [
        { type: 'tool_addition', tool: { type: 'tool_reference', name: 'get_weather' } },
        { type: 'tool_addition', tool: { type: 'tool_reference', name: 'get_time' } },
      ],
    });
  });

  it.each([
    ['a tools value that is not a list', 'get_weather', 'value', '`tools` must be a list of Messages API tools'],
    ['a tool without a name', [{ input_schema: {} }], 'reference', '`tools` must be a list of Messages API tools'],
    ['a null tool', [null], 'value', '`tools` must be a list of Messages API tools'],
    ['an unknown form', [{ name: 'get_weather' }], 'inline', "`form` must be 'value' or 'reference', got \"inline\""],
  ])('throws invalid-options for %s', (_, tools, form, message) => {
    expect(() => createAnthropicToolAdditionMessage(tools as never, form as never)).toThrow(
      expect.objectContaining({ name: 'ToolSearchError', code: 'invalid-options', message: expect.stringContaining(message) }),
    );
  });
});
