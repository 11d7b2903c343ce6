import { describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../../src/errors/tool-search-error.js';
import { TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import { parseOpenAIResponsesTools } from '../../../src/providers/openai/parse-openai-responses-tools.js';
import { responsesBody, responsesFunction, responsesNamespace } from '../../support/openai-responses-bodies.js';

const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };

describe('parseOpenAIResponsesTools', () => {
  it('reads top-level and namespaced functions in body order, with full schemas and the namespace as category', () => {
    const body = responsesBody([
      responsesFunction('first'),
      responsesNamespace('crm', [responsesFunction('lookup'), responsesFunction('list_orders')]),
      responsesFunction('last'),
    ]);
    expect(parseOpenAIResponsesTools(body)).toEqual([
      { name: 'first', description: 'does first', inputSchema: schema },
      { name: 'lookup', description: 'does lookup', inputSchema: schema, category: 'crm' },
      { name: 'list_orders', description: 'does list_orders', inputSchema: schema, category: 'crm' },
      { name: 'last', description: 'does last', inputSchema: schema },
    ]);
  });

  it.each([
    { case: 'on a function', body: responsesBody([responsesFunction('a', { defer_loading: true })]) },
    { case: 'on its namespace', body: responsesBody([{ ...responsesNamespace('n', [responsesFunction('a')]), defer_loading: true }]) },
  ])('reads defer_loading: true $case as deferrable always', ({ body }) => {
    expect(parseOpenAIResponsesTools(body)[0]?.deferrable).toBe('always');
  });

  it('accepts one name in different scopes (a custom tool and a function in two namespaces)', () => {
    const body = { tools: [{ type: 'namespace', name: 'a', description: 'A', tools: [{ type: 'custom', name: 'x' }] }, responsesFunction('x')] };
    expect(parseOpenAIResponsesTools(body).map((tool) => tool.name)).toEqual(['x']);
  });

  it('reads defer_loading: false as the default policy', () => {
    expect(parseOpenAIResponsesTools(responsesBody([responsesFunction('a', { defer_loading: false })]))[0]).not.toHaveProperty('deferrable');
  });

  it('reads parameters: null as an object schema without properties, and a null description as none', () => {
    expect(parseOpenAIResponsesTools(responsesBody([responsesFunction('a', { parameters: null, description: null })]))).toEqual([
      { name: 'a', inputSchema: { type: 'object', properties: {} } },
    ]);
  });

  it('skips custom tools, provider tools, the tool search tool and its own tool_search function', () => {
    const own = {
      type: 'function',
      name: 'tool_search',
      description: TOOL_SEARCH_TOOL_DEFINITION.description,
      parameters: TOOL_SEARCH_TOOL_DEFINITION.inputSchema,
      strict: false,
    };
    const body = responsesBody([
      { type: 'web_search' },
      { type: 'mcp', server_label: 'docs', server_url: 'https://example.com/mcp' },
      { type: 'custom', name: 'apply_patch' },
      { type: 'tool_search' },
      own,
      responsesFunction('kept'),
    ]);
    expect(parseOpenAIResponsesTools(body).map((tool) => tool.name)).toEqual(['kept']);
  });

  it("keeps a caller's own tool_search function, which the plan then never defers", () => {
    const body = responsesBody([responsesFunction('tool_search'), responsesFunction('other')]);
    const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, parseOpenAIResponsesTools(body), { threshold: 0 });
    expect(plan.tools.map((tool) => [tool.name, tool.status])).toEqual([
      ['tool_search', 'loaded'],
      ['other', 'deferred'],
    ]);
  });

  it.each([
    { case: 'no tools', body: { model: 'gpt-5.4' } },
    { case: 'tools: null', body: { model: 'gpt-5.4', tools: null } },
    { case: 'an empty list', body: { model: 'gpt-5.4', tools: [] } },
  ])('reads $case as no tools', ({ body }) => {
    expect(parseOpenAIResponsesTools(body)).toEqual([]);
  });

  it.each([
    { case: 'a body that is not an object', body: 42, message: 'The request body must be an object, got 42' },
    { case: 'tools that are not an array', body: { tools: 'all' }, message: '`tools` must be an array of tools, got "all" (a string)' },
    { case: 'a tool that is not an object', body: { tools: [null] }, message: '`tools[0]` must be a tool object, got null' },
    {
      case: 'a tool without a type',
      body: { tools: [{ name: 'a' }] },
      message: '`tools[0].type` must be a tool type such as "function", got nothing (undefined)',
    },
    {
      case: 'a Chat Completions tool',
      body: { tools: [{ function: { name: 'a' } }] },
      message:
        '`tools[0].type` must be a tool type such as "function", got nothing (undefined) (this looks like a Chat Completions tool; the Responses API takes `{ type: "function", name, parameters }` without the `function` wrapper)',
    },
    {
      case: 'a function without a name',
      body: { tools: [{ type: 'function', name: '' }] },
      message: '`tools[0].name` (a function) must be a non-empty string, got "" (a string)',
    },
    {
      case: 'an MCP inputSchema in place of parameters',
      body: { tools: [{ type: 'function', name: 'a', inputSchema: { type: 'object', properties: { x: { type: 'string' } } } }] },
      message:
        '`tools[0]` (function `a`) has an `inputSchema` but no `parameters`: a Responses function carries its JSON Schema in `parameters` (an MCP tool goes through `createMCPToolCatalog`, or drop its `type`)',
    },
    {
      case: 'parameters that are not an object',
      body: { tools: [{ type: 'function', name: 'a', parameters: [] }] },
      message: '`tools[0].parameters` (function `a`) must be a JSON Schema object or null, got an array',
    },
    {
      case: 'a description that is not a string',
      body: { tools: [{ type: 'function', name: 'a', description: 1 }] },
      message: '`tools[0].description` (function `a`) must be a string, got 1',
    },
    {
      case: 'a namespace without a name',
      body: { tools: [{ type: 'namespace', tools: [] }] },
      message: '`tools[0].name` (a namespace) must be a non-empty string, got nothing (undefined)',
    },
    {
      case: 'a namespace without tools',
      body: { tools: [{ type: 'namespace', name: 'n' }] },
      message: '`tools[0].tools` (namespace `n`) must be an array of tools, got nothing (undefined)',
    },
    {
      case: 'a namespace member without a type',
      body: { tools: [{ type: 'namespace', name: 'n', tools: [{}] }] },
      message: '`tools[0].tools[0].type` must be a tool type such as "function", got nothing (undefined)',
    },
    {
      case: 'a custom tool without a name',
      body: { tools: [{ type: 'custom' }] },
      message: '`tools[0].name` (a custom tool) must be a non-empty string, got nothing (undefined)',
    },
    {
      case: 'a name used twice',
      body: { tools: [responsesFunction('a'), responsesNamespace('n', [responsesFunction('a')])] },
      message:
        'Function `a` is defined twice (`tools[0]` and `tools[1].tools[0]`); tool search identifies a tool by its name, so give each function its own name',
    },
    {
      case: 'a custom tool named like a function of its scope',
      body: { tools: [{ type: 'custom', name: 'a' }, responsesFunction('a')] },
      message: 'Tool name `a` is used twice at the top level (`tools[0]` and `tools[1]`); the API requires unique names there',
    },
    {
      case: 'two custom tools of one name in a namespace',
      body: {
        tools: [
          {
            type: 'namespace',
            name: 'n',
            description: 'N',
            tools: [
              { type: 'custom', name: 'c' },
              { type: 'custom', name: 'c' },
            ],
          },
        ],
      },
      message: 'Tool name `c` is used twice in namespace `n` (`tools[0].tools[0]` and `tools[0].tools[1]`); the API requires unique names there',
    },
  ])('throws invalid-request for $case', ({ body, message }) => {
    let caught: unknown;
    try {
      parseOpenAIResponsesTools(body);
    } catch (error) {
      caught = error;
    }
    expect(isToolSearchError(caught)).toBe(true);
    expect(caught).toMatchObject({ name: 'ToolSearchError', code: 'invalid-request', message });
  });
});
