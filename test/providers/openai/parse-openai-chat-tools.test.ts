import { describe, expect, it } from 'vitest';
import { parseOpenAIChatTools } from '../../../src/providers/openai/index.js';
import { TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { openAIChatBody, openAIChatTool } from '../../support/openai-chat-bodies.js';

describe('parseOpenAIChatTools', () => {
  it('reads function tools as tool definitions with full schemas, in body order', () => {
    const body = openAIChatBody([openAIChatTool('b'), openAIChatTool('a.dotted', { strict: true })]);
    expect(parseOpenAIChatTools(body)).toEqual([
      { name: 'b', description: 'Does b. Second sentence with more detail.', inputSchema: openAIChatTool('b').function.parameters },
      { name: 'a.dotted', description: 'Does a.dotted. Second sentence with more detail.', inputSchema: openAIChatTool('b').function.parameters },
    ]);
  });

  it('gives a function without parameters an empty object schema, and no description when there is none', () => {
    const body = openAIChatBody([{ type: 'function', function: { name: 'ping' } }]);
    expect(parseOpenAIChatTools(body)).toEqual([{ name: 'ping', inputSchema: { type: 'object', properties: {} } }]);
  });

  it.each([
    ['custom tools', { type: 'custom', custom: { name: 'free' } }],
    ['tool types it does not know', { type: 'future_tool' }],
    ['a Responses-style tool_search', { type: 'tool_search' }],
    [
      'its own tool_search function',
      {
        type: 'function',
        function: { name: 'tool_search', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: TOOL_SEARCH_TOOL_DEFINITION.inputSchema },
      },
    ],
  ])('leaves out %s', (_, tool) => {
    expect(parseOpenAIChatTools(openAIChatBody([tool, openAIChatTool('a')])).map((definition) => definition.name)).toEqual(['a']);
  });

  it('keeps a caller’s own function named tool_search', () => {
    expect(parseOpenAIChatTools(openAIChatBody([openAIChatTool('tool_search')])).map((definition) => definition.name)).toEqual(['tool_search']);
  });

  it.each([
    ['no tools', {}],
    ['null tools', { tools: null }],
  ])('returns nothing for a body with %s', (_, extra) => {
    expect(parseOpenAIChatTools({ model: 'gpt-4.1', messages: [], ...extra })).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'The request body must be a Chat Completions request object, got null'],
    ['tools that are not an array', { tools: 'x' }, '`tools` must be an array of tools, got "x" (a string)'],
    ['a tool without a name', { tools: [{ type: 'function', function: {} }] }, '`tools[0]`.function.name must be a non-empty string'],
    [
      'a description that is not a string',
      { tools: [{ type: 'function', function: { name: 'a', description: 1 } }] },
      '.description of `a` must be a string, got 1',
    ],
  ])('throws invalid-request for %s', (_, body, message) => {
    const call = () => parseOpenAIChatTools(body);
    expect(call).toThrow(ToolSearchError);
    expect(call).toThrow(expect.objectContaining({ code: 'invalid-request', message: expect.stringContaining(message) }));
  });
});
