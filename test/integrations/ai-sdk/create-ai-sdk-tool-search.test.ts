/**
 * `tool-search/ai-sdk` with the real AI SDK (its OpenAI, Anthropic and Google providers) against a local server on
 * 127.0.0.1 that plays each API over GitHub's 117 MCP tools: multi-step `generateText` and `streamText` runs,
 * asserting what every request carried (tools, system text, the search answered, the real tool run). It runs twice
 * (vitest.config.ts): on AI SDK 6 (`ai` 6, `@ai-sdk/*` 3) and on AI SDK 7 (`ai` 7, `@ai-sdk/*` 4).
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as ai from 'ai';
import { generateText, jsonSchema, stepCountIs, streamText, tool, type ModelMessage, type ToolSet } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import OpenAI from 'openai';
import { createAISDKToolSearch } from '../../../src/integrations/ai-sdk/index.js';
import { createOpenAIResponsesToolSearch } from '../../../src/providers/openai/create-openai-responses-tool-search.js';
import { createOpenAIResponsesTools } from '../../../src/providers/openai/create-openai-responses-tools.js';
import { TOOL_SEARCH_GUIDANCE } from '../../../src/client/tool-search-guidance.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { scriptedAt, startLocalServer, type LocalServer, type ScriptedResponse } from '../../support/local-server.js';
import { isRecord } from '../../../src/records/is-record.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';
import { githubToolSet } from '../../support/ai-sdk-tool-sets.js';
import { chatReply, responsesReply } from '../../support/scripted-replies.js';
import { collectGarbage } from '../../support/collect-garbage.js';
import type { PreflightResult } from '../../support/preflight/preflight-result.js';
import { preflightOpenAIChatRequest } from '../../support/preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../../support/preflight/preflight-openai-responses-request.js';
import { preflightAnthropicMessagesRequest } from '../../support/preflight/preflight-anthropic-messages-request.js';
import { preflightGeminiRequest } from '../../support/preflight/preflight-gemini-request.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The API's documented 400 rules, by path: a request that breaks one fails the run as the API would. */
function preflightOf(path: string): (body: unknown) => PreflightResult {
  if (path.startsWith('/responses')) return preflightOpenAIResponsesRequest;
  if (path.startsWith('/chat/')) return preflightOpenAIChatRequest;
  if (path.startsWith('/v1/messages')) return preflightAnthropicMessagesRequest;
  return preflightGeminiRequest;
}

async function startFakeAPI(path: string, replies: readonly ScriptedResponse[]): Promise<LocalServer> {
  server = await startLocalServer((request, index) => {
    if (request.method !== 'POST' || request.path !== path) throw new Error(`unexpected request ${request.method} ${request.path}`);
    // The AI SDK sends Anthropic's betas as the `anthropic-beta` header: the preflight reads them as the body's `betas`
    // (what the official SDK's beta client turns into that header).
    const header = request.headers['anthropic-beta'];
    const body = typeof header === 'string' && isRecord(request.body) ? { ...request.body, betas: header.split(',') } : request.body;
    const checked = preflightOf(path)(body);
    if (!checked.ok) throw new Error(`the request breaks documented rules: ${JSON.stringify(checked.violations)}`);
    return scriptedAt(replies, index);
  });
  return server;
}

/**
 * Every message a run added, to continue the conversation with: AI SDK 7's `responseMessages` (its `response.messages`
 * holds the last step's only), AI SDK 6's `response.messages`.
 */
function runMessages(result: { readonly response: { readonly messages: ModelMessage[] } }): ModelMessage[] {
  return 'responseMessages' in result ? (result.responseMessages as ModelMessage[]) : result.response.messages;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into request bodies of several wire shapes.
const bodies = (fake: LocalServer) => fake.requests.map((request) => request.body as Record<string, any>);
/** One message or item of a request body, read as loosely as {@link bodies}. */
type WireItem = ReturnType<typeof bodies>[number];
const json = (body: unknown): ScriptedResponse => ({ body });
/** A Messages API response from `model` with these content blocks (its id names the stop reason). */
const messagesReply = (model: string) => (content: unknown[], stopReason: string) => ({
  id: `msg_${stopReason}`,
  type: 'message',
  role: 'assistant',
  model,
  content,
  stop_reason: stopReason,
  stop_sequence: null,
  usage: { input_tokens: 100, output_tokens: 20 },
});
const sse = (events: unknown[], done = false): ScriptedResponse => ({
  body: `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}${done ? 'data: [DONE]\n\n' : ''}`,
  headers: { 'content-type': 'text/event-stream' },
});

describe('createAISDKToolSearch', () => {
  it(`runs on the AI SDK major its vitest project names (${process.env.AI_SDK_MAJOR})`, () => {
    // `toolSearch` is new in AI SDK 7: the project's aliases really swapped the package.
    expect('toolSearch' in ai).toBe(process.env.AI_SDK_MAJOR === '7');
  });

  describe('on a Gemini model (client-side)', () => {
    const geminiReply = (parts: unknown[]) => ({
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 260, candidatesTokenCount: 16, totalTokenCount: 276 },
    });

    it('searches, calls through call_tool and answers a misfit across two runs of a session, generateText then streamText', async () => {
      const fake = await startFakeAPI('/v1beta/models/gemini-2.5-flash:generateContent', [
        json(geminiReply([{ functionCall: { name: 'tool_search', args: { query: 'search_repositories' } } }])),
        json(geminiReply([{ functionCall: { name: 'call_tool', args: { name: 'search_repositories', arguments: { query: 'tool search' } } } }])),
        json(geminiReply([{ text: 'Found 3 repositories.' }])),
      ]);
      const google = createGoogleGenerativeAI({ baseURL: `${fake.url}/v1beta`, apiKey: 'test' });
      const { ran, tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, config: { predict: 'off' } });
      const model = google('gemini-2.5-flash');

      const first = await generateText({
        model,
        ...(await toolSearch.prepare(model, { sessionId: 'session-1', system: 'You are helpful.' })),
        prompt: 'Find repositories about tool search.',
        stopWhen: stepCountIs(5),
        maxRetries: 0,
      });
      expect(first.text).toBe('Found 3 repositories.');
      expect(ran).toEqual([['search_repositories', { query: 'tool search' }]]);

      const sent = bodies(fake);
      expect(sent).toHaveLength(3);
      for (const body of sent) expect(JSON.stringify([body.tools, body.systemInstruction])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.systemInstruction]));
      expect(sent[0]?.tools[0].functionDeclarations.map((declaration: { name: string }) => declaration.name)).toEqual(['tool_search', 'call_tool']);
      const system = JSON.stringify(sent[0]?.systemInstruction);
      expect(system).toContain('You are helpful.');
      expect(system).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 80));
      expect(system).toContain('search_repositories');
      // The AI SDK's functionResponse shape ({ name, content }) carries the search result and the tool's output.
      const lastResponse = (index: number) => sent[index]?.contents.at(-1).parts[0].functionResponse;
      expect(lastResponse(1)).toMatchObject({ name: 'tool_search', response: { name: 'tool_search' } });
      expect(JSON.parse(lastResponse(1).response.content)).toMatchObject({ status: 'found', tools: [{ name: 'search_repositories' }] });
      expect(lastResponse(2)).toMatchObject({ name: 'call_tool', response: { name: 'call_tool', content: { ok: true, tool: 'search_repositories' } } });

      // A second run of the session, streamed, with the first run's messages in the history.
      server = undefined;
      const streamed = await startFakeAPI('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', [
        sse([geminiReply([{ functionCall: { name: 'tool_search', args: { query: 'search_repositories' } } }])]),
        sse([geminiReply([{ functionCall: { name: 'call_tool', args: { name: 'create_issue', arguments: { title: 'Bug' } } } }])]),
        sse([geminiReply([{ text: 'I need the repository first.' }])]),
      ]);
      const streamingModel = createGoogleGenerativeAI({ baseURL: `${streamed.url}/v1beta`, apiKey: 'test' })('gemini-2.5-flash');
      const messages: ModelMessage[] = [...runMessages(first), { role: 'user', content: 'Now file a bug.' }];
      const second = streamText({
        model: streamingModel,
        ...(await toolSearch.prepare(streamingModel, { sessionId: 'session-1', system: 'You are helpful.' })),
        messages,
        stopWhen: stepCountIs(5),
        maxRetries: 0,
      });
      expect(await second.text).toBe('I need the repository first.');
      const resent = bodies(streamed);
      expect(resent).toHaveLength(3);
      for (const body of resent)
        expect(JSON.stringify([body.tools, body.systemInstruction])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.systemInstruction]));
      const again = JSON.parse(resent[1]?.contents.at(-1).parts[0].functionResponse.response.content);
      expect(again).toMatchObject({ status: 'found', loadedEarlier: ['search_repositories'] });
      const misfit = JSON.parse(resent[2]?.contents.at(-1).parts[0].functionResponse.response.content);
      expect(misfit).toMatchObject({ status: 'invalid-arguments', tool: 'create_issue', tools: [{ name: 'create_issue' }] });
      expect(ran).toHaveLength(1);
    });

    it('answers a search from what the conversation holds: another worker with an empty store, and a history that dropped the schema', async () => {
      const searchReply = json(geminiReply([{ functionCall: { name: 'tool_search', args: { query: 'search_repositories' } } }]));
      const fake = await startFakeAPI('/v1beta/models/gemini-2.5-flash:generateContent', [
        searchReply,
        json(geminiReply([{ text: 'Loaded.' }])),
        searchReply,
        json(geminiReply([{ text: 'Still loaded.' }])),
        searchReply,
        json(geminiReply([{ text: 'Loaded again.' }])),
      ]);
      const model = createGoogleGenerativeAI({ baseURL: `${fake.url}/v1beta`, apiKey: 'test' })('gemini-2.5-flash');
      const { tools } = githubToolSet();
      const worker = createAISDKToolSearch({ tools });
      const run = async (toolSearch: typeof worker, messages: ModelMessage[]) =>
        generateText({ model, ...(await toolSearch.prepare(model, { sessionId: 'session-1' })), messages, stopWhen: stepCountIs(3), maxRetries: 0 });
      const searchResult = (request: number) => JSON.parse(bodies(fake)[request]?.contents.at(-1).parts[0].functionResponse.response.content);

      const first = await run(worker, [{ role: 'user', content: 'Find repositories.' }]);
      expect(searchResult(1)).toMatchObject({ status: 'found', tools: [{ name: 'search_repositories' }] });

      // Another worker (its own, empty store) continues the session: the schema is in the history, so it is not repeated.
      await run(createAISDKToolSearch({ tools }), [...runMessages(first), { role: 'user', content: 'Search again.' }]);
      expect(searchResult(3)).toEqual({ status: 'found', tools: [], loadedEarlier: ['search_repositories'] });

      // The same worker, whose store saw the reveal, with a history that no longer holds it: the schema comes again.
      await run(worker, [{ role: 'user', content: 'Start over: find repositories.' }]);
      expect(searchResult(5)).toMatchObject({ status: 'found', tools: [{ name: 'search_repositories' }] });
    });
  });

  describe('on a Chat Completions model (client-side, stubs)', () => {
    const chunk = (delta: unknown, finish: string | null = null) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1741570290,
      model: 'gpt-4.1',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const callChunks = (id: string, name: string, args: unknown) => [
      chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] }),
      chunk({}, 'tool_calls'),
    ];

    it('streams a search, a stub call checked and run, and a blind call answered with the schema', async () => {
      const fake = await startFakeAPI('/chat/completions', [
        sse(callChunks('call_1', 'tool_search', { query: 'list_issues' }), true),
        sse(callChunks('call_2', 'list_issues', { owner: 'octo', repo: 'hello' }), true),
        sse(callChunks('call_3', 'create_issue', {}), true),
        sse([chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop')], true),
      ]);
      const openai = createOpenAI({ baseURL: fake.url, apiKey: 'test' });
      const { ran, tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, config: { listing: 'compact', predict: 'off' } });
      const model = openai.chat('gpt-4.1');
      const result = streamText({
        model,
        ...(await toolSearch.prepare(model, { sessionId: 'session-1', system: 'You are helpful.' })),
        prompt: 'List the issues of octo/hello and file one.',
        stopWhen: stepCountIs(6),
        maxRetries: 0,
      });
      expect(await result.text).toBe('Done.');
      expect(ran).toEqual([['list_issues', { owner: 'octo', repo: 'hello' }]]);
      const sent = bodies(fake);
      expect(sent).toHaveLength(4);
      for (const body of sent) expect(JSON.stringify([body.tools, body.messages[0]])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.messages[0]]));
      const sentTools = sent[0]?.tools as { function: { name: string; parameters: unknown; strict?: boolean } }[];
      expect(sentTools).toHaveLength(118);
      expect(sentTools[0]?.function.name).toBe('tool_search');
      expect(sentTools.slice(1).every((entry) => JSON.stringify(entry.function.parameters) === '{"type":"object","additionalProperties":true}')).toBe(true);
      expect(sentTools.every((entry) => entry.function.strict === false)).toBe(true);
      expect(sent[0]?.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining(TOOL_SEARCH_GUIDANCE) });
      const toolMessages = sent[3]?.messages.filter((message: { role: string }) => message.role === 'tool');
      expect(JSON.parse(toolMessages[0].content)).toMatchObject({ status: 'found', tools: [{ name: 'list_issues' }] });
      expect(JSON.parse(toolMessages[1].content)).toEqual({ ok: true, tool: 'list_issues' });
      expect(JSON.parse(toolMessages[2].content)).toMatchObject({ status: 'invalid-arguments', tool: 'create_issue' });
    });
  });

  describe('on gpt-5.4 (OpenAI’s hosted search, the library’s ranking)', () => {
    it('answers the client-executed tool_search_call with a tool_search_output that loads the tool', async () => {
      const fake = await startFakeAPI('/responses', [
        json(
          responsesReply(1, [
            { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_ts1', execution: 'client', status: 'completed', arguments: { query: 'list_issues' } },
          ]),
        ),
        json(
          responsesReply(2, [
            {
              type: 'function_call',
              id: 'fc_1',
              call_id: 'call_1',
              name: 'list_issues',
              namespace: 'list_issues',
              arguments: '{"owner":"octo","repo":"hello"}',
              status: 'completed',
            },
          ]),
        ),
        json(
          responsesReply(3, [
            {
              type: 'message',
              id: 'msg_1',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'Two open issues.', annotations: [] }],
            },
          ]),
        ),
      ]);
      const openai = createOpenAI({ baseURL: fake.url, apiKey: 'test' });
      const { ran, tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools });
      const model = openai('gpt-5.4');
      const settings = await toolSearch.prepare(model, { sessionId: 'session-1', system: 'You are helpful.' });
      expect(settings.plan.mechanism).toBe('openai-hosted');
      const result = await generateText({
        model,
        ...settings,
        prompt: 'Which issues are open in octo/hello?',
        stopWhen: stepCountIs(5),
        maxRetries: 0,
        providerOptions: { openai: { store: false } },
      });
      expect(result.text).toBe('Two open issues.');
      expect(ran).toEqual([['list_issues', { owner: 'octo', repo: 'hello' }]]);
      const sent = bodies(fake);
      expect(sent).toHaveLength(3);
      for (const body of sent) expect(JSON.stringify([body.tools, body.input[0]])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.input[0]]));
      const sentTools = sent[0]?.tools as Record<string, unknown>[];
      // AI SDK 7 leaves the deferred functions out (the search output defines what it loads), as the session API does;
      // AI SDK 6's provider sends every tool the AI SDK runs, deferred.
      expect(sentTools.filter((entry) => entry.type === 'function' && entry.defer_loading === true)).toHaveLength(process.env.AI_SDK_MAJOR === '7' ? 0 : 117);
      expect(sentTools.at(-1)).toMatchObject({ type: 'tool_search', execution: 'client', parameters: { properties: { query: { type: 'string' } } } });
      expect(JSON.stringify(sent[0]?.input[0])).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 80));
      const output = sent[1]?.input.find((item: { type?: string }) => item.type === 'tool_search_output');
      expect(output).toMatchObject({ call_id: 'call_ts1', execution: 'client', tools: [{ type: 'function', name: 'list_issues', defer_loading: true }] });
      expect(sent[2]?.input.at(-1)).toMatchObject({ type: 'function_call_output', call_id: 'call_1' });
      // The AI SDK replays the loaded function's call in its namespace (the preflight would reject it without).
      expect(sent[2]?.input.find((item: { type?: string }) => item.type === 'function_call')).toMatchObject({ name: 'list_issues', namespace: 'list_issues' });
    });

    it('loads nothing again for a repeated search when the history’s tool_search_output loaded the tool, on another worker', async () => {
      const search = (id: number) =>
        json(
          responsesReply(id, [
            {
              type: 'tool_search_call',
              id: `tsc_${id}`,
              call_id: `call_ts${id}`,
              execution: 'client',
              status: 'completed',
              arguments: { query: 'list_issues' },
            },
          ]),
        );
      const done = (id: number) =>
        json(
          responsesReply(id, [
            { type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] },
          ]),
        );
      const fake = await startFakeAPI('/responses', [search(1), done(2), search(3), done(4)]);
      const model = createOpenAI({ baseURL: fake.url, apiKey: 'test' })('gpt-5.4');
      const { tools } = githubToolSet();
      const run = async (messages: ModelMessage[]) =>
        generateText({
          model,
          ...(await createAISDKToolSearch({ tools }).prepare(model, { sessionId: 'session-1' })),
          messages,
          stopWhen: stepCountIs(3),
          maxRetries: 0,
          providerOptions: { openai: { store: false } },
        });
      const first = await run([{ role: 'user', content: 'Which issues are open?' }]);
      await run([...runMessages(first), { role: 'user', content: 'Again.' }]);
      const outputs = (request: number) => bodies(fake)[request]?.input.filter((item: { type?: string }) => item.type === 'tool_search_output');
      expect(outputs(1)).toMatchObject([{ call_id: 'call_ts1', tools: [{ name: 'list_issues' }] }]);
      expect(outputs(3)).toMatchObject([
        { call_id: 'call_ts1', tools: [{ name: 'list_issues' }] },
        { call_id: 'call_ts3', tools: [] },
      ]);
    });
  });

  describe('on gpt-5.4, the first request against the session API’s for the same tools', () => {
    const finalReply = json(
      responsesReply(1, [
        { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] },
      ]),
    );
    const system = 'You are helpful.';
    const prompt = 'Which issues are open in octo/hello?';

    /** The UTF-8 bytes of the first request each path sends (the whole body as the SDK wrote it), over GitHub's MCP tools. */
    async function measureFirstRequests(count: number) {
      const fake = await startFakeAPI('/responses', [finalReply, finalReply]);
      const client = new OpenAI({ baseURL: fake.url, apiKey: 'test' });
      const responsesTools = createOpenAIResponsesTools(GITHUB_MCP_TOOLS.slice(0, count));
      const session = createOpenAIResponsesToolSearch({ tools: responsesTools });
      const input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: prompt }];
      const request = await session.prepare({ model: 'gpt-5.4', store: false, instructions: system, input }, { sessionId: 's' });
      await client.responses.create(request.body);
      const model = createOpenAI({ baseURL: fake.url, apiKey: 'test' })('gpt-5.4');
      const tools = Object.fromEntries(Object.entries(githubToolSet().tools).slice(0, count));
      const settings = await createAISDKToolSearch({ tools }).prepare(model, { sessionId: 's', system });
      await generateText({ model, ...settings, prompt, stopWhen: stepCountIs(1), maxRetries: 0, providerOptions: { openai: { store: false } } });
      const [sessionBody, aiSDKBody] = bodies(fake);
      const size = (body: unknown) => Buffer.byteLength(JSON.stringify(body));
      return { session: size(sessionBody), aiSDK: size(aiSDKBody), sessionBody, aiSDKBody, settings, plan: request.plan };
    }

    it.runIf(process.env.AI_SDK_MAJOR === '7').each([117, 20])(
      'sends within 1.2× of the session API’s bytes on AI SDK 7 for %i tools: deferred functions stay out of the request',
      async (count) => {
        const measured = await measureFirstRequests(count);
        console.log(`first request on gpt-5.4, ${count} tools: session API ${measured.session} B, AI SDK 7 ${measured.aiSDK} B`);
        expect(measured.settings.plan).toMatchObject({ mechanism: 'openai-hosted', search: 'library', listing: measured.plan.listing });
        expect(measured.settings.warnings).toEqual([]);
        expect(measured.aiSDK).toBeLessThanOrEqual(1.2 * measured.session);
        // The same tools: the library's tool_search, no deferred function; the same note in the instructions.
        const names = (body: Record<string, unknown>) => (body.tools as { type: string; name?: string }[]).map((entry) => entry.name ?? entry.type);
        expect(names(measured.aiSDKBody as Record<string, unknown>)).toEqual(names(measured.sessionBody as Record<string, unknown>));
        // The AI SDK sends the system text as the first input message.
        expect(measured.aiSDKBody?.input[0]).toMatchObject({
          role: expect.stringMatching(/^(system|developer)$/),
          content: measured.sessionBody?.instructions,
        });
      },
    );

    it.runIf(process.env.AI_SDK_MAJOR === '6').each([117, 20])(
      'says why it sends more on AI SDK 6 for %i tools, whose OpenAI provider cannot keep a tool it runs out of the request',
      async (count) => {
        const measured = await measureFirstRequests(count);
        console.log(`first request on gpt-5.4, ${count} tools: session API ${measured.session} B, AI SDK 6 ${measured.aiSDK} B`);
        expect(measured.aiSDK).toBeGreaterThan(1.2 * measured.session);
        expect(measured.settings.warnings).toEqual([
          {
            code: 'listing-not-expressible',
            message: expect.stringContaining(
              'cannot keep a tool out of the request and still run its calls (`omitFromRequestTools` is in `@ai-sdk/openai` 4.0.96 or later, AI SDK 7)',
            ),
          },
        ]);
        expect(measured.settings.plan.listing).toBe('full');
      },
    );
  });

  describe('on gpt-5.4, streamed', () => {
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 120,
    };
    const stream = (index: number, item: Record<string, unknown>, deltas: unknown[], done: Record<string, unknown>) =>
      sse([
        { type: 'response.created', response: { id: `resp_${index}`, created_at: 1767225600 + index, model: 'gpt-5.4' } },
        { type: 'response.output_item.added', output_index: 0, item },
        ...deltas,
        { type: 'response.output_item.done', output_index: 0, item: done },
        { type: 'response.completed', response: { usage } },
      ]);

    it('streams the client-executed search, the loaded tool’s call and the answer', async () => {
      const search = { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_ts1', execution: 'client', arguments: { query: 'list_issues' } };
      // A deferred top-level function comes back in a namespace of its own name, as the API sends it.
      const call = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'list_issues', namespace: 'list_issues' };
      const message = { type: 'message', id: 'msg_1' };
      const fake = await startFakeAPI('/responses', [
        stream(1, { ...search, status: 'in_progress' }, [], { ...search, status: 'completed' }),
        stream(
          2,
          { ...call, arguments: '', status: 'in_progress' },
          [{ type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta: '{"owner":"octo","repo":"hello"}' }],
          {
            ...call,
            arguments: '{"owner":"octo","repo":"hello"}',
            status: 'completed',
          },
        ),
        stream(3, message, [{ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Two open issues.' }], {
          ...message,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Two open issues.', annotations: [] }],
        }),
      ]);
      const { ran, tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools });
      const model = createOpenAI({ baseURL: fake.url, apiKey: 'test' })('gpt-5.4');
      const result = streamText({
        model,
        ...(await toolSearch.prepare(model, { sessionId: 'session-1' })),
        prompt: 'Which issues are open in octo/hello?',
        stopWhen: stepCountIs(5),
        maxRetries: 0,
        providerOptions: { openai: { store: false } },
      });
      expect(await result.text).toBe('Two open issues.');
      expect(ran).toEqual([['list_issues', { owner: 'octo', repo: 'hello' }]]);
      const sent = bodies(fake);
      expect(sent.map((body) => body.stream)).toEqual([true, true, true]);
      for (const body of sent) expect(JSON.stringify(body.tools)).toBe(JSON.stringify(sent[0]?.tools));
      expect(sent[1]?.input.find((item: { type?: string }) => item.type === 'tool_search_output')).toMatchObject({
        call_id: 'call_ts1',
        tools: [{ name: 'list_issues', defer_loading: true }],
      });
    });
  });

  describe('on claude-sonnet-4-5 (Anthropic’s hosted search, the library’s ranking)', () => {
    const reply = messagesReply('claude-sonnet-4-5');

    it('answers tool_search with tool_reference parts and runs the loaded tool', async () => {
      const fake = await startFakeAPI('/v1/messages', [
        json(reply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use')),
        json(reply([{ type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: { owner: 'octo', repo: 'hello', path: 'README.md' } }], 'tool_use')),
        json(reply([{ type: 'text', text: 'It says hello.' }], 'end_turn')),
      ]);
      const anthropic = createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: 'test' });
      const { ran, tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools });
      const model = anthropic('claude-sonnet-4-5');
      const result = await generateText({
        model,
        ...(await toolSearch.prepare(model, { sessionId: 'session-1', system: 'You are helpful.' })),
        prompt: 'What does the README of octo/hello say?',
        stopWhen: stepCountIs(5),
        maxRetries: 0,
      });
      expect(result.text).toBe('It says hello.');
      expect(ran).toEqual([['get_file_contents', { owner: 'octo', repo: 'hello', path: 'README.md' }]]);
      const sent = bodies(fake);
      expect(sent).toHaveLength(3);
      for (const body of sent) expect(JSON.stringify([body.tools, body.system])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.system]));
      const sentTools = sent[0]?.tools as { name: string; defer_loading?: boolean }[];
      expect(sentTools).toHaveLength(118);
      expect(sentTools[0]).toMatchObject({ name: 'tool_search' });
      expect(sentTools[0]?.defer_loading).toBeUndefined();
      expect(sentTools.slice(1).every((entry) => entry.defer_loading === true)).toBe(true);
      expect(JSON.stringify(sent[0]?.system)).toContain('get_file_contents');
      const lastUser = (index: number) => sent[index]?.messages.at(-1).content[0];
      expect(lastUser(1)).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'get_file_contents' }] });
      expect(lastUser(2)).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_2' });
    });

    it('names a tool the history’s tool_reference loaded instead of loading it again, on another worker', async () => {
      const search = json(reply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use'));
      const fake = await startFakeAPI('/v1/messages', [
        search,
        json(reply([{ type: 'text', text: 'Loaded.' }], 'end_turn')),
        json(reply([{ type: 'tool_use', id: 'toolu_2', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use')),
        json(reply([{ type: 'text', text: 'Still loaded.' }], 'end_turn')),
      ]);
      const model = createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: 'test' })('claude-sonnet-4-5');
      const { tools } = githubToolSet();
      const run = async (messages: ModelMessage[]) =>
        generateText({
          model,
          ...(await createAISDKToolSearch({ tools }).prepare(model, { sessionId: 'session-1' })),
          messages,
          stopWhen: stepCountIs(3),
          maxRetries: 0,
        });
      const first = await run([{ role: 'user', content: 'Read the README.' }]);
      await run([...runMessages(first), { role: 'user', content: 'Again.' }]);
      const answer = bodies(fake)[3]?.messages.at(-1).content[0];
      expect(answer).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_2' });
      // Nothing new to load, so no tool_reference: the text says the schema is already in the conversation.
      expect(JSON.parse(answer.content)).toEqual({ status: 'found', tools: [], loadedEarlier: ['get_file_contents'] });
    });
  });

  describe('on claude-sonnet-4-5, streamed', () => {
    const stream = (id: string, block: Record<string, unknown>, delta: Record<string, unknown>, stopReason: string) =>
      sse([
        {
          type: 'message_start',
          message: {
            id,
            type: 'message',
            role: 'assistant',
            model: 'claude-sonnet-4-5',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 100, output_tokens: 1 },
          },
        },
        { type: 'content_block_start', index: 0, content_block: block },
        { type: 'content_block_delta', index: 0, delta },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } },
        { type: 'message_stop' },
      ]);

    it('streams tool_search answered with tool_reference parts, the loaded tool’s call and the answer', async () => {
      const fake = await startFakeAPI('/v1/messages', [
        stream(
          'msg_1',
          { type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: {} },
          { type: 'input_json_delta', partial_json: '{"query":"get_file_contents"}' },
          'tool_use',
        ),
        stream(
          'msg_2',
          { type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: {} },
          { type: 'input_json_delta', partial_json: '{"owner":"octo","repo":"hello","path":"README.md"}' },
          'tool_use',
        ),
        stream('msg_3', { type: 'text', text: '' }, { type: 'text_delta', text: 'It says hello.' }, 'end_turn'),
      ]);
      const { ran, tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools });
      const model = createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: 'test' })('claude-sonnet-4-5');
      const result = streamText({
        model,
        ...(await toolSearch.prepare(model, { sessionId: 'session-1', system: 'You are helpful.' })),
        prompt: 'What does the README of octo/hello say?',
        stopWhen: stepCountIs(5),
        maxRetries: 0,
      });
      expect(await result.text).toBe('It says hello.');
      expect(ran).toEqual([['get_file_contents', { owner: 'octo', repo: 'hello', path: 'README.md' }]]);
      const sent = bodies(fake);
      expect(sent.map((body) => body.stream)).toEqual([true, true, true]);
      for (const body of sent) expect(JSON.stringify([body.tools, body.system])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.system]));
      expect(sent[1]?.messages.at(-1).content[0]).toMatchObject({ type: 'tool_result', content: [{ type: 'tool_reference', tool_name: 'get_file_contents' }] });
    });
  });

  describe('with the provider’s own search', () => {
    it.each([
      ['gpt-5.4', () => createOpenAI({ apiKey: 'test' })('gpt-5.4'), 'tool_search', 'openai.tool_search', 'openai'],
      [
        'claude-sonnet-4-5',
        () => createAnthropic({ apiKey: 'test' })('claude-sonnet-4-5'),
        'tool_search_tool_bm25',
        'anthropic.tool_search_bm25_20251119',
        'anthropic',
      ],
    ] as const)('sends %s the hosted search tool, the deferred tools with deferLoading, and no note', async (_label, model, key, id, provider) => {
      const { tools } = githubToolSet();
      const settings = await createAISDKToolSearch({ tools, config: { search: 'provider' } }).prepare(model(), { sessionId: 's', system: 'Hi.' });
      expect(settings.tools[key]).toMatchObject({ type: 'provider', id, args: {} });
      expect(settings.tools[key]?.execute).toBeUndefined();
      expect(settings.tools.list_issues?.providerOptions).toEqual({ [provider]: { deferLoading: true } });
      expect(settings.system).toBe('Hi.');
    });
  });

  describe('native delivery (`reveal: native`, the client-side mechanism)', () => {
    const anthropicReply = messagesReply('claude-opus-5');
    const done = (id: number, text: string) =>
      json(
        responsesReply(id, [
          { type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] },
        ]),
      );
    const call = (id: number, name: string, args: unknown) =>
      json(responsesReply(id, [{ type: 'function_call', id: `fc_${id}`, call_id: `call_${id}`, name, arguments: JSON.stringify(args), status: 'completed' }]));
    const listIssues = GITHUB_MCP_TOOLS.find((definition) => definition.name === 'list_issues')!;

    it.runIf(process.env.AI_SDK_MAJOR === '7')(
      'adds the loaded tool as an additional_tools item after the search result on gpt-5.4, calls it by its own name, and replays the item in place',
      async () => {
        const fake = await startFakeAPI('/responses', [
          call(1, 'tool_search', { query: 'list_issues' }),
          call(2, 'list_issues', { owner: 'octo', repo: 'hello' }),
          done(3, 'Two open issues.'),
          call(4, 'list_issues', { owner: 'octo', repo: 'world' }),
          done(5, 'None there.'),
        ]);
        const model = createOpenAI({ baseURL: fake.url, apiKey: 'test' })('gpt-5.4');
        const { ran, tools } = githubToolSet();
        const toolSearch = createAISDKToolSearch({ tools, config: { mechanism: 'client', predict: 'off' } });
        const settings = await toolSearch.prepare(model, { sessionId: 'session-1', system: 'You are helpful.' });
        expect(settings.plan).toMatchObject({ mechanism: 'client', reveal: 'native', additions: 'value', listing: 'names' });
        expect(settings.warnings).toEqual([]);
        expect(Object.keys(settings)).toEqual(['tools', 'system', 'instructions', 'prepareStep']);
        const run = (messages: ModelMessage[]) =>
          generateText({ model, ...settings, messages, stopWhen: stepCountIs(5), maxRetries: 0, providerOptions: { openai: { store: false } } });

        const question: ModelMessage = { role: 'user', content: 'Which issues are open in octo/hello?' };
        const first = await run([question]);
        expect(first.text).toBe('Two open issues.');
        // The next run replays the history as the AI SDK returned it (without the additions): they are written again.
        const second = await run([question, ...runMessages(first), { role: 'user', content: 'And in octo/world?' }]);
        expect(second.text).toBe('None there.');
        expect(ran).toEqual([
          ['list_issues', { owner: 'octo', repo: 'hello' }],
          ['list_issues', { owner: 'octo', repo: 'world' }],
        ]);

        const sent = bodies(fake);
        expect(sent).toHaveLength(5);
        // The tool list is the search tool alone (no call_tool, no deferred function), the same on every request.
        expect(sent[0]?.tools.map((entry: { name: string }) => entry.name)).toEqual(['tool_search']);
        for (const body of sent) expect(JSON.stringify([body.tools, body.input[0]])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.input[0]]));
        expect(JSON.stringify(sent[0]?.input[0])).toContain('list_issues');
        const types = (request: number) => sent[request]?.input.map((item: { type?: string; role?: string }) => item.type ?? item.role);
        expect(types(1)).toEqual(['developer', 'user', 'function_call', 'function_call_output', 'additional_tools']);
        // The search answers as the session does under native delivery: the match by name, no schema (the item has it).
        const answer = JSON.parse(sent[1]?.input[3].output);
        expect(answer).toMatchObject({ status: 'found', tools: [{ name: 'list_issues' }], message: expect.stringContaining('call them by their own names') });
        expect(answer.tools[0].inputSchema).toBeUndefined();
        const added = sent[1]?.input[4];
        expect(added).toEqual({
          type: 'additional_tools',
          role: 'developer',
          tools: [{ type: 'function', name: 'list_issues', description: listIssues.description, parameters: listIssues.inputSchema }],
        });
        // Each later request, of this run and the next, replays the item at its place, byte for byte.
        for (const request of [2, 3, 4]) {
          expect(sent[request]?.input.slice(0, 5)).toEqual(sent[1]?.input);
          expect(sent[request]?.input.filter((item: { type?: string }) => item.type === 'additional_tools')).toHaveLength(1);
        }
        expect(sent[2]?.input.at(-2)).toMatchObject({ type: 'function_call', name: 'list_issues' });
        expect(sent[2]?.input.at(-2).namespace).toBeUndefined();
      },
    );

    it.runIf(process.env.AI_SDK_MAJOR === '6')('keeps loaded schemas in the conversation on gpt-5.4 with AI SDK 6’s OpenAI provider, and says so', async () => {
      const { tools } = githubToolSet();
      const settings = await createAISDKToolSearch({ tools, config: { mechanism: 'client', predict: 'off' } }).prepare(
        createOpenAI({ apiKey: 'test' })('gpt-5.4'),
        {
          sessionId: 's',
        },
      );
      expect(settings.plan).toMatchObject({ mechanism: 'client', reveal: 'conversation', listing: 'names' });
      expect(settings.plan.additions).toBeUndefined();
      expect(settings.warnings.map((warning) => warning.code)).toEqual(['reveal-not-expressible']);
      expect(settings.warnings[0]?.message).toContain('`@ai-sdk/openai` 4.0.96 or later');
      expect(settings.prepareStep).toBeUndefined();
      expect(Object.keys(settings.tools)).toEqual(['tool_search', 'call_tool']);
    });

    it('adds the loaded tool by reference in a system message after the search result on claude-opus-5, with the beta, on every later request', async () => {
      const fake = await startFakeAPI('/v1/messages', [
        json(anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use')),
        json(
          anthropicReply(
            [{ type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: { owner: 'octo', repo: 'hello', path: 'README.md' } }],
            'tool_use',
          ),
        ),
        json(anthropicReply([{ type: 'text', text: 'It says hello.' }], 'end_turn')),
      ]);
      const model = createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: 'test' })('claude-opus-5');
      const { ran, tools } = githubToolSet();
      const settings = await createAISDKToolSearch({ tools, config: { mechanism: 'client' } }).prepare(model, {
        sessionId: 'session-1',
        system: 'You are helpful.',
      });
      // The Claude API documents additions by value; the AI SDK sends every tool it runs, so they go by reference.
      expect(settings.plan).toMatchObject({ mechanism: 'client', reveal: 'native', additions: 'reference' });
      expect(settings.warnings).toEqual([]);
      expect(Object.keys(settings)).toEqual(['tools', 'system', 'instructions', 'prepareStep', 'allowSystemInMessages']);
      const result = await generateText({ model, ...settings, prompt: 'What does the README of octo/hello say?', stopWhen: stepCountIs(5), maxRetries: 0 });
      expect(result.text).toBe('It says hello.');
      expect(ran).toEqual([['get_file_contents', { owner: 'octo', repo: 'hello', path: 'README.md' }]]);

      const sent = bodies(fake);
      expect(sent).toHaveLength(3);
      for (const body of sent) expect(JSON.stringify([body.tools, body.system])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.system]));
      const sentTools = sent[0]?.tools as { name: string; defer_loading?: boolean }[];
      expect(sentTools[0]).toMatchObject({ name: 'tool_search' });
      expect(sentTools[0]?.defer_loading).toBeUndefined();
      expect(sentTools.slice(1).map((entry) => entry.name)).toEqual(GITHUB_MCP_TOOLS.map((definition) => definition.name));
      expect(sentTools.slice(1).every((entry) => entry.defer_loading === true)).toBe(true);
      expect(sentTools.map((entry) => entry.name)).not.toContain('call_tool');
      const addition = { role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'get_file_contents' } }] };
      expect(sent[1]?.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'system']);
      expect(sent[1]?.messages[3]).toEqual(addition);
      expect(sent[2]?.messages.slice(0, 4)).toEqual(sent[1]?.messages);
      expect(sent[2]?.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'system', 'assistant', 'user']);
      const betas = (request: number) => String(fake.requests[request]?.headers['anthropic-beta'] ?? '').split(',');
      expect(betas(0)).not.toContain('mid-conversation-tool-changes-2026-07-01');
      for (const request of [1, 2]) expect(betas(request)).toContain('mid-conversation-tool-changes-2026-07-01');
    });

    it('streams a run on claude-opus-5 with the same additions as a generated one', async () => {
      const stream = (id: string, block: Record<string, unknown>, delta: Record<string, unknown>, stopReason: string) =>
        sse([
          {
            type: 'message_start',
            message: { ...anthropicReply([], 'tool_use'), id, content: [], stop_reason: null, usage: { input_tokens: 100, output_tokens: 1 } },
          },
          { type: 'content_block_start', index: 0, content_block: block },
          { type: 'content_block_delta', index: 0, delta },
          { type: 'content_block_stop', index: 0 },
          { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } },
          { type: 'message_stop' },
        ]);
      const fake = await startFakeAPI('/v1/messages', [
        stream(
          'msg_1',
          { type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: {} },
          { type: 'input_json_delta', partial_json: '{"query":"get_file_contents"}' },
          'tool_use',
        ),
        stream(
          'msg_2',
          { type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: {} },
          { type: 'input_json_delta', partial_json: '{"owner":"octo","repo":"hello","path":"README.md"}' },
          'tool_use',
        ),
        stream('msg_3', { type: 'text', text: '' }, { type: 'text_delta', text: 'It says hello.' }, 'end_turn'),
      ]);
      const model = createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: 'test' })('claude-opus-5');
      const { ran, tools } = githubToolSet();
      const settings = await createAISDKToolSearch({ tools, config: { mechanism: 'client' } }).prepare(model, { sessionId: 'session-1' });
      const result = streamText({ model, ...settings, prompt: 'What does the README of octo/hello say?', stopWhen: stepCountIs(5), maxRetries: 0 });
      expect(await result.text).toBe('It says hello.');
      expect(ran).toEqual([['get_file_contents', { owner: 'octo', repo: 'hello', path: 'README.md' }]]);
      const sent = bodies(fake);
      expect(sent.map((body) => body.stream)).toEqual([true, true, true]);
      const addition = { role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'get_file_contents' } }] };
      expect(sent[1]?.messages.at(-1)).toEqual(addition);
      expect(sent[2]?.messages[3]).toEqual(addition);
    });

    it('takes a gateway platform off native delivery under auto and honours an explicit native there', async () => {
      const { tools } = githubToolSet();
      const model = createAnthropic({ apiKey: 'test' })('claude-opus-5');
      const auto = await createAISDKToolSearch({ tools, config: { mechanism: 'client', predict: 'off' } }).prepare(model, {
        sessionId: 's',
        platform: 'gateway',
      });
      expect(auto.plan).toMatchObject({ mechanism: 'client', reveal: 'conversation', platform: 'gateway' });
      expect(auto.prepareStep).toBeUndefined();
      const native = await createAISDKToolSearch({ tools, config: { mechanism: 'client', reveal: 'native' } }).prepare(model, {
        sessionId: 's',
        platform: 'gateway',
      });
      expect(native.plan).toMatchObject({ reveal: 'native', additions: 'reference' });
      expect(native.prepareStep).toBeTypeOf('function');
    });
  });

  describe('the prediction step (`predict`, on by default)', () => {
    const anthropicReply = messagesReply('claude-sonnet-4-5');
    /** The request's messages as JSON, each one: what a prompt cache compares. */
    const prefixOf = (messages: unknown[], length: number) => JSON.stringify(messages.slice(0, length));

    it('loads the tools the user message names before the first request, and writes the same load at the same place in a later run', async () => {
      const fake = await startFakeAPI('/chat/completions', [
        json(chatReply(1, [['call_1', 'list_issues', { owner: 'octo', repo: 'hello' }]])),
        json(chatReply(2, [])),
        json(chatReply(3, [])),
      ]);
      const openai = createOpenAI({ baseURL: fake.url, apiKey: 'test' });
      const { ran, tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, config: { listing: 'compact' } });
      const model = openai.chat('gpt-4.1');
      const prompt: ModelMessage[] = [{ role: 'user', content: 'List the open issues of the octo/hello repository.' }];
      const first = await generateText({
        model,
        ...(await toolSearch.prepare(model, { sessionId: 'session-1' })),
        messages: prompt,
        stopWhen: stepCountIs(4),
        maxRetries: 0,
      });
      expect(ran).toEqual([['list_issues', { owner: 'octo', repo: 'hello' }]]);
      // The app keeps what the AI SDK returns, which lacks the predicted load, and asks again.
      const returned = runMessages(first);
      expect(JSON.stringify(returned)).not.toContain('predicted_');
      await generateText({
        model,
        ...(await toolSearch.prepare(model, { sessionId: 'session-1' })),
        messages: [...prompt, ...returned, { role: 'user', content: 'Now create an issue in octo/hello titled Broken build.' }],
        stopWhen: stepCountIs(4),
        maxRetries: 0,
      });
      const sent = bodies(fake);
      expect(sent).toHaveLength(3);
      for (const body of sent) expect(JSON.stringify(body.tools)).toBe(JSON.stringify(sent[0]?.tools));
      // Right after the user message: the package's own search selecting the predicted tools, and its result.
      const [, user, call, result] = sent[0]?.messages as WireItem[];
      expect(user).toMatchObject({ role: 'user' });
      expect(call?.tool_calls).toEqual([
        { id: 'predicted_0', type: 'function', function: { name: 'tool_search', arguments: expect.stringContaining('select:') } },
      ]);
      const loaded = JSON.parse(call?.tool_calls[0].function.arguments).query.slice('select:'.length).split(',');
      expect(loaded).toContain('list_issues');
      expect(loaded.length).toBeLessThanOrEqual(3);
      expect(result).toMatchObject({ role: 'tool', tool_call_id: 'predicted_0' });
      expect(JSON.parse(result?.content)).toMatchObject({ status: 'found', tools: loaded.map((name: string) => ({ name })) });
      // Every later request, of this run and the next, starts with the bytes of the one before it.
      expect(prefixOf(sent[1]?.messages, sent[0]?.messages.length)).toBe(JSON.stringify(sent[0]?.messages));
      expect(prefixOf(sent[2]?.messages, sent[1]?.messages.length)).toBe(JSON.stringify(sent[1]?.messages));
      // The new turn gets its own load, of tools the conversation does not hold yet.
      // After the answer and the new user message.
      const next = sent[2]?.messages.slice(sent[1]?.messages.length + 2) as WireItem[];
      const again = JSON.parse(next[0]?.tool_calls[0].function.arguments).query.slice('select:'.length).split(',');
      expect(next[0]?.tool_calls[0].id).toBe(`predicted_${returned.length + 1}`);
      expect(again).toContain('create_issue');
      for (const name of loaded) expect(again).not.toContain(name);
    });

    it('answers a later keyword search from the predicted load as from a search of its own: the tool is named, not loaded again', async () => {
      const fake = await startFakeAPI('/chat/completions', [json(chatReply(1, [['call_1', 'tool_search', { query: 'list issues' }]])), json(chatReply(2, []))]);
      const openai = createOpenAI({ baseURL: fake.url, apiKey: 'test' });
      const { tools } = githubToolSet();
      const model = openai.chat('gpt-4.1');
      await generateText({
        model,
        ...(await createAISDKToolSearch({ tools, config: { listing: 'compact' } }).prepare(model, { sessionId: 'session-1' })),
        prompt: 'List the open issues of the octo/hello repository.',
        stopWhen: stepCountIs(3),
        maxRetries: 0,
      });
      const answer = JSON.parse((bodies(fake)[1]?.messages.at(-1) as { content: string }).content);
      expect(answer).toMatchObject({ status: 'found', loadedEarlier: expect.arrayContaining(['list_issues']) });
      expect(answer.tools.map((match: { name: string }) => match.name)).not.toContain('list_issues');
    });

    it('loads by tool_reference under Anthropic’s hosted search, the same on every request', async () => {
      const fake = await startFakeAPI('/v1/messages', [
        json(anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'list_issues', input: { owner: 'octo', repo: 'hello' } }], 'tool_use')),
        json(anthropicReply([{ type: 'text', text: 'Two issues.' }], 'end_turn')),
      ]);
      const anthropic = createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: 'test' });
      const { ran, tools } = githubToolSet();
      const model = anthropic('claude-sonnet-4-5');
      await generateText({
        model,
        ...(await createAISDKToolSearch({ tools }).prepare(model, { sessionId: 'session-1' })),
        prompt: 'List the open issues of the octo/hello repository.',
        stopWhen: stepCountIs(3),
        maxRetries: 0,
      });
      expect(ran).toEqual([['list_issues', { owner: 'octo', repo: 'hello' }]]);
      const sent = bodies(fake);
      const [user, call, result] = sent[0]?.messages as WireItem[];
      expect(user).toMatchObject({ role: 'user' });
      expect(call?.content).toEqual([{ type: 'tool_use', id: 'predicted_0', name: 'tool_search', input: { query: expect.stringContaining('list_issues') } }]);
      expect(result?.content[0]).toMatchObject({
        type: 'tool_result',
        tool_use_id: 'predicted_0',
        content: expect.arrayContaining([{ type: 'tool_reference', tool_name: 'list_issues' }]),
      });
      expect(prefixOf(sent[1]?.messages, sent[0]?.messages.length)).toBe(JSON.stringify(sent[0]?.messages));
    });

    it('adds the predicted tools natively on claude-opus-5: the search result names them, the tool addition after it loads them', async () => {
      const fake = await startFakeAPI('/v1/messages', [
        json(anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'list_issues', input: { owner: 'octo', repo: 'hello' } }], 'tool_use')),
        json(anthropicReply([{ type: 'text', text: 'Two issues.' }], 'end_turn')),
      ]);
      const model = createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: 'test' })('claude-opus-5');
      const { ran, tools } = githubToolSet();
      const settings = await createAISDKToolSearch({ tools, config: { mechanism: 'client' } }).prepare(model, { sessionId: 'session-1' });
      expect(settings.plan).toMatchObject({ reveal: 'native', additions: 'reference' });
      await generateText({ model, ...settings, prompt: 'List the open issues of the octo/hello repository.', stopWhen: stepCountIs(3), maxRetries: 0 });
      expect(ran).toEqual([['list_issues', { owner: 'octo', repo: 'hello' }]]);
      const sent = bodies(fake);
      expect(sent[0]?.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'system']);
      const [, call, result, addition] = sent[0]?.messages as WireItem[];
      const loaded = String(call?.content[0].input.query).slice('select:'.length).split(',');
      expect(loaded).toContain('list_issues');
      expect(result?.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'predicted_0' });
      expect(JSON.stringify(result?.content)).not.toContain('inputSchema');
      expect(addition?.content).toEqual(loaded.map((name) => ({ type: 'tool_addition', tool: { type: 'tool_reference', name } })));
      expect(String(fake.requests[0]?.headers['anthropic-beta'])).toContain('mid-conversation-tool-changes-2026-07-01');
      expect(prefixOf(sent[1]?.messages, sent[0]?.messages.length)).toBe(JSON.stringify(sent[0]?.messages));
    });

    it('writes nothing with predict off, and nothing for a message that names no tool', async () => {
      const { tools } = githubToolSet();
      const model = createOpenAI({ apiKey: 'test' }).chat('gpt-4.1');
      const off = await createAISDKToolSearch({ tools, config: { predict: 'off' } }).prepare(model, { sessionId: 's' });
      expect(off.prepareStep).toBeUndefined();
      const on = await createAISDKToolSearch({ tools }).prepare(model, { sessionId: 's' });
      const messages: ModelMessage[] = [{ role: 'user', content: 'Hello there!' }];
      expect(on.prepareStep?.({ messages }).messages).toEqual(messages);
    });
  });

  describe('what the AI SDK cannot express', () => {
    it.each(['auto', 'names'] as const)(
      'under OpenAI’s hosted search with the %s listing, leaves deferred functions out on AI SDK 7, and sends them deferred on AI SDK 6 saying why',
      async (listing) => {
        const { tools } = githubToolSet();
        const settings = await createAISDKToolSearch({ tools, config: { listing } }).prepare(createOpenAI({ apiKey: 'test' })('gpt-5.4'), { sessionId: 's' });
        if (process.env.AI_SDK_MAJOR === '7') {
          expect(settings.plan.listing).toBe('names');
          expect(settings.warnings).toEqual([]);
          expect(settings.tools.list_issues?.providerOptions).toEqual({ openai: { omitFromRequestTools: true } });
        } else {
          expect(settings.plan.listing).toBe('full');
          expect(settings.warnings.map((warning) => warning.code)).toEqual(['listing-not-expressible']);
          expect(settings.tools.list_issues?.providerOptions).toEqual({ openai: { deferLoading: true } });
        }
      },
    );

    it('sends deferred functions with defer_loading under OpenAI’s own search when the names listing was asked for, and says so', async () => {
      const { tools } = githubToolSet();
      const settings = await createAISDKToolSearch({ tools, config: { listing: 'names', search: 'provider' } }).prepare(
        createOpenAI({ apiKey: 'test' })('gpt-5.4'),
        { sessionId: 's' },
      );
      expect(settings.plan.listing).toBe('full');
      expect(settings.warnings).toEqual([{ code: 'listing-not-expressible', message: expect.stringContaining("OpenAI's own search (`search: 'provider'`)") }]);
      expect(settings.tools.list_issues?.providerOptions).toEqual({ openai: { deferLoading: true } });
    });

    it('keeps loaded schemas in the conversation when reveals in the tool list were asked for, and says so', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, config: { reveal: 'tool-list', listing: 'full' } });
      const model = createOpenAI({ apiKey: 'test' }).chat('gpt-4.1');
      const settings = await toolSearch.prepare(model, { sessionId: 's' });
      expect(settings.plan.reveal).toBe('conversation');
      expect(settings.warnings.map((warning) => warning.code)).toEqual(['reveal-not-expressible']);
      expect((await toolSearch.prepare(model, { sessionId: 's' })).tools).toBe(settings.tools);
    });

    it('names deferred tools and calls them through call_tool on a Google model when stubs were asked for, and says so', async () => {
      const { tools } = githubToolSet();
      const settings = await createAISDKToolSearch({ tools, config: { listing: 'full' } }).prepare(
        createGoogleGenerativeAI({ apiKey: 'test' })('gemini-2.5-flash'),
        { sessionId: 's' },
      );
      expect(settings.plan.listing).toBe('names');
      expect(settings.warnings.map((warning) => warning.code)).toEqual(['stubs-not-expressible']);
      expect(Object.keys(settings.tools)).toEqual(['tool_search', 'call_tool']);
      expect(settings.system).toContain('list_issues');
    });

    it('sends a deferred tool without execute as a stub without execute, left to the app as the AI SDK leaves it', async () => {
      const { tools } = githubToolSet();
      const { execute: _execute, ...clientSide } = tools.list_issues as ToolSet[string];
      const settings = await createAISDKToolSearch({ tools: { ...tools, list_issues: clientSide }, config: { listing: 'full' } }).prepare(
        createOpenAI({ apiKey: 'test' }).chat('gpt-4.1'),
        { sessionId: 's' },
      );
      expect(settings.tools.list_issues?.execute).toBeUndefined();
      expect(settings.tools.create_issue?.execute).toBeTypeOf('function');
    });

    it('sends nothing deferred, and the tools as they are, below the threshold', async () => {
      const { tools } = githubToolSet();
      const few = { list_issues: tools.list_issues as ToolSet[string], create_issue: tools.create_issue as ToolSet[string] };
      const settings = await createAISDKToolSearch({ tools: few }).prepare(createOpenAI({ apiKey: 'test' }).chat('gpt-4.1'), { sessionId: 's', system: 'Hi.' });
      expect(settings.tools).toEqual(few);
      expect(settings.system).toBe('Hi.');
    });
  });

  describe('hostile tool names', () => {
    it.each([
      ['below the threshold', {}],
      ['deferred as stubs', { threshold: 0, listing: 'full' }],
    ] as const)('keeps a tool named __proto__ as a tool of the set, %s', async (_label, config) => {
      const { tools } = githubToolSet();
      const withProto: ToolSet = Object.fromEntries([
        ['__proto__', tools.list_issues as ToolSet[string]],
        ['create_issue', tools.create_issue as ToolSet[string]],
      ]);
      const settings = await createAISDKToolSearch({ tools: withProto, config }).prepare(createOpenAI({ apiKey: 'test' }).chat('gpt-4.1'), { sessionId: 's' });
      expect(Object.getPrototypeOf(settings.tools)).toBe(Object.prototype);
      expect(Object.keys(settings.tools)).toContain('__proto__');
    });
  });

  describe('bad model information', () => {
    it('throws when a configured hosted mechanism does not apply to the model', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, config: { mechanism: 'claude' } });
      const model = createOpenAI({ apiKey: 'test' }).chat('gpt-4.1');
      await expect(toolSearch.prepare(model, { sessionId: 's' })).rejects.toThrow(ToolSearchError);
      await expect(toolSearch.prepare(model, { sessionId: 's' })).rejects.toMatchObject({ code: 'mechanism-unsupported' });
    });

    it('rejects a model that is not an AI SDK model, and a missing session id', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools });
      await expect(toolSearch.prepare({} as never, { sessionId: 's' })).rejects.toMatchObject({ code: 'invalid-options' });
      await expect(toolSearch.prepare('openai/gpt-5.4', { sessionId: '' })).rejects.toMatchObject({ code: 'invalid-options' });
    });

    it('plans a gateway model id client-side', async () => {
      const { tools } = githubToolSet();
      const settings = await createAISDKToolSearch({ tools }).prepare('openai/gpt-5.4', { sessionId: 's' });
      expect(settings.plan.mechanism).toBe('client');
      expect(Object.keys(settings)).toEqual(['tools', 'system', 'instructions', 'prepareStep']);
    });
  });

  describe('streaming tools', () => {
    it.each(['names', 'full'] as const)(
      'sends the last output of a tool whose execute streams (an async generator), called through the %s listing',
      async (listing) => {
        const call: [string, string, unknown] =
          listing === 'names'
            ? ['call_1', 'call_tool', { name: 'list_issues', arguments: { owner: 'octo', repo: 'hello' } }]
            : ['call_1', 'list_issues', { owner: 'octo', repo: 'hello' }];
        const fake = await startFakeAPI('/chat/completions', [json(chatReply(1, [call])), json(chatReply(2, []))]);
        const { tools } = githubToolSet();
        const streaming = {
          ...tools,
          list_issues: tool({
            description: 'List issues.',
            inputSchema: jsonSchema<{ owner: string; repo: string }>({
              type: 'object',
              properties: { owner: { type: 'string' }, repo: { type: 'string' } },
              required: ['owner', 'repo'],
            }),
            async *execute({ owner, repo }) {
              yield { status: 'loading' };
              yield { status: 'done', issues: [`${owner}/${repo}#1`] };
            },
          }),
        } as ToolSet;
        const model = createOpenAI({ baseURL: fake.url, apiKey: 'test' }).chat('gpt-4.1');
        await generateText({
          model,
          ...(await createAISDKToolSearch({ tools: streaming, config: { listing } }).prepare(model, { sessionId: 's' })),
          prompt: 'List.',
          stopWhen: stepCountIs(3),
          maxRetries: 0,
        });
        const answer = bodies(fake)[1]?.messages.find((message: { role: string }) => message.role === 'tool');
        expect(JSON.parse(answer.content)).toEqual({ status: 'done', issues: ['octo/hello#1'] });
      },
    );

    it('streams every output of a streaming tool through its stub, as the tool would itself', async () => {
      const { tools } = githubToolSet();
      const streaming = {
        ...tools,
        list_issues: tool({
          inputSchema: jsonSchema<{ owner: string }>({ type: 'object', properties: { owner: { type: 'string' } }, required: ['owner'] }),
          async *execute({ owner }) {
            yield `loading ${owner}`;
            yield `done ${owner}`;
          },
        }),
      } as ToolSet;
      const settings = await createAISDKToolSearch({ tools: streaming, config: { listing: 'full' } }).prepare(
        createOpenAI({ apiKey: 'test' }).chat('gpt-4.1'),
        { sessionId: 's' },
      );
      const outputs: unknown[] = [];
      for await (const output of settings.tools.list_issues?.execute?.({ owner: 'octo' }, {
        toolCallId: 'call_1',
        messages: [],
      } as never) as AsyncIterable<unknown>)
        outputs.push(output);
      expect(outputs).toEqual(['loading octo', 'done octo']);
    });
  });

  describe('the system text', () => {
    it('takes it as system or instructions and gives it back under both names', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools });
      const bySystem = await toolSearch.prepare('openai/gpt-5.4', { sessionId: 's', system: 'You are helpful.' });
      const byInstructions = await toolSearch.prepare('openai/gpt-5.4', { sessionId: 's', instructions: 'You are helpful.' });
      expect(bySystem.system).toContain('You are helpful.');
      expect(bySystem.system).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 80));
      expect(bySystem.instructions).toBe(bySystem.system);
      expect(byInstructions).toEqual(bySystem);
    });

    it('rejects system and instructions that differ, and a system text that is not a string', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools });
      await expect(toolSearch.prepare('openai/gpt-5.4', { sessionId: 's', system: 'A.', instructions: 'B.' })).rejects.toMatchObject({
        code: 'invalid-options',
        message: expect.stringContaining('`system` and `instructions`'),
      });
      await expect(toolSearch.prepare('openai/gpt-5.4', { sessionId: 's', system: 42 as never })).rejects.toMatchObject({
        code: 'invalid-options',
        message: expect.stringContaining('`system` must be a string'),
      });
    });

    it('reaches the model from a ToolLoopAgent given the settings', async () => {
      const fake = await startFakeAPI('/chat/completions', [json(chatReply(1, [['call_1', 'tool_search', { query: 'list_issues' }]])), json(chatReply(2, []))]);
      const { tools } = githubToolSet();
      const model = createOpenAI({ baseURL: fake.url, apiKey: 'test' }).chat('gpt-4.1');
      const agent = new ai.ToolLoopAgent({
        model,
        ...(await createAISDKToolSearch({ tools }).prepare(model, { sessionId: 's', instructions: 'You are helpful.' })),
        stopWhen: stepCountIs(3),
      });
      await agent.generate({ prompt: 'List the issues of octo/hello.' });
      const sent = bodies(fake);
      expect(sent).toHaveLength(2);
      for (const body of sent) expect(body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining(TOOL_SEARCH_GUIDANCE.slice(0, 80)) });
      expect(sent[0]?.tools.map((entry: { function: { name: string } }) => entry.function.name)).toEqual(['tool_search', 'call_tool']);
    });
  });

  describe('tools it cannot use', () => {
    const weather = {
      description: 'Get the weather.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      execute: async () => 'sunny',
    };

    it('rejects an entry that is not a tool when it is created, naming it', () => {
      const create = () => createAISDKToolSearch({ tools: { broken: null } as unknown as ToolSet });
      expect(create).toThrow(ToolSearchError);
      expect(create).toThrow(expect.objectContaining({ code: 'invalid-tools', message: expect.stringContaining('`tools.broken` must be an AI SDK tool') }));
    });

    it('rejects a plain JSON Schema object as inputSchema, naming the tool and saying to wrap it in jsonSchema()', () => {
      const create = () => createAISDKToolSearch({ tools: { get_weather: weather } as unknown as ToolSet });
      expect(create).toThrow(ToolSearchError);
      expect(create).toThrow(
        expect.objectContaining({
          code: 'invalid-tools',
          message: expect.stringMatching(/`tools\.get_weather\.inputSchema` .*got a plain object.*jsonSchema\(/),
        }),
      );
      // Wrapped, as the message says, it is a tool.
      expect(() =>
        createAISDKToolSearch({ tools: { get_weather: { ...weather, inputSchema: jsonSchema(weather.inputSchema as never) } } as unknown as ToolSet }),
      ).not.toThrow();
    });

    it('rejects a schema that does not convert to JSON Schema on the first prepare, naming the tool', async () => {
      const opaque = { '~standard': { version: 1, vendor: 'opaque', validate: (value: unknown) => ({ value }) } };
      const toolSearch = createAISDKToolSearch({ tools: { get_weather: { ...weather, inputSchema: opaque } } as unknown as ToolSet });
      const prepared = toolSearch.prepare('openai/gpt-5.4', { sessionId: 's' });
      await expect(prepared).rejects.toThrow(ToolSearchError);
      await expect(toolSearch.prepare('openai/gpt-5.4', { sessionId: 's' })).rejects.toMatchObject({
        code: 'invalid-tools',
        message: expect.stringContaining('`tools.get_weather.inputSchema` could not be converted'),
      });
    });
  });

  describe('what it keeps', () => {
    it('keeps the tool sets of at most maxModels models, dropping the least recently used', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, maxModels: 2 });
      const prepare = async (model: string) => (await toolSearch.prepare(model, { sessionId: 's' })).tools;
      const first = await prepare('gateway/model-a');
      const second = await prepare('gateway/model-b');
      expect(await prepare('gateway/model-a')).toBe(first);
      // A third model drops model-b, the least recently used: it is built again, with the same tools.
      await prepare('gateway/model-c');
      expect(await prepare('gateway/model-a')).toBe(first);
      const rebuilt = await prepare('gateway/model-b');
      expect(rebuilt).not.toBe(second);
      expect(Object.keys(rebuilt)).toEqual(Object.keys(second));
    });

    it('holds no more than maxModels models however many model ids come (a gateway’s)', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, maxModels: 4 });
      const prepare = async (model: string) => (await toolSearch.prepare(model, { sessionId: 's' })).tools;
      const sets = new Map<string, ToolSet>();
      for (let index = 0; index < 200; index += 1) sets.set(`gateway/model-${index}`, await prepare(`gateway/model-${index}`));
      // The last four are held (the same objects); every earlier one was dropped and is built anew.
      for (let index = 196; index < 200; index += 1) expect(await prepare(`gateway/model-${index}`)).toBe(sets.get(`gateway/model-${index}`));
      for (let index = 0; index < 8; index += 1) expect(await prepare(`gateway/model-${index}`)).not.toBe(sets.get(`gateway/model-${index}`));
    });

    it('lets go of the tool sets of a model it dropped, whatever room maxToolSets leaves', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, maxModels: 1, maxToolSets: 100 });
      const dropped = new WeakRef((await toolSearch.prepare('gateway/model-a', { sessionId: 's' })).tools);
      const kept = (await toolSearch.prepare('gateway/model-b', { sessionId: 's' })).tools;
      await collectGarbage();
      expect(dropped.deref()).toBeUndefined();
      expect((await toolSearch.prepare('gateway/model-b', { sessionId: 's' })).tools).toBe(kept);
    });

    it('lets go of the least recently used tool set past maxToolSets', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, maxToolSets: 2 });
      const prepare = async (sessionId: string) => (await toolSearch.prepare('gateway/model-a', { sessionId })).tools;
      const first = new WeakRef(await prepare('one'));
      await prepare('two');
      await prepare('three');
      await collectGarbage();
      expect(first.deref()).toBeUndefined();
    });

    it('keeps at most maxToolSets tool sets across sessions', async () => {
      const { tools } = githubToolSet();
      const toolSearch = createAISDKToolSearch({ tools, maxToolSets: 2 });
      const prepare = async (sessionId: string) => (await toolSearch.prepare('gateway/model-a', { sessionId })).tools;
      const one = await prepare('one');
      const two = await prepare('two');
      await prepare('three');
      expect(await prepare('three')).toBe(await prepare('three'));
      expect(await prepare('one')).not.toBe(one);
      expect(two).not.toBe(one);
    });

    it.each([
      ['maxModels', 0],
      ['maxModels', 1.5],
      ['maxToolSets', -1],
      ['maxToolSets', '10'],
    ])('rejects %s: %j', (field, value) => {
      const { tools } = githubToolSet();
      expect(() => createAISDKToolSearch({ tools, [field]: value } as never)).toThrow(
        expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining(`\`${field}\` must be a whole number`) }),
      );
    });
  });

  describe('AI SDK 7 tool features', () => {
    it('sends a tool with the AI SDK’s own deferLoading without it (AI SDK 7 would hide it), runs it, and says so', async () => {
      const fake = await startFakeAPI('/chat/completions', [
        json(chatReply(1, [['call_1', 'list_issues', { owner: 'octo', repo: 'hello' }]])),
        json(chatReply(2, [])),
      ]);
      const { ran, tools } = githubToolSet();
      const few = { list_issues: { ...(tools.list_issues as object), deferLoading: true }, create_issue: tools.create_issue } as unknown as ToolSet;
      const model = createOpenAI({ baseURL: fake.url, apiKey: 'test' }).chat('gpt-4.1');
      const settings = await createAISDKToolSearch({ tools: few }).prepare(model, { sessionId: 's' });
      expect(settings.tools.list_issues).not.toHaveProperty('deferLoading');
      expect(settings.tools.create_issue).toBe(tools.create_issue);
      // Two tools are below the threshold: the plan says so too.
      expect(settings.warnings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'defer-loading-ignored', message: expect.stringContaining('`list_issues`') }),
          expect.objectContaining({ code: 'below-threshold' }),
        ]),
      );
      expect(settings.warnings).toHaveLength(2);
      await generateText({ model, ...settings, prompt: 'List the issues of octo/hello.', stopWhen: stepCountIs(3), maxRetries: 0 });
      expect(bodies(fake)[0]?.tools.map((entry: { function: { name: string } }) => entry.function.name)).toEqual(['list_issues', 'create_issue']);
      expect(ran).toEqual([['list_issues', { owner: 'octo', repo: 'hello' }]]);
    });

    it('searches a tool whose description is a function by its name, sends the description as given, and says so', async () => {
      const { tools } = githubToolSet();
      const describe = () => 'Create an issue in the current repository.';
      const withDynamicDescription = { ...tools, create_issue: { ...(tools.create_issue as object), description: describe } } as unknown as ToolSet;
      const toolSearch = createAISDKToolSearch({ tools: withDynamicDescription, config: { listing: 'full' } });
      const settings = await toolSearch.prepare(createOpenAI({ apiKey: 'test' }).chat('gpt-4.1'), { sessionId: 's' });
      expect(settings.warnings.map((warning) => warning.code)).toEqual(['description-not-searchable']);
      expect(settings.tools.create_issue?.description).toBe(describe);
      const found = await settings.tools.tool_search?.execute?.({ query: 'create_issue' }, { toolCallId: 'call_1', messages: [] } as never);
      expect(found).toMatchObject({ status: 'found', tools: [{ name: 'create_issue' }] });
    });
  });
});

// Issue 15 item 1: a caller's own `call_tool` (an MCP proxy's) was replaced in the tool set by the package's.
describe('createAISDKToolSearch with tools named like the package’s own', () => {
  it('keeps the caller’s call_tool and tool_search, and adds the package’s as call_tool_2 and tool_search_2', async () => {
    const { ran, tools } = githubToolSet();
    const proxied: [string, unknown][] = [];
    const mine = (name: string) =>
      tool({
        description: `The caller's ${name}`,
        inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: { server: { type: 'string' } } }),
        execute: async (args: Record<string, unknown>) => {
          proxied.push([name, args]);
          return 'proxied';
        },
      });
    const toolSearch = createAISDKToolSearch({
      tools: { ...tools, call_tool: mine('call_tool'), tool_search: mine('tool_search') },
      config: { listing: 'names' },
    });
    const settings = await toolSearch.prepare(createGoogleGenerativeAI({ apiKey: 'test' })('gemini-2.5-flash'), { sessionId: 'own-names' });
    expect(settings.plan.warnings.map((warning) => warning.code)).toContain('own-tool-renamed');
    const set = settings.tools as Record<string, { execute?: (input: unknown, options: unknown) => Promise<unknown> }>;
    const options = { toolCallId: 'c', messages: [] };
    await set.call_tool?.execute?.({ server: 'gh' }, options);
    await set.tool_search?.execute?.({ server: 'web' }, options);
    expect(proxied).toEqual([
      ['call_tool', { server: 'gh' }],
      ['tool_search', { server: 'web' }],
    ]);
    expect(await set.tool_search_2?.execute?.({ query: 'get_me' }, options)).toMatchObject({ status: 'found', tools: [{ name: 'get_me' }] });
    await set.call_tool_2?.execute?.({ name: 'get_me', arguments: {} }, options);
    expect(ran).toEqual([['get_me', {}]]);
    expect(settings.system).toContain('`tool_search_2`');
  });
});
