import { describe, expect, it } from 'vitest';
import { resolveAnthropicToolChange } from '../../../src/providers/anthropic/anthropic-messages-tool-rules.js';

describe('resolveAnthropicToolChange', () => {
  const definition = { name: 'get_weather', input_schema: { type: 'object' } };

  it.each<[string, unknown, unknown]>([
    [
      'an addition by value',
      { type: 'tool_addition', tool: { type: 'tool_definition', definition } },
      { change: 'addition', name: 'get_weather', form: 'value', definition },
    ],
    ['an addition by reference', { type: 'tool_addition', tool: { type: 'tool_reference', name: 'a' } }, { change: 'addition', name: 'a', form: 'reference' }],
    ['a removal by reference', { type: 'tool_removal', tool: { type: 'tool_reference', name: 'a' } }, { change: 'removal', name: 'a', form: 'reference' }],
    ['a removal carrying a definition', { type: 'tool_removal', tool: { type: 'tool_definition', definition } }, undefined],
    ['an MCP toolset reference', { type: 'tool_addition', tool: { type: 'mcp_toolset_reference', server_name: 'db' } }, undefined],
    ['a reference without a name', { type: 'tool_addition', tool: { type: 'tool_reference' } }, undefined],
    ['a definition without a name', { type: 'tool_addition', tool: { type: 'tool_definition', definition: {} } }, undefined],
    ['another block', { type: 'text', text: 'hi' }, undefined],
    ['a hole in a content list', undefined, undefined],
    ['null', null, undefined],
    ['a string', 'tool_addition', undefined],
  ])('reads %s', (_label, block, expected) => {
    expect(resolveAnthropicToolChange(block)).toEqual(expected);
  });
});
