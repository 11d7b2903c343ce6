/**
 * The dispatch-neutral session step in the loop docs/session-api.md shows, through each official SDK against a local
 * server on 127.0.0.1 that plays the API (every request checked against the API's preflight rules): the session API
 * answers the model's search and its call of a tool that does not exist itself, and hands the caller the rest,
 * checked and mapped; the caller asks for approval, runs the approved calls in parallel with its own tracing, answers
 * the declined one itself, and completes the step.
 */
import { afterEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type Content } from '@google/genai';
import {
  createOpenAIChatToolSearch,
  createOpenAIChatTools,
  createOpenAIResponsesToolSearch,
  createOpenAIResponsesTools,
} from '../../src/providers/openai/index.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { createAnthropicMessagesToolSearch, createAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { createGeminiFunctionDeclarations, createGeminiToolSearch } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import type { PreflightResult } from '../support/preflight/preflight-result.js';
import type { SessionStep, SessionToolCall, SessionToolCallToRun } from '../../src/session/session-step.js';
import { startScriptedServer, type LocalServer } from '../support/local-server.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';
import { anthropicReply, chatReply, geminiReply, responsesReply } from '../support/scripted-replies.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startFakeAPI(path: string, preflight: (body: unknown) => PreflightResult, replies: readonly unknown[]): Promise<LocalServer> {
  server = await startScriptedServer(path, preflight, replies);
  return server;
}

const sessionId = 'session-1';
const DECLINED = 'The user declined this call.';
/**
 * The calls of the scripted parallel turn: two the user approves, one the user declines, a deferred tool called blind
 * with arguments that do not fit (`create_branch` with `{}`), and a tool that does not exist (`frobnicate`).
 */
const LIST = { owner: 'octo', repo: 'hello' };
const READ = { owner: 'octo', repo: 'hello', path: 'README.md' };
const DELETE = { owner: 'octo', repo: 'hello' };

/**
 * The caller's own dispatch: an approval step, then the approved calls all at once, each traced. A call's start and
 * end are recorded around a yield to the event loop, so calls run in parallel record every start before any end.
 */
function createDispatch() {
  const trace: string[] = [];
  const approvals: string[] = [];
  const approve = async (call: SessionToolCallToRun) => {
    approvals.push(call.name);
    return call.name !== 'delete_repository';
  };
  const runTool = async (name: string, args: unknown) => {
    trace.push(`start ${name}`);
    await new Promise((resolve) => setImmediate(resolve));
    trace.push(`end ${name}`);
    return { ok: true, tool: name, args };
  };
  const dispatch = (step: SessionStep<unknown>) =>
    Promise.all(step.pending.map(async (call) => ((await approve(call)) ? runTool(call.name, call.arguments) : DECLINED)));
  return { trace, approvals, dispatch };
}

/** What every API's loop must show: the calls as the step gave them, the approval, the parallel run. */
function expectParallelDispatch(steps: readonly SessionStep<unknown>[], dispatch: ReturnType<typeof createDispatch>, unknownTool = true) {
  const summary = (call: SessionToolCall) =>
    call.type === 'run' ? `run ${call.name} ${JSON.stringify(call.arguments)}` : `${call.type} ${call.name} ${call.result.status}`;
  expect(steps.map((step) => step.calls.map(summary))).toEqual([
    ['search tool_search found'],
    [
      `run list_issues ${JSON.stringify(LIST)}`,
      `run get_file_contents ${JSON.stringify(READ)}`,
      `run delete_repository ${JSON.stringify(DELETE)}`,
      'answer create_branch invalid-arguments',
      ...(unknownTool ? ['answer frobnicate no-match'] : []),
    ],
    [],
  ]);
  expect(steps[1]?.pending.every((call) => call.checked)).toBe(true);
  expect(dispatch.approvals).toEqual(['list_issues', 'get_file_contents', 'delete_repository']);
  expect(dispatch.trace).toEqual(['start list_issues', 'start get_file_contents', 'end list_issues', 'end get_file_contents']);
}

const bodies = (fake: LocalServer) => fake.requests.map((request) => request.body as Record<string, unknown>);

describe('the session step, with parallel dispatch after an approval', () => {
  it('works on the Responses API (OpenAI’s hosted search, gpt-5.4)', async () => {
    const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, [
      responsesReply(1, [
        {
          type: 'tool_search_call',
          id: 'tsc_1',
          call_id: 'call_ts1',
          execution: 'client',
          status: 'completed',
          arguments: { query: 'select:list_issues,get_file_contents,delete_repository' },
        },
      ]),
      responsesReply(2, [
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'list_issues', arguments: JSON.stringify(LIST), status: 'completed' },
        { type: 'function_call', id: 'fc_2', call_id: 'call_2', name: 'get_file_contents', arguments: JSON.stringify(READ), status: 'completed' },
        { type: 'function_call', id: 'fc_3', call_id: 'call_3', name: 'delete_repository', arguments: JSON.stringify(DELETE), status: 'completed' },
        { type: 'function_call', id: 'fc_4', call_id: 'call_4', name: 'create_branch', arguments: '{}', status: 'completed' },
        { type: 'function_call', id: 'fc_5', call_id: 'call_5', name: 'frobnicate', arguments: '{}', status: 'completed' },
      ]),
      responsesReply(3, [
        { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] },
      ]),
    ]);
    const openai = new OpenAI({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 });
    const dispatch = createDispatch();
    const steps: SessionStep<unknown>[] = [];

    const toolSearch = createOpenAIResponsesToolSearch({ tools: createOpenAIResponsesTools(GITHUB_MCP_TOOLS) });
    const input: ResponseInputItem[] = [{ role: 'user', content: 'Tidy up octo/hello.' }];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'gpt-5.4', store: false, input }, { sessionId });
      const step = await request.step(await openai.responses.create(request.body));
      steps.push(step);
      const turn = step.complete(await dispatch.dispatch(step));
      input.push(...turn.input);
      done = turn.done;
    }

    expectParallelDispatch(steps, dispatch);
    const answers = (bodies(fake)[2]?.input as { type: string; call_id?: string; output?: unknown }[]).filter((item) => item.type === 'function_call_output');
    expect(answers.map((item) => item.call_id)).toEqual(['call_1', 'call_2', 'call_3', 'call_4', 'call_5']);
    expect(JSON.parse(String(answers[0]?.output))).toEqual({ ok: true, tool: 'list_issues', args: LIST });
    expect(answers[2]?.output).toBe(DECLINED);
    expect(JSON.parse(String(answers[3]?.output))).toMatchObject({ status: 'invalid-arguments', tool: 'create_branch' });
    expect(String(answers[4]?.output)).toContain('frobnicate');
  });

  it('works on Chat Completions (client-side search, gpt-4.1)', async () => {
    const fake = await startFakeAPI('/chat/completions', preflightOpenAIChatRequest, [
      chatReply(1, [['call_ts', 'tool_search', { query: 'select:list_issues,get_file_contents,delete_repository' }]]),
      chatReply(2, [
        ['call_1', 'call_tool', { name: 'list_issues', arguments: LIST }],
        ['call_2', 'call_tool', { name: 'get_file_contents', arguments: READ }],
        ['call_3', 'call_tool', { name: 'delete_repository', arguments: DELETE }],
        ['call_4', 'create_branch', {}],
        ['call_5', 'frobnicate', {}],
      ]),
      chatReply(3, []),
    ]);
    const openai = new OpenAI({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 });
    const dispatch = createDispatch();
    const steps: SessionStep<unknown>[] = [];

    const toolSearch = createOpenAIChatToolSearch({ tools: createOpenAIChatTools(GITHUB_MCP_TOOLS) });
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Tidy up octo/hello.' }];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'gpt-4.1', messages }, { sessionId });
      const step = await request.step(await openai.chat.completions.create(request.body));
      steps.push(step);
      const turn = step.complete(await dispatch.dispatch(step));
      messages.push(...turn.messages);
      done = turn.done;
    }

    expectParallelDispatch(steps, dispatch);
    const answers = (bodies(fake)[2]?.messages as { role: string; tool_call_id?: string; content?: string }[])
      .filter((message) => message.role === 'tool')
      .slice(1);
    expect(answers.map((message) => message.tool_call_id)).toEqual(['call_1', 'call_2', 'call_3', 'call_4', 'call_5']);
    expect(JSON.parse(answers[1]?.content ?? '')).toEqual({ ok: true, tool: 'get_file_contents', args: READ });
    expect(answers[2]?.content).toBe(DECLINED);
    expect(JSON.parse(answers[3]?.content ?? '')).toMatchObject({ status: 'invalid-arguments', tool: 'create_branch' });
    expect(answers[4]?.content).toContain('frobnicate');
  });

  it('works on the Messages API (Anthropic’s hosted search, claude-opus-4-8)', async () => {
    const fake = await startFakeAPI('/v1/messages', preflightAnthropicMessagesRequest, [
      anthropicReply(
        [{ type: 'tool_use', id: 'toolu_ts', name: 'tool_search', input: { query: 'select:list_issues,get_file_contents,delete_repository' } }],
        'tool_use',
      ),
      anthropicReply(
        [
          { type: 'tool_use', id: 'toolu_1', name: 'list_issues', input: LIST },
          { type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: READ },
          { type: 'tool_use', id: 'toolu_3', name: 'delete_repository', input: DELETE },
          // No call of a tool that does not exist here: the Messages API rejects a history `tool_use` of a tool
          // `tools` lacks (the transformer warns `history-tool-undefined`).
          { type: 'tool_use', id: 'toolu_4', name: 'create_branch', input: {} },
        ],
        'tool_use',
      ),
      anthropicReply([{ type: 'text', text: 'Done.', citations: null }], 'end_turn'),
    ]);
    const anthropic = new Anthropic({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 });
    const dispatch = createDispatch();
    const steps: SessionStep<unknown>[] = [];

    const toolSearch = createAnthropicMessagesToolSearch({ tools: createAnthropicMessagesTools(GITHUB_MCP_TOOLS) });
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Tidy up octo/hello.' }];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 1024, messages }, { sessionId });
      const step = await request.step(await anthropic.messages.create(request.body));
      steps.push(step);
      const turn = step.complete(await dispatch.dispatch(step));
      messages.push(...turn.messages);
      done = turn.done;
    }

    expectParallelDispatch(steps, dispatch, false);
    const results = ((bodies(fake)[2]?.messages as { content: unknown }[]).at(-1)?.content ?? []) as { tool_use_id: string; content: unknown }[];
    expect(results.map((block) => block.tool_use_id)).toEqual(['toolu_1', 'toolu_2', 'toolu_3', 'toolu_4']);
    expect(results[2]?.content).toBe(DECLINED);
    expect(JSON.parse(String(results[3]?.content))).toMatchObject({ status: 'invalid-arguments', tool: 'create_branch' });
    // The search was answered with tool_reference blocks, so the API loads the three schemas.
    const search = ((bodies(fake)[1]?.messages as { content: unknown }[]).at(-1)?.content as { content: unknown }[])[0];
    expect(search?.content).toEqual(['list_issues', 'get_file_contents', 'delete_repository'].map((tool_name) => ({ type: 'tool_reference', tool_name })));
  });

  it('works on Gemini (client-side search, gemini-2.5-flash)', async () => {
    const fake = await startFakeAPI('/v1beta/models/gemini-2.5-flash:generateContent', preflightGeminiRequest, [
      geminiReply([{ functionCall: { id: 'fc_ts', name: 'tool_search', args: { query: 'select:list_issues,get_file_contents,delete_repository' } } }]),
      geminiReply([
        { functionCall: { id: 'fc_1', name: 'call_tool', args: { name: 'list_issues', arguments: LIST } } },
        { functionCall: { id: 'fc_2', name: 'call_tool', args: { name: 'get_file_contents', arguments: READ } } },
        { functionCall: { id: 'fc_3', name: 'call_tool', args: { name: 'delete_repository', arguments: DELETE } } },
        { functionCall: { id: 'fc_4', name: 'create_branch', args: {} } },
        { functionCall: { id: 'fc_5', name: 'frobnicate', args: {} } },
      ]),
      geminiReply([{ text: 'Done.' }]),
    ]);
    const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: fake.url } });
    const dispatch = createDispatch();
    const steps: SessionStep<unknown>[] = [];

    const toolSearch = createGeminiToolSearch({ tools: [{ functionDeclarations: createGeminiFunctionDeclarations(GITHUB_MCP_TOOLS) }] });
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'Tidy up octo/hello.' }] }];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'gemini-2.5-flash', contents }, { sessionId });
      const step = await request.step(await ai.models.generateContent(request.body));
      steps.push(step);
      const turn = step.complete(await dispatch.dispatch(step));
      contents.push(...turn.contents);
      done = turn.done;
    }

    expectParallelDispatch(steps, dispatch);
    const responses = ((bodies(fake)[2]?.contents as Content[]).at(-1)?.parts ?? []).map((part) => part.functionResponse);
    expect(responses.map((response) => response?.id)).toEqual(['fc_1', 'fc_2', 'fc_3', 'fc_4', 'fc_5']);
    expect(responses[0]?.response).toEqual({ ok: true, tool: 'list_issues', args: LIST });
    expect(responses[2]?.response).toEqual({ output: DECLINED });
    expect(JSON.parse(String(responses[3]?.response?.output))).toMatchObject({ status: 'invalid-arguments', tool: 'create_branch' });
    expect(String(responses[4]?.response?.output)).toContain('frobnicate');
  });
});
