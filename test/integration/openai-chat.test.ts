import { withSeedBehaviour } from '../support/tools.js';
/**
 * The Chat Completions transformer against the official `openai` SDK: a local server on 127.0.0.1 stands in for
 * the API, checks every request the SDK actually sends against the preflight rules and the expected plan (a failed
 * check is a 400, so the SDK call and the test fail), and answers with scripted completions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessage,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { startLocalServer, type LocalServer, type RecordedRequest } from '../support/local-server.js';
import { readOpenAIChatFixture, toOpenAIChatTool } from '../support/openai-chat-bodies.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { parseOpenAIChatTools } from '../../src/providers/openai/index.js';
import { transformOpenAIChatRequest } from '../../src/providers/openai/index.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';

const catalog = readOpenAIChatFixture<ToolDefinition[]>('bfcl-tools.json');
const toolCallsTemplate = readOpenAIChatFixture<ChatCompletion>('chat-completion-tool-calls.json');
const textTemplate = readOpenAIChatFixture<ChatCompletion>('chat-completion-text.json');
const byName = new Map(catalog.map((tool) => [tool.name, tool]));

/** A completion that calls one function (a wire name, as the model sees it). */
function callCompletion(id: string, name: string, args: unknown): ChatCompletion {
  const completion = structuredClone(toolCallsTemplate);
  const message = completion.choices[0]?.message as ChatCompletionMessage;
  message.tool_calls = [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }];
  return completion;
}

type WireTool = { type: string; function: { name: string; parameters?: Record<string, unknown>; strict?: boolean } };
type WireMessage = { role: string; content?: unknown; tool_calls?: { function: { name: string } }[] };

/** The checks every request gets: the preflight rules, valid names, the note once, stubs for deferred tools. */
function checkRequest(request: RecordedRequest, expected: { deferring: boolean; full: readonly string[] }): { tools: WireTool[]; messages: WireMessage[] } {
  if (request.method !== 'POST' || request.path !== '/chat/completions') throw new Error(`unexpected ${request.method} ${request.path}`);
  const preflight = preflightOpenAIChatRequest(request.body);
  if (!preflight.ok) throw new Error(`preflight: ${JSON.stringify(preflight.violations)}`);
  const body = request.body as { tools: WireTool[]; messages: WireMessage[] };
  const names = body.tools.map((tool) => tool.function.name);
  expect(names.includes('tool_search')).toBe(expected.deferring);
  const system = JSON.stringify(body.messages[0]);
  expect(system.split(TOOL_SEARCH_GUIDANCE.slice(0, 60)).length - 1).toBe(expected.deferring ? 1 : 0);
  for (const tool of body.tools) {
    const original = [...byName.keys()].find((name) => name.replaceAll('.', '_') === tool.function.name);
    if (original === undefined) {
      expect(tool.function.name).toBe('tool_search');
      continue;
    }
    if (expected.full.includes(original) || !expected.deferring) {
      expect(tool.function.parameters).toEqual(byName.get(original)?.inputSchema);
    } else {
      expect(tool.function).toMatchObject({ parameters: { type: 'object', additionalProperties: true }, strict: false });
    }
  }
  return body;
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Runs the agent loop: transform, send with the SDK, execute calls (tool_search for real), keep history in original names. */
async function runLoop(config: ToolSearchConfigInput, turns: number) {
  const client = new OpenAI({ baseURL: (server as LocalServer).url, apiKey: 'test', maxRetries: 0 });
  const store = createMemoryRevealStore();
  const search = createToolSearchTool({ tools: catalog, store });
  const sessionId = 'session-1';
  const history: ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You are a barista assistant.' },
    { role: 'user', content: 'Please make my drink large and hot, with oat-free soy milk.' },
  ];
  const executed: { name: string; args: unknown }[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    const body: ChatCompletionCreateParamsNonStreaming = { model: 'gpt-4.1', messages: history, tools: catalog.map(toOpenAIChatTool) };
    const plan = resolveToolSearch({ id: body.model, api: 'openai-chat' }, parseOpenAIChatTools(body), withSeedBehaviour(config));
    const { body: request, names, warnings } = transformOpenAIChatRequest(body, plan, { revealed: await store.get(sessionId) });
    expect(warnings).toEqual([]);
    const completion = await client.chat.completions.create(request);
    const message = completion.choices[0]?.message as ChatCompletionMessage;
    // The history stays in original names: map the model's calls back before keeping them.
    history.push({
      role: 'assistant',
      content: message.content,
      ...(message.tool_calls === undefined
        ? {}
        : {
            tool_calls: message.tool_calls.map((call) =>
              call.type === 'function' ? { ...call, function: { ...call.function, name: names.fromWire(call.function.name) } } : call,
            ),
          }),
    });
    for (const call of message.tool_calls ?? []) {
      if (call.type !== 'function') continue;
      const name = names.fromWire(call.function.name);
      const args = JSON.parse(call.function.arguments) as unknown;
      if (name === 'tool_search') {
        const result = await search.execute(args, { sessionId });
        history.push({ role: 'tool', tool_call_id: call.id, content: formatToolSearchResult(result) });
      } else {
        executed.push({ name, args });
        history.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify({ status: 'updated', drink_id: '0000-0000-0000' }) });
      }
    }
  }
  return { history, executed, store, sessionId };
}

describe('OpenAI Chat Completions through the openai SDK', () => {
  it('runs a three-turn client-side tool search loop with a dotted BFCL name', async () => {
    const drinkArgs = { drink_id: '0000-0000-0000', new_preferences: { size: 'large', temperature: 'hot', milk_type: 'soy' } };
    server = await startLocalServer((request, index) => {
      switch (index) {
        case 0: {
          checkRequest(request, { deferring: true, full: ['get_current_weather'] });
          // The model searches with the name it sees in the stub list.
          return { body: callCompletion('call_search_1', 'tool_search', { query: 'ChaDri_change_drink' }) };
        }
        case 1: {
          const body = checkRequest(request, { deferring: true, full: ['get_current_weather', 'ChaDri.change_drink'] });
          const call = body.messages[2]?.tool_calls?.[0]?.function.name;
          expect(call).toBe('tool_search');
          expect(JSON.stringify(body.messages[3])).toContain('ChaDri.change_drink');
          return { body: callCompletion('call_drink_1', 'ChaDri_change_drink', drinkArgs) };
        }
        case 2: {
          const body = checkRequest(request, { deferring: true, full: ['get_current_weather', 'ChaDri.change_drink'] });
          expect(body.messages[4]?.tool_calls?.[0]?.function.name).toBe('ChaDri_change_drink');
          expect(JSON.stringify(body)).not.toContain('ChaDri.change_drink"');
          return { body: textTemplate };
        }
        default:
          throw new Error(`unexpected request ${index}`);
      }
    });
    const { history, executed, store, sessionId } = await runLoop({ neverDefer: ['get_current_weather'] }, 3);
    expect(server.requests).toHaveLength(3);
    expect(executed).toEqual([{ name: 'ChaDri.change_drink', args: drinkArgs }]);
    expect(await store.get(sessionId)).toEqual(['ChaDri.change_drink']);
    const calls = history.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []) : []));
    expect(calls.map((call) => (call.type === 'function' ? call.function.name : call.type))).toEqual(['tool_search', 'ChaDri.change_drink']);
    expect(history.at(-1)).toMatchObject({ role: 'assistant', content: textTemplate.choices[0]?.message.content });
  });

  it('sends every tool in full under plan none, names still mapped', async () => {
    server = await startLocalServer((request, index) => {
      checkRequest(request, { deferring: false, full: [] });
      return index === 0 ? { body: callCompletion('call_ride_1', 'uber_ride', { loc: 'Berkeley, CA', type: 'plus', time: 10 }) } : { body: textTemplate };
    });
    const { executed } = await runLoop({ mechanism: 'client', threshold: 100 }, 2);
    expect(server.requests).toHaveLength(2);
    expect(executed).toEqual([{ name: 'uber.ride', args: { loc: 'Berkeley, CA', type: 'plus', time: 10 } }]);
  });

  it('fails the SDK call when a request breaks a preflight rule', async () => {
    server = await startLocalServer((request) => {
      checkRequest(request, { deferring: false, full: [] });
      return { body: textTemplate };
    });
    const client = new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], tools: catalog.map(toOpenAIChatTool) }),
    ).rejects.toThrow(/invalid-tool-name/);
  });
});
