/**
 * One agent's tools are parsed once per agent, and a request's own tools once per request, whatever the entry point.
 * Counted without mocks: the tools are real objects behind a Proxy that counts reads of one field, and every reader of
 * a tool list (a parse) reads that field of every tool once.
 */
import { describe, expect, it } from 'vitest';
import { jsonSchema, tool as aiTool } from 'ai';
import { createToolSearch } from '../../src/session/create-tool-search.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';
import { transformOpenAIResponsesRequest } from '../../src/providers/openai/index.js';
import { createOpenAIChatToolSearch } from '../../src/providers/openai/create-openai-chat-tool-search.js';
import { transformOpenAIChatRequest } from '../../src/providers/openai/index.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/create-gemini-tool-search.js';
import { transformGeminiRequest } from '../../src/providers/gemini/index.js';
import { createBedrockConverseToolSearch } from '../../src/providers/bedrock/create-bedrock-converse-tool-search.js';
import { transformBedrockConverseRequest } from '../../src/providers/bedrock/index.js';
import { parseBedrockConverseTools } from '../../src/providers/bedrock/index.js';
import { parseAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { parseOpenAIResponsesTools } from '../../src/providers/openai/parse-openai-responses-tools.js';
import { parseOpenAIChatTools } from '../../src/providers/openai/index.js';
import { parseGeminiTools } from '../../src/providers/gemini/index.js';
import { createAISDKToolSearch } from '../../src/integrations/ai-sdk/create-ai-sdk-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import type { ToolNameMapping } from '../../src/names/create-tool-name-mapping.js';

const NAMES = Array.from({ length: 24 }, (_, index) => `tool_${index}`);
const SCHEMA = { type: 'object', properties: { city: { type: 'string', description: 'The city' } }, required: ['city'] };

/** Reads of `field` on the objects `count` wrapped, in total. */
interface Counter {
  count<T extends object>(value: T): T;
  readonly reads: number;
}

function createCounter(field: string): Counter {
  let reads = 0;
  return {
    count: (value) =>
      new Proxy(value, {
        get(target, key, receiver) {
          if (key === field) reads += 1;
          return Reflect.get(target, key, receiver);
        },
      }),
    get reads() {
      return reads;
    },
  };
}

/** One session-API factory: its tools (each tool's `name` counted), a body, and a response calling tools. */
interface Wire {
  readonly name: string;
  /** The agent's tools, each wrapped by `count` where the API writes the tool's name. */
  tools(count: Counter['count']): unknown[];
  create(tools: unknown[]): { prepare(body: object, options: { sessionId: string }): Promise<Prepared> };
  body(tools: unknown[] | undefined): object;
  /** The API's transformer alone on a body, with the plan the session used (the wire writer's own reads). */
  transform(body: object, plan: ToolSearchPlan, catalog: readonly unknown[]): unknown;
  /** The API's public reader alone on a body (what a plan for the body's own tools needs). */
  parse(body: object): unknown;
  /** A response that searches and calls a tool (`toWire` maps the package's names). */
  response(names: Pick<ToolNameMapping, 'toWire'>): unknown;
}

interface Prepared {
  readonly plan: ToolSearchPlan;
  readonly names: ToolNameMapping;
  handle(response: never, runTool: (name: string) => unknown): Promise<unknown>;
}

const query = JSON.stringify({ query: 'tool 3' });
const call = JSON.stringify({ city: 'Paris' });
const messages = [{ role: 'user', content: 'Weather in Paris?' }];
const client = { mechanism: 'client', threshold: 1 } as const;

const WIRES: Wire[] = [
  {
    name: 'createAnthropicMessagesToolSearch',
    tools: (count) => NAMES.map((name) => count({ name, description: `Does ${name}.`, input_schema: SCHEMA })),
    create: (tools) => createAnthropicMessagesToolSearch({ tools: tools as never, config: client }) as never,
    body: (tools) => ({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, ...(tools === undefined ? {} : { tools }) }),
    transform: (body, plan) => transformAnthropicMessagesRequest(body as never, plan),
    parse: parseAnthropicMessagesTools,
    response: (names) => ({
      stop_reason: 'tool_use',
      content: [
        { type: 'tool_use', id: 'toolu_1', name: names.toWire('tool_search'), input: JSON.parse(query) },
        { type: 'tool_use', id: 'toolu_2', name: names.toWire('tool_3'), input: JSON.parse(call) },
      ],
    }),
  },
  {
    name: 'createOpenAIResponsesToolSearch',
    tools: (count) => NAMES.map((name) => count({ type: 'function', name, description: `Does ${name}.`, parameters: SCHEMA, strict: false })),
    create: (tools) => createOpenAIResponsesToolSearch({ tools: tools as never, config: client }) as never,
    body: (tools) => ({ model: 'gpt-4.1', input: messages, ...(tools === undefined ? {} : { tools }) }),
    transform: (body, plan) => transformOpenAIResponsesRequest(body, plan),
    parse: parseOpenAIResponsesTools,
    response: (names) => ({
      output: [
        { type: 'function_call', call_id: 'call_1', name: names.toWire('tool_search'), arguments: query },
        { type: 'function_call', call_id: 'call_2', name: names.toWire('tool_3'), arguments: call },
      ],
    }),
  },
  {
    name: 'createOpenAIChatToolSearch',
    tools: (count) => NAMES.map((name) => ({ type: 'function', function: count({ name, description: `Does ${name}.`, parameters: SCHEMA }) })),
    create: (tools) => createOpenAIChatToolSearch({ tools: tools as never, config: client }) as never,
    body: (tools) => ({ model: 'gpt-4.1', messages, ...(tools === undefined ? {} : { tools }) }),
    transform: (body, plan) => transformOpenAIChatRequest(body, plan),
    parse: parseOpenAIChatTools,
    response: (names) => ({
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: names.toWire('tool_search'), arguments: query } },
              { id: 'call_2', type: 'function', function: { name: names.toWire('tool_3'), arguments: call } },
            ],
          },
        },
      ],
    }),
  },
  {
    name: 'createGeminiToolSearch',
    tools: (count) => [{ functionDeclarations: NAMES.map((name) => count({ name, description: `Does ${name}.`, parametersJsonSchema: SCHEMA })) }],
    create: (tools) => createGeminiToolSearch({ tools: tools as never, config: client }) as never,
    body: (tools) => ({
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }],
      ...(tools === undefined ? {} : { config: { tools } }),
    }),
    transform: (body, plan) => transformGeminiRequest(body, plan),
    parse: parseGeminiTools,
    response: (names) => ({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { functionCall: { name: names.toWire('tool_search'), args: JSON.parse(query) } },
              { functionCall: { name: names.toWire('tool_3'), args: JSON.parse(call) } },
            ],
          },
        },
      ],
    }),
  },
  {
    name: 'createBedrockConverseToolSearch',
    tools: (count) => NAMES.map((name) => ({ toolSpec: count({ name, description: `Does ${name}.`, inputSchema: { json: SCHEMA } }) })),
    create: (tools) => createBedrockConverseToolSearch({ tools: tools as never, config: client }) as never,
    body: (tools) => ({
      modelId: 'us.amazon.nova-pro-v1:0',
      messages: [{ role: 'user', content: [{ text: 'Weather in Paris?' }] }],
      ...(tools === undefined ? {} : { toolConfig: { tools } }),
    }),
    transform: (body, plan) => transformBedrockConverseRequest(body, plan),
    parse: parseBedrockConverseTools,
    response: (names) => ({
      stopReason: 'tool_use',
      output: {
        message: {
          role: 'assistant',
          content: [
            { toolUse: { toolUseId: 'tooluse_1', name: names.toWire('tool_search'), input: JSON.parse(query) } },
            { toolUse: { toolUseId: 'tooluse_2', name: names.toWire('tool_3'), input: JSON.parse(call) } },
          ],
        },
      },
    }),
  },
];

const REQUESTS = 4;

describe('one catalog per agent', () => {
  describe.each(WIRES)('$name', (wire) => {
    it("parses the agent's tools once, when it is created, whatever its requests send", async () => {
      const agentTools = createCounter('name');
      const requestTools = createCounter('name');
      const agent = wire.create(wire.tools(agentTools.count));
      expect(agentTools.reads).toBe(NAMES.length);
      for (let turn = 0; turn < REQUESTS; turn += 1) {
        // Each request sends its own copies of the tools, so what reads them is told apart from a read of the agent's.
        const request = await agent.prepare(wire.body(wire.tools(requestTools.count)), { sessionId: `session-${turn % 2}` });
        await request.handle(wire.response(request.names) as never, () => 'sunny');
      }
      expect(agentTools.reads).toBe(NAMES.length);
    });

    it("reads a request's own tools once: the plan and the transformer share one read", async () => {
      const agent = wire.create(wire.tools((tool) => tool));
      for (let turn = 0; turn < REQUESTS; turn += 1) {
        const sent = createCounter('name');
        const request = await agent.prepare(wire.body(wire.tools(sent.count)), { sessionId: 'session' });
        await request.handle(wire.response(request.names) as never, () => 'sunny');
        // What the transformer alone reads (its read of the tools, then its writing of them)...
        const written = createCounter('name');
        wire.transform(wire.body(wire.tools(written.count)), request.plan, []);
        // ...holds one read of every tool (the reader alone reads each tool's name once)...
        const parsed = createCounter('name');
        wire.parse(wire.body(wire.tools(parsed.count)));
        expect(parsed.reads).toBe(NAMES.length);
        expect(written.reads).toBeGreaterThanOrEqual(parsed.reads);
        // ...and is all that prepare reads: a second read of the body's tools (for the plan) would add NAMES.length.
        expect(sent.reads).toBe(written.reads);
      }
    });

    it('reads the tools of each body a direct caller transforms, even one a session is preparing', async () => {
      const agent = wire.create(wire.tools((tool) => tool));
      const sent = createCounter('name');
      const body = wire.body(wire.tools(sent.count));
      const request = await agent.prepare(body, { sessionId: 'session' });
      const afterPrepare = sent.reads;
      // The read a session kept is forgotten when prepare settles: a direct transform of the same body reads it anew.
      wire.transform(body, request.plan, []);
      const written = createCounter('name');
      wire.transform(wire.body(wire.tools(written.count)), request.plan, []);
      expect(sent.reads - afterPrepare).toBe(written.reads);
    });

    it("sends a body without tools with the agent's tools, parsing none of them again (they were read when the agent was made)", async () => {
      const agentTools = createCounter('name');
      const agent = wire.create(wire.tools(agentTools.count));
      for (let turn = 0; turn < REQUESTS; turn += 1) {
        const before = agentTools.reads;
        const request = await agent.prepare(wire.body(undefined), { sessionId: 'session' });
        await request.handle(wire.response(request.names) as never, () => 'sunny');
        expect(agentTools.reads - before).toBe(0);
      }
    });
  });

  describe('createToolSearch', () => {
    it('parses its tools once and builds the search index once, over plans for several models, searches and calls', async () => {
      // `server` is read by the parse and by the index build (its search text), nothing else.
      const server = createCounter('server');
      const tools = NAMES.map((name) => server.count({ name, description: `Does ${name}.`, inputSchema: SCHEMA, server: 'weather' }));
      const indexAlone = createCounter('server');
      createToolIndex(NAMES.map((name) => indexAlone.count({ name, description: `Does ${name}.`, inputSchema: SCHEMA, server: 'weather' })));
      const toolSearch = createToolSearch({ tools, config: client });
      // One parse and one index build: what `createToolIndex` alone reads.
      expect(server.reads).toBe(indexAlone.reads);
      for (const id of ['gpt-4.1', 'gpt-5.4', 'claude-sonnet-4-5', 'gemini-2.5-flash']) {
        for (const api of ['openai-chat', 'gemini'] as const) {
          const plan = toolSearch.resolvePlan({ id, api });
          await toolSearch.handleToolCall({ name: 'tool_search', arguments: query }, { sessionId: id, plan });
          await toolSearch.handleToolCall({ name: 'tool_3', arguments: call }, { sessionId: id, plan });
        }
      }
      expect(server.reads).toBe(indexAlone.reads);
    });

    it("reads a request's own tool list once per plan it resolves", () => {
      const server = createCounter('server');
      const tools = NAMES.map((name) => server.count({ name, description: `Does ${name}.`, inputSchema: SCHEMA, server: 'weather' }));
      const toolSearch = createToolSearch({ tools, config: client });
      const before = server.reads;
      toolSearch.resolvePlan({ id: 'gpt-4.1', api: 'openai-chat' }, tools.slice(0, 10));
      expect(server.reads - before).toBe(10);
    });
  });

  describe('createAISDKToolSearch', () => {
    it("reads the tool set's schemas when the first request is prepared, and never again over models, sessions and calls", async () => {
      const schemas = createCounter('inputSchema');
      const tools = Object.fromEntries(
        NAMES.map((name) => [
          name,
          schemas.count(
            aiTool({ description: `Does ${name}.`, inputSchema: jsonSchema(SCHEMA as Parameters<typeof jsonSchema>[0]), execute: async () => 'sunny' }),
          ),
        ]),
      );
      const toolSearch = createAISDKToolSearch({ tools, config: client });
      await toolSearch.prepare('gpt-4.1', { sessionId: 'first' });
      const afterFirst = schemas.reads;
      for (const model of ['gpt-4.1', 'claude-sonnet-4-5', 'gemini-2.5-flash']) {
        for (const sessionId of ['a', 'b']) {
          const settings = await toolSearch.prepare(model, { sessionId });
          const search = (settings.tools as Record<string, { execute: (input: unknown, options: unknown) => Promise<unknown> }>).tool_search;
          await search?.execute({ query: 'tool 3' }, { toolCallId: 'call_1', messages: [] });
        }
      }
      expect(schemas.reads).toBe(afterFirst);
    });
  });
});
