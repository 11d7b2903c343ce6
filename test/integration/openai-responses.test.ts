import { withSeedBehaviour } from '../support/tools.js';
/**
 * Three-turn agent loops through the official `openai` SDK against a local server: every request the SDK actually
 * sends is checked against the preflight rules and the expected plan (a failed check becomes an HTTP 400, which
 * fails the SDK call and the test). The server answers with output items built from the documented examples
 * (test/fixtures/openai/*-turns.json).
 */
import OpenAI from 'openai';
import type { FunctionTool, ResponseCreateParamsNonStreaming, ResponseInputItem } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { STUB_INPUT_SCHEMA } from '../../src/tools/tool-search-tool-definition.js';
import { parseOpenAIResponsesTools, transformOpenAIResponsesRequest } from '../../src/providers/openai/index.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { resolveOpenAIFunctionCallName } from '../../src/providers/openai/resolve-openai-function-call-name.js';
import { scriptedAt, startCheckedServer, type LocalServer } from '../support/local-server.js';
import { describeTools, readOpenAIFixture } from '../support/openai-responses-bodies.js';
import { responsesReplyOf } from '../support/scripted-model-apis.js';

type Turns = { turns: unknown[][] };
type RequestBody = { model: string; tools: unknown[]; input: Record<string, unknown>[]; instructions?: string };

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A local Responses endpoint: checks each request with `check`, then answers with the next scripted output. */
async function startResponsesServer(turns: unknown[][], check: (body: RequestBody, turn: number) => void): Promise<{ server: LocalServer; client: OpenAI }> {
  server = await startCheckedServer('/responses', preflightOpenAIResponsesRequest, (request, index) => {
    const body = request.body as RequestBody;
    check(body, index);
    return { body: responsesReplyOf(index, body.model, scriptedAt(turns, index)) };
  });
  return { server, client: new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries: 0 }) };
}

function fn(name: string, description: string, properties: Record<string, unknown>): FunctionTool {
  return {
    type: 'function',
    name,
    description,
    parameters: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
    strict: true,
  };
}

const calls = (input: Record<string, unknown>[]) => input.filter((item) => item.type === 'function_call');

describe('OpenAI Responses through the official SDK', () => {
  it('runs hosted tool search on gpt-5.4 for three turns, restoring the namespaces the loop drops on replay', async () => {
    const fixture = readOpenAIFixture<Turns>('hosted-search-turns.json');
    const base = {
      model: 'gpt-5.4',
      store: false,
      instructions: 'You are a support agent.',
      tools: [
        { type: 'web_search' },
        fn('read_file', 'Read a file from the workspace.', { path: { type: 'string' } }),
        {
          type: 'namespace',
          name: 'Customer Records',
          description: 'Customer lookup and order management.',
          tools: [
            fn('get_customer', 'Look up a customer by ID.', { customer_id: { type: 'string' } }),
            fn('list_open_orders', 'List open orders for a customer ID.', { customer_id: { type: 'string' } }),
          ],
        },
        fn('create_ticket', 'Open a support ticket.', { title: { type: 'string' } }),
        fn('send_email', 'Send an email.', { to: { type: 'string' }, body: { type: 'string' } }),
      ],
    } satisfies Omit<ResponseCreateParamsNonStreaming, 'input'>;
    const plan = resolveToolSearch(
      { id: 'gpt-5.4', api: 'openai-responses' },
      parseOpenAIResponsesTools(base),
      withSeedBehaviour({ threshold: 3, neverDefer: ['read_file'] }),
    );
    expect(plan.mechanism).toBe('openai-hosted');

    const sentTools: string[] = [];
    const { client } = await startResponsesServer(fixture.turns, (body, turn) => {
      expect(describeTools(body.tools)).toEqual([
        'web_search',
        'read_file',
        'ns:Customer_Records[get_customer+defer,list_open_orders+defer]',
        'create_ticket+defer',
        'send_email+defer',
        'tool_search',
      ]);
      // The tool list is byte-identical on every turn, so the prompt cache keeps matching.
      sentTools.push(JSON.stringify(body.tools));
      expect(sentTools[turn]).toBe(sentTools[0]);
      expect(calls(body.input).map((item) => [item.name, item.namespace])).toEqual(
        [
          ['list_open_orders', 'Customer_Records'],
          ['create_ticket', 'create_ticket'],
        ].slice(0, turn),
      );
      expect(body.input.filter((item) => 'created_by' in item)).toEqual([]);
      expect(body.input.filter((item) => item.type === 'tool_search_call' || item.type === 'tool_search_output')).toHaveLength(2 * turn);
    });

    const history: ResponseInputItem[] = [{ role: 'user', content: 'What open orders does customer 42 have? Open a ticket about it.' }];
    const executed: string[] = [];
    const restored: number[] = [];
    let answer = '';
    for (let turn = 0; turn < 3; turn += 1) {
      const { body, names, warnings } = transformOpenAIResponsesRequest({ ...base, input: history }, plan);
      if (warnings.some((warning) => warning.code === 'function-call-namespace-restored')) restored.push(turn);
      const response = await client.responses.create(body);
      answer = response.output_text;
      for (const item of response.output) {
        if (item.type !== 'function_call') {
          // Replayed as returned (created_by and all): the transformer removes what must not be sent back.
          history.push(item as ResponseInputItem);
          continue;
        }
        // The common SDK-user mistake: the call is replayed without its `namespace`.
        const { namespace: _dropped, ...withoutNamespace } = item;
        history.push(withoutNamespace);
        const name = resolveOpenAIFunctionCallName(item, names);
        executed.push(name);
        history.push({ type: 'function_call_output', call_id: item.call_id, output: JSON.stringify({ ok: true, tool: name }) });
      }
    }
    expect(executed).toEqual(['list_open_orders', 'create_ticket']);
    expect(restored).toEqual([1, 2]);
    expect(answer).toBe('Customer 42 has one open order; I opened ticket T-1 about it.');
    expect(server?.requests).toHaveLength(3);
  });

  it('runs the client-side mechanism on gpt-5.2 for three turns: search, call the revealed tool, answer', async () => {
    const fixture = readOpenAIFixture<Turns>('client-search-turns.json');
    const forecast = fn('get_forecast', 'Get the weather forecast for a city for the next days.', { city: { type: 'string' }, days: { type: 'integer' } });
    const base = {
      model: 'gpt-5.2',
      store: false,
      instructions: 'You are a helpful assistant.',
      tools: [
        fn('read_file', 'Read a file from the workspace.', { path: { type: 'string' } }),
        fn('get_weather', 'Get the current weather in a city.', { city: { type: 'string' } }),
        forecast,
        fn('send_email', 'Send an email.', { to: { type: 'string' }, body: { type: 'string' } }),
        fn('create_ticket', 'Open a support ticket.', { title: { type: 'string' } }),
      ],
    } satisfies Omit<ResponseCreateParamsNonStreaming, 'input'>;
    const tools = parseOpenAIResponsesTools(base);
    const plan = resolveToolSearch({ id: 'gpt-5.2', api: 'openai-responses' }, tools, withSeedBehaviour({ threshold: 2, neverDefer: ['read_file'] }));
    expect(plan.mechanism).toBe('client');
    const store = createMemoryRevealStore();
    const search = createToolSearchTool({ tools, store });
    const sessionId = 'session-1';

    const { client } = await startResponsesServer(fixture.turns, (body, turn) => {
      expect(describeTools(body.tools)).toEqual(['read_file', 'tool_search', 'get_weather', 'get_forecast', 'send_email', 'create_ticket']);
      const sentForecast = body.tools.find((tool) => (tool as { name?: string }).name === 'get_forecast');
      if (turn === 0)
        expect(sentForecast).toEqual({
          type: 'function',
          name: 'get_forecast',
          description: forecast.description,
          parameters: STUB_INPUT_SCHEMA,
          strict: false,
        });
      else expect(sentForecast).toEqual(forecast);
      expect(body.tools.find((tool) => (tool as { name?: string }).name === 'send_email')).toMatchObject({ parameters: STUB_INPUT_SCHEMA, strict: false });
      expect(body.instructions?.split(TOOL_SEARCH_GUIDANCE)).toHaveLength(2);
    });

    const history: ResponseInputItem[] = [{ role: 'user', content: 'What will the weather be in Paris over the next three days?' }];
    const executed: string[] = [];
    let answer = '';
    for (let turn = 0; turn < 3; turn += 1) {
      // Turn 3 simulates a reveal store that lost the session (a restart): the history's tool_search result restores it.
      const revealed = turn === 2 ? [] : await store.get(sessionId);
      const { body, names } = transformOpenAIResponsesRequest({ ...base, input: history }, plan, { revealed });
      const response = await client.responses.create(body);
      answer = response.output_text;
      for (const item of response.output) {
        history.push(item as ResponseInputItem);
        if (item.type !== 'function_call') continue;
        const name = resolveOpenAIFunctionCallName(item, names);
        executed.push(name);
        const output =
          name === 'tool_search'
            ? formatToolSearchResult(await search.execute(JSON.parse(item.arguments), { sessionId }))
            : JSON.stringify({ forecast: 'sunny' });
        history.push({ type: 'function_call_output', call_id: item.call_id, output });
      }
    }
    expect(executed).toEqual(['tool_search', 'get_forecast']);
    expect(await store.get(sessionId)).toContain('get_forecast');
    expect(answer).toBe('Sunny in Paris for three days.');
  });

  it('maps BFCL-style dotted names to names the API accepts and back, with the history kept in original names', async () => {
    const fixture = readOpenAIFixture<Turns>('dotted-names-turns.json');
    const base = {
      model: 'gpt-5.4',
      store: false,
      tools: [
        fn('read_file', 'Read a file from the workspace.', { path: { type: 'string' } }),
        fn('Cafe.change_drink', 'Change the drink of an existing order.', { drink_id: { type: 'string' }, size: { type: 'string' } }),
        fn('Cafe.order_food', 'Order a food item.', { item: { type: 'string' } }),
        fn('math.gcd', 'Greatest common divisor of two integers.', { a: { type: 'integer' }, b: { type: 'integer' } }),
        fn('math.lcm', 'Least common multiple of two integers.', { a: { type: 'integer' }, b: { type: 'integer' } }),
        fn('weather.now', 'Current weather for a city.', { city: { type: 'string' } }),
      ],
    } satisfies Omit<ResponseCreateParamsNonStreaming, 'input'>;
    const plan = resolveToolSearch(
      { id: 'gpt-5.4', api: 'openai-responses' },
      parseOpenAIResponsesTools(base),
      withSeedBehaviour({ threshold: 2, neverDefer: ['read_file'] }),
    );

    const { client } = await startResponsesServer(fixture.turns, (body, turn) => {
      expect(describeTools(body.tools)).toEqual([
        'read_file',
        'ns:Cafe[Cafe_change_drink+defer,Cafe_order_food+defer]',
        'ns:math[math_gcd+defer,math_lcm+defer]',
        'weather_now+defer',
        'tool_search',
      ]);
      expect(calls(body.input).map((item) => [item.name, item.namespace])).toEqual(
        [
          ['Cafe_change_drink', 'Cafe'],
          ['math_gcd', 'math'],
        ].slice(0, turn),
      );
    });

    // The caller's history uses its own tool names and no namespaces; the transformer maps both every turn.
    const history: ResponseInputItem[] = [{ role: 'user', content: 'Make my drink large, and what is gcd(12, 18)?' }];
    const executed: string[] = [];
    for (let turn = 0; turn < 3; turn += 1) {
      const { body, names } = transformOpenAIResponsesRequest({ ...base, input: history }, plan, { uncategorized: 'name-prefix' });
      const response = await client.responses.create(body);
      for (const item of response.output) {
        if (item.type !== 'function_call') {
          history.push(item as ResponseInputItem);
          continue;
        }
        const name = resolveOpenAIFunctionCallName(item, names);
        executed.push(name);
        history.push({ type: 'function_call', call_id: item.call_id, name, arguments: item.arguments });
        history.push({ type: 'function_call_output', call_id: item.call_id, output: '"done"' });
      }
    }
    expect(executed).toEqual(['Cafe.change_drink', 'math.gcd']);
  });

  it('fails the SDK call when a request breaks a documented rule (the check has teeth)', async () => {
    const { client } = await startResponsesServer([[]], () => undefined);
    const broken: ResponseCreateParamsNonStreaming = {
      model: 'gpt-5.4',
      input: [{ type: 'function_call', call_id: 'call_1', name: 'flat', arguments: '{}' }],
      tools: [{ ...fn('flat', 'A deferred function.', {}), defer_loading: true }, { type: 'tool_search' }],
    };
    await expect(client.responses.create(broken)).rejects.toThrow(/function-call-missing-namespace/);
  });
});
