/**
 * The default mode on models with tool search: the library's search, the provider loading what it returns. Both runs
 * go through the official SDK (`openai`, `@anthropic-ai/sdk`) against a local server on 127.0.0.1 that plays the
 * API: it runs the preflight rules on every request (a violation is a 400, which fails the SDK call and the test)
 * and answers with the item shapes of the SDK's types. The loop replays the history exactly as the SDK returned it
 * and answers searches with `createOpenAIToolSearchOutput` / `createAnthropicToolSearchResult`.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, Message, MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import OpenAI from 'openai';
import type { Response, ResponseCreateParamsNonStreaming, ResponseInputItem } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveToolSearch } from '../../src/index.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { parseOpenAIResponsesTools, transformOpenAIResponsesRequest } from '../../src/providers/openai/index.js';
import { createOpenAIToolSearchOutput } from '../../src/providers/openai/create-openai-tool-search-output.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { resolveOpenAIFunctionCallName } from '../../src/providers/openai/resolve-openai-function-call-name.js';
import { parseAnthropicMessagesTools, transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { createAnthropicToolSearchResult } from '../../src/providers/anthropic/create-anthropic-tool-search-result.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { SESSION_CATALOG, SESSION_INSTRUCTIONS, createAgentTools } from '../support/agent-loop-apis.js';
import { startCheckedServer, type LocalServer } from '../support/local-server.js';
import { toResponsesFunction } from '../support/openai-responses-bodies.js';
import { toAnthropicTool } from '../support/anthropic-messages-bodies.js';
import { responsesReplyOf } from '../support/scripted-model-apis.js';

type Item = Record<string, unknown>;

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Starts the fake API: checks the path and the preflight rules, then answers request `index` with `answer`. */
async function startFakeAPI(
  path: string,
  preflight: (body: unknown) => { ok: boolean; violations: readonly unknown[] },
  answer: (body: Item, index: number) => unknown,
): Promise<LocalServer> {
  server = await startCheckedServer(path, preflight, (request, index) => ({ body: answer(request.body as Item, index) }));
  return server;
}

const items = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);
const drink = SESSION_CATALOG.find((tool) => tool.name === 'ChaDri.change_drink');
const drinkArgs = { drink_id: 'latte', new_preferences: { size: 'large', temperature: 'hot' } };

/** Asserts every request sent the first request's tools and system text, byte for byte. */
function expectSameToolsAndSystem(requests: readonly Item[], system: 'instructions' | 'system'): void {
  const first = requests[0] as Item;
  for (const request of requests) {
    expect(JSON.stringify(request.tools)).toBe(JSON.stringify(first.tools));
    expect(JSON.stringify(request[system])).toBe(JSON.stringify(first[system]));
  }
}

describe('OpenAI Responses on gpt-5.4: a client-executed tool_search answered with tool_search_output', () => {
  const responseOf = (index: number, output: unknown[]): Response => responsesReplyOf(index, 'gpt-5.4', output) as unknown as Response;

  /** What the API would do: the model searches, calls what the search loaded (namespace = its name), answers. */
  function answer(body: Item, index: number): Response {
    switch (index) {
      case 0:
        return responseOf(index, [
          {
            type: 'tool_search_call',
            id: 'tsc_1',
            call_id: 'call_ts_1',
            execution: 'client',
            arguments: { query: 'change my drink order' },
            status: 'completed',
          },
        ]);
      case 1: {
        // The model can call only a function the history loaded.
        const loaded = items(body.input)
          .filter((item) => item.type === 'tool_search_output')
          .flatMap((item) => items(item.tools))
          .filter((tool) => tool.type === 'function' && tool.defer_loading === true)
          .map((tool) => tool.name);
        expect(loaded).toContain('ChaDri_change_drink');
        return responseOf(index, [
          {
            type: 'function_call',
            id: 'fc_1',
            call_id: 'call_drink',
            name: 'ChaDri_change_drink',
            namespace: 'ChaDri_change_drink',
            arguments: JSON.stringify(drinkArgs),
            status: 'completed',
          },
        ]);
      }
      case 2:
        return responseOf(index, [
          {
            type: 'message',
            id: 'msg_1',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'Your latte is now large and hot.', annotations: [] }],
          },
        ]);
      default:
        throw new Error(`no scripted response for request ${index + 1}`);
    }
  }

  it.each([
    { replay: 'as returned', dropNamespace: false },
    { replay: 'without the function call’s namespace', dropNamespace: true },
  ])('runs search, the loaded tool and an answer with the history replayed $replay', async ({ dropNamespace }) => {
    const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, answer);
    const client = new OpenAI({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 });
    const base = { model: 'gpt-5.4', store: false, instructions: SESSION_INSTRUCTIONS, tools: SESSION_CATALOG.map(toResponsesFunction) } as Omit<
      ResponseCreateParamsNonStreaming,
      'input'
    >;
    const plan = resolveToolSearch({ id: base.model as string, api: 'openai-responses' }, parseOpenAIResponsesTools(base));
    expect(plan).toMatchObject({ mechanism: 'openai-hosted', search: 'library', listing: 'names' });
    const { search } = createAgentTools();
    const sessionId = 'session-responses';

    const history: ResponseInputItem[] = [{ role: 'user', content: 'Make my latte large and hot.' }];
    const executed: { name: string; args: unknown }[] = [];
    const warnings: string[] = [];
    let answerText = '';
    for (let turn = 0; turn < 3; turn += 1) {
      const transformed = transformOpenAIResponsesRequest({ ...base, input: history }, plan);
      warnings.push(...transformed.warnings.map((warning) => warning.code));
      const response = await client.responses.create(transformed.body as ResponseCreateParamsNonStreaming);
      answerText = response.output_text;
      for (const item of response.output) {
        if (item.type === 'tool_search_call' && item.execution === 'client') {
          history.push(item as ResponseInputItem);
          const result = await search.execute(item.arguments, { sessionId, names: transformed.names, loaded: transformed.loaded });
          history.push(createOpenAIToolSearchOutput(item, result) as ResponseInputItem);
          continue;
        }
        if (item.type !== 'function_call') {
          history.push(item as ResponseInputItem);
          continue;
        }
        if (dropNamespace) {
          const { namespace: _dropped, ...withoutNamespace } = item;
          history.push(withoutNamespace);
        } else history.push(item);
        const name = resolveOpenAIFunctionCallName(item, transformed.names);
        executed.push({ name, args: JSON.parse(item.arguments) });
        history.push({ type: 'function_call_output', call_id: item.call_id, output: JSON.stringify({ status: 'done' }) });
      }
    }

    const requests = fake.requests.map((request) => request.body as Item);
    expect(requests).toHaveLength(3);
    expectSameToolsAndSystem(requests, 'instructions');
    // No deferred tool in `tools`: only the library's search, executed by the caller.
    expect(requests[0]?.tools).toEqual([
      {
        type: 'tool_search',
        execution: 'client',
        description: expect.any(String),
        parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      },
    ]);
    expect(String(requests[0]?.instructions)).toContain(TOOL_SEARCH_GUIDANCE);
    expect(String(requests[0]?.instructions)).toContain('ChaDri_change_drink, ');
    // The search output loads the schema under the wire name, deferred, answering the model's call_id.
    const output = items(requests[1]?.input).find((item) => item.type === 'tool_search_output');
    expect(output).toMatchObject({ call_id: 'call_ts_1', execution: 'client', status: 'completed' });
    expect(items(output?.tools)).toContainEqual({
      type: 'function',
      name: 'ChaDri_change_drink',
      description: drink?.description,
      parameters: drink?.inputSchema,
      strict: false,
      defer_loading: true,
    });
    // The replayed call carries its namespace on the wire, restored by the transformer when the loop dropped it.
    const call = items(requests[2]?.input).find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ name: 'ChaDri_change_drink', namespace: 'ChaDri_change_drink', call_id: 'call_drink' });
    expect(warnings).toEqual(dropNamespace ? ['function-call-namespace-restored'] : []);
    expect(executed).toEqual([{ name: 'ChaDri.change_drink', args: drinkArgs }]);
    expect(answerText).toBe('Your latte is now large and hot.');
  });
});

describe('Anthropic Messages on claude-sonnet-4-5: tool_search answered with tool_reference blocks', () => {
  function reply(index: number, content: unknown[], stopReason: Message['stop_reason']): Message {
    return {
      id: `msg_${index + 1}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    } as unknown as Message;
  }

  /** The API's rule for tool references (providers.md §1.6): each names a tool `tools` defines, here deferred. */
  function expectReferencesDefined(body: Item): void {
    const deferred = new Set(
      items(body.tools)
        .filter((tool) => tool.defer_loading === true)
        .map((tool) => tool.name),
    );
    const references = items(body.messages)
      .flatMap((message) => items(message.content))
      .filter((block) => block.type === 'tool_result')
      .flatMap((block) => items(block.content))
      .filter((part) => part.type === 'tool_reference');
    for (const reference of references)
      if (!deferred.has(reference.tool_name)) throw new Error(`Tool reference '${String(reference.tool_name)}' not found in available tools`);
  }

  function answer(body: Item, index: number): Message {
    expectReferencesDefined(body);
    switch (index) {
      case 0:
        return reply(
          index,
          [{ type: 'tool_use', id: 'toolu_search', name: 'tool_search', input: { query: 'change my drink order' }, caller: { type: 'direct' } }],
          'tool_use',
        );
      case 1:
        return reply(index, [{ type: 'tool_use', id: 'toolu_drink', name: 'ChaDri_change_drink', input: drinkArgs, caller: { type: 'direct' } }], 'tool_use');
      case 2:
        return reply(index, [{ type: 'text', text: 'Your latte is now large and hot.' }], 'end_turn');
      default:
        throw new Error(`no scripted response for request ${index + 1}`);
    }
  }

  it('runs search, the loaded tool and an answer with the history replayed as the SDK returned it', async () => {
    const fake = await startFakeAPI('/v1/messages', preflightAnthropicMessagesRequest, answer);
    const client = new Anthropic({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 });
    const base = { model: 'claude-sonnet-4-5', max_tokens: 1024, system: SESSION_INSTRUCTIONS, tools: SESSION_CATALOG.map(toAnthropicTool) };
    const plan = resolveToolSearch({ id: base.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(base));
    expect(plan).toMatchObject({ mechanism: 'claude-hosted', search: 'library', listing: 'names' });
    const { search } = createAgentTools();
    const sessionId = 'session-messages';

    const messages: MessageParam[] = [{ role: 'user', content: 'Make my latte large and hot.' }];
    const executed: { name: string; args: unknown }[] = [];
    let last: Message | undefined;
    for (let turn = 0; turn < 3; turn += 1) {
      const { body: request, names, warnings, loaded } = transformAnthropicMessagesRequest({ ...base, messages } as MessageCreateParamsNonStreaming, plan);
      expect(warnings).toEqual([]);
      last = await client.messages.create(request);
      messages.push({ role: 'assistant', content: last.content });
      const results: ContentBlockParam[] = [];
      for (const block of last.content) {
        if (block.type !== 'tool_use') continue;
        const name = names.fromWire(block.name);
        if (name === 'tool_search') {
          results.push(createAnthropicToolSearchResult(block.id, await search.execute(block.input, { sessionId, names, loaded })) as ContentBlockParam);
          continue;
        }
        executed.push({ name, args: block.input });
        results.push({ type: 'tool_result', tool_use_id: block.id, content: JSON.stringify({ status: 'done' }) });
      }
      if (results.length > 0) messages.push({ role: 'user', content: results });
    }

    const requests = fake.requests.map((request) => request.body as Item);
    expect(requests).toHaveLength(3);
    expectSameToolsAndSystem(requests, 'system');
    const tools = items(requests[0]?.tools);
    // The package's tool_search first and loaded; every catalog tool defined, deferred; no hosted search tool.
    expect(tools[0]).toMatchObject({ name: 'tool_search' });
    expect(tools[0]).not.toHaveProperty('defer_loading');
    expect(tools.slice(1).every((tool) => tool.defer_loading === true)).toBe(true);
    expect(tools.slice(1)).toHaveLength(SESSION_CATALOG.length);
    expect(tools.some((tool) => String(tool.type).startsWith('tool_search_tool'))).toBe(false);
    expect(String(requests[0]?.system)).toContain('ChaDri_change_drink, ');
    // The search result is replayed as references (and a text block naming further matches), under wire names.
    const result = items(items(requests[1]?.messages)[2]?.content)[0];
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_search' });
    expect(
      items(result?.content)
        .filter((part) => part.type === 'tool_reference')
        .map((part) => part.tool_name),
    ).toContain('ChaDri_change_drink');
    // The assistant turns are sent as the SDK returned them.
    expect(items(requests[2]?.messages)[1]).toEqual({ role: 'assistant', content: messages[1]?.content });
    expect(items(requests[2]?.messages)[3]).toEqual({ role: 'assistant', content: messages[3]?.content });
    expect(executed).toEqual([{ name: 'ChaDri.change_drink', args: drinkArgs }]);
    expect(last?.stop_reason).toBe('end_turn');
  });
});
