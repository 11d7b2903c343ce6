/**
 * `tool-search/openai-agents` with the real OpenAI Agents SDK (`Agent`, `Runner.run`, its Responses and Chat
 * Completions models over the official `openai` client) against a local server on 127.0.0.1 that plays each API over
 * GitHub's 117 MCP tools and rejects a request that breaks the API's documented rules. Each test runs several turns of a
 * session, across runs (the history of one run is the input of the next), and asserts what every request carried.
 */
import { afterEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import {
  Agent,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  RunContext,
  Runner,
  tool,
  type AgentInputItem,
  type FunctionTool,
  type Tool,
} from '@openai/agents';
import { createOpenAIAgentsToolSearch } from '../../../src/integrations/openai-agents/index.js';
import { createOpenAIResponsesToolSearch } from '../../../src/providers/openai/index.js';
import { TOOL_SEARCH_GUIDANCE } from '../../../src/client/tool-search-guidance.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { scriptedAt, startLocalServer, type LocalServer } from '../../support/local-server.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';
import { chatReply, responsesReply } from '../../support/scripted-replies.js';
import type { PreflightResult } from '../../support/preflight/preflight-result.js';
import { preflightOpenAIChatRequest } from '../../support/preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../../support/preflight/preflight-openai-responses-request.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Starts the fake API at `path`: each request must pass the API's preflight. */
async function startFakeAPI(path: string, preflight: (body: unknown) => PreflightResult, replies: readonly unknown[]): Promise<LocalServer> {
  server = await startLocalServer((request, index) => {
    if (request.method !== 'POST' || request.path !== path) throw new Error(`unexpected request ${request.method} ${request.path}`);
    const checked = preflight(request.body);
    if (!checked.ok) throw new Error(`the request breaks documented rules: ${JSON.stringify(checked.violations)}`);
    return { body: scriptedAt(replies, index) };
  });
  return server;
}

/** GitHub's MCP tools as Agents SDK function tools (JSON Schema, not strict), each recording its calls. */
function githubTools() {
  const ran: [string, unknown][] = [];
  const tools: Tool[] = GITHUB_MCP_TOOLS.map((definition) =>
    tool({
      name: definition.name,
      description: definition.description ?? '',
      parameters: definition.inputSchema as never,
      strict: false,
      execute: async (args) => {
        ran.push([definition.name, args]);
        return JSON.stringify({ ok: true, tool: definition.name });
      },
    }),
  );
  return { ran, tools };
}

const runner = new Runner({ tracingDisabled: true });
const client = (fake: LocalServer) => new OpenAI({ apiKey: 'test', baseURL: fake.url, maxRetries: 0 });
// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into request bodies of several wire shapes.
const bodies = (fake: LocalServer) => fake.requests.map((request) => request.body as Record<string, any>);

/** Every request sent the same tools and instructions (`systemOf` reads them). */
function expectCacheStable(sent: readonly Record<string, unknown>[], systemOf: (body: Record<string, unknown>) => unknown): void {
  expect(sent.length).toBeGreaterThan(1);
  const first = JSON.stringify([sent[0]?.tools, systemOf(sent[0] ?? {})]);
  for (const body of sent) expect(JSON.stringify([body.tools, systemOf(body)])).toBe(first);
}

const text = (index: number, value: string) => ({
  type: 'message',
  id: `msg_${index}`,
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: value, annotations: [] }],
});
const functionCall = (index: number, name: string, args: unknown, namespace?: string) => ({
  type: 'function_call',
  id: `fc_${index}`,
  call_id: `call_${index}`,
  name,
  ...(namespace === undefined ? {} : { namespace }),
  arguments: JSON.stringify(args),
  status: 'completed',
});

describe('createOpenAIAgentsToolSearch', () => {
  describe('on gpt-5.4 over the Responses API (OpenAI hosted search, library ranking)', () => {
    it("answers the model's tool_search_call through the SDK's toolSearchTool and runs the loaded tool, over two runs", async () => {
      const searchCall = (index: number, query: string) => ({
        type: 'tool_search_call',
        id: `tsc_${index}`,
        call_id: `call_ts${index}`,
        execution: 'client',
        status: 'completed',
        arguments: { query },
      });
      const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, [
        responsesReply(1, [searchCall(1, 'list_issues')]),
        responsesReply(2, [functionCall(1, 'list_issues', { owner: 'octo', repo: 'hello' }, 'list_issues')]),
        responsesReply(3, [text(1, 'Two open issues.')]),
        responsesReply(4, [searchCall(2, 'create_issue')]),
        responsesReply(5, [functionCall(2, 'create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }, 'create_issue')]),
        responsesReply(6, [text(2, 'Filed it.')]),
      ]);
      const { ran, tools } = githubTools();
      const toolSearch = createOpenAIAgentsToolSearch({ tools });
      const model = new OpenAIResponsesModel(client(fake), 'gpt-5.4');
      const settings = toolSearch.prepare('gpt-5.4', { sessionId: 'session-1', instructions: 'You are helpful.', model });
      expect(settings.plan).toMatchObject({ mechanism: 'openai-hosted', search: 'library', listing: 'names' });
      expect(settings.warnings).toEqual([]);
      const agent = new Agent({ name: 'Assistant', ...settings });

      const first = await runner.run(agent, 'Which issues are open in octo/hello?');
      expect(first.finalOutput).toBe('Two open issues.');
      const history: AgentInputItem[] = [...first.history, { role: 'user', content: 'File a bug.' }];
      const second = await runner.run(agent, history);
      expect(second.finalOutput).toBe('Filed it.');
      expect(ran).toEqual([
        ['list_issues', { owner: 'octo', repo: 'hello' }],
        ['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }],
      ]);

      const sent = bodies(fake);
      expect(sent).toHaveLength(6);
      expectCacheStable(sent, (body) => body.instructions);
      expect(sent[0]?.instructions).toContain('You are helpful.');
      expect(sent[0]?.instructions).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 60));
      // The agent holds the deferred tools (the SDK dispatches their calls), its model leaves them out of each request
      // (the names listing): the tool_search_output carries what the search found, as the session API sends it.
      expect(sent[0]?.tools).toEqual([
        expect.objectContaining({ type: 'tool_search', execution: 'client', parameters: expect.objectContaining({ required: ['query'] }) }),
      ]);
      expect(settings.tools).toHaveLength(GITHUB_MCP_TOOLS.length + 1);
      const outputsOf = (body: Record<string, unknown>) => (body.input as { type?: string }[]).filter((item) => item.type === 'tool_search_output');
      expect(outputsOf(sent[1] ?? {})).toEqual([
        expect.objectContaining({ call_id: 'call_ts1', execution: 'client', tools: [expect.objectContaining({ name: 'list_issues', defer_loading: true })] }),
      ]);
      expect(outputsOf(sent[5] ?? {}).map((item) => (item as { call_id: string }).call_id)).toEqual(['call_ts1', 'call_ts2']);
    });
    it("sends a first request within 1.2x of the session API's bytes for the same tools", async () => {
      const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, [responsesReply(1, [text(1, 'Hi.')])]);
      const { tools } = githubTools();
      const model = new OpenAIResponsesModel(client(fake), 'gpt-5.4');
      const input = 'Which issues are open in octo/hello?';
      await runner.run(
        new Agent({
          name: 'Assistant',
          ...createOpenAIAgentsToolSearch({ tools }).prepare('gpt-5.4', { sessionId: 's', instructions: 'You are helpful.', model }),
        }),
        input,
      );
      const session = createOpenAIResponsesToolSearch({
        tools: GITHUB_MCP_TOOLS.map((entry) => ({
          type: 'function' as const,
          name: entry.name,
          description: entry.description ?? null,
          parameters: entry.inputSchema,
          strict: false,
        })),
      });
      const request = await session.prepare(
        { model: 'gpt-5.4', instructions: 'You are helpful.', input: [{ role: 'user', content: input }] },
        { sessionId: 's' },
      );
      const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;
      // GitHub's 117 tools: about 3.3 kB, as the session API's (every schema: 117 kB).
      expect(bytes(fake.requests[0]?.body)).toBeLessThan(1.2 * bytes(request.body));
    });
  });

  describe('on a model without hosted search (client-side)', () => {
    it('searches, runs a tool through call_tool and answers a misfit with its schema, on the Responses API with gpt-4.1', async () => {
      const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, [
        responsesReply(1, [functionCall(1, 'tool_search', { query: 'create_issue' })]),
        responsesReply(2, [functionCall(2, 'call_tool', { name: 'create_issue', arguments: { owner: 'octo' } })]),
        responsesReply(3, [functionCall(3, 'call_tool', { name: 'create_issue', arguments: { owner: 'octo', repo: 'hello', title: 'Bug' } })]),
        responsesReply(4, [text(1, 'Filed it.')]),
      ]);
      const { ran, tools } = githubTools();
      const model = new OpenAIResponsesModel(client(fake), 'gpt-4.1');
      const settings = createOpenAIAgentsToolSearch({ tools }).prepare('gpt-4.1', { sessionId: 'session-1', instructions: 'You are helpful.', model });
      expect(settings.plan).toMatchObject({ mechanism: 'client', reveal: 'conversation', listing: 'names' });
      expect(settings.model).toBe(model);
      const agent = new Agent({ name: 'Assistant', ...settings });

      const result = await runner.run(agent, 'File a bug in octo/hello.');
      expect(result.finalOutput).toBe('Filed it.');
      expect(ran).toEqual([['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }]]);
      const sent = bodies(fake);
      expectCacheStable(sent, (body) => body.instructions);
      expect(sent[0]?.tools.map((entry: { name: string }) => entry.name)).toEqual(['tool_search', 'call_tool']);
      expect(sent[0]?.instructions).toContain('create_issue');
      const outputs = (body: Record<string, unknown>) =>
        (body.input as { type?: string; output?: unknown }[]).filter((item) => item.type === 'function_call_output').map((item) => item.output);
      expect(JSON.parse(String(outputs(sent[1] ?? {})[0]))).toMatchObject({ status: 'found', tools: [{ name: 'create_issue' }] });
      expect(JSON.parse(String(outputs(sent[2] ?? {})[1]))).toMatchObject({ status: 'invalid-arguments', tool: 'create_issue' });
    });

    it('runs over Chat Completions (api: openai-chat), one session apart from another', async () => {
      const fake = await startFakeAPI('/chat/completions', preflightOpenAIChatRequest, [
        chatReply(1, [['call_1', 'tool_search', { query: 'create_issue' }]]),
        chatReply(2, [['call_2', 'tool_search', { query: 'create_issue' }]]),
        chatReply(3, []),
        chatReply(4, [['call_3', 'tool_search', { query: 'create_issue' }]]),
        chatReply(5, []),
      ]);
      const { tools } = githubTools();
      const toolSearch = createOpenAIAgentsToolSearch({ tools });
      const model = new OpenAIChatCompletionsModel(client(fake), 'gpt-4.1');
      const agentFor = (sessionId: string) => new Agent({ name: 'Assistant', ...toolSearch.prepare('gpt-4.1', { sessionId, api: 'openai-chat', model }) });
      expect(toolSearch.prepare('gpt-4.1', { sessionId: 'a', api: 'openai-chat' }).tools).toBe(
        toolSearch.prepare('gpt-4.1', { sessionId: 'a', api: 'openai-chat' }).tools,
      );

      await runner.run(agentFor('a'), 'File a bug.');
      await runner.run(agentFor('b'), 'File a bug.');
      const sent = bodies(fake);
      expectCacheStable(sent, (body) => (body.messages as unknown[])[0]);
      const outputs = sent.map((body) => (body.messages as { role: string; content: string }[]).filter((message) => message.role === 'tool').at(-1)?.content);
      expect(JSON.parse(outputs[1] ?? '')).toMatchObject({ status: 'found', tools: [{ name: 'create_issue' }] });
      // The session's second search names what the session loaded; another session's search returns it again.
      expect(JSON.parse(outputs[2] ?? '')).toMatchObject({ status: 'found', tools: [], loadedEarlier: ['create_issue'] });
      expect(JSON.parse(outputs[4] ?? '')).toMatchObject({ status: 'found', tools: [{ name: 'create_issue' }] });
    });
  });

  describe('what the Agents SDK cannot carry', () => {
    it('keeps loaded schemas in the conversation when the plan delivers natively, and says so (reveal-not-expressible)', () => {
      const { tools } = githubTools();
      const settings = createOpenAIAgentsToolSearch({ tools, config: { mechanism: 'client' } }).prepare('gpt-5.4', { sessionId: 's' });
      expect(settings.plan).toMatchObject({ mechanism: 'client', reveal: 'conversation' });
      expect(settings.warnings.map((warning) => warning.code)).toContain('reveal-not-expressible');
      expect(settings.tools.map((entry) => entry.name)).toEqual(['tool_search', 'call_tool']);
    });

    it('gives the model id itself under the full listing, whose deferred tools every request declares with deferLoading', () => {
      const { tools } = githubTools();
      const settings = createOpenAIAgentsToolSearch({ tools, config: { listing: 'full' } }).prepare('gpt-5.4', { sessionId: 's' });
      expect(settings.plan).toMatchObject({ mechanism: 'openai-hosted', listing: 'full' });
      expect(settings.model).toBe('gpt-5.4');
      expect(settings.tools.slice(0, -1).every((entry) => entry.type === 'function' && entry.deferLoading === true)).toBe(true);
    });
  });

  describe('the tools it gives', () => {
    it('asks a call_tool call for the approval the named tool asks for', async () => {
      const guarded = tool({
        name: 'delete_repository',
        description: 'Deletes a repository.',
        parameters: { type: 'object', properties: {}, required: [], additionalProperties: true },
        strict: false,
        needsApproval: true,
        execute: async () => 'deleted',
      });
      const { tools } = githubTools();
      const settings = createOpenAIAgentsToolSearch({ tools: [...tools.filter((entry) => entry.name !== 'delete_repository'), guarded] }).prepare('gpt-4.1', {
        sessionId: 's',
      });
      const callTool = settings.tools.find((entry) => entry.name === 'call_tool') as FunctionTool;
      const context = new RunContext();
      expect(await callTool.needsApproval(context, { name: 'delete_repository', arguments: {} } as never, 'call_1')).toBe(true);
      expect(await callTool.needsApproval(context, { name: 'create_issue', arguments: {} } as never, 'call_2')).toBe(false);
      expect(await callTool.needsApproval(context, { arguments: {} } as never, 'call_3')).toBe(false);
    });

    it("gives the agent's tools and instructions as they are when nothing is deferred (below the threshold)", () => {
      const { tools } = githubTools();
      const few = tools.slice(0, 3);
      const settings = createOpenAIAgentsToolSearch({ tools: few }).prepare('gpt-5.4', { sessionId: 's', instructions: 'You are helpful.' });
      expect(settings.plan.tools.every((entry) => entry.status !== 'deferred')).toBe(true);
      expect(settings.tools).toEqual(few);
      expect(settings.instructions).toBe('You are helpful.');
    });

    it("sends OpenAI's own tool search with search: 'provider'", () => {
      const { tools } = githubTools();
      const settings = createOpenAIAgentsToolSearch({ tools, config: { search: 'provider' } }).prepare('gpt-5.4', { sessionId: 's' });
      expect(settings.tools.at(-1)).toMatchObject({ type: 'hosted_tool', name: 'tool_search', providerData: { type: 'tool_search' } });
      expect((settings.tools.at(-1) as { providerData: Record<string, unknown> }).providerData.execution).toBeUndefined();
    });
  });

  describe('its options', () => {
    it.each([
      ['no options', () => createOpenAIAgentsToolSearch(undefined as never), 'invalid-options', '`tools` must be'],
      [
        'an entry that is not a tool',
        () => createOpenAIAgentsToolSearch({ tools: [{ name: 'x' } as never] }),
        'invalid-tools',
        '`tools[0]` must be an Agents SDK tool',
      ],
      ['a missing session id', () => createOpenAIAgentsToolSearch({ tools: [] }).prepare('gpt-5.4', {} as never), 'invalid-options', '`sessionId` must be'],
      [
        'an unknown api',
        () => createOpenAIAgentsToolSearch({ tools: [] }).prepare('gpt-5.4', { sessionId: 's', api: 'gemini' as never }),
        'invalid-options',
        '`api` must be',
      ],
      [
        'a model that is not a model',
        () => createOpenAIAgentsToolSearch({ tools: [] }).prepare('gpt-5.4', { sessionId: 's', model: {} as never }),
        'invalid-options',
        '`model` must be an Agents SDK model',
      ],
    ])('throws a ToolSearchError for %s', (_case, call, code, message) => {
      expect(call).toThrow(ToolSearchError);
      expect(call).toThrow(message);
      try {
        call();
      } catch (error) {
        expect((error as ToolSearchError).code).toBe(code);
      }
    });
  });
});
