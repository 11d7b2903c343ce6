import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { createOpenAIChatTools } from '../../../src/providers/openai/index.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { tool } from '../../support/tools.js';

describe('createOpenAIChatTools', () => {
  it('writes each tool as a function tool, names and schemas as given, strict left to the API default', () => {
    expect(createOpenAIChatTools([tool('read_file'), { name: 'ping', inputSchema: { type: 'object' } }])).toEqual([
      { type: 'function', function: { name: 'read_file', description: 'does read_file', parameters: tool('read_file').inputSchema } },
      { type: 'function', function: { name: 'ping', parameters: { type: 'object' } } },
    ]);
  });

  it('takes an MCP tools/list result and leaves category, deferrable and MCP fields out', () => {
    const listed = { tools: [tool('a', 'never', { category: 'Files', _meta: { x: 1 } })] };
    expect(createOpenAIChatTools(listed)).toEqual([{ type: 'function', function: { name: 'a', description: 'does a', parameters: tool('a').inputSchema } }]);
  });

  it('gives a result assignable to the SDK’s ChatCompletionFunctionTool and request tools', () => {
    const tools: ChatCompletionFunctionTool[] = createOpenAIChatTools([tool('a')]);
    const body: ChatCompletionCreateParamsNonStreaming = { model: 'gpt-4.1', messages: [], tools: createOpenAIChatTools([tool('a')]) };
    expectTypeOf(createOpenAIChatTools).returns.toExtend<ChatCompletionFunctionTool[]>();
    expect([tools.length, body.tools?.length]).toEqual([1, 1]);
  });

  it('rejects a bad tool list with invalid-tools', () => {
    expect(() => createOpenAIChatTools('a' as never)).toThrow(ToolSearchError);
  });
});
