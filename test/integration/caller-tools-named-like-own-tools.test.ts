/**
 * Issue 15 item 1: a caller's tool named like one the package adds (an MCP proxy's `call_tool`, a search tool of its
 * own named `tool_search`) is never lost and never shadows the package's, in every listing, on every API: it is sent
 * as it is, the package's own tool goes by `tool_search_2` / `call_tool_2`, the plan warns, the note names the
 * package's tool, preflight accepts the body, and a call of either name reaches the right tool.
 */
import { describe, expect, it } from 'vitest';
import { TOOL_LISTINGS, type ToolListing } from '../../src/config/tool-search-config.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import { createToolSearch } from '../../src/session/create-tool-search.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { ToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { transformOpenAIChatRequest } from '../../src/providers/openai/index.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { transformOpenAIResponsesRequest } from '../../src/providers/openai/index.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { transformGeminiRequest } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import { manyTools } from '../support/tools.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';

/** The caller's own tools named like the package's, with schemas nothing else has. */
const callerCallTool: ToolDefinition = {
  name: 'call_tool',
  description: 'MCP proxy: call a tool on the upstream server.',
  inputSchema: {
    type: 'object',
    properties: { server: { type: 'string' }, tool: { type: 'string' }, params: { type: 'object' } },
    required: ['server', 'tool'],
  },
};
const callerSearch: ToolDefinition = {
  name: 'tool_search',
  description: 'Search the web for developer tools.',
  inputSchema: { type: 'object', properties: { terms: { type: 'string' } }, required: ['terms'] },
};
const catalog = [callerCallTool, callerSearch, ...manyTools(20)];

interface SentTool {
  readonly name: string;
  readonly schema: unknown;
}

/** One API: a body for the catalog, its transform, its preflight and the tools a body sends. */
interface API {
  readonly label: string;
  readonly model: Parameters<typeof resolveToolSearch>[0];
  readonly body: (tools: readonly ToolDefinition[]) => object;
  readonly transform: (body: object, plan: ToolSearchPlan) => { body: object; names: ToolNameMapping };
  readonly preflight: (body: object) => readonly unknown[];
  readonly sent: (body: object) => SentTool[];
  readonly system: (body: object) => string;
}

const APIS: readonly API[] = [
  {
    label: 'Chat Completions',
    model: { id: 'gpt-4.1', api: 'openai-chat' },
    body: (tools) => ({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'hi' }],
      tools: tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })),
    }),
    transform: (body, plan) => transformOpenAIChatRequest(body, plan),
    preflight: (body) => preflightOpenAIChatRequest(body).violations,
    sent: (body) =>
      ((body as { tools: { function: { name: string; parameters: unknown } }[] }).tools ?? []).map((tool) => ({
        name: tool.function.name,
        schema: tool.function.parameters,
      })),
    system: (body) => JSON.stringify((body as { messages: unknown[] }).messages[0]),
  },
  {
    label: 'Responses',
    model: { id: 'gpt-4.1', api: 'openai-responses' },
    body: (tools) => ({
      model: 'gpt-4.1',
      input: 'hi',
      tools: tools.map((tool) => ({ type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false })),
    }),
    transform: (body, plan) => transformOpenAIResponsesRequest(body, plan),
    preflight: (body) => preflightOpenAIResponsesRequest(body).violations,
    sent: (body) =>
      ((body as { tools: { type: string; name: string; parameters: unknown }[] }).tools ?? [])
        .filter((tool) => tool.type === 'function')
        .map((tool) => ({ name: tool.name, schema: tool.parameters })),
    system: (body) => String((body as { instructions?: string }).instructions),
  },
  {
    label: 'Anthropic Messages',
    model: { id: 'claude-3-5-haiku', api: 'anthropic-messages' },
    body: (tools) => ({
      model: 'claude-3-5-haiku',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
      tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })),
    }),
    transform: (body, plan) => transformAnthropicMessagesRequest(body, plan),
    preflight: (body) => preflightAnthropicMessagesRequest(body).violations,
    sent: (body) =>
      ((body as { tools: { name: string; input_schema: unknown }[] }).tools ?? []).map((tool) => ({ name: tool.name, schema: tool.input_schema })),
    system: (body) => JSON.stringify((body as { system?: unknown }).system),
  },
  {
    label: 'Gemini',
    model: { id: 'gemini-2.5-flash', api: 'gemini' },
    body: (tools) => ({
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      config: {
        tools: [{ functionDeclarations: tools.map((tool) => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.inputSchema })) }],
      },
    }),
    transform: (body, plan) => transformGeminiRequest(body, plan),
    preflight: (body) => preflightGeminiRequest(body).violations,
    sent: (body) =>
      (
        (body as { config: { tools: { functionDeclarations?: { name: string; parametersJsonSchema: unknown }[] }[] } }).config.tools[0]?.functionDeclarations ??
        []
      ).map((tool) => ({
        name: tool.name,
        schema: tool.parametersJsonSchema,
      })),
    system: (body) => JSON.stringify((body as { config: { systemInstruction?: unknown } }).config.systemInstruction),
  },
];

describe.each(APIS)('a caller’s own call_tool and tool_search on $label', (api) => {
  describe.each(TOOL_LISTINGS)('in the %s listing', (listing: ToolListing) => {
    const plan = resolveToolSearch(api.model, catalog, { mechanism: 'client', listing, threshold: 0 });
    const result = api.transform(api.body(catalog), plan);
    const sent = api.sent(result.body);

    it('sends both caller tools as they are, never deferred, and the package’s own under other names', () => {
      expect(sent.find((tool) => tool.name === 'call_tool')?.schema).toEqual(callerCallTool.inputSchema);
      expect(sent.find((tool) => tool.name === 'tool_search')?.schema).toEqual(callerSearch.inputSchema);
      expect(sent.map((tool) => tool.name)).toContain('tool_search_2');
      expect(sent.some((tool) => tool.name === 'call_tool_2')).toBe(listing === 'names' || listing === 'none');
      expect(plan.warnings.map((warning) => warning.code)).toContain('own-tool-renamed');
      expect(api.system(result.body)).toContain('`tool_search_2`');
      expect(api.preflight(result.body)).toEqual([]);
    });

    it('is stable on its own output', () => {
      expect(JSON.stringify(api.transform(result.body, plan).body)).toBe(JSON.stringify(result.body));
    });

    it('runs a call of the caller’s tools as theirs and answers the package’s own', async () => {
      const toolSearch = createToolSearch({ tools: catalog, config: { mechanism: 'client', listing, threshold: 0 } });
      const context = { sessionId: 's', plan, names: result.names };
      await expect(toolSearch.handleToolCall({ name: 'call_tool', arguments: { server: 'gh', tool: 'list' } }, context)).resolves.toMatchObject({
        type: 'run',
        name: 'call_tool',
        arguments: { server: 'gh', tool: 'list' },
      });
      await expect(toolSearch.handleToolCall({ name: 'tool_search', arguments: { terms: 'linters' } }, context)).resolves.toMatchObject({
        type: 'run',
        name: 'tool_search',
      });
      await expect(toolSearch.handleToolCall({ name: 'tool_search_2', arguments: { query: 'tool_3' } }, context)).resolves.toMatchObject({
        type: 'search',
        result: { status: 'found', tools: [expect.objectContaining({ name: 'tool_3' })] },
      });
      await expect(toolSearch.handleToolCall({ name: 'call_tool_2', arguments: { name: 'tool_3', arguments: { path: 'a' } } }, context)).resolves.toMatchObject(
        {
          type: 'run',
          name: 'tool_3',
        },
      );
    });
  });
});

describe('a caller’s own tool_search under hosted search with the library’s ranking', () => {
  it('Anthropic: sends the caller’s tool_search as it is and the package’s as tool_search_2', async () => {
    const body = { ...(APIS[2]?.body(catalog) as object), model: 'claude-opus-4-5' };
    const plan = resolveToolSearch({ id: 'claude-opus-4-5', api: 'anthropic-messages' }, catalog, { threshold: 0 });
    expect(plan).toMatchObject({ mechanism: 'claude-hosted', search: 'library' });
    const result = transformAnthropicMessagesRequest(body as never, plan);
    const tools = (result.body as { tools: { name: string; input_schema?: unknown; defer_loading?: boolean }[] }).tools;
    expect(tools.find((tool) => tool.name === 'tool_search')).toEqual({
      name: 'tool_search',
      description: callerSearch.description,
      input_schema: callerSearch.inputSchema,
    });
    expect(tools.find((tool) => tool.name === 'call_tool')).toMatchObject({ input_schema: callerCallTool.inputSchema });
    expect(tools.find((tool) => tool.name === 'call_tool')?.defer_loading).toBeUndefined();
    expect(tools.find((tool) => tool.name === 'tool_search_2')).toMatchObject({ input_schema: { properties: { query: { type: 'string' } } } });
    expect(JSON.stringify((result.body as { system?: unknown }).system)).toContain('`tool_search_2`');
    expect(preflightAnthropicMessagesRequest(result.body).violations).toEqual([]);
    expect(JSON.stringify(transformAnthropicMessagesRequest(result.body as never, plan).body)).toBe(JSON.stringify(result.body));
    const toolSearch = createToolSearch({ tools: catalog, config: { threshold: 0 } });
    const context = { sessionId: 's', plan, names: result.names };
    await expect(toolSearch.handleToolCall({ name: 'tool_search', arguments: { terms: 'x' } }, context)).resolves.toMatchObject({
      type: 'run',
      name: 'tool_search',
    });
    await expect(toolSearch.handleToolCall({ name: 'tool_search_2', arguments: { query: 'tool_3' } }, context)).resolves.toMatchObject({ type: 'search' });
  });

  it('Responses: sends the caller’s tool_search function as it is beside the hosted tool_search', () => {
    const body = { ...(APIS[1]?.body(catalog) as object), model: 'gpt-5.4' };
    const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, catalog, { threshold: 0 });
    expect(plan).toMatchObject({ mechanism: 'openai-hosted', search: 'library' });
    const result = transformOpenAIResponsesRequest(body, plan);
    const tools = (result.body as { tools: { type: string; name?: string; parameters?: unknown }[] }).tools;
    expect(tools.find((tool) => tool.type === 'function' && tool.name === 'tool_search')?.parameters).toEqual(callerSearch.inputSchema);
    expect(tools.filter((tool) => tool.type === 'tool_search')).toHaveLength(1);
    expect(preflightOpenAIResponsesRequest(result.body).violations).toEqual([]);
  });
});

describe('a caller’s top-level custom tool named like the package’s, on Responses', () => {
  it('Responses session: the caller’s custom tool_search and call_tool are sent as they are, and each call reaches its tool', async () => {
    const customs = [
      { type: 'custom', name: 'tool_search', description: 'grep the repository' },
      { type: 'custom', name: 'call_tool' },
    ];
    const functions = manyTools(20).map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema,
      strict: false,
    }));
    const toolSearch = createOpenAIResponsesToolSearch({
      tools: [...customs, ...functions],
      config: { threshold: 0, listing: 'names', reveal: 'conversation' },
    });
    const request = await toolSearch.prepare({ model: 'gpt-4.1', input: 'hi' }, { sessionId: 's' });
    const tools = (request.body as { tools: { type: string; name: string }[] }).tools;
    expect(tools.slice(0, 2)).toEqual(customs);
    expect(tools.filter((tool) => tool.type === 'function').map((tool) => tool.name)).toEqual(['tool_search_2', 'call_tool_2']);
    expect(request.body.instructions).toContain('`tool_search_2`');
    expect(request.warnings.map((warning) => warning.code)).toEqual([]);
    expect(request.plan.unmanagedToolNames).toEqual(['tool_search', 'call_tool']);
    expect(preflightOpenAIResponsesRequest(request.body).violations).toEqual([]);
    const again = await toolSearch.prepare({ model: 'gpt-4.1', input: 'hi', tools: request.body.tools }, { sessionId: 's' });
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(request.body));

    const ran: [string, unknown][] = [];
    const output = [
      { type: 'custom_tool_call', call_id: 'c1', name: 'tool_search', input: 'TODO' },
      { type: 'custom_tool_call', call_id: 'c2', name: 'call_tool', input: 'raw' },
      { type: 'function_call', call_id: 'c3', name: 'tool_search_2', arguments: JSON.stringify({ query: 'tool_3' }) },
      { type: 'function_call', call_id: 'c4', name: 'call_tool_2', arguments: JSON.stringify({ name: 'tool_3', arguments: { path: 'a' } }) },
    ];
    const turn = await request.handle({ output }, async (name, args) => {
      ran.push([name, args]);
      return 'ok';
    });
    expect(ran).toEqual([
      ['tool_search', 'TODO'],
      ['call_tool', 'raw'],
      ['tool_3', { path: 'a' }],
    ]);
    const search = turn.answers.find((answer) => (answer as { call_id?: string }).call_id === 'c3') as unknown as { output: string };
    expect(search.output).toContain('tool_3');
  });
});
