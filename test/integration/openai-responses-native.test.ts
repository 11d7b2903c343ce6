/**
 * Native delivery (`reveal: 'native'`) on the Responses API through the official `openai` SDK against a local server:
 * two user turns, with the session API and with a loop of the low-level functions; `tool_search` is answered with its result and one `additional_tools` item, the
 * model then calls the loaded tool by its own name. The history is replayed as the SDK returned it. Every request the
 * server receives passes our preflight (else it answers 400, which fails the SDK call and the test).
 */
import OpenAI from 'openai';
import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { createToolCallCheck } from '../../src/client/create-tool-call-check.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { resolveNativeSearchResult } from '../../src/client/resolve-native-search-result.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import {
  createOpenAIResponsesAdditionalTools,
  createOpenAIResponsesToolSearch,
  parseOpenAIResponsesTools,
  transformOpenAIResponsesRequest,
} from '../../src/providers/openai/index.js';
import { readOpenAIResponsesAddedTools } from '../../src/providers/openai/read-openai-responses-added-tools.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { resolveOpenAIFunctionCallName } from '../../src/providers/openai/resolve-openai-function-call-name.js';
import { scriptedAt, startCheckedServer, type LocalServer } from '../support/local-server.js';
import { responsesReplyOf } from '../support/scripted-model-apis.js';

type Item = Record<string, unknown>;
type RequestBody = { model: string; tools: Item[]; input: Item[]; instructions?: string };

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function fn(name: string, description: string, properties: Record<string, unknown>): FunctionTool {
  return {
    type: 'function',
    name,
    description,
    parameters: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
    strict: true,
  };
}

const tools: FunctionTool[] = [
  fn('read_file', 'Read a file from the workspace.', { path: { type: 'string' } }),
  fn('get_weather', 'Get the current weather in a city.', { city: { type: 'string' } }),
  fn('get_forecast', 'Get the weather forecast for a city for the next days.', { city: { type: 'string' }, days: { type: 'integer' } }),
  fn('send_email', 'Send an email to one recipient.', { to: { type: 'string' }, body: { type: 'string' } }),
  fn('create_ticket', 'Open a support ticket.', { title: { type: 'string' } }),
];

const call = (id: string, name: string, args: unknown) => ({
  type: 'function_call',
  id: `fc_${id}`,
  call_id: `call_${id}`,
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});
const message = (id: string, text: string) => ({
  type: 'message',
  id: `msg_${id}`,
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

/** What the model answers to each request, in order: two user turns. */
const script: unknown[][] = [
  // Turn 1: search, then call the loaded tool by its own name (first with arguments that do not fit), then answer.
  [{ type: 'reasoning', id: 'rs_1', summary: [] }, call('1', 'tool_search', { query: 'weather forecast' })],
  [call('2', 'get_forecast', { city: 'Paris', days: 'three' })],
  [call('3', 'get_forecast', { city: 'Paris', days: 3 })],
  [message('1', 'Sunny in Paris for three days.')],
  // Turn 2: search again; only the tool not added yet is added; call it; answer.
  [call('4', 'tool_search', { query: 'send email forecast' })],
  [call('5', 'send_email', { to: 'ana@example.com', body: 'Sunny for three days.' })],
  [message('2', 'Sent.')],
];

/**
 * A local Responses endpoint on `/v1/responses` that records every request (after our preflight passed it) and answers
 * with the script; the model can only call a tool it has: one of `tools`, or one an `additional_tools` item added.
 */
async function startNativeServer(received: RequestBody[]): Promise<OpenAI> {
  server = await startCheckedServer('/v1/responses', preflightOpenAIResponsesRequest, (request, index) => {
    const body = request.body as RequestBody;
    received.push(body);
    const output = scriptedAt(script, index) as Item[];
    const callable = [...body.tools, ...body.input.filter((item) => item.type === 'additional_tools').flatMap((item) => item.tools as Item[])].map(
      (tool) => tool.name,
    );
    for (const item of output)
      if (item.type === 'function_call' && !callable.includes(item.name)) throw new Error(`the model cannot call ${String(item.name)} yet`);
    return { body: responsesReplyOf(index, body.model, output) };
  });
  return new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
}

/** What every native session of the script sends and does, whichever way the loop is written. */
function expectNativeSession(received: readonly RequestBody[], ran: readonly [string, unknown][], answers: readonly string[]): void {
  expect(answers).toEqual(['Sunny in Paris for three days.', 'Sent.']);
  // Only the call whose arguments fit the full schema ran; each loaded tool by its own name.
  expect(ran).toEqual([
    ['get_forecast', { city: 'Paris', days: 3 }],
    ['send_email', { to: 'ana@example.com', body: 'Sunny for three days.' }],
  ]);
  expect(received).toHaveLength(script.length);

  // Tools and instructions are byte-identical on every request: the prompt cache keeps the whole history.
  for (const body of received) {
    expect(JSON.stringify(body.tools)).toBe(JSON.stringify(received[0]?.tools));
    expect(body.instructions).toBe(received[0]?.instructions);
  }
  const sent = (received[0]?.tools ?? []).map((tool) => tool.name ?? tool.type);
  // The library's search is sent, `call_tool` is not, nor are the deferred tools.
  expect(sent).toEqual(['read_file', 'tool_search']);

  // Each search is followed by its output, then one addition holding only tools not added before.
  const last = received[received.length - 1]?.input ?? [];
  const additions = last.filter((item) => item.type === 'additional_tools');
  expect(additions.map((item) => (item.tools as Item[]).map((tool) => tool.name))).toEqual([['get_forecast', 'get_weather'], ['send_email']]);
  // The second search found the forecast tool again: it is named loaded earlier, not added twice.
  const secondSearch = last.find((item) => item.type === 'function_call_output' && item.call_id === 'call_4') as { output: string };
  expect(JSON.parse(secondSearch.output)).toMatchObject({ loadedEarlier: ['get_forecast'] });
  for (const addition of additions) {
    const at = last.indexOf(addition);
    expect(last[at - 1]).toMatchObject({ type: 'function_call_output' });
    expect(addition).toEqual({ type: 'additional_tools', role: 'developer', tools: expect.any(Array) });
  }
  // The definitions are the caller's own (full schema, `strict` kept), without `defer_loading`.
  expect(additions[0]?.tools).toEqual([tools[2], tools[1]]);
  // Every earlier request's input is a prefix of the next one's: the history is only ever appended to.
  for (const [index, body] of received.slice(1).entries()) {
    const before = received[index]?.input ?? [];
    expect(JSON.stringify(body.input.slice(0, before.length))).toBe(JSON.stringify(before));
  }
}

describe('native delivery on OpenAI Responses through the official SDK', () => {
  it('adds loaded tools with additional_tools items, keeps tools and instructions byte-identical, and the model calls them by their own names', async () => {
    const received: RequestBody[] = [];
    const client = await startNativeServer(received);
    const toolSearch = createOpenAIResponsesToolSearch({
      tools,
      config: { mechanism: 'client', reveal: 'native', threshold: 2, neverDefer: ['read_file'], predict: 'off' },
    });
    const sessionId = 'native-1';
    const history: ResponseInputItem[] = [];
    const ran: [string, unknown][] = [];
    const answers: string[] = [];
    for (const question of ['What will the weather be in Paris over the next three days?', 'Email that to ana@example.com.']) {
      history.push({ role: 'user', content: question });
      for (let done = false; !done; ) {
        const request = await toolSearch.prepare(
          { model: 'gpt-5.4', store: false, instructions: 'You are a helpful assistant.', input: history },
          { sessionId },
        );
        expect(request.plan.reveal).toBe('native');
        const response = await client.responses.create(request.body);
        const turn = await request.handle(response, async (name, args) => {
          ran.push([name, args]);
          return JSON.stringify({ ok: true });
        });
        // Replayed as the SDK returned it, the package's answers after it.
        history.push(...(turn.input as ResponseInputItem[]));
        done = turn.done;
        if (done) answers.push(response.output_text);
      }
    }

    expectNativeSession(received, ran, answers);
  });
  it('works without the session API on gpt-5.2 opted in: the transformer, resolveNativeSearchResult and the addition writer', async () => {
    const received: RequestBody[] = [];
    const client = await startNativeServer(received);
    const base = { model: 'gpt-5.2', store: false, instructions: 'You are a helpful assistant.', tools };
    const catalog = parseOpenAIResponsesTools(base);
    const plan = resolveToolSearch({ id: 'gpt-5.2', api: 'openai-responses' }, catalog, {
      mechanism: 'client',
      reveal: 'native',
      threshold: 2,
      neverDefer: ['read_file'],
    });
    expect([plan.reveal, plan.additions]).toEqual(['native', 'value']);
    const store = createMemoryRevealStore();
    const search = createToolSearchTool({ tools: catalog, store });
    const check = createToolCallCheck({ tools: catalog, store });
    const sessionId = 'native-2';
    const history: ResponseInputItem[] = [];
    const ran: [string, unknown][] = [];
    const answers: string[] = [];
    for (const question of ['What will the weather be in Paris over the next three days?', 'Email that to ana@example.com.']) {
      history.push({ role: 'user', content: question });
      for (let done = false; !done; ) {
        const { body, names, loaded } = transformOpenAIResponsesRequest({ ...base, input: history }, plan);
        const response = await client.responses.create(body);
        history.push(...(response.output as ResponseInputItem[]));
        const added = readOpenAIResponsesAddedTools(history);
        const outputs: ResponseInputItem[] = [];
        const toAdd: ToolDefinition[] = [];
        for (const item of response.output) {
          if (item.type !== 'function_call') continue;
          const name = resolveOpenAIFunctionCallName(item, names);
          let output: string;
          if (name === 'tool_search') {
            const found = await search.execute(JSON.parse(item.arguments), { sessionId, names, loaded });
            const native = resolveNativeSearchResult(found, { tools: catalog, added, names });
            toAdd.push(...native.definitions);
            output = formatToolSearchResult(native.result);
          } else {
            const outcome = await check.check({ name: item.name, arguments: item.arguments }, { sessionId, names, plan });
            if (outcome.ok) {
              ran.push([outcome.name, outcome.arguments]);
              output = JSON.stringify({ ok: true });
            } else {
              const native = resolveNativeSearchResult(outcome.result, { tools: catalog, added, names });
              toAdd.push(...native.definitions);
              output = formatToolSearchResult(native.result);
            }
          }
          outputs.push({ type: 'function_call_output', call_id: item.call_id, output });
        }
        history.push(...outputs);
        // After every output of the turn, one item adding what the answers loaded.
        if (toAdd.length > 0) {
          history.push(
            createOpenAIResponsesAdditionalTools(
              toAdd.map((tool) => names.toWire(tool.name)),
              { tools, names },
            ) as ResponseInputItem,
          );
        }
        done = outputs.length === 0;
        if (done) answers.push(response.output_text);
      }
    }
    expectNativeSession(received, ran, answers);
  });
});
