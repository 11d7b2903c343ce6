import { withSeedBehaviour } from '../support/tools.js';
/**
 * MCP tool lists as they come, from the official `@modelcontextprotocol/sdk`: real `McpServer`s with a few tools,
 * a real `Client` over the SDK's in-memory transport, and `Client.listTools()`'s result passed straight to every
 * function that takes tools, to each API's converter and transformer, and (several servers) through a catalog whose
 * names map back to the server's own `callTool`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseToolDefinitions } from '../../src/tools/parse-tool-definitions.js';
import { createMCPToolCatalog } from '../../src/tools/create-mcp-tool-catalog.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { resolveToolList } from '../../src/request/resolve-tool-list.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { createToolCallCheck } from '../../src/client/create-tool-call-check.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { createOpenAIResponsesTools } from '../../src/providers/openai/create-openai-responses-tools.js';
import { createOpenAIChatTools } from '../../src/providers/openai/index.js';
import { parseOpenAIResponsesTools } from '../../src/providers/openai/parse-openai-responses-tools.js';
import { parseOpenAIChatTools } from '../../src/providers/openai/index.js';
import { transformOpenAIResponsesRequest } from '../../src/providers/openai/index.js';
import { transformOpenAIChatRequest } from '../../src/providers/openai/index.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { createAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { parseAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { createGeminiFunctionDeclarations } from '../../src/providers/gemini/index.js';
import { parseGeminiTools } from '../../src/providers/gemini/index.js';
import { transformGeminiRequest } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import { connectMCPServer, registerGitHubTools, registerLinearTools, type ConnectedMCPServer } from '../support/mcp-servers.js';

const connected: ConnectedMCPServer[] = [];
afterEach(async () => {
  await Promise.all(connected.splice(0).map((server) => server.close()));
});

async function connect(name: string, register: Parameters<typeof connectMCPServer>[1]): Promise<ConnectedMCPServer> {
  const server = await connectMCPServer(name, register);
  connected.push(server);
  return server;
}

describe('an MCP server’s tools/list result from @modelcontextprotocol/sdk', () => {
  it('is read as it comes, every tool with its MCP fields', async () => {
    const { client } = await connect('github', registerGitHubTools);
    const listed = await client.listTools();
    const tools = parseToolDefinitions(listed);
    expect(tools.map((tool) => tool.name)).toEqual(['create_issue', 'search_code', 'get_me']);
    expect(tools[0]).toMatchObject({
      title: 'Create issue',
      annotations: { readOnlyHint: false, openWorldHint: true },
      outputSchema: { type: 'object', properties: { number: { type: 'number' } } },
      _meta: { 'example.com/team': 'platform' },
    });
  });

  it('goes straight into resolveToolSearch, resolveToolList, createToolIndex, createToolSearchTool and createToolCallCheck', async () => {
    const { client } = await connect('github', registerGitHubTools);
    const listed = await client.listTools();

    const plan = resolveToolSearch('gemini-2.5-pro', listed, withSeedBehaviour({ threshold: 0 }));
    expect(plan.tools.map((tool) => [tool.name, tool.status])).toEqual([
      ['create_issue', 'deferred'],
      ['search_code', 'deferred'],
      ['get_me', 'deferred'],
    ]);
    expect(resolveToolList(plan, listed).tools.map((entry) => entry.name)).toEqual(['tool_search', 'create_issue', 'search_code', 'get_me']);
    expect(createToolIndex(listed).search('open a new issue')[0]?.name).toBe('create_issue');

    const store = createMemoryRevealStore();
    const search = createToolSearchTool({ tools: listed, store });
    const result = await search.execute({ query: 'search code' }, { sessionId: 's' });
    expect(result).toMatchObject({ status: 'found', tools: [{ name: 'search_code' }] });

    const check = createToolCallCheck({ tools: listed, store });
    const blind = await check.check({ name: 'create_issue', arguments: { owner: 'octo' } }, { sessionId: 's' });
    expect(blind.ok).toBe(false);
    const fitting = await check.check({ name: 'create_issue', arguments: { owner: 'octo', repo: 'hello', title: 'Bug' } }, { sessionId: 's' });
    expect(fitting.ok).toBe(true);
  });

  it.each([
    ['gpt-5.4', 'openai-hosted'],
    ['claude-sonnet-4-6', 'claude-hosted'],
    ['gemini-2.5-pro', 'client'],
  ] as const)('is planned for %s like any tool list (%s)', async (model, mechanism) => {
    const { client } = await connect('github', registerGitHubTools);
    const plan = resolveToolSearch(model, await client.listTools(), withSeedBehaviour({ threshold: 0 }));
    expect(plan.mechanism).toBe(mechanism);
    expect(plan.tools.every((tool) => tool.status === 'deferred')).toBe(true);
  });
});

describe('each API’s converter, fed a tools/list result', () => {
  it('OpenAI Responses: builds function tools the transformer defers and the preflight accepts', async () => {
    const { client } = await connect('github', registerGitHubTools);
    const body = { model: 'gpt-5.4', input: 'Open an issue.', tools: createOpenAIResponsesTools(await client.listTools()) };
    const plan = resolveToolSearch({ id: body.model, api: 'openai-responses' }, parseOpenAIResponsesTools(body), withSeedBehaviour({ threshold: 0 }));
    const { body: request } = transformOpenAIResponsesRequest(body, plan);
    expect(preflightOpenAIResponsesRequest(request).violations).toEqual([]);
    expect(request.tools?.filter((tool) => 'defer_loading' in tool && tool.defer_loading === true)).toHaveLength(3);
  });

  it('OpenAI Chat: builds function tools the client-side transformer stubs and the preflight accepts', async () => {
    const { client } = await connect('github', registerGitHubTools);
    const body = { model: 'gpt-4.1', messages: [{ role: 'user', content: 'Open an issue.' }], tools: createOpenAIChatTools(await client.listTools()) };
    const plan = resolveToolSearch({ id: body.model, api: 'openai-chat' }, parseOpenAIChatTools(body), withSeedBehaviour({ threshold: 0 }));
    const { body: request } = transformOpenAIChatRequest(body, plan);
    expect(preflightOpenAIChatRequest(request).violations).toEqual([]);
    expect((request.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual([
      'tool_search',
      'create_issue',
      'search_code',
      'get_me',
    ]);
  });

  it('Anthropic Messages: builds custom tools the hosted transformer defers and the preflight accepts', async () => {
    const { client } = await connect('github', registerGitHubTools);
    const body = {
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Open an issue.' }],
      tools: createAnthropicMessagesTools(await client.listTools()),
    };
    const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), withSeedBehaviour({ threshold: 0 }));
    const { body: request } = transformAnthropicMessagesRequest(body, plan);
    expect(preflightAnthropicMessagesRequest(request).violations).toEqual([]);
    expect((request.tools as { defer_loading?: boolean }[]).filter((tool) => tool.defer_loading === true)).toHaveLength(3);
  });

  it('Gemini: builds function declarations the client-side transformer stubs and the preflight accepts', async () => {
    const { client } = await connect('github', registerGitHubTools);
    const body = {
      model: 'gemini-2.5-pro',
      contents: [{ role: 'user', parts: [{ text: 'Open an issue.' }] }],
      config: { tools: [{ functionDeclarations: createGeminiFunctionDeclarations(await client.listTools()) }] },
    };
    const plan = resolveToolSearch({ id: body.model, api: 'gemini' }, parseGeminiTools(body), withSeedBehaviour({ threshold: 0 }));
    const { body: request } = transformGeminiRequest(body, plan);
    expect(preflightGeminiRequest(request).violations).toEqual([]);
    const declarations = request.config?.tools?.flatMap((tool) => ('functionDeclarations' in tool ? (tool.functionDeclarations ?? []) : []));
    expect(declarations?.map((declaration) => declaration.name)).toEqual(['tool_search', 'create_issue', 'search_code', 'get_me']);
  });
});

describe('tools from several MCP servers', () => {
  it('become one catalog: names prefixed by server, the server as category, each call mapped back to its server', async () => {
    const github = await connect('github', registerGitHubTools);
    const linear = await connect('linear', registerLinearTools);
    const catalog = createMCPToolCatalog({ github: await github.client.listTools(), linear: await linear.client.listTools() });
    expect(catalog.tools.map((tool) => [tool.name, tool.category])).toEqual([
      ['github__create_issue', 'github'],
      ['github__search_code', 'github'],
      ['github__get_me', 'github'],
      ['linear__create_issue', 'linear'],
      ['linear__list_projects', 'linear'],
    ]);

    // The model picks a tool through tool_search; its call goes back to the server that has it.
    const search = createToolSearchTool({ tools: catalog, store: createMemoryRevealStore() });
    const found = await search.execute({ query: 'create a linear issue' }, { sessionId: 's' });
    const picked = found.status === 'found' ? found.tools[0]?.name : undefined;
    expect(picked).toBe('linear__create_issue');
    const target = catalog.resolveServerTool(picked!);
    expect(target).toEqual({ server: 'linear', name: 'create_issue' });
    const servers = { github, linear };
    const output = await servers[target!.server as keyof typeof servers].client.callTool({ name: target!.name, arguments: { team: 'core', title: 'Bug' } });
    expect(output.content).toEqual([{ type: 'text', text: 'created LIN-1' }]);
  });

  it('groups each server into one OpenAI namespace under hosted search', async () => {
    const github = await connect('github', registerGitHubTools);
    const linear = await connect('linear', registerLinearTools);
    const catalog = createMCPToolCatalog({ github: await github.client.listTools(), linear: await linear.client.listTools() });
    const body = { model: 'gpt-5.4', input: 'Open an issue.', tools: createOpenAIResponsesTools(catalog) };
    const plan = resolveToolSearch({ id: body.model, api: 'openai-responses' }, catalog, withSeedBehaviour({ threshold: 0 }));
    const { body: request } = transformOpenAIResponsesRequest(body, plan);
    expect(preflightOpenAIResponsesRequest(request).violations).toEqual([]);
    const namespaces = (request.tools as { type: string; name: string }[]).filter((tool) => tool.type === 'namespace').map((tool) => tool.name);
    expect(namespaces).toEqual(['github', 'linear']);
  });

  it('is the catalog the Anthropic transformer restores tools from', async () => {
    const github = await connect('github', registerGitHubTools);
    const catalog = createMCPToolCatalog({ github: await github.client.listTools() });
    const body = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }], tools: createAnthropicMessagesTools(catalog) };
    const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, catalog, withSeedBehaviour({ threshold: 0 }));
    // The body lost a tool the plan lists: the catalog sends it anyway.
    const { body: request, warnings } = transformAnthropicMessagesRequest({ ...body, tools: body.tools.slice(1) }, plan, { catalog });
    expect((request.tools as { name: string }[]).map((tool) => tool.name)).toContain('github__create_issue');
    expect(warnings.map((warning) => warning.code)).toContain('tool-restored');
  });
});
