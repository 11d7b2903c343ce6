import type { ToolSearchOptions } from '../src/config/tool-search-config.js';
import { assertNever } from '../src/errors/assert-never.js';
import type { WireAPI } from '../src/models/model-reference.js';
import { resolveToolSearch } from '../src/plan/resolve-tool-search.js';
import type { ToolSearchMechanism, ToolSearchPlan } from '../src/plan/tool-search-plan.js';
import { createAnthropicToolAdditionMessage, parseAnthropicMessagesTools } from '../src/providers/anthropic/index.js';
import type { ToolAdditionForm } from '../src/models/resolve-model-support.js';
import { parseGeminiTools } from '../src/providers/gemini/index.js';
import { parseBedrockConverseTools } from '../src/providers/bedrock/index.js';
import { createOpenAIResponsesAdditionalTools, parseOpenAIChatTools, parseOpenAIResponsesTools } from '../src/providers/openai/index.js';
import { CLI_SYSTEM_PROMPT, CLI_USER_MESSAGE, CLI_WIRE_APIS, type CLIWireAPI } from '../src/cli/cli-wire-apis.js';
import type { JSONSchemaObject, ToolDefinition } from '../src/tools/tool-definition.js';

/** The system prompt and user message of every benchmark request: `tool-search inspect`'s (short, so the tool list dominates). */
export const BENCH_SYSTEM_PROMPT = CLI_SYSTEM_PROMPT;
const BENCH_USER_MESSAGE = CLI_USER_MESSAGE;

/** A tool as the benchmark puts it in a request body; the floor leaves `inputSchema` out. */
export interface BenchTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: JSONSchemaObject;
}

/** What one request carries into the prompt besides the conversation: the `tools` slot and the system text. */
export interface BenchPromptSlots {
  /** The body's tool list as sent (`JSON.stringify` of it is what the bytes count). */
  readonly tools: unknown;
  /** The system-prompt text of the body (the caller's prompt plus the library's note, when there is one). */
  readonly system: string;
}

/**
 * One wire API as the benchmark drives it: a request body as a user would build it without this package (original
 * names, full schemas), the package's reader and transformer for it, and where its tools and system text sit.
 */
export interface BenchWireAdapter {
  readonly api: WireAPI;
  /** A model whose hosted search this API carries, when there is one. */
  readonly hostedModel: string | null;
  /** The mechanism the hosted model gets (`openai-hosted`, `claude-hosted`), or `null`. */
  readonly hostedMechanism: Extract<ToolSearchMechanism, 'openai-hosted' | 'claude-hosted'> | null;
  /** A model for the client mechanism on this API. */
  readonly clientModel: string;
  /**
   * Native delivery on this API (`reveal: 'native'`): a model whose provider documents tool additions by value, and
   * the conversation item that adds loaded tools as the model reads it (the API's own writer's item, as text), or
   * `null` where the API has no tool-addition item.
   */
  readonly native: {
    readonly model: string;
    addition(body: object, names: readonly string[], form: ToolAdditionForm): string;
  } | null;
  createBody(tools: readonly BenchTool[]): object;
  parseTools(body: object): ToolDefinition[];
  /** Runs the API's transformer; `namespaces` is OpenAI Responses' `uncategorized` option (ignored elsewhere). */
  transform(
    body: object,
    plan: ToolSearchPlan,
    revealed: readonly string[],
    namespaces?: 'top-level' | 'name-prefix',
  ): { readonly body: object; readonly warnings: readonly { readonly code: string }[] };
  promptSlots(body: object): BenchPromptSlots;
}

/** The benchmark's own parts of an adapter: its body, its reader, and a tool addition as the model reads it. */
type BenchAdapterParts = Pick<BenchWireAdapter, 'createBody' | 'parseTools'> & { readonly addition?: NonNullable<BenchWireAdapter['native']>['addition'] };

/**
 * `tool-search inspect`'s entry for `api` (src/cli/cli-wire-apis.ts: its models, transformer and prompt slots) with the
 * benchmark's own parts: one table of which API takes which models, transformer and slots.
 */
function benchAdapter(api: WireAPI, parts: BenchAdapterParts): BenchWireAdapter {
  const wire = CLI_WIRE_APIS.find((entry) => entry.api === api) as CLIWireAPI;
  return {
    api,
    hostedModel: wire.hosted?.model ?? null,
    hostedMechanism: wire.hosted?.mechanism ?? null,
    clientModel: wire.clientModel,
    native: wire.nativeModel === null || parts.addition === undefined ? null : { model: wire.nativeModel, addition: parts.addition },
    createBody: parts.createBody,
    parseTools: parts.parseTools,
    transform: wire.transform,
    promptSlots: wire.promptSlots,
  };
}

const openAIResponses = benchAdapter('openai-responses', {
  addition: (body, names) => {
    const item = createOpenAIResponsesAdditionalTools(names, { tools: (body as { tools: unknown[] }).tools });
    return `additional_tools: ${JSON.stringify(item.tools)}`;
  },
  createBody: (tools) => ({
    model: 'gpt-5.4',
    instructions: BENCH_SYSTEM_PROMPT,
    input: [{ role: 'user', content: BENCH_USER_MESSAGE }],
    tools: tools.map((tool) => ({ type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false })),
  }),
  parseTools: (body) => parseOpenAIResponsesTools(body),
});

const openAIChat = benchAdapter('openai-chat', {
  createBody: (tools) => ({
    model: 'gpt-4.1',
    messages: [
      { role: 'system', content: BENCH_SYSTEM_PROMPT },
      { role: 'user', content: BENCH_USER_MESSAGE },
    ],
    tools: tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })),
  }),
  parseTools: (body) => parseOpenAIChatTools(body),
});

const anthropicMessages = benchAdapter('anthropic-messages', {
  addition: (body, names, form) => {
    const wanted = new Set(names);
    const tools = (body as { tools: { name: string }[] }).tools.filter((tool) => wanted.has(tool.name));
    // The model reads an added definition as it reads a tool (as the hosted rows count a loaded one), not the
    // blocks that carry it: each block's definition (by value) or the name it references.
    const blocks = createAnthropicToolAdditionMessage(tools, form).content as readonly {
      readonly tool?: { type: string; definition?: unknown; name?: string };
    }[];
    return `system: ${blocks.map((block) => JSON.stringify(block.tool?.type === 'tool_definition' ? block.tool.definition : block.tool?.name)).join('\n')}`;
  },
  createBody: (tools) => ({
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: BENCH_SYSTEM_PROMPT,
    messages: [{ role: 'user', content: BENCH_USER_MESSAGE }],
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })),
  }),
  parseTools: (body) => parseAnthropicMessagesTools(body),
});

const gemini = benchAdapter('gemini', {
  // The REST shape of `generateContent`; declarations in `parametersJsonSchema`, which takes JSON Schema as it is.
  createBody: (tools) => ({
    contents: [{ role: 'user', parts: [{ text: BENCH_USER_MESSAGE }] }],
    systemInstruction: { parts: [{ text: BENCH_SYSTEM_PROMPT }] },
    tools: [{ functionDeclarations: tools.map((tool) => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.inputSchema })) }],
  }),
  parseTools: (body) => parseGeminiTools(body),
});

/** A Converse prompt-cache checkpoint (Claude and Nova models). */
const CACHE_POINT = { cachePoint: { type: 'default' } };

const bedrockConverse = benchAdapter('bedrock-converse', {
  // A caching caller's body: a `cachePoint` after the tools and after the system text (Bedrock bills a cache read at
  // 0.1× input and a write at 1.25×, as for Claude: the session cost's Anthropic pricing).
  createBody: (tools) => ({
    modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    system: [{ text: BENCH_SYSTEM_PROMPT }, CACHE_POINT],
    messages: [{ role: 'user', content: [{ text: BENCH_USER_MESSAGE }] }],
    toolConfig: {
      tools: [...tools.map((tool) => ({ toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.inputSchema } } })), CACHE_POINT],
    },
  }),
  parseTools: (body) => parseBedrockConverseTools(body),
});

/** The five wire APIs, in table order. */
export const BENCH_WIRE_ADAPTERS: readonly BenchWireAdapter[] = [openAIResponses, openAIChat, anthropicMessages, gemini, bedrockConverse];

/** The mechanism a benchmark row asks for: the client mechanism or the API's hosted one, with the row's options. */
export interface BenchMechanism {
  readonly kind: 'client' | 'hosted';
  readonly options: ToolSearchOptions;
  /** The model the client mechanism's plan is made for. @default the adapter's `clientModel` */
  readonly model?: string;
}

/** The plan for one adapter and mechanism, made as a caller would: from the tools the package reads in the body. */
export function resolveBenchPlan(adapter: BenchWireAdapter, body: object, mechanism: BenchMechanism): ToolSearchPlan {
  const tools = adapter.parseTools(body);
  switch (mechanism.kind) {
    case 'client':
      return resolveToolSearch({ id: mechanism.model ?? adapter.clientModel, api: adapter.api }, tools, { ...mechanism.options, mechanism: 'client' });
    case 'hosted':
      if (adapter.hostedModel === null) throw new Error(`${adapter.api} has no hosted tool search`);
      return resolveToolSearch({ id: adapter.hostedModel, api: adapter.api }, tools, {
        ...mechanism.options,
        mechanism: adapter.hostedMechanism === 'openai-hosted' ? 'openai' : 'claude',
      });
    default:
      return assertNever(mechanism.kind, 'mechanism');
  }
}
