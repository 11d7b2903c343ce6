import { describe, expect, it } from 'vitest';
import { parseAnthropicMessagesTools } from '../../../src/providers/anthropic/index.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import { ANTHROPIC_TOOL_SEARCH_TOOLS } from '../../../src/providers/anthropic/anthropic-messages-api.js';
import { anthropicTool } from '../../support/anthropic-messages-bodies.js';

describe('parseAnthropicMessagesTools', () => {
  it('returns custom tools as tool definitions with full schemas, in body order', () => {
    const a = anthropicTool('a', { cache_control: { type: 'ephemeral' }, strict: true });
    const b = { name: 'b', input_schema: { type: 'object' }, type: 'custom' };
    expect(parseAnthropicMessagesTools({ tools: [a, b] })).toEqual([
      { name: 'a', description: 'does a', inputSchema: a.input_schema },
      { name: 'b', inputSchema: { type: 'object' } },
    ]);
  });

  it('keeps the schema object itself', () => {
    const a = anthropicTool('a');
    expect(parseAnthropicMessagesTools({ tools: [a] })[0]?.inputSchema).toBe(a.input_schema);
  });

  it('reads defer_loading: true as deferrable always', () => {
    expect(parseAnthropicMessagesTools({ tools: [anthropicTool('a', { defer_loading: true }), anthropicTool('b', { defer_loading: false })] })).toMatchObject([
      { name: 'a', deferrable: 'always' },
      { name: 'b' },
    ]);
    expect(parseAnthropicMessagesTools({ tools: [anthropicTool('b', { defer_loading: false })] })[0]).not.toHaveProperty('deferrable');
  });

  it.each<[string, unknown]>([
    ['the BM25 search tool', ANTHROPIC_TOOL_SEARCH_TOOLS.bm25],
    ['the regex search tool (undated alias)', { type: 'tool_search_tool_regex', name: 'tool_search_tool_regex' }],
    ['web search', { type: 'web_search_20250305', name: 'web_search' }],
    ['code execution', { type: 'code_execution_20250825', name: 'code_execution' }],
    ['bash', { type: 'bash_20250124', name: 'bash' }],
    ['a computer toolset', { type: 'computer_toolset_20260801' }],
    ['an MCP toolset', { type: 'mcp_toolset', mcp_server_name: 'db' }],
    ['a future provider tool', { type: 'hologram_20290101', name: 'hologram' }],
    [
      "this package's own tool_search",
      { name: TOOL_SEARCH_TOOL_DEFINITION.name, description: TOOL_SEARCH_TOOL_DEFINITION.description, input_schema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema },
    ],
  ])('leaves out %s', (_case, tool) => {
    expect(parseAnthropicMessagesTools({ tools: [tool, anthropicTool('a')] }).map((definition) => definition.name)).toEqual(['a']);
  });

  it('returns a caller’s own tool named tool_search', () => {
    expect(parseAnthropicMessagesTools({ tools: [anthropicTool('tool_search')] }).map((tool) => tool.name)).toEqual(['tool_search']);
  });

  it.each([{}, { tools: null }, { tools: [] }])('reads %j as no tools', (body) => {
    expect(parseAnthropicMessagesTools(body)).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    ['a body that is not an object', 'x', /The request body must be a Messages API request object, got "x" \(a string\)/],
    ['a null body', null, /got null/],
    ['tools that are not an array', { tools: 'x' }, /`tools` must be an array of tool definitions, got "x"/],
    ['a tool that is not an object', { tools: [null] }, /`tools\[0\]` must be a tool object with a string `type` \(or none, for a custom tool\), got null/],
    ['a tool with a numeric type', { tools: [{ type: 1 }] }, /`tools\[0\]` .*got a `type` of 1/],
    ['a tool without a name', { tools: [{ input_schema: { type: 'object' } }] }, /`tools\[0\]\.name` must be a non-empty string, got nothing \(undefined\)/],
    [
      'a tool with an empty name',
      { tools: [{ name: '', input_schema: { type: 'object' } }] },
      /`tools\[0\]\.name` must be a non-empty string, got "" \(a string\)/,
    ],
    ['a tool without a schema', { tools: [{ name: 'x' }] }, /`tools\[0\]\.input_schema` \(tool `x`\) must be a JSON Schema object, got nothing/],
    [
      'a description that is not a string',
      { tools: [{ name: 'x', description: 5, input_schema: { type: 'object' } }] },
      /`tools\[0\]\.description` \(tool `x`\) must be a string, got 5/,
    ],
    ['two tools with one name', { tools: [anthropicTool('x'), anthropicTool('x')] }, /tool `x` is defined twice \(`tools\[0\]` and `tools\[1\]`\)/],
  ])('rejects %s with invalid-request', (_case, body, message) => {
    const act = () => parseAnthropicMessagesTools(body);
    expect(act).toThrow(ToolSearchError);
    expect(act).toThrow(expect.objectContaining({ code: 'invalid-request' }));
    expect(act).toThrow(message);
  });
});
