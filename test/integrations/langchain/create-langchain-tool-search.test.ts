/**
 * `tool-search/langchain` with the real LangChain.js v1 agent (`createAgent` from `langchain`, a LangGraph checkpointer
 * for threads) and the real chat model classes (`ChatOpenAI` on Chat Completions and on the Responses API,
 * `ChatAnthropic`), against a local server on 127.0.0.1 that plays each API over GitHub's 117 MCP tools and rejects a
 * request that breaks the API's documented rules. Each test runs multi-turn threads and asserts what every request
 * carried (the tools and system text byte-identical, the search answered in the provider's form, the real tool run).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, initChatModel, tool, type BaseMessage } from 'langchain';
import { MemorySaver } from '@langchain/langgraph';
import { ChatOpenAI } from '@langchain/openai';
import { ChatAnthropic } from '@langchain/anthropic';
import { createLangChainToolSearch } from '../../../src/integrations/langchain/index.js';
import { createOpenAIResponsesToolSearch } from '../../../src/providers/openai/index.js';
import { TOOL_SEARCH_GUIDANCE } from '../../../src/client/tool-search-guidance.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { isRecord } from '../../../src/records/is-record.js';
import { scriptedAt, startLocalServer, type LocalServer } from '../../support/local-server.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';
import { anthropicReply, chatReply, responsesReply } from '../../support/scripted-replies.js';
import type { PreflightResult } from '../../support/preflight/preflight-result.js';
import { preflightOpenAIChatRequest } from '../../support/preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../../support/preflight/preflight-openai-responses-request.js';
import { preflightAnthropicMessagesRequest } from '../../support/preflight/preflight-anthropic-messages-request.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Starts the fake API at `path`: each request must pass the API's preflight (Anthropic's betas read from the header). */
async function startFakeAPI(path: string, preflight: (body: unknown) => PreflightResult, replies: readonly unknown[]): Promise<LocalServer> {
  server = await startLocalServer((request, index) => {
    // Anthropic's SDK posts to `?beta=true` when the request carries betas.
    if (request.method !== 'POST' || request.path.replace('?beta=true', '') !== path) throw new Error(`unexpected request ${request.method} ${request.path}`);
    const header = request.headers['anthropic-beta'];
    const body = typeof header === 'string' && isRecord(request.body) ? { ...request.body, betas: header.split(',') } : request.body;
    const checked = preflight(body);
    if (!checked.ok) throw new Error(`the request breaks documented rules: ${JSON.stringify(checked.violations)}`);
    return { body: scriptedAt(replies, index) };
  });
  return server;
}

/** GitHub's MCP tools as LangChain tools (JSON Schema), each recording its calls. */
function githubTools() {
  const ran: [string, unknown][] = [];
  const tools = GITHUB_MCP_TOOLS.map((definition) =>
    tool(
      async (args: unknown) => {
        ran.push([definition.name, args]);
        return JSON.stringify({ ok: true, tool: definition.name });
      },
      { name: definition.name, description: definition.description ?? '', schema: definition.inputSchema as Record<string, unknown> },
    ),
  );
  return { ran, tools };
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into request bodies of several wire shapes.
const bodies = (fake: LocalServer) => fake.requests.map((request) => request.body as Record<string, any>);
const thread = (id: string) => ({ configurable: { thread_id: id } });
const lastText = (messages: readonly BaseMessage[]) => messages.at(-1)?.text;

/** Every request sent the same tools and system text (`systemOf` reads it). */
function expectCacheStable(sent: readonly Record<string, unknown>[], systemOf: (body: Record<string, unknown>) => unknown): void {
  expect(sent.length).toBeGreaterThan(1);
  const first = JSON.stringify([sent[0]?.tools, systemOf(sent[0] ?? {})]);
  for (const body of sent) expect(JSON.stringify([body.tools, systemOf(body)])).toBe(first);
}

describe('createLangChainToolSearch', () => {
  describe('on ChatOpenAI over Chat Completions (client-side)', () => {
    it('searches, runs a tool through call_tool, then answers a blind misfit call, over two turns of a thread', async () => {
      const fake = await startFakeAPI('/chat/completions', preflightOpenAIChatRequest, [
        chatReply(1, [['call_1', 'tool_search', { query: 'create_issue' }]]),
        chatReply(2, [['call_2', 'call_tool', { name: 'create_issue', arguments: { owner: 'octo', repo: 'hello', title: 'Bug' } }]]),
        chatReply(3, []),
        chatReply(4, [['call_3', 'add_issue_comment', { owner: 'octo' }]]),
        chatReply(5, [['call_4', 'call_tool', { name: 'add_issue_comment', arguments: { owner: 'octo', repo: 'hello', issue_number: 1, body: 'Done' } }]]),
        chatReply(6, []),
      ]);
      const { ran, tools } = githubTools();
      const agent = createAgent({
        model: new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'test', maxRetries: 0, configuration: { baseURL: fake.url } }),
        middleware: [createLangChainToolSearch({ tools })],
        systemPrompt: 'You are helpful.',
        checkpointer: new MemorySaver(),
      });

      const first = await agent.invoke({ messages: [{ role: 'user', content: 'File a bug in octo/hello.' }] }, thread('thread-1'));
      expect(lastText(first.messages)).toBe('Filed it.');
      expect(ran).toEqual([['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }]]);
      const second = await agent.invoke({ messages: [{ role: 'user', content: 'Comment on it.' }] }, thread('thread-1'));
      expect(lastText(second.messages)).toBe('Filed it.');
      expect(ran).toHaveLength(2);
      expect(ran[1]).toEqual(['add_issue_comment', { owner: 'octo', repo: 'hello', issue_number: 1, body: 'Done' }]);

      const sent = bodies(fake);
      expect(sent).toHaveLength(6);
      expectCacheStable(sent, (body) => (body.messages as unknown[])[0]);
      expect(sent[0]?.tools.map((entry: { function: { name: string } }) => entry.function.name)).toEqual(['tool_search', 'call_tool']);
      const system = JSON.stringify(sent[0]?.messages[0]);
      expect(system).toContain('You are helpful.');
      expect(system).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 60));
      expect(system).toContain('add_issue_comment');
      const toolOutputs = (body: Record<string, unknown>) =>
        (body.messages as { role: string; content: string }[]).filter((message) => message.role === 'tool').map((message) => message.content);
      expect(JSON.parse(toolOutputs(sent[1] ?? {})[0] ?? '')).toMatchObject({ status: 'found', tools: [{ name: 'create_issue' }] });
      // The blind call of a deferred tool with arguments that do not fit is answered with the schema, not run.
      expect(JSON.parse(toolOutputs(sent[4] ?? {}).at(-1) ?? '')).toMatchObject({ status: 'invalid-arguments', tool: 'add_issue_comment' });
    });
  });

  describe('on ChatOpenAI over the Responses API with gpt-5.4 (OpenAI hosted search, library ranking)', () => {
    it("answers the model's tool_search_call with a tool_search_output and runs the loaded tool, over two turns", async () => {
      const searchCall = (index: number, query: string) => ({
        type: 'tool_search_call',
        id: `tsc_${index}`,
        call_id: `call_ts${index}`,
        execution: 'client',
        status: 'completed',
        arguments: { query },
      });
      const functionCall = (index: number, name: string, args: unknown) => ({
        type: 'function_call',
        id: `fc_${index}`,
        call_id: `call_${index}`,
        name,
        namespace: name,
        arguments: JSON.stringify(args),
        status: 'completed',
      });
      const text = (index: number, value: string) => ({
        type: 'message',
        id: `msg_${index}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: value, annotations: [] }],
      });
      const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, [
        responsesReply(1, [searchCall(1, 'list_issues')]),
        responsesReply(2, [functionCall(1, 'list_issues', { owner: 'octo', repo: 'hello' })]),
        responsesReply(3, [text(1, 'Two open issues.')]),
        responsesReply(4, [searchCall(2, 'create_issue')]),
        responsesReply(5, [functionCall(2, 'create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' })]),
        responsesReply(6, [text(2, 'Filed it.')]),
      ]);
      const { ran, tools } = githubTools();
      const agent = createAgent({
        model: new ChatOpenAI({ model: 'gpt-5.4', useResponsesApi: true, apiKey: 'test', maxRetries: 0, configuration: { baseURL: fake.url } }),
        middleware: [createLangChainToolSearch({ tools })],
        systemPrompt: 'You are helpful.',
        checkpointer: new MemorySaver(),
      });

      const first = await agent.invoke({ messages: [{ role: 'user', content: 'Which issues are open in octo/hello?' }] }, thread('thread-1'));
      expect(lastText(first.messages)).toBe('Two open issues.');
      const second = await agent.invoke({ messages: [{ role: 'user', content: 'File a bug.' }] }, thread('thread-1'));
      expect(lastText(second.messages)).toBe('Filed it.');
      expect(ran).toEqual([
        ['list_issues', { owner: 'octo', repo: 'hello' }],
        ['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }],
      ]);

      const sent = bodies(fake);
      expect(sent).toHaveLength(6);
      const instructionsOf = (body: Record<string, unknown>) =>
        (body.input as { role?: string }[]).filter((item) => item.role === 'system' || item.role === 'developer')[0];
      expectCacheStable(sent, instructionsOf);
      // The deferred tools are left out (the names listing): the tool_search_output carries what the search found.
      expect(sent[0]?.tools).toEqual([
        expect.objectContaining({ type: 'tool_search', execution: 'client', parameters: expect.objectContaining({ required: ['query'] }) }),
      ]);
      const outputOf = (body: Record<string, unknown>) => (body.input as { type?: string }[]).filter((item) => item.type === 'tool_search_output');
      expect(outputOf(sent[1] ?? {})).toEqual([
        expect.objectContaining({ call_id: 'call_ts1', execution: 'client', tools: [expect.objectContaining({ name: 'list_issues', defer_loading: true })] }),
      ]);
      // The later requests replay the whole history, the search's call and output in place.
      expect(outputOf(sent[5] ?? {}).map((item) => (item as { call_id: string }).call_id)).toEqual(['call_ts1', 'call_ts2']);
      for (const body of sent) expect(JSON.stringify(body.input)).not.toContain('"function_call_output","call_id":"call_ts');
    });
  });

  describe('on ChatAnthropic with Claude Sonnet 4.5 (Anthropic hosted search, library ranking)', () => {
    it('answers tool_search with tool_reference blocks, runs the loaded tool, and names it loaded earlier on the next turn', async () => {
      const fake = await startFakeAPI('/v1/messages', preflightAnthropicMessagesRequest, [
        anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use'),
        anthropicReply(
          [{ type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: { owner: 'octo', repo: 'hello', path: 'README.md' } }],
          'tool_use',
        ),
        anthropicReply([{ type: 'text', text: 'It says hello.' }], 'end_turn'),
        // (The fake's message ids are made from the content's length: this one's differs from the first search's.)
        anthropicReply([{ type: 'tool_use', id: 'toolu_again', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use'),
        anthropicReply([{ type: 'text', text: 'Still hello.' }], 'end_turn'),
      ]);
      const { ran, tools } = githubTools();
      const agent = createAgent({
        model: new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: 'test', maxRetries: 0, anthropicApiUrl: fake.url }),
        middleware: [createLangChainToolSearch({ tools })],
        systemPrompt: 'You are helpful.',
        checkpointer: new MemorySaver(),
      });

      const first = await agent.invoke({ messages: [{ role: 'user', content: 'What does the README of octo/hello say?' }] }, thread('thread-1'));
      expect(lastText(first.messages)).toBe('It says hello.');
      expect(ran).toEqual([['get_file_contents', { owner: 'octo', repo: 'hello', path: 'README.md' }]]);
      const second = await agent.invoke({ messages: [{ role: 'user', content: 'And now?' }] }, thread('thread-1'));
      expect(lastText(second.messages)).toBe('Still hello.');

      const sent = bodies(fake);
      expect(sent).toHaveLength(5);
      expectCacheStable(sent, (body) => body.system);
      expect(sent[0]?.tools[0]).toMatchObject({ name: 'tool_search', input_schema: { required: ['query'] } });
      expect(sent[0]?.tools).toHaveLength(GITHUB_MCP_TOOLS.length + 1);
      expect(sent[0]?.tools.slice(1).every((entry: { defer_loading?: boolean }) => entry.defer_loading === true)).toBe(true);
      expect(JSON.stringify(sent[0]?.system)).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 60));
      const resultsOf = (body: Record<string, unknown>) =>
        (body.messages as { content: unknown }[]).flatMap((message) =>
          Array.isArray(message.content) ? message.content.filter((block: { type: string }) => block.type === 'tool_result') : [],
        );
      expect(resultsOf(sent[1] ?? {})).toEqual([
        { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'get_file_contents' }] },
      ]);
      // The second search names the tool the thread loaded instead of loading it again.
      const again = resultsOf(sent[4] ?? {}).at(-1) as { content: string };
      expect(JSON.parse(again.content)).toMatchObject({ status: 'found', tools: [], loadedEarlier: ['get_file_contents'] });
    });
    it("sends a first request within 1.2x of the session API's bytes for the same tools", async () => {
      const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, [
        responsesReply(1, [
          { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hi.', annotations: [] }] },
        ]),
      ]);
      const { tools } = githubTools();
      const agent = createAgent({
        model: new ChatOpenAI({ model: 'gpt-5.4', useResponsesApi: true, apiKey: 'test', maxRetries: 0, configuration: { baseURL: fake.url } }),
        middleware: [createLangChainToolSearch({ tools })],
        systemPrompt: 'You are helpful.',
      });
      const content = 'Which issues are open in octo/hello?';
      await agent.invoke({ messages: [{ role: 'user', content }] });
      const session = createOpenAIResponsesToolSearch({
        tools: GITHUB_MCP_TOOLS.map((entry) => ({
          type: 'function' as const,
          name: entry.name,
          description: entry.description ?? null,
          parameters: entry.inputSchema,
          strict: false,
        })),
      });
      const request = await session.prepare({ model: 'gpt-5.4', instructions: 'You are helpful.', input: [{ role: 'user', content }] }, { sessionId: 's' });
      const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;
      // GitHub's 117 tools: about 3.4 kB against the session API's 3.3 kB (every schema: 117 kB).
      expect(bytes(fake.requests[0]?.body)).toBeLessThan(1.2 * bytes(request.body));
    });
  });

  describe('native delivery (reveal: native, the client-side mechanism on models that take tool additions)', () => {
    it('adds the loaded tool after the tool result as a system message of tool_addition blocks on ChatAnthropic', async () => {
      const fake = await startFakeAPI('/v1/messages', preflightAnthropicMessagesRequest, [
        anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'create_issue' } }], 'tool_use'),
        anthropicReply([{ type: 'tool_use', id: 'toolu_2', name: 'create_issue', input: { owner: 'octo', repo: 'hello', title: 'Bug' } }], 'tool_use'),
        anthropicReply([{ type: 'text', text: 'Filed it.' }], 'end_turn'),
      ]);
      const { ran, tools } = githubTools();
      const toolSearch = createLangChainToolSearch({ tools, config: { mechanism: 'client' } });
      const model = new ChatAnthropic({ model: 'claude-opus-4-8', apiKey: 'test', maxRetries: 0, anthropicApiUrl: fake.url });
      expect(await toolSearch.resolvePlan(model)).toMatchObject({ mechanism: 'client', reveal: 'native', additions: 'value' });
      const agent = createAgent({ model, middleware: [toolSearch], systemPrompt: 'You are helpful.', checkpointer: new MemorySaver() });

      const result = await agent.invoke({ messages: [{ role: 'user', content: 'File a bug in octo/hello.' }] }, thread('thread-1'));
      expect(lastText(result.messages)).toBe('Filed it.');
      expect(ran).toEqual([['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }]]);

      const sent = bodies(fake);
      expectCacheStable(sent, (body) => body.system);
      expect(sent[0]?.tools.map((entry: { name: string }) => entry.name)).toEqual(['tool_search']);
      for (const request of fake.requests) expect(request.headers['anthropic-beta']).toContain('inline-tools-2026-09-15');
      const messages = sent[2]?.messages as { role: string; content: { type: string }[] }[];
      const addition = messages.findIndex((message) => message.role === 'system');
      expect(messages[addition - 1]?.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
      expect(messages[addition]?.content).toEqual([
        { type: 'tool_addition', tool: { type: 'tool_definition', definition: expect.objectContaining({ name: 'create_issue' }) } },
      ]);
      // Every later request writes the same addition at the same place.
      expect(JSON.stringify((sent[1]?.messages as unknown[]).slice(0, addition + 1))).toBe(JSON.stringify(messages.slice(0, addition + 1)));
    });

    it('adds the loaded tool after the search output as an additional_tools item on ChatOpenAI over the Responses API', async () => {
      const call = (index: number, name: string, args: unknown) => ({
        type: 'function_call',
        id: `fc_${index}`,
        call_id: `call_${index}`,
        name,
        arguments: JSON.stringify(args),
        status: 'completed',
      });
      const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, [
        responsesReply(1, [call(1, 'tool_search', { query: 'create_issue' })]),
        responsesReply(2, [call(2, 'create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' })]),
        responsesReply(3, [
          { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Filed it.', annotations: [] }] },
        ]),
      ]);
      const { ran, tools } = githubTools();
      const toolSearch = createLangChainToolSearch({ tools, config: { mechanism: 'client' } });
      const model = new ChatOpenAI({ model: 'gpt-5.4', useResponsesApi: true, apiKey: 'test', maxRetries: 0, configuration: { baseURL: fake.url } });
      expect(await toolSearch.resolvePlan(model)).toMatchObject({ mechanism: 'client', reveal: 'native' });
      const agent = createAgent({ model, middleware: [toolSearch], systemPrompt: 'You are helpful.', checkpointer: new MemorySaver() });

      const result = await agent.invoke({ messages: [{ role: 'user', content: 'File a bug in octo/hello.' }] }, thread('thread-1'));
      expect(lastText(result.messages)).toBe('Filed it.');
      expect(ran).toEqual([['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }]]);
      const sent = bodies(fake);
      expect(sent[0]?.tools.map((entry: { name: string }) => entry.name)).toEqual(['tool_search']);
      const input = sent[1]?.input as { type?: string; call_id?: string; tools?: { name: string }[] }[];
      const output = input.findIndex((item) => item.type === 'function_call_output' && item.call_id === 'call_1');
      expect(input[output + 1]).toMatchObject({ type: 'additional_tools', tools: [{ type: 'function', name: 'create_issue' }] });
      expect(JSON.stringify((sent[2]?.input as unknown[]).slice(0, output + 2))).toBe(JSON.stringify(input.slice(0, output + 2)));
    });
  });

  describe('threads and runs', () => {
    it("keeps each thread's loads apart: a search in a new thread returns the schema again", async () => {
      const fake = await startFakeAPI('/chat/completions', preflightOpenAIChatRequest, [
        chatReply(1, [['call_1', 'tool_search', { query: 'create_issue' }]]),
        chatReply(2, [['call_2', 'tool_search', { query: 'create_issue' }]]),
        chatReply(3, []),
        chatReply(4, [['call_3', 'tool_search', { query: 'create_issue' }]]),
        chatReply(5, []),
      ]);
      const { tools } = githubTools();
      const agent = createAgent({
        model: new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'test', maxRetries: 0, configuration: { baseURL: fake.url } }),
        middleware: [createLangChainToolSearch({ tools })],
        checkpointer: new MemorySaver(),
      });
      await agent.invoke({ messages: [{ role: 'user', content: 'File a bug.' }] }, thread('thread-a'));
      await agent.invoke({ messages: [{ role: 'user', content: 'File a bug.' }] }, thread('thread-b'));
      const outputs = bodies(fake).map(
        (body) => (body.messages as { role: string; content: string }[]).filter((message) => message.role === 'tool').at(-1)?.content,
      );
      expect(JSON.parse(outputs[1] ?? '')).toMatchObject({ status: 'found', tools: [{ name: 'create_issue' }] });
      expect(JSON.parse(outputs[2] ?? '')).toMatchObject({ status: 'found', tools: [], loadedEarlier: ['create_issue'] });
      expect(JSON.parse(outputs[4] ?? '')).toMatchObject({ status: 'found', tools: [{ name: 'create_issue' }] });
    });

    it('runs without a thread id (no checkpointer), and sends tools it does not manage as they are', async () => {
      const fake = await startFakeAPI('/chat/completions', preflightOpenAIChatRequest, [
        chatReply(1, [
          ['call_1', 'tool_search', { query: 'create_issue' }],
          ['call_2', 'get_weather', { city: 'Paris' }],
        ]),
        chatReply(2, []),
      ]);
      const { tools } = githubTools();
      const weather = tool(async () => 'sunny', {
        name: 'get_weather',
        description: 'The weather in a city.',
        schema: { type: 'object', properties: { city: { type: 'string' } } },
      });
      const agent = createAgent({
        model: new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'test', maxRetries: 0, configuration: { baseURL: fake.url } }),
        tools: [weather],
        middleware: [createLangChainToolSearch({ tools })],
      });
      const result = await agent.invoke({ messages: [{ role: 'user', content: 'File a bug, and how is the weather?' }] });
      expect(lastText(result.messages)).toBe('Filed it.');
      const sent = bodies(fake);
      expect(sent[0]?.tools.map((entry: { function: { name: string } }) => entry.function.name)).toEqual(['tool_search', 'call_tool', 'get_weather']);
      expect((sent[1]?.messages as { role: string; content: string }[]).filter((message) => message.role === 'tool').map((message) => message.content)[1]).toBe(
        'sunny',
      );
    });

    it("reveals loaded tools in the tool list with reveal: 'tool-list', and needs the thread id for it", async () => {
      const fake = await startFakeAPI('/chat/completions', preflightOpenAIChatRequest, [
        chatReply(1, [['call_1', 'tool_search', { query: 'create_issue' }]]),
        chatReply(2, [['call_2', 'create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }]]),
        chatReply(3, []),
      ]);
      const { ran, tools } = githubTools();
      const model = new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'test', maxRetries: 0, configuration: { baseURL: fake.url } });
      const agent = createAgent({
        model,
        middleware: [createLangChainToolSearch({ tools, config: { reveal: 'tool-list' } })],
        checkpointer: new MemorySaver(),
      });
      await agent.invoke({ messages: [{ role: 'user', content: 'File a bug.' }] }, thread('thread-1'));
      expect(ran).toEqual([['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }]]);
      const names = bodies(fake).map((body) => body.tools.map((entry: { function: { name: string } }) => entry.function.name));
      expect(names[0]).toEqual(['tool_search']);
      expect(names[1]).toEqual(['tool_search', 'create_issue']);

      const threadless = createAgent({ model, middleware: [createLangChainToolSearch({ tools, config: { reveal: 'tool-list' } })] });
      const error = await threadless.invoke({ messages: [{ role: 'user', content: 'File a bug.' }] }).catch((caught: unknown) => caught);
      expect(String(error)).toContain('thread_id');
    });
  });

  describe('its options', () => {
    it.each([
      ['no options', undefined, 'invalid-options', '`tools` must be'],
      ['tools that are not LangChain tools', { tools: [{ name: 'x' }] }, 'invalid-tools', '`tools[0]` must be a LangChain tool'],
      ['an unknown platform', { tools: [], platform: 'mars' }, 'invalid-options', '`platform` must be one of'],
    ])('throws a ToolSearchError for %s', (_case, options, code, message) => {
      const call = () => createLangChainToolSearch(options as never);
      expect(call).toThrow(ToolSearchError);
      expect(call).toThrow(message);
      try {
        call();
      } catch (error) {
        expect((error as ToolSearchError).code).toBe(code);
      }
    });

    it('throws invalid-tools for two different tools of one name', () => {
      const twin = () => tool(async () => '', { name: 'twin', description: 'A tool.', schema: { type: 'object', properties: {} } });
      expect(() => createLangChainToolSearch({ tools: [twin(), twin()] })).toThrow('two tools named `twin`');
    });

    it.each([
      ['gpt-4.1 on Chat Completions', 'client', 'openai-chat', () => new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'test' })],
      ['gpt-5.4 on the Responses API', 'openai-hosted', 'openai-responses', () => new ChatOpenAI({ model: 'gpt-5.4', useResponsesApi: true, apiKey: 'test' })],
      // What `createAgent({ model: 'openai:gpt-5.4' })` calls: the model string's chat model, on the Responses API.
      [
        'gpt-5.4 named by a model string',
        'openai-hosted',
        'openai-responses',
        () => initChatModel('openai:gpt-5.4', { useResponsesApi: true, apiKey: 'test' }),
      ],
      ['Claude Sonnet 4.5', 'claude-hosted', 'anthropic-messages', () => new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: 'test' })],
    ])('plans %s with the %s mechanism', async (_case, mechanism, api, model) => {
      const { tools } = githubTools();
      expect(await createLangChainToolSearch({ tools }).resolvePlan(await model())).toMatchObject({ mechanism, api });
    });
  });
});
