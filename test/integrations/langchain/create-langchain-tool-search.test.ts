/**
 * `tool-search/langchain` with the real LangChain.js v1 agent (`createAgent` from `langchain`, a LangGraph checkpointer
 * for threads) and the real chat model classes (`ChatOpenAI` on Chat Completions and on the Responses API,
 * `ChatAnthropic`), against a local server on 127.0.0.1 that plays each API over GitHub's 117 MCP tools and rejects a
 * request that breaks the API's documented rules. Each test runs multi-turn threads and asserts what every request
 * carried (the tools and system text byte-identical, the search answered in the provider's form, the real tool run).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, tool, type BaseMessage } from 'langchain';
import { MemorySaver } from '@langchain/langgraph';
import { ChatOpenAI } from '@langchain/openai';
import { ChatAnthropic } from '@langchain/anthropic';
import { createLangChainToolSearch } from '../../../src/integrations/langchain/index.js';
import { TOOL_SEARCH_GUIDANCE } from '../../../src/client/tool-search-guidance.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { isRecord } from '../../../src/records/is-record.js';
import { scriptedAt, startLocalServer, type LocalServer } from '../../support/local-server.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';
import { anthropicReply, chatReply, responsesReply } from '../../support/scripted-replies.js';
import type { PreflightResult } from '../../../src/preflight/preflight-result.js';
import { preflightOpenAIChatRequest } from '../../../src/providers/openai/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../../../src/providers/openai/preflight-openai-responses-request.js';
import { preflightAnthropicMessagesRequest } from '../../../src/providers/anthropic/preflight-anthropic-messages-request.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Starts the fake API at `path`: each request must pass the API's preflight (Anthropic's betas read from the header). */
async function startFakeAPI(path: string, preflight: (body: unknown) => PreflightResult, replies: readonly unknown[]): Promise<LocalServer> {
  server = await startLocalServer((request, index) => {
    if (request.method !== 'POST' || request.path !== path) throw new Error(`unexpected request ${request.method} ${request.path}`);
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
      const instructionsOf = (body: Record<string, unknown>) => (body.input as { role?: string }[]).filter((item) => item.role === 'system' || item.role === 'developer')[0];
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
});
