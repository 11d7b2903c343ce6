/**
 * The default client-side mode through the official SDKs (`openai` for Responses and Chat Completions,
 * `@anthropic-ai/sdk`, `@google/genai`, `@aws-sdk/client-bedrock-runtime`), each pointed at a local server on 127.0.0.1 that plays the API: it runs the
 * preflight rules on every request the SDK sent (a violation is a 400, which fails the SDK call and the test) and
 * answers with scripted model turns. The loop uses the library as a user would, with no configuration: the plan, the
 * transformer, `names.fromWire`, `tool_search`, the call check and `formatToolSearchResult`
 * (test/support/agent-loop-apis.ts). The catalog's names need mapping on every API (`ChaDri.change_drink`,
 * `orders:get_status`). What each request carried is asserted after the session.
 */
import { createSDKSender } from '../support/create-sdk-sender.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolSearchConfigInput, ToolSearchPlan, WireAPI } from '../../src/index.js';
import { STUB_INPUT_SCHEMA } from '../../src/tools/tool-search-tool-definition.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import type { ToolListing } from '../../src/config/tool-search-config.js';
import { AGENT_LOOP_APIS, SESSION_CATALOG, answerModelCalls, createAgentTools, prepareRequest, type CallAnswer } from '../support/agent-loop-apis.js';
import { scriptedAt, startCheckedServer, type LocalServer } from '../support/local-server.js';
import { SCRIPTED_MODEL_APIS, wireNameOf, type ScriptedTurn } from '../support/scripted-model-apis.js';

type Item = Record<string, unknown>;

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** What a session left: the requests the server received (as the SDK sent them), the tools run, every answer. */
interface SessionRecord {
  readonly plan: ToolSearchPlan;
  readonly requests: readonly Item[];
  readonly executed: readonly { name: string; args: unknown }[];
  readonly answers: readonly CallAnswer[];
  readonly warnings: readonly string[];
}

/** Runs one session of the agent loop against the scripted model, through the API's SDK. */
async function runSession(api: WireAPI, model: string, script: readonly ScriptedTurn[], config?: ToolSearchConfigInput): Promise<SessionRecord> {
  const loop = AGENT_LOOP_APIS[api];
  const scripted = SCRIPTED_MODEL_APIS[api];
  server = await startCheckedServer(
    scripted.path(model),
    scripted.preflight,
    (request, index) => ({ body: scripted.reply(scriptedAt(script, index), { index, model, request: request.body as Item }) }),
    scripted.server,
  );
  const send = createSDKSender(api, server.url);
  const tools = createAgentTools();
  const sessionId = `session-${api}`;
  const history = loop.start('Make my latte large and hot, and tell me where order 42 is.');
  const executed: { name: string; args: unknown }[] = [];
  const answers: CallAnswer[] = [];
  const warnings: string[] = [];
  let plan: ToolSearchPlan | undefined;
  for (let turn = 0; turn < script.length; turn += 1) {
    const request = prepareRequest(loop, model, history, config);
    plan = request.plan;
    warnings.push(...request.warnings.map((warning) => warning.code));
    const calls = loop.receive(history, await send(request.body));
    if (calls.length === 0) break;
    const run = (name: string, args: unknown): string => {
      executed.push({ name, args });
      return JSON.stringify({ status: 'done' });
    };
    const turnAnswers = await answerModelCalls(calls, { tools, sessionId, request, run });
    answers.push(...turnAnswers);
    loop.answer(history, turnAnswers, request.plan);
  }
  return {
    plan: plan as ToolSearchPlan,
    requests: (server.requests as { body: unknown }[]).map((request) => request.body as Item),
    executed,
    answers,
    warnings,
  };
}

const APIS: readonly { api: WireAPI; model: string }[] = [
  { api: 'openai-responses', model: 'gpt-5.2' },
  { api: 'openai-chat', model: 'gpt-4.1' },
  { api: 'anthropic-messages', model: 'claude-3-5-haiku-20241022' },
  { api: 'gemini', model: 'gemini-2.5-flash' },
  { api: 'bedrock-converse', model: 'us.amazon.nova-pro-v1:0' },
];

const drink = SESSION_CATALOG.find((tool) => tool.name === 'ChaDri.change_drink');
const drinkArgs = { drink_id: 'latte', new_preferences: { size: 'large', temperature: 'hot' } };
const parse = (text: string | undefined): Item => JSON.parse(text ?? 'null') as Item;

/** Asserts the tools and the system text of every request are the bytes of the first request's. */
function expectSameToolsAndSystem(api: WireAPI, requests: readonly Item[]): void {
  const scripted = SCRIPTED_MODEL_APIS[api];
  const first = requests[0] as Item;
  for (const request of requests) {
    expect(JSON.stringify(scripted.toolsOf(request))).toBe(JSON.stringify(scripted.toolsOf(first)));
    expect(JSON.stringify(scripted.systemOf(request))).toBe(JSON.stringify(scripted.systemOf(first)));
  }
}

describe('the default client-side mode through the official SDKs', () => {
  it.each(APIS)('runs search, a blind call, call_tool and an answer on $api ($model) with byte-identical tools and system text', async ({ api, model }) => {
    const drinkWire = wireNameOf(api, 'ChaDri.change_drink');
    const ordersWire = wireNameOf(api, 'orders:get_status');
    const session = await runSession(api, model, [
      { calls: [{ name: 'tool_search', args: { query: 'change my drink order' } }] },
      // Blind, with arguments that miss the required `new_preferences`.
      { calls: [{ name: drinkWire, args: { drink_id: 'latte', size: 'large' } }] },
      {
        calls: [
          { name: 'call_tool', args: { name: drinkWire, arguments: drinkArgs } },
          { name: 'call_tool', args: { name: ordersWire, arguments: { order_id: '42' } } },
        ],
      },
      { text: 'Your latte is now large and hot; order 42 is on its way.' },
    ]);
    expect(session.plan).toMatchObject({ mechanism: 'client', listing: 'names', reveal: 'conversation', search: 'library' });
    expect(session.requests).toHaveLength(4);
    expect(session.warnings).toEqual([]);

    const scripted = SCRIPTED_MODEL_APIS[api];
    expectSameToolsAndSystem(api, session.requests);
    // Every catalog tool is deferred (no configuration: 21 tools ≥ the threshold 15), and none is ever in the tool list.
    for (const request of session.requests) expect(scripted.toolNamesOf(request)).toEqual(['tool_search', 'call_tool']);
    const system = JSON.stringify(scripted.systemOf(session.requests[0] as Item));
    expect(system).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 60));
    expect(system).toContain(`${drinkWire}, `);

    // The search result in the history carries the schema, under the name the model sees.
    const outputs = scripted.toolOutputsOf(session.requests[3] as Item);
    expect(outputs).toHaveLength(4);
    const found = parse(outputs[0]);
    expect(found.status).toBe('found');
    expect(found.tools).toContainEqual({ name: drinkWire, description: drink?.description, inputSchema: drink?.inputSchema });
    // The blind call was not run: its result says what was wrong and carries the schema.
    const blind = parse(outputs[1]);
    expect(blind).toMatchObject({ status: 'invalid-arguments', tool: drinkWire, tools: [{ name: drinkWire, inputSchema: drink?.inputSchema }] });
    expect(String(blind.errors)).toContain('new_preferences');
    // The tools that ran are the real ones, with the model's arguments.
    expect(session.executed).toEqual([
      { name: 'ChaDri.change_drink', args: drinkArgs },
      { name: 'orders:get_status', args: { order_id: '42' } },
    ]);
    expect(session.answers.flatMap((answer) => ('outcome' in answer && answer.outcome.ok ? [answer.outcome.name] : []))).toEqual([
      'ChaDri.change_drink',
      'orders:get_status',
    ]);
  });

  it.each(APIS.flatMap(({ api, model }) => (['full', 'compact'] as const).map((listing: ToolListing) => ({ api, model, listing }))))(
    'lists stubs the model calls directly on $api ($model) with the $listing listing, tools byte-identical',
    async ({ api, model, listing }) => {
      const drinkWire = wireNameOf(api, 'ChaDri.change_drink');
      const ordersWire = wireNameOf(api, 'orders:get_status');
      const session = await runSession(
        api,
        model,
        [
          { calls: [{ name: 'tool_search', args: { query: 'change my drink order' } }] },
          {
            calls: [
              { name: drinkWire, args: drinkArgs },
              { name: ordersWire, args: { order_id: '42' } },
            ],
          },
          { text: 'Your latte is now large and hot; order 42 is on its way.' },
        ],
        { listing },
      );
      expect(session.plan).toMatchObject({ mechanism: 'client', listing, reveal: 'conversation' });
      expect(session.requests).toHaveLength(3);
      expect(session.warnings).toEqual([]);
      expectSameToolsAndSystem(api, session.requests);
      const scripted = SCRIPTED_MODEL_APIS[api];
      expect(scripted.toolNamesOf(session.requests[0] as Item)).toEqual(['tool_search', ...SESSION_CATALOG.map((tool) => wireNameOf(api, tool.name))]);
      expect(JSON.stringify(scripted.toolsOf(session.requests[2] as Item))).toContain(JSON.stringify(STUB_INPUT_SCHEMA).slice(1, -1));
      expect(JSON.stringify(scripted.toolsOf(session.requests[2] as Item))).not.toContain('sweetness_level');
      expect(session.executed).toEqual([
        { name: 'ChaDri.change_drink', args: drinkArgs },
        { name: 'orders:get_status', args: { order_id: '42' } },
      ]);
    },
  );
});
