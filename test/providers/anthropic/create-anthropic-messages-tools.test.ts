import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MessageCreateParamsNonStreaming, Tool } from '@anthropic-ai/sdk/resources/messages/messages';
import { createAnthropicMessagesTools } from '../../../src/providers/anthropic/index.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { tool } from '../../support/tools.js';

describe('createAnthropicMessagesTools', () => {
  it('writes each tool as a custom tool, names and schemas as given', () => {
    expect(createAnthropicMessagesTools([tool('read_file')])).toEqual([
      { name: 'read_file', description: 'does read_file', input_schema: tool('read_file').inputSchema },
    ]);
  });

  it('gives a schema without a type the `type: "object"` the API requires', () => {
    expect(createAnthropicMessagesTools([{ name: 'ping', inputSchema: { properties: {} } }])).toEqual([
      { name: 'ping', input_schema: { type: 'object', properties: {} } },
    ]);
  });

  it('takes an MCP tools/list result and leaves category, deferrable and MCP fields out', () => {
    const listed = { tools: [tool('a', 'always', { category: 'Files', outputSchema: { type: 'object' } })] };
    expect(createAnthropicMessagesTools(listed)).toEqual([{ name: 'a', description: 'does a', input_schema: tool('a').inputSchema }]);
  });

  it('gives a result assignable to the SDK’s Tool and request tools', () => {
    const tools: Tool[] = createAnthropicMessagesTools([tool('a')]);
    const body: MessageCreateParamsNonStreaming = { model: 'claude-sonnet-4-6', max_tokens: 1, messages: [], tools: createAnthropicMessagesTools([tool('a')]) };
    expectTypeOf(createAnthropicMessagesTools).returns.toExtend<Tool[]>();
    expect([tools.length, body.tools?.length]).toEqual([1, 1]);
  });

  it('rejects a bad tool list with invalid-tools', () => {
    expect(() => createAnthropicMessagesTools({ tools: null } as never)).toThrow(ToolSearchError);
  });
});
