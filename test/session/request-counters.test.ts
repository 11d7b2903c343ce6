/**
 * What one `prepare` and one `tool_search` call cost on each session factory, counted (issue 25): a body without tools
 * parses no catalog tool, checks the plan once and walks the history once; a `select:` query is parsed once per call.
 *
 * The tools and the history are real values behind Proxies that count reads: a tool's name and schema fields (what a
 * parse reads), and the first item of the history list (what every walk of it reads; the history has four items, so
 * reading the newest one alone is no walk). The plan check and the `select:` parse are counted inside, by wrapping the
 * real `parseToolSearchPlan` and `parseToolSelection` (spies around the real functions, not mocks): this file runs in
 * a module graph of its own (the `isolated` project in vitest.config.ts), so the wrappers are the ones every module sees.
 */
import { describe, expect, it, vi } from 'vitest';

const counts = vi.hoisted(() => ({ planChecks: 0, selections: 0 }));

vi.mock('../../src/plan/parse-tool-search-plan.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/plan/parse-tool-search-plan.js')>();
  return {
    ...real,
    parseToolSearchPlan: (value: unknown) => {
      counts.planChecks += 1;
      return real.parseToolSearchPlan(value);
    },
  };
});

vi.mock('../../src/search/parse-tool-selection.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/search/parse-tool-selection.js')>();
  return {
    ...real,
    parseToolSelection: (query: string) => {
      counts.selections += 1;
      return real.parseToolSelection(query);
    },
  };
});

import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/index.js';
import { createBedrockConverseToolSearch } from '../../src/providers/bedrock/index.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/index.js';
import { createOpenAIChatToolSearch, createOpenAIResponsesToolSearch } from '../../src/providers/openai/index.js';

const NAMES = Array.from({ length: 24 }, (_, index) => `tool_${index}`);
const SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const SELECT = 'select:tool_3';
const client = { mechanism: 'client', threshold: 1 } as const;

/** Reads the Proxies below counted since the last `reset`. */
const reads = { tools: 0, walks: 0 };

/** A tool whose `fields` (its name and schema, as its API writes them) count a read each time they are read. */
function countedTool<Tool extends object>(tool: Tool, fields: readonly string[]): Tool {
  return new Proxy(tool, {
    get(target, key, receiver) {
      if (typeof key === 'string' && fields.includes(key)) reads.tools += 1;
      return Reflect.get(target, key, receiver);
    },
  });
}

/** A history list whose walks count: every walk (a loop, `map`, `some`, a spread) reads its first item. */
function countedHistory<Item>(items: Item[]): Item[] {
  return new Proxy(items, {
    get(target, key, receiver) {
      if (key === '0') reads.walks += 1;
      return Reflect.get(target, key, receiver);
    },
  });
}

interface Agent {
  prepare(body: object, options: { sessionId: string }): Promise<{ handle(response: unknown, runTool: () => unknown): Promise<unknown> }>;
}

/** One factory: the agent (its tools counted), a body without tools whose history has an answered search, and a response that searches with `select:`. */
interface Wire {
  readonly name: string;
  create(): Agent;
  body(): object;
  readonly response: unknown;
}

const WIRES: readonly Wire[] = [
  {
    name: 'createAnthropicMessagesToolSearch',
    create: () =>
      createAnthropicMessagesToolSearch({
        tools: NAMES.map((name) => countedTool({ name, description: `Does ${name}.`, input_schema: SCHEMA }, ['name', 'input_schema'])),
        config: client,
      }) as unknown as Agent,
    body: () => ({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      messages: countedHistory<unknown>([
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'tool_search', input: { query: SELECT } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'found' }] },
        { role: 'user', content: 'And tomorrow?' },
      ]),
    }),
    response: { stop_reason: 'tool_use', content: [{ type: 'tool_use', id: 't2', name: 'tool_search', input: { query: SELECT } }] },
  },
  {
    name: 'createOpenAIResponsesToolSearch',
    create: () =>
      createOpenAIResponsesToolSearch({
        tools: NAMES.map((name) =>
          countedTool({ type: 'function' as const, name, description: `Does ${name}.`, parameters: SCHEMA, strict: false }, ['name', 'parameters']),
        ),
        config: client,
      }) as unknown as Agent,
    body: () => ({
      model: 'gpt-4.1',
      input: countedHistory<unknown>([
        { role: 'user', content: 'Weather?' },
        { type: 'function_call', call_id: 'c1', name: 'tool_search', arguments: JSON.stringify({ query: SELECT }) },
        { type: 'function_call_output', call_id: 'c1', output: 'found' },
        { role: 'user', content: 'And tomorrow?' },
      ]),
    }),
    response: { output: [{ type: 'function_call', call_id: 'c2', name: 'tool_search', arguments: JSON.stringify({ query: SELECT }) }] },
  },
  {
    name: 'createOpenAIChatToolSearch',
    create: () =>
      createOpenAIChatToolSearch({
        tools: NAMES.map((name) => ({
          type: 'function' as const,
          function: countedTool({ name, description: `Does ${name}.`, parameters: SCHEMA }, ['name', 'parameters']),
        })),
        config: client,
      }) as unknown as Agent,
    body: () => ({
      model: 'gpt-4.1',
      messages: countedHistory<unknown>([
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'tool_search', arguments: JSON.stringify({ query: SELECT }) } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'found' },
        { role: 'user', content: 'And tomorrow?' },
      ]),
    }),
    response: {
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c2', type: 'function', function: { name: 'tool_search', arguments: JSON.stringify({ query: SELECT }) } }],
          },
        },
      ],
    },
  },
  {
    name: 'createGeminiToolSearch',
    create: () =>
      createGeminiToolSearch({
        tools: [
          {
            functionDeclarations: NAMES.map((name) =>
              countedTool({ name, description: `Does ${name}.`, parametersJsonSchema: SCHEMA }, ['name', 'parametersJsonSchema']),
            ),
          },
        ],
        config: client,
      }) as unknown as Agent,
    body: () => ({
      model: 'gemini-2.5-flash',
      contents: countedHistory<unknown>([
        { role: 'user', parts: [{ text: 'Weather?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'tool_search', args: { query: SELECT } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'tool_search', response: { output: 'found' } } }] },
        { role: 'user', parts: [{ text: 'And tomorrow?' }] },
      ]),
    }),
    response: { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'tool_search', args: { query: SELECT } } }] } }] },
  },
  {
    name: 'createBedrockConverseToolSearch',
    create: () =>
      createBedrockConverseToolSearch({
        tools: NAMES.map((name) => ({ toolSpec: countedTool({ name, description: `Does ${name}.`, inputSchema: { json: SCHEMA } }, ['name', 'inputSchema']) })),
        config: client,
      }) as unknown as Agent,
    body: () => ({
      modelId: 'us.amazon.nova-pro-v1:0',
      messages: countedHistory<unknown>([
        { role: 'user', content: [{ text: 'Weather?' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'tool_search', input: { query: SELECT } } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [{ text: 'found' }] } }] },
        { role: 'user', content: [{ text: 'And tomorrow?' }] },
      ]),
    }),
    response: {
      stopReason: 'tool_use',
      output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't2', name: 'tool_search', input: { query: SELECT } } }] } },
    },
  },
];

/** The counts of one `prepare` of the wire's body (the agent made and warmed up first), and of answering its response. */
async function countRequest(wire: Wire) {
  const agent = wire.create();
  // The first request resolves and checks the agent's plan for the model: what later requests reuse.
  await agent.prepare(wire.body(), { sessionId: 'warm-up' });
  const body = wire.body();
  Object.assign(reads, { tools: 0, walks: 0 });
  counts.planChecks = 0;
  const request = await agent.prepare(body, { sessionId: 'session' });
  const prepared = { toolParses: reads.tools, planChecks: counts.planChecks, historyWalks: reads.walks };
  counts.selections = 0;
  await request.handle(wire.response, () => 'sunny');
  return { ...prepared, selectParses: counts.selections };
}

describe.each(WIRES)('$name', (wire) => {
  it('prepares a body without tools parsing no catalog tool and checking the plan once', async () => {
    const counted = await countRequest(wire);
    expect(counted.toolParses).toBe(0);
    expect(counted.planChecks).toBe(1);
  });

  // The codec's read walks the history once (readNeutralHistory: names, outputs, the pairing of results with calls, the
  // items the write must visit), and the write visits only those items.
  it('walks the history once per prepare', async () => {
    expect((await countRequest(wire)).historyWalks).toBe(1);
  });

  // createToolSearchTool parses the query (parseToolSelection) and hands the index the names (`ToolIndex.select`).
  it('parses a select: query once per tool_search call', async () => {
    expect((await countRequest(wire)).selectParses).toBe(1);
  });
});
