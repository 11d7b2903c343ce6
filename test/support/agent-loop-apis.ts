/**
 * The agent loop of the session tests, written once as a user of the library writes it, with what differs per wire
 * API (the body the caller builds, how the model's turn is appended and read, how results are answered) in one
 * adapter per API. The integration tests run it through the official SDKs; the cross-process test runs it in worker
 * processes on scripted replies. Only the package's public exports are used.
 */
import {
  createMemoryRevealStore,
  createToolCallCheck,
  createToolSearchTool,
  formatToolSearchResult,
  resolveToolSearch,
  type ToolCallCheck,
  type ToolCallCheckResult,
  type ToolDefinition,
  type ToolSearchConfigInput,
  type ToolSearchPlan,
  type ToolSearchResult,
  type ToolSearchTool,
  type WireAPI,
} from '../../src/index.js';
import { TOOL_SEARCH_TOOL_NAME } from '../../src/tools/tool-search-tool-definition.js';
import type { TransformRequestResult } from '../../src/request/request-transformer.js';
import {
  parseOpenAIChatTools,
  parseOpenAIResponsesTools,
  transformOpenAIChatRequest,
  transformOpenAIResponsesRequest,
} from '../../src/providers/openai/index.js';
import { createOpenAIToolSearchOutput } from '../../src/providers/openai/create-openai-tool-search-output.js';
import { parseAnthropicMessagesTools, transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { createAnthropicToolSearchResult } from '../../src/providers/anthropic/create-anthropic-tool-search-result.js';
import { parseGeminiTools, transformGeminiRequest } from '../../src/providers/gemini/index.js';
import { parseBedrockConverseTools, transformBedrockConverseRequest } from '../../src/providers/bedrock/index.js';
import { readOpenAIChatFixture, toOpenAIChatTool } from './openai-chat-bodies.js';
import { toResponsesFunction } from './openai-responses-bodies.js';
import { toAnthropicTool } from './anthropic-messages-bodies.js';
import { toGeminiDeclaration } from './gemini-bodies.js';
import { toBedrockConverseTool } from './bedrock-converse-bodies.js';

/** An MCP-style `server:tool` name, which every API here rejects as it is. */
const ordersTool: ToolDefinition = {
  name: 'orders:get_status',
  description: 'Get the status of the customer’s current order.',
  inputSchema: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
};

/** The agent's catalog: the 20 BFCL tools (dotted names such as `ChaDri.change_drink`) and `orders:get_status`. */
export const SESSION_CATALOG: readonly ToolDefinition[] = [...readOpenAIChatFixture<ToolDefinition[]>('bfcl-tools.json'), ordersTool];

/** The agent's own system text, the same in every session. */
export const SESSION_INSTRUCTIONS = 'You are a barista assistant. Use the tools to act on the customer’s orders.';

/** One tool call the model made, read from its turn. */
export interface ModelCall {
  /** What its result answers: `call_id`, `tool_use` id, tool call id, or Gemini's function call id (else its name). */
  readonly id: string;
  /** The name as the model wrote it (a wire name). */
  readonly name: string;
  readonly args: unknown;
  /** The output item, for an OpenAI `tool_search_call` (answered with a `tool_search_output` item). */
  readonly searchCall?: { readonly call_id?: string | null };
}

/** What the loop answers one call with. */
export type CallAnswer =
  | { readonly call: ModelCall; readonly search: ToolSearchResult }
  | { readonly call: ModelCall; readonly output: string; readonly outcome: ToolCallCheckResult };

/** What differs per wire API in the loop. Histories are the caller's arrays, appended to in place. */
export interface AgentLoopAPI {
  readonly api: WireAPI;
  /** The history of a new session: the user's question (and, on Chat Completions, the system message). */
  start(question: string): unknown[];
  /** The body the caller builds every turn: its own tools (full schemas, original names), its system text, the history. */
  createBody(model: string, history: unknown[]): Record<string, unknown>;
  parseTools(body: unknown): ToolDefinition[];
  transform(body: Record<string, unknown>, plan: ToolSearchPlan): TransformRequestResult<Record<string, unknown>, string>;
  /** Appends the model's turn to the history exactly as the SDK returned it, and returns its tool calls. */
  receive(history: unknown[], reply: unknown): ModelCall[];
  /** Appends the answers to the turn's calls. */
  answer(history: unknown[], answers: readonly CallAnswer[], plan: ToolSearchPlan): void;
  /** The tool list and the system text of a transformed body (what a prompt cache keys on before the history). */
  toolsAndSystemOf(body: Record<string, unknown>): readonly [unknown, unknown];
}

type Item = Record<string, unknown>;

const responses: AgentLoopAPI = {
  api: 'openai-responses',
  start: (question) => [{ role: 'user', content: question }],
  createBody: (model, history) => ({
    model,
    store: false,
    instructions: SESSION_INSTRUCTIONS,
    tools: SESSION_CATALOG.map(toResponsesFunction),
    input: history,
  }),
  parseTools: parseOpenAIResponsesTools,
  transform: (body, plan) => transformOpenAIResponsesRequest(body, plan) as ReturnType<AgentLoopAPI['transform']>,
  receive(history, reply) {
    const output = (reply as { output: Item[] }).output;
    history.push(...output);
    return output.flatMap((item): ModelCall[] => {
      if (item.type === 'function_call') return [{ id: item.call_id as string, name: item.name as string, args: item.arguments }];
      // A client-executed tool search: the loop runs the library's search for it.
      if (item.type === 'tool_search_call' && item.execution === 'client')
        return [{ id: item.call_id as string, name: TOOL_SEARCH_TOOL_NAME, args: item.arguments, searchCall: item }];
      return [];
    });
  },
  answer(history, answers) {
    for (const answer of answers) {
      if ('search' in answer && answer.call.searchCall !== undefined) history.push(createOpenAIToolSearchOutput(answer.call.searchCall, answer.search));
      else history.push({ type: 'function_call_output', call_id: answer.call.id, output: textOf(answer) });
    }
  },
  toolsAndSystemOf: (body) => [body.tools, body.instructions],
};

const chat: AgentLoopAPI = {
  api: 'openai-chat',
  start: (question) => [
    { role: 'system', content: SESSION_INSTRUCTIONS },
    { role: 'user', content: question },
  ],
  createBody: (model, history) => ({ model, messages: history, tools: SESSION_CATALOG.map(toOpenAIChatTool) }),
  parseTools: parseOpenAIChatTools,
  transform: (body, plan) => transformOpenAIChatRequest(body, plan) as ReturnType<AgentLoopAPI['transform']>,
  receive(history, reply) {
    const message = (reply as { choices: { message: Item }[] }).choices[0]?.message as Item;
    history.push(message);
    const calls = (message.tool_calls ?? []) as { id: string; type: string; function: { name: string; arguments: string } }[];
    return calls.filter((call) => call.type === 'function').map((call) => ({ id: call.id, name: call.function.name, args: call.function.arguments }));
  },
  answer(history, answers) {
    for (const answer of answers) history.push({ role: 'tool', tool_call_id: answer.call.id, content: textOf(answer) });
  },
  toolsAndSystemOf: (body) => [body.tools, (body.messages as unknown[])[0]],
};

const anthropic: AgentLoopAPI = {
  api: 'anthropic-messages',
  start: (question) => [{ role: 'user', content: question }],
  createBody: (model, history) => ({ model, max_tokens: 1024, system: SESSION_INSTRUCTIONS, tools: SESSION_CATALOG.map(toAnthropicTool), messages: history }),
  parseTools: parseAnthropicMessagesTools,
  transform: (body, plan) => transformAnthropicMessagesRequest(body as never, plan) as unknown as ReturnType<AgentLoopAPI['transform']>,
  receive(history, reply) {
    const content = (reply as { content: Item[] }).content;
    history.push({ role: 'assistant', content });
    return content.filter((block) => block.type === 'tool_use').map((block) => ({ id: block.id as string, name: block.name as string, args: block.input }));
  },
  answer(history, answers, plan) {
    history.push({
      role: 'user',
      content: answers.map((answer) =>
        // With Anthropic's tool loading, a search is answered with `tool_reference` blocks the API expands.
        'search' in answer && plan.mechanism === 'claude-hosted'
          ? createAnthropicToolSearchResult(answer.call.id, answer.search)
          : { type: 'tool_result', tool_use_id: answer.call.id, content: textOf(answer) },
      ),
    });
  },
  toolsAndSystemOf: (body) => [body.tools, body.system],
};

const gemini: AgentLoopAPI = {
  api: 'gemini',
  start: (question) => [{ role: 'user', parts: [{ text: question }] }],
  createBody: (model, history) => ({
    model,
    contents: history,
    config: { systemInstruction: SESSION_INSTRUCTIONS, tools: [{ functionDeclarations: SESSION_CATALOG.map(toGeminiDeclaration) }] },
  }),
  parseTools: parseGeminiTools,
  transform: (body, plan) => transformGeminiRequest(body, plan) as ReturnType<AgentLoopAPI['transform']>,
  receive(history, reply) {
    const content = (reply as { candidates: { content: { parts?: Item[] } }[] }).candidates[0]?.content as { parts?: Item[] };
    history.push(content);
    return (content.parts ?? []).flatMap((part): ModelCall[] => {
      const call = part.functionCall as { id?: string; name: string; args?: unknown } | undefined;
      return call === undefined ? [] : [{ id: call.id ?? call.name, name: call.name, args: call.args ?? {} }];
    });
  },
  answer(history, answers) {
    history.push({
      role: 'user',
      parts: answers.map((answer) => ({
        functionResponse: {
          ...(answer.call.id === answer.call.name ? {} : { id: answer.call.id }),
          name: answer.call.name,
          response: { output: textOf(answer) },
        },
      })),
    });
  },
  toolsAndSystemOf: (body) => {
    const config = body.config as Record<string, unknown>;
    return [config.tools, config.systemInstruction];
  },
};

const bedrock: AgentLoopAPI = {
  api: 'bedrock-converse',
  start: (question) => [{ role: 'user', content: [{ text: question }] }],
  createBody: (model, history) => ({
    modelId: model,
    system: [{ text: SESSION_INSTRUCTIONS }],
    toolConfig: { tools: SESSION_CATALOG.map(toBedrockConverseTool) },
    messages: history,
  }),
  parseTools: parseBedrockConverseTools,
  transform: (body, plan) => transformBedrockConverseRequest(body, plan) as ReturnType<AgentLoopAPI['transform']>,
  receive(history, reply) {
    // The SDK's output as it returned it: `output.message`, appended as it is.
    const message = (reply as { output: { message: { content: Item[] } } }).output.message;
    history.push(message);
    return message.content.flatMap((block): ModelCall[] => {
      const use = block.toolUse as { toolUseId: string; name: string; input: unknown } | undefined;
      return use === undefined ? [] : [{ id: use.toolUseId, name: use.name, args: use.input }];
    });
  },
  answer(history, answers) {
    history.push({ role: 'user', content: answers.map((answer) => ({ toolResult: { toolUseId: answer.call.id, content: [{ text: textOf(answer) }] } })) });
  },
  toolsAndSystemOf: (body) => [(body.toolConfig as Item).tools, body.system],
};

/** The adapter of each wire API. */
export const AGENT_LOOP_APIS: Readonly<Record<WireAPI, AgentLoopAPI>> = {
  'openai-responses': responses,
  'openai-chat': chat,
  'anthropic-messages': anthropic,
  gemini,
  'bedrock-converse': bedrock,
};

function textOf(answer: CallAnswer): string {
  return 'search' in answer ? formatToolSearchResult(answer.search) : answer.output;
}

/** What a process holds for the agent: one reveal store, the `tool_search` tool and the call check over the catalog. */
export interface AgentTools {
  readonly search: ToolSearchTool;
  readonly calls: ToolCallCheck;
}

/** The agent's tools with a reveal store of their own (one per process, as `createMemoryRevealStore` is). */
export function createAgentTools(catalog: readonly ToolDefinition[] = SESSION_CATALOG): AgentTools {
  const store = createMemoryRevealStore();
  return { search: createToolSearchTool({ tools: catalog, store }), calls: createToolCallCheck({ tools: catalog, store }) };
}

/** One request of a session: the plan, and what the transformer made of the body the caller built from its history. */
export interface PreparedRequest extends TransformRequestResult<Record<string, unknown>, string> {
  readonly plan: ToolSearchPlan;
}

/** Resolves the plan for the caller's body (no configuration unless one is given) and transforms it. */
export function prepareRequest(loop: AgentLoopAPI, model: string, history: unknown[], config?: ToolSearchConfigInput): PreparedRequest {
  const body = loop.createBody(model, history);
  const plan = resolveToolSearch({ id: model, api: loop.api }, loop.parseTools(body), config);
  return { plan, ...loop.transform(body, plan) };
}

/**
 * Answers the model's calls as a user's loop does, with the `names` and `loaded` of the request the model answered:
 * `tool_search` runs the library's search; every other call goes through the call check (which unwraps `call_tool`
 * into the real tool), and runs only when it fits the schema.
 */
export async function answerModelCalls(
  calls: readonly ModelCall[],
  context: {
    readonly tools: AgentTools;
    readonly sessionId: string;
    readonly request: Pick<PreparedRequest, 'names' | 'loaded'>;
    readonly run: (name: string, args: unknown) => string;
  },
): Promise<CallAnswer[]> {
  const { tools, sessionId, run } = context;
  const { names, loaded } = context.request;
  const answers: CallAnswer[] = [];
  for (const call of calls) {
    if (names.fromWire(call.name) === TOOL_SEARCH_TOOL_NAME) {
      answers.push({ call, search: await tools.search.execute(call.args, { sessionId, names, loaded }) });
      continue;
    }
    const outcome = await tools.calls.check({ name: call.name, arguments: call.args }, { sessionId, names });
    answers.push({ call, outcome, output: outcome.ok ? run(outcome.name, outcome.arguments) : formatToolSearchResult(outcome.result) });
  }
  return answers;
}
