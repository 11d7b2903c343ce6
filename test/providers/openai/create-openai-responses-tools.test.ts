import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FunctionTool, ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import { createOpenAIResponsesTools } from '../../../src/providers/openai/create-openai-responses-tools.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { tool } from '../../support/tools.js';

describe('createOpenAIResponsesTools', () => {
  it('writes each tool as a non-strict function tool, names and schemas as given', () => {
    expect(createOpenAIResponsesTools([tool('read_file'), { name: 'ping', inputSchema: { type: 'object' } }])).toEqual([
      { type: 'function', name: 'read_file', description: 'does read_file', parameters: tool('read_file').inputSchema, strict: false },
      { type: 'function', name: 'ping', parameters: { type: 'object' }, strict: false },
    ]);
  });

  it('takes an MCP tools/list result and leaves category, deferrable and MCP fields out', () => {
    const listed = { tools: [tool('a', 'always', { category: 'Files', title: 'A', annotations: { readOnlyHint: true } })], nextCursor: 'x' };
    expect(createOpenAIResponsesTools(listed)).toEqual([
      { type: 'function', name: 'a', description: 'does a', parameters: tool('a').inputSchema, strict: false },
    ]);
  });

  it('gives a result assignable to the SDK’s FunctionTool and request tools', () => {
    const tools: FunctionTool[] = createOpenAIResponsesTools([tool('a')]);
    const body: ResponseCreateParamsNonStreaming = { model: 'gpt-5.4', input: 'hi', tools: createOpenAIResponsesTools([tool('a')]) };
    expectTypeOf(createOpenAIResponsesTools).returns.toExtend<FunctionTool[]>();
    expect([tools.length, body.tools?.length]).toEqual([1, 1]);
  });

  it('rejects a bad tool list with invalid-tools', () => {
    expect(() => createOpenAIResponsesTools([{ name: 'a' }] as never)).toThrow(ToolSearchError);
    expect(() => createOpenAIResponsesTools([{ name: 'a' }] as never)).toThrow('tool `a` must have an object `inputSchema`');
  });
});
