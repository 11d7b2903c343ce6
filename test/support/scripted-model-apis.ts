/**
 * The model's side of the session tests: scripted turns written in the names the model sees, turned into each wire
 * API's response body as the API sends it, and readers for the parts of a request a prompt cache keys on.
 */
import type { WireAPI } from '../../src/index.js';
import type { PreflightResult } from './preflight/preflight-result.js';
import { preflightOpenAIChatRequest } from './preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from './preflight/preflight-openai-responses-request.js';
import { preflightAnthropicMessagesRequest } from './preflight/preflight-anthropic-messages-request.js';
import { preflightGeminiRequest } from './preflight/preflight-gemini-request.js';
import { preflightBedrockConverseRequest } from './preflight/preflight-bedrock-converse-request.js';
import { readOpenAIChatFixture } from './openai-chat-bodies.js';
import { readGeminiFixture } from './gemini-bodies.js';
import { startLocalServer, type LocalServer, type LocalServerOptions, type RecordedRequest, type ScriptedResponse } from './local-server.js';
import { anthropicMessagesStream, bedrockConverseStream, geminiStream, openAIChatStream, openAIResponsesStream, type TextCut } from './streamed-replies.js';

/** One call the scripted model makes, by the name it sees. */
export interface ScriptedCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** One scripted model turn: tool calls (in parallel), or the final answer. */
export type ScriptedTurn = { readonly calls: readonly ScriptedCall[] } | { readonly text: string };

/** The model's side of one wire API. */
export interface ScriptedModelAPI {
  readonly api: WireAPI;
  /** The path the SDK posts to. */
  path(model: string): string;
  /** The path the SDK posts to for a stream (the same path with `stream: true` in the body on OpenAI and Anthropic). */
  streamPath(model: string): string;
  /** Whether a request asks for a stream. */
  wantsStream(request: RecordedRequest): boolean;
  /** A response body streamed as the API streams it (`cut`: where text and tool input pieces end). */
  stream(reply: unknown, cut?: TextCut): ScriptedResponse;
  /** How the SDK connects to the local server (HTTP/2 for the AWS SDK). @default HTTP/1.1 */
  readonly server?: LocalServerOptions;
  preflight(body: unknown): PreflightResult;
  /** The response body for a turn, as the API sends it for `request`. */
  reply(turn: ScriptedTurn, context: { readonly index: number; readonly model: string; readonly request: Item }): unknown;
  /** The tool list sent. */
  toolsOf(body: Item): unknown;
  /** The system text sent (instructions, the leading system message, `system`, `systemInstruction`). */
  systemOf(body: Item): unknown;
  /** The names of the tools sent (Responses: the type of tools without a name). */
  toolNamesOf(body: Item): string[];
  /** The text of every tool result in the history, in order. */
  toolOutputsOf(body: Item): string[];
}

type Item = Record<string, unknown>;

/** The name the model sees for a tool: what each API accepts (`ChaDri.change_drink` → `ChaDri_change_drink`). */
export function wireNameOf(api: WireAPI, name: string): string {
  // Gemini accepts dots; the others accept letters, digits, `_` and `-`. (No name of the catalog collides.)
  return name.replace(api === 'gemini' ? /[^A-Za-z0-9_.-]/g : /[^A-Za-z0-9_-]/g, '_');
}

const items = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);
const isCall = (turn: ScriptedTurn): turn is Extract<ScriptedTurn, { calls: unknown }> => 'calls' in turn;

/** Functions the request's history loaded through a client tool search (`tool_search_output` items). */
function loadedBySearch(request: Item): Set<string> {
  const loaded = new Set<string>();
  for (const item of items(request.input)) {
    if (item.type !== 'tool_search_output') continue;
    for (const tool of items(item.tools)) if (tool.type === 'function' && tool.defer_loading === true) loaded.add(tool.name as string);
  }
  return loaded;
}

/** A Responses API response body (the SDK's `Response`) around some output items. */
export function responsesReplyOf(index: number, model: string, output: readonly unknown[]): Item {
  return {
    id: `resp_${index + 1}`,
    object: 'response',
    created_at: 1767225600 + index,
    status: 'completed',
    model,
    output,
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    parallel_tool_calls: true,
    temperature: 1,
    top_p: 1,
    tool_choice: 'auto',
    tools: [],
    usage: {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 120,
    },
  };
}

const responses: ScriptedModelAPI = {
  api: 'openai-responses',
  path: () => '/responses',
  streamPath: () => '/responses',
  wantsStream: (request) => (request.body as Item).stream === true,
  stream: (reply, cut) => openAIResponsesStream(reply as Item, cut),
  preflight: preflightOpenAIResponsesRequest,
  reply(turn, { index, model, request }) {
    const clientSearch = items(request.tools).some((tool) => tool.type === 'tool_search' && tool.execution === 'client');
    const loaded = loadedBySearch(request);
    const output = isCall(turn)
      ? turn.calls.map((call, position) => {
          // With a client-executed tool search the model emits a `tool_search_call` (and stops there).
          if (call.name === 'tool_search' && clientSearch) {
            return {
              type: 'tool_search_call',
              id: `tsc_${index}_${position}`,
              call_id: `call_ts_${index}_${position}`,
              execution: 'client',
              arguments: call.args,
              status: 'completed',
            };
          }
          // A deferred top-level function the search loaded is called in a namespace of its own name.
          return {
            type: 'function_call',
            id: `fc_${index}_${position}`,
            call_id: `call_${index}_${position}`,
            name: call.name,
            ...(loaded.has(call.name) ? { namespace: call.name } : {}),
            arguments: JSON.stringify(call.args),
            status: 'completed',
          };
        })
      : [{ type: 'message', id: `msg_${index}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text, annotations: [] }] }];
    return responsesReplyOf(index, model, output);
  },
  toolsOf: (body) => body.tools,
  systemOf: (body) => body.instructions,
  toolNamesOf: (body) => items(body.tools).map((tool) => String(tool.name ?? tool.type)),
  toolOutputsOf: (body) =>
    items(body.input)
      .filter((item) => item.type === 'function_call_output')
      .map((item) => String(item.output)),
};

const chatCalls = readOpenAIChatFixture<Item>('chat-completion-tool-calls.json');
const chatText = readOpenAIChatFixture<Item>('chat-completion-text.json');

const chat: ScriptedModelAPI = {
  api: 'openai-chat',
  path: () => '/chat/completions',
  streamPath: () => '/chat/completions',
  wantsStream: (request) => (request.body as Item).stream === true,
  stream: (reply, cut) => openAIChatStream(reply as Item, cut),
  preflight: preflightOpenAIChatRequest,
  reply(turn, { index }) {
    const completion = structuredClone(isCall(turn) ? chatCalls : chatText) as { id: string; choices: { message: Item }[] };
    completion.id = `chatcmpl-${index}`;
    const message = completion.choices[0]?.message as Item;
    if (isCall(turn)) {
      message.tool_calls = turn.calls.map((call, position) => ({
        id: `call_${index}_${position}`,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.args) },
      }));
    } else message.content = turn.text;
    return completion;
  },
  toolsOf: (body) => body.tools,
  systemOf: (body) => items(body.messages)[0],
  toolNamesOf: (body) => items(body.tools).map((tool) => String((tool.function as Item).name)),
  toolOutputsOf: (body) =>
    items(body.messages)
      .filter((message) => message.role === 'tool')
      .map((message) => String(message.content)),
};

const anthropic: ScriptedModelAPI = {
  api: 'anthropic-messages',
  path: () => '/v1/messages',
  streamPath: () => '/v1/messages',
  wantsStream: (request) => (request.body as Item).stream === true,
  stream: (reply, cut) => anthropicMessagesStream(reply as Item, cut),
  preflight: preflightAnthropicMessagesRequest,
  reply(turn, { index, model }) {
    const content = isCall(turn)
      ? turn.calls.map((call, position) => ({
          type: 'tool_use',
          id: `toolu_${index}_${position}`,
          name: call.name,
          input: call.args,
          caller: { type: 'direct' },
        }))
      : [{ type: 'text', text: turn.text }];
    return {
      id: `msg_${index}`,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: isCall(turn) ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    };
  },
  toolsOf: (body) => body.tools,
  systemOf: (body) => body.system,
  toolNamesOf: (body) => items(body.tools).map((tool) => String(tool.name)),
  toolOutputsOf: (body) =>
    items(body.messages).flatMap((message) =>
      items(message.content)
        .filter((block) => block.type === 'tool_result')
        .flatMap((block) =>
          typeof block.content === 'string'
            ? [block.content]
            : items(block.content)
                .filter((part) => part.type === 'text')
                .map((part) => String(part.text)),
        ),
    ),
};

const geminiCall = readGeminiFixture<Item>('generate-content-function-call.json');
const geminiText = readGeminiFixture<Item>('generate-content-text.json');

const gemini: ScriptedModelAPI = {
  api: 'gemini',
  path: (model) => `/v1beta/models/${model}:generateContent`,
  streamPath: (model) => `/v1beta/models/${model}:streamGenerateContent?alt=sse`,
  wantsStream: (request) => request.path.includes(':streamGenerateContent'),
  stream: (reply, cut) => geminiStream(reply as Item, cut),
  preflight: preflightGeminiRequest,
  reply(turn, { index }) {
    const response = structuredClone(isCall(turn) ? geminiCall : geminiText) as { candidates: { content: Item }[]; responseId: string };
    response.responseId = `response-${index}`;
    (response.candidates[0] as { content: Item }).content = {
      role: 'model',
      parts: isCall(turn) ? turn.calls.map((call) => ({ functionCall: { name: call.name, args: call.args } })) : [{ text: turn.text }],
    };
    return response;
  },
  toolsOf: (body) => body.tools,
  systemOf: (body) => body.systemInstruction,
  toolNamesOf: (body) => items(body.tools).flatMap((tool) => items(tool.functionDeclarations).map((declaration) => String(declaration.name))),
  toolOutputsOf: (body) =>
    items(body.contents).flatMap((content) =>
      items(content.parts).flatMap((part) => {
        const response = (part.functionResponse as { response?: { output?: unknown } } | undefined)?.response;
        return response === undefined ? [] : [typeof response.output === 'string' ? response.output : JSON.stringify(response.output)];
      }),
    ),
};

/** A Converse response (`ConverseCommand`'s output as the service sends it) whose message holds these blocks. */
export function bedrockConverseReplyOf(content: readonly unknown[]): Item {
  const calls = content.some((block) => (block as Item).toolUse !== undefined);
  return {
    output: { message: { role: 'assistant', content } },
    stopReason: calls ? 'tool_use' : 'end_turn',
    usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 },
    metrics: { latencyMs: 250 },
  };
}

const bedrockToolsOf = (body: Item): Item[] => items((body.toolConfig as Item | undefined)?.tools);

const bedrock: ScriptedModelAPI = {
  api: 'bedrock-converse',
  // The SDK writes the model id into the path, encoded (`:` as `%3A`).
  path: (model) => `/model/${encodeURIComponent(model)}/converse`,
  streamPath: (model) => `/model/${encodeURIComponent(model)}/converse-stream`,
  wantsStream: (request) => request.path.endsWith('/converse-stream'),
  stream: (reply, cut) => bedrockConverseStream(reply as Item, cut),
  server: { http2: true },
  preflight: preflightBedrockConverseRequest,
  reply: (turn, { index }) =>
    bedrockConverseReplyOf(
      isCall(turn)
        ? turn.calls.map((call, position) => ({ toolUse: { toolUseId: `tooluse_${index}_${position}`, name: call.name, input: call.args } }))
        : [{ text: turn.text }],
    ),
  toolsOf: (body) => (body.toolConfig as Item | undefined)?.tools,
  systemOf: (body) => body.system,
  toolNamesOf: (body) => bedrockToolsOf(body).flatMap((tool) => (tool.toolSpec === undefined ? [] : [String((tool.toolSpec as Item).name)])),
  toolOutputsOf: (body) =>
    items(body.messages).flatMap((message) =>
      items(message.content).flatMap((block) =>
        items((block.toolResult as Item | undefined)?.content).map((part) => String(part.text ?? JSON.stringify(part.json))),
      ),
    ),
};

/** The model's side of each wire API. */
export const SCRIPTED_MODEL_APIS: Readonly<Record<WireAPI, ScriptedModelAPI>> = {
  'openai-responses': responses,
  'openai-chat': chat,
  'anthropic-messages': anthropic,
  gemini,
  'bedrock-converse': bedrock,
};

/** How {@link startScriptedModelServer} streams and checks. */
export interface ScriptedModelServerOptions {
  /** Where text and tool input pieces end. @default pieces of 7 characters */
  readonly cut?: TextCut;
  /** The check of each request, in place of the API's preflight on its body (a beta sent as a header). */
  readonly preflight?: (request: RecordedRequest) => PreflightResult;
}

/**
 * Starts a server that plays one API for `model`, streamed or not: every request must be a POST to the API's path (or
 * its stream path) that passes its preflight (else a 400, as the API would answer), and `answer` gives the response
 * body to request `index`, sent whole, or streamed in the API's framing when the request asks for a stream.
 */
export function startScriptedModelServer(
  scripted: ScriptedModelAPI,
  model: string,
  answer: (request: RecordedRequest, index: number) => unknown,
  options: ScriptedModelServerOptions = {},
): Promise<LocalServer> {
  const { cut, preflight = (request: RecordedRequest) => scripted.preflight(request.body) } = options;
  return startLocalServer((request, index) => {
    const streamed = scripted.wantsStream(request);
    const path = streamed ? scripted.streamPath(model) : scripted.path(model);
    if (request.method !== 'POST' || request.path !== path) throw new Error(`unexpected request ${request.method} ${request.path}`);
    const checked = preflight(request);
    if (!checked.ok) throw new Error(`the request breaks documented rules: ${JSON.stringify(checked.violations)}`);
    const reply = answer(request, index);
    return streamed ? scripted.stream(reply, cut) : { body: reply };
  }, scripted.server);
}
