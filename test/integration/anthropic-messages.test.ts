import { SEED_NOTE, withSeedBehaviour } from '../support/tools.js';
/**
 * The Anthropic Messages transformer against the official SDK: `@anthropic-ai/sdk` sends every request to a local
 * server on 127.0.0.1 that plays the API. The server rejects (HTTP 400, as the API would) any request that breaks a
 * preflight rule or the expected plan, so the SDK call fails, and so does the test. Each scenario is a three-turn
 * agent loop that appends the model's turns the way the SDK's types describe and transforms every request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlock, ContentBlockParam, Message, MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_NAME } from '../../src/tools/tool-search-tool-definition.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { isValidToolName } from '../../src/names/create-tool-name-mapping.js';
import { ANTHROPIC_MESSAGES_TOOL_NAME_RULE, ANTHROPIC_TOOL_SEARCH_TOOLS } from '../../src/providers/anthropic/anthropic-messages-api.js';
import { parseAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { transformAnthropicMessagesRequest, type TransformAnthropicMessagesRequestOptions } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { anthropicTool, anthropicTools, readAnthropicFixture, toAnthropicTool } from '../support/anthropic-messages-bodies.js';

type Request = MessageCreateParamsNonStreaming;
type Tools = Record<string, unknown>[];
type Blocks = Record<string, unknown>[];

/** One scripted turn of the fake API: what the request must satisfy, and the response. */
interface Turn {
  readonly check: (request: Request) => void;
  readonly response?: Message;
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Starts the fake Messages API for a script of turns and returns an SDK client pointed at it. */
async function startFakeAPI(turns: readonly Turn[]): Promise<Anthropic> {
  server = await startLocalServer((request, index) => {
    if (request.method !== 'POST' || request.path !== '/v1/messages') throw new Error(`unexpected ${request.method} ${request.path}`);
    const body = request.body as Request;
    // The API's own checks first: a violation is the 400 the real API would send.
    const preflight = preflightAnthropicMessagesRequest(body);
    if (!preflight.ok) throw new Error(preflight.violations.map((violation) => `${violation.path}: ${violation.message}`).join('; '));
    const turn = turns[index];
    if (turn === undefined) throw new Error(`unexpected request #${index + 1}`);
    turn.check(body);
    if (turn.response === undefined) throw new Error(`request #${index + 1} was expected to be rejected`);
    return { body: turn.response };
  });
  return new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 });
}

/** A Messages API response, as the SDK's `Message` type describes it. */
function reply(content: unknown[], stopReason: Message['stop_reason']): Message {
  return {
    id: `msg_${stopReason}_${content.length}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-opus-4-8',
    content: content as ContentBlock[],
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  } as Message;
}

const tools = (request: Request) => request.tools as unknown as Tools;
const byName = (request: Request, name: string) => tools(request).find((tool) => tool.name === name);
const content = (request: Request, index: number) => (request.messages[index] as MessageParam).content as unknown as Blocks;

/** The agent loop: transform, send, append the response unchanged, run every `tool_use` by its original name. */
class AgentLoop {
  readonly history: MessageParam[];
  readonly calls: { name: string; input: unknown }[] = [];
  lastWarnings: readonly { code: string; message: string }[] = [];

  constructor(
    private readonly client: Anthropic,
    question: string,
    private readonly run: (name: string, input: unknown) => Promise<string> | string,
    private readonly storeOriginalNames = false,
  ) {
    this.history = [{ role: 'user', content: question }];
  }

  async turn(base: Omit<Request, 'messages'>, config: ToolSearchConfigInput, options: TransformAnthropicMessagesRequestOptions = {}): Promise<Message> {
    const body: Request = { ...base, messages: this.history };
    const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), withSeedBehaviour(config));
    const { body: request, names, warnings } = transformAnthropicMessagesRequest(body, plan, options);
    this.lastWarnings = warnings;
    const message = await this.client.messages.create(request);
    // "Pass the assistant's content back unchanged": the SDK's response blocks are valid request blocks. A runtime
    // that keeps tool calls under its own names may store them so; the transformer maps them again.
    const assistant: ContentBlockParam[] = this.storeOriginalNames
      ? message.content.map((block) => (block.type === 'tool_use' ? { ...block, name: names.fromWire(block.name) } : block))
      : message.content;
    this.history.push({ role: 'assistant', content: assistant });
    const results: ContentBlockParam[] = [];
    for (const block of message.content) {
      if (block.type !== 'tool_use') continue;
      const name = names.fromWire(block.name);
      this.calls.push({ name, input: block.input });
      results.push({ type: 'tool_result', tool_use_id: block.id, content: await this.run(name, block.input) });
    }
    if (results.length > 0) this.history.push({ role: 'user', content: results });
    return message;
  }
}

const documentedTurn = readAnthropicFixture<Message>('hosted-search-response.json');
const weatherTool = anthropicTool('get_weather', {
  description: 'Get current weather for a location',
  input_schema: {
    type: 'object',
    properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['location'],
  },
});
const forecastTool = anthropicTool('get_forecast', {
  description: 'Get the weather forecast for the next days',
  input_schema: { type: 'object', properties: { location: { type: 'string' }, days: { type: 'integer' } }, required: ['location'] },
});
const readFile = anthropicTool('read_file');
const catalogTools = [readFile, weatherTool, forecastTool, ...anthropicTools(17, 'crm')];
const catalog: ToolDefinition[] = parseAnthropicMessagesTools({ tools: catalogTools });
const weatherResult = (name: string) => (name === 'get_weather' ? '18°C, fog' : name === 'get_forecast' ? 'sunny tomorrow' : 'ok');

describe('Anthropic Messages through @anthropic-ai/sdk', () => {
  it('runs a three-turn hosted search loop (the documented example), and shows what happens when a referenced tool is dropped', async () => {
    const hostedTurn2 = reply(
      [
        { type: 'text', text: 'Let me also check the forecast.' },
        { type: 'server_tool_use', id: 'srvtoolu_02DEF456', name: 'tool_search_tool_regex', input: { pattern: 'forecast' }, caller: { type: 'direct' } },
        {
          type: 'tool_search_tool_result',
          tool_use_id: 'srvtoolu_02DEF456',
          content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'get_forecast' }] },
        },
        { type: 'tool_use', id: 'toolu_02FORE', name: 'get_forecast', input: { location: 'San Francisco', days: 2 }, caller: { type: 'direct' } },
      ],
      'tool_use',
    );
    const serverBlocks = (request: Request, index: number) =>
      JSON.stringify(content(request, index).filter((block) => String(block.type).startsWith('server_tool_use') || block.type === 'tool_search_tool_result'));
    const expectedBlocks = (message: Message) =>
      JSON.stringify(message.content.filter((block) => block.type === 'server_tool_use' || block.type === 'tool_search_tool_result'));
    const client = await startFakeAPI([
      {
        check: (request) => {
          expect(tools(request)[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.regex);
          expect(byName(request, 'get_weather')).toEqual({ ...weatherTool, defer_loading: true });
          expect(byName(request, 'read_file')).toEqual(readFile);
        },
        response: documentedTurn,
      },
      {
        check: (request) => {
          expect(tools(request)[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.regex);
          expect(serverBlocks(request, 1)).toBe(expectedBlocks(documentedTurn));
          expect(content(request, 1)).toEqual(documentedTurn.content);
          expect(content(request, 2)).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_01XYZ789', content: '18°C, fog' }]);
          expect(byName(request, 'get_weather')?.defer_loading).toBe(true);
        },
        response: hostedTurn2,
      },
      // Turn 3, first attempt: the caller dropped `get_weather` from its tools and passed no catalog. The fake API's
      // preflight rejects it exactly as the real one would; `check` is never reached.
      { check: () => undefined },
      {
        check: (request) => {
          expect(tools(request)[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.regex);
          expect(tools(request).at(-1)).toEqual({ ...weatherTool, defer_loading: true });
          expect(serverBlocks(request, 1)).toBe(expectedBlocks(documentedTurn));
          expect(serverBlocks(request, 3)).toBe(expectedBlocks(hostedTurn2));
        },
        response: reply([{ type: 'text', text: 'San Francisco: 18°C and foggy now, sunny tomorrow.' }], 'end_turn'),
      },
    ]);

    const loop = new AgentLoop(client, 'What is the weather in San Francisco?', weatherResult);
    const base = { model: 'claude-opus-4-8', max_tokens: 1024, tools: catalogTools };
    const config: ToolSearchConfigInput = { neverDefer: ['read_file'] };
    const first = await loop.turn(base, config, { searchTool: 'regex' });
    expect(first.stop_reason).toBe('tool_use');
    expect(loop.lastWarnings).toEqual([]);
    // The loop answered the toolu_ call only, never the srvtoolu_ one.
    expect(loop.history[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01XYZ789', content: '18°C, fog' }] });
    await loop.turn(base, config, { searchTool: 'regex' });
    expect(loop.calls.map((call) => call.name)).toEqual(['get_weather', 'get_forecast']);

    const withoutWeather = { ...base, tools: catalogTools.filter((tool) => tool !== weatherTool) };
    const rejected = loop.turn(withoutWeather, config, { searchTool: 'regex' });
    await expect(rejected).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(rejected).rejects.toThrow(/Tool reference 'get_weather' not found in available tools/);
    expect(loop.lastWarnings.map((warning) => warning.code)).toEqual(['history-tool-undefined']);

    const last = await loop.turn(withoutWeather, config, { searchTool: 'regex', catalog });
    expect(last.stop_reason).toBe('end_turn');
    expect(loop.lastWarnings.map((warning) => warning.code)).toEqual(['tool-restored']);
    expect(server?.requests).toHaveLength(4);
  });

  it.each(['claude-3-5-haiku-20241022', 'anthropic/claude-sonnet-4-5'])('runs a three-turn client-side tool_search loop for %s', async (model) => {
    const store = createMemoryRevealStore();
    const search = createToolSearchTool({ tools: catalog, store });
    const sessionId = `session-${model}`;
    const system: Request['system'] = [{ type: 'text', text: 'You are a weather assistant.', cache_control: { type: 'ephemeral' } }];
    const guidanceBlocks = (request: Request) => (request.system as { text: string }[]).filter((block) => block.text.includes(TOOL_SEARCH_GUIDANCE));
    const client = await startFakeAPI([
      {
        check: (request) => {
          expect(
            tools(request)
              .map((tool) => tool.name)
              .slice(0, 2),
          ).toEqual(['read_file', TOOL_SEARCH_TOOL_NAME]);
          expect(byName(request, 'get_weather')).toEqual({ name: 'get_weather', description: weatherTool.description, input_schema: STUB_INPUT_SCHEMA });
          expect(tools(request).some((tool) => 'defer_loading' in tool || String(tool.type).startsWith('tool_search_tool'))).toBe(false);
          expect(request.system).toEqual([...(system as unknown[]), { type: 'text', text: SEED_NOTE }]);
        },
        response: reply(
          [{ type: 'tool_use', id: 'toolu_c1', name: TOOL_SEARCH_TOOL_NAME, input: { query: 'current weather for a location' }, caller: { type: 'direct' } }],
          'tool_use',
        ),
      },
      {
        check: (request) => {
          expect(byName(request, 'get_weather')).toEqual(weatherTool);
          expect(guidanceBlocks(request)).toHaveLength(1);
        },
        response: reply([{ type: 'tool_use', id: 'toolu_c2', name: 'get_weather', input: { location: 'Paris' }, caller: { type: 'direct' } }], 'tool_use'),
      },
      {
        check: (request) => {
          // The store below is empty (a restart): the reveal comes back from the tool_search result in the history.
          expect(byName(request, 'get_weather')).toEqual(weatherTool);
          expect(content(request, 3)).toEqual([
            { type: 'tool_use', id: 'toolu_c2', name: 'get_weather', input: { location: 'Paris' }, caller: { type: 'direct' } },
          ]);
        },
        response: reply([{ type: 'text', text: 'Paris: 18°C and foggy.' }], 'end_turn'),
      },
    ]);

    const loop = new AgentLoop(client, 'What is the weather in Paris?', async (name, input) =>
      name === TOOL_SEARCH_TOOL_NAME ? formatToolSearchResult(await search.execute(input, { sessionId })) : weatherResult(name),
    );
    const base = { model, max_tokens: 1024, system, tools: catalogTools };
    const config: ToolSearchConfigInput = { neverDefer: ['read_file'] };
    await loop.turn(base, config, { revealed: await store.get(sessionId) });
    expect(await store.get(sessionId)).toContain('get_weather');
    await loop.turn(base, config, { revealed: await store.get(sessionId) });
    const last = await loop.turn(base, config, { revealed: await createMemoryRevealStore().get(sessionId) });
    expect(last.stop_reason).toBe('end_turn');
    expect(loop.calls.map((call) => call.name)).toEqual([TOOL_SEARCH_TOOL_NAME, 'get_weather']);
  });

  it('maps dotted BFCL names to valid wire names and the calls back, over three turns', async () => {
    const bfcl = readAnthropicFixture<ToolDefinition[]>('bfcl-tools.json');
    const hostedSearch = (id: string, query: string, toolName: string, toolId: string, input: unknown) =>
      reply(
        [
          { type: 'server_tool_use', id, name: 'tool_search_tool_bm25', input: { query }, caller: { type: 'direct' } },
          {
            type: 'tool_search_tool_result',
            tool_use_id: id,
            content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: toolName }] },
          },
          { type: 'tool_use', id: toolId, name: toolName, input, caller: { type: 'direct' } },
        ],
        'tool_use',
      );
    const turn1 = hostedSearch('srvtoolu_b1', 'change my drink order', 'ChaDri_change_drink', 'toolu_b1', {
      drink_id: 'latte-1',
      new_preferences: { size: 'large' },
    });
    const turn2 = hostedSearch('srvtoolu_b2', 'book a ride', 'uber_ride', 'toolu_b2', { loc: '123 Main St, San Francisco, CA', type: 'plus', time: 10 });
    const client = await startFakeAPI([
      {
        check: (request) => {
          for (const tool of tools(request)) expect(isValidToolName(String(tool.name), ANTHROPIC_MESSAGES_TOOL_NAME_RULE)).toBe(true);
          expect(byName(request, 'ChaDri_change_drink')).toMatchObject({ defer_loading: true, input_schema: bfcl[0]?.inputSchema });
        },
        response: turn1,
      },
      {
        check: (request) => {
          // The loop stored the call under its original name; the request carries the wire name again.
          expect(content(request, 1)).toEqual(turn1.content);
          expect(byName(request, 'ChaDri_change_drink')).toBeDefined();
        },
        response: turn2,
      },
      {
        check: (request) => {
          expect(content(request, 1)).toEqual(turn1.content);
          expect(content(request, 3)).toEqual(turn2.content);
        },
        response: reply([{ type: 'text', text: 'Your latte is now large and a ride is on its way.' }], 'end_turn'),
      },
    ]);
    const loop = new AgentLoop(client, 'Make my latte large and get me an Uber Plus within 10 minutes.', () => 'done', true);
    const base = { model: 'claude-sonnet-4-6', max_tokens: 1024, tools: bfcl.map(toAnthropicTool) };
    await loop.turn(base, {});
    expect((loop.history[1]?.content as unknown as Blocks)[2]?.name).toBe('ChaDri.change_drink');
    await loop.turn(base, {});
    await loop.turn(base, {});
    expect(loop.calls.map((call) => call.name)).toEqual(['ChaDri.change_drink', 'uber.ride']);
  });
});
