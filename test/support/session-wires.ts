/**
 * The five session-API factories, each with a first body, a response in which the model calls `tool_1` with fitting
 * arguments, how a turn continues the body, and the API's preflight: for tests of what a turn does with what the
 * caller's tool returned, on every API alike (test/session/parse-tool-output.test.ts, test/properties/).
 */
import { createOpenAIChatToolSearch, createOpenAIResponsesToolSearch } from '../../src/providers/openai/index.js';
import { preflightOpenAIChatRequest } from './preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from './preflight/preflight-openai-responses-request.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from './preflight/preflight-anthropic-messages-request.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from './preflight/preflight-gemini-request.js';
import { createBedrockConverseToolSearch } from '../../src/providers/bedrock/index.js';
import { preflightBedrockConverseRequest } from './preflight/preflight-bedrock-converse-request.js';
import type { PreflightResult } from './preflight/preflight-result.js';

const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
const names = Array.from({ length: 20 }, (_, index) => `tool_${index}`);

/** One wire API: its factory with 20 tools, a first body, a response calling `tool_1`, and how a turn continues the body. */
/** What the test reads of a prepared request. */
export interface PreparedRequest {
  readonly body: unknown;
  step(response: unknown): Promise<{ readonly pending: readonly { readonly name: string }[]; complete(outputs: unknown[]): unknown }>;
  handle(response: unknown, runTool: () => Promise<unknown>): Promise<Turn>;
}
export type Turn = Record<string, unknown>;
/** What the test reads of a factory. */
export interface Factory {
  prepare(body: unknown, options: { sessionId: string }): Promise<PreparedRequest>;
}

export interface SessionWire {
  readonly api: string;
  readonly create: () => unknown;
  readonly body: Record<string, unknown>;
  readonly response: unknown;
  readonly next: (body: Record<string, unknown>, turn: Turn) => Record<string, unknown>;
  readonly preflight: (body: unknown) => PreflightResult;
}

const config = { threshold: 0 };
export const SESSION_WIRES: readonly SessionWire[] = [
  {
    api: 'Responses',
    create: () =>
      createOpenAIResponsesToolSearch({ tools: names.map((name) => ({ type: 'function', name, parameters: schema, strict: false })) as never, config }),
    body: { model: 'gpt-5.2', input: [{ role: 'user', content: 'hi' }] },
    response: { output: [{ type: 'function_call', call_id: 'c1', name: 'tool_1', arguments: '{"path":"a"}' }] },
    next: (body, turn) => ({ ...body, input: [...(body.input as unknown[]), ...(turn.input as unknown[])] }),
    preflight: preflightOpenAIResponsesRequest,
  },
  {
    api: 'Chat Completions',
    create: () => createOpenAIChatToolSearch({ tools: names.map((name) => ({ type: 'function', function: { name, parameters: schema } })) as never, config }),
    body: { model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] },
    response: {
      choices: [{ message: { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'tool_1', arguments: '{"path":"a"}' } }] } }],
    },
    next: (body, turn) => ({ ...body, messages: [...(body.messages as unknown[]), ...(turn.messages as unknown[])] }),
    preflight: preflightOpenAIChatRequest,
  },
  {
    api: 'Messages',
    create: () => createAnthropicMessagesToolSearch({ tools: names.map((name) => ({ name, input_schema: schema })) as never, config }),
    body: { model: 'claude-opus-4-5', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] },
    response: { content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_1', input: { path: 'a' } }] },
    next: (body, turn) => ({ ...body, messages: [...(body.messages as unknown[]), ...(turn.messages as unknown[])] }),
    preflight: preflightAnthropicMessagesRequest,
  },
  {
    api: 'Gemini',
    create: () => createGeminiToolSearch({ tools: [{ functionDeclarations: names.map((name) => ({ name, parametersJsonSchema: schema })) }] as never, config }),
    body: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    response: { candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'tool_1', args: { path: 'a' } } }] } }] },
    next: (body, turn) => ({ ...body, contents: [...(body.contents as unknown[]), ...(turn.contents as unknown[])] }),
    preflight: preflightGeminiRequest,
  },
  {
    api: 'Converse',
    create: () => createBedrockConverseToolSearch({ tools: names.map((name) => ({ toolSpec: { name, inputSchema: { json: schema } } })) as never, config }),
    body: { modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', messages: [{ role: 'user', content: [{ text: 'hi' }] }] },
    response: { output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'tool_1', input: { path: 'a' } } }] } } },
    next: (body, turn) => ({ ...body, messages: [...(body.messages as unknown[]), ...(turn.messages as unknown[])] }),
    preflight: preflightBedrockConverseRequest,
  },
];
