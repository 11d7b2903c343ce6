import { createAnthropicMessagesToolSearch } from '../src/providers/anthropic/index.js';
import { createBedrockConverseToolSearch } from '../src/providers/bedrock/index.js';
import { createGeminiToolSearch } from '../src/providers/gemini/index.js';
import { createOpenAIChatToolSearch, createOpenAIResponsesToolSearch } from '../src/providers/openai/index.js';
import type { ToolDefinition } from '../src/tools/tool-definition.js';
import { BENCH_SYSTEM_PROMPT } from './bench-wire-adapters.js';
import { measureAsyncDuration, type RepeatOptions } from './measure-duration.js';

/** A session factory's `prepare` time mid-session at two catalog sizes, in milliseconds, and their ratio. */
export interface PrepareSpeedRow {
  readonly factory: string;
  readonly model: string;
  /** The mechanism (and delivery) the factory's default plan applies for the model. */
  readonly mechanism: string;
  readonly small: { readonly tools: number; readonly ms: number };
  readonly large: { readonly tools: number; readonly ms: number };
  /** `large.ms / small.ms`: the target is at most 3×. */
  readonly ratio: number;
}

/** Either factory's `prepare`, as the bench drives it. */
interface BenchSession {
  readonly toolSearch: { readonly store: { add(sessionId: string, names: readonly string[]): Promise<unknown> } };
  prepare(
    body: unknown,
    options: { readonly sessionId: string },
  ): Promise<{
    readonly body: unknown;
    readonly plan: { readonly mechanism: string; readonly reveal: string };
    readonly names: { toWire(name: string): string };
  }>;
}

/** One session factory as the bench drives it: its tools from definitions, and a body without tools with a history. */
interface BenchFactory {
  readonly factory: string;
  readonly model: string;
  create(tools: readonly ToolDefinition[]): BenchSession;
  /** A body without tools: a system prompt, a user message, one call of `called` (its wire name) and its result, a user message. */
  body(called: string): Record<string, unknown>;
}

const ASK = 'Please help me with my task.';
const NEXT = 'Thanks, now the next step.';

/** Session factories of every API with the default mechanism for a current model of each. */
export const PREPARE_BENCH_FACTORIES: readonly BenchFactory[] = [
  {
    factory: 'createOpenAIResponsesToolSearch',
    model: 'gpt-5.4',
    create: (tools) =>
      createOpenAIResponsesToolSearch({
        tools: tools.map((tool) => ({
          type: 'function',
          name: tool.name,
          description: tool.description,
          parameters: tool.inputSchema,
          strict: false,
        })) as never,
      }) as never,
    body: (called) => ({
      model: 'gpt-5.4',
      instructions: BENCH_SYSTEM_PROMPT,
      input: [
        { role: 'user', content: ASK },
        { type: 'function_call', call_id: 'call_1', name: called, arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'done' },
        { role: 'user', content: NEXT },
      ],
    }),
  },
  {
    factory: 'createOpenAIChatToolSearch',
    model: 'gpt-5.4',
    create: (tools) =>
      createOpenAIChatToolSearch({
        tools: tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })) as never,
      }) as never,
    body: (called) => ({
      model: 'gpt-5.4',
      messages: [
        { role: 'system', content: BENCH_SYSTEM_PROMPT },
        { role: 'user', content: ASK },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: called, arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'done' },
        { role: 'user', content: NEXT },
      ],
    }),
  },
  ...['claude-opus-4-8', 'claude-sonnet-4-5'].map(
    (model): BenchFactory => ({
      factory: 'createAnthropicMessagesToolSearch',
      model,
      create: (tools) =>
        createAnthropicMessagesToolSearch({
          tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })) as never,
        }) as never,
      body: (called) => ({
        model,
        max_tokens: 1024,
        system: BENCH_SYSTEM_PROMPT,
        messages: [
          { role: 'user', content: ASK },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: called, input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
          { role: 'assistant', content: 'Done.' },
          { role: 'user', content: NEXT },
        ],
      }),
    }),
  ),
  {
    factory: 'createGeminiToolSearch',
    model: 'gemini-2.5-flash',
    create: (tools) =>
      createGeminiToolSearch({
        tools: [
          { functionDeclarations: tools.map((tool) => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.inputSchema })) },
        ] as never,
      }) as never,
    body: (called) => ({
      model: 'gemini-2.5-flash',
      systemInstruction: { parts: [{ text: BENCH_SYSTEM_PROMPT }] },
      contents: [
        { role: 'user', parts: [{ text: ASK }] },
        { role: 'model', parts: [{ functionCall: { id: 'call_1', name: called, args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: called, response: { output: 'done' } } }] },
        { role: 'user', parts: [{ text: NEXT }] },
      ],
    }),
  },
  {
    factory: 'createBedrockConverseToolSearch',
    model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    create: (tools) =>
      createBedrockConverseToolSearch({
        tools: tools.map((tool) => ({ toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.inputSchema } } })) as never,
      }) as never,
    body: (called) => ({
      modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      system: [{ text: BENCH_SYSTEM_PROMPT }],
      messages: [
        { role: 'user', content: [{ text: ASK }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 'call_1', name: called, input: {} } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 'call_1', content: [{ text: 'done' }] } }] },
        { role: 'user', content: [{ text: NEXT }] },
      ],
    }),
  },
];

/**
 * A mid-session `prepare` of one factory at one catalog size: the factory made with the first `tools.length` tools,
 * three tools revealed in the session's store, and a body without tools (the catalog's) whose history calls the first
 * revealed tool. Returns the timed call and what the plan applies.
 */
export async function createPrepareWork(
  factory: BenchFactory,
  tools: readonly ToolDefinition[],
): Promise<{ readonly work: () => Promise<unknown>; readonly mechanism: string }> {
  const session = factory.create(tools);
  const sessionId = 'bench-session';
  const revealed = [tools[1], tools[2], tools[3]].flatMap((tool) => (tool === undefined ? [] : [tool.name]));
  await session.toolSearch.store.add(sessionId, revealed);
  const first = await session.prepare(factory.body(revealed[0] ?? ''), { sessionId });
  const body = factory.body(first.names.toWire(revealed[0] ?? ''));
  const prepared = await session.prepare(body, { sessionId });
  return { work: () => session.prepare(body, { sessionId }), mechanism: `${prepared.plan.mechanism}, ${prepared.plan.reveal}` };
}

/**
 * Times `prepare` of a body without tools mid-session (see {@link createPrepareWork}) on every factory at `small` and
 * `large` tools of `catalog`, the two sizes interleaved run by run so a busy machine slows both alike: the medians and
 * their ratio.
 */
export async function measurePrepareSpeed(
  catalog: readonly ToolDefinition[],
  sizes: { readonly small: number; readonly large: number },
  options: RepeatOptions,
): Promise<PrepareSpeedRow[]> {
  const rows: PrepareSpeedRow[] = [];
  for (const factory of PREPARE_BENCH_FACTORIES) {
    const small = await createPrepareWork(factory, catalog.slice(0, sizes.small));
    const large = await createPrepareWork(factory, catalog.slice(0, sizes.large));
    const smallRuns: number[] = [];
    const largeRuns: number[] = [];
    for (let round = 0; round < options.runs; round += 1) {
      // One warm-up round first, then each round times a short batch of each size.
      const warm = round === 0 ? options.warmup : 0;
      smallRuns.push(await measureAsyncDuration(small.work, { warmup: warm, runs: 1, batch: 4 }));
      largeRuns.push(await measureAsyncDuration(large.work, { warmup: warm, runs: 1, batch: 4 }));
    }
    const smallMs = median(smallRuns);
    const largeMs = median(largeRuns);
    rows.push({
      factory: factory.factory,
      model: factory.model,
      mechanism: large.mechanism,
      small: { tools: Math.min(sizes.small, catalog.length), ms: smallMs },
      large: { tools: Math.min(sizes.large, catalog.length), ms: largeMs },
      ratio: largeMs / smallMs,
    });
  }
  return rows;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
