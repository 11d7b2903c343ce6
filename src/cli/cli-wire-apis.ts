import type { WireAPI } from '../models/model-reference.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { isRecord } from '../records/is-record.js';
import { createOpenAIChatTools, createOpenAIResponsesTools, transformOpenAIChatRequest, transformOpenAIResponsesRequest } from '../providers/openai/index.js';
import { createAnthropicMessagesTools, transformAnthropicMessagesRequest } from '../providers/anthropic/index.js';
import { createGeminiFunctionDeclarations, transformGeminiRequest } from '../providers/gemini/index.js';
import { createBedrockConverseTools, transformBedrockConverseRequest } from '../providers/bedrock/index.js';

/** The system prompt of every measured request: short, so the tool list and the library's note dominate. */
export const CLI_SYSTEM_PROMPT = 'You are a helpful assistant.';
/** The user message of every measured request. */
export const CLI_USER_MESSAGE = 'Please help me with my task.';

/**
 * One wire API as `tool-search inspect` measures it: a first-turn body with full schemas, its transformer, its slots.
 * The benchmark drives the same entries (bench/bench-wire-adapters.ts) with bodies and readers of its own.
 */
export interface CLIWireAPI {
  readonly api: WireAPI;
  /** The API's hosted mechanism and a model that has it, or `null`. */
  readonly hosted: { readonly mechanism: 'openai-hosted' | 'claude-hosted'; readonly model: string } | null;
  /** A model for the client mechanism on this API (any model gets it; the id only names the request). */
  readonly clientModel: string;
  /** A model whose provider documents tool additions by value on this API (native delivery), or `null`. */
  readonly nativeModel: string | null;
  /** The body a caller builds without this package: the tools in full, written by the API's converter. */
  createBody(tools: readonly ToolDefinition[]): object;
  /** Runs the API's transformer; `uncategorized` is OpenAI Responses' option of that name (ignored elsewhere). */
  transform(
    body: object,
    plan: ToolSearchPlan,
    revealed?: readonly string[],
    uncategorized?: 'top-level' | 'name-prefix',
  ): { readonly body: object; readonly warnings: readonly { readonly code: string }[] };
  /** Where the body keeps its tools and its system text. */
  promptSlots(body: object): { readonly tools: unknown; readonly system: string };
}

/** The wire APIs, in the order the tables list them. */
export const CLI_WIRE_APIS: readonly CLIWireAPI[] = [
  {
    api: 'openai-responses',
    hosted: { mechanism: 'openai-hosted', model: 'gpt-5.4' },
    clientModel: 'gpt-5.4',
    nativeModel: 'gpt-5.4',
    createBody: (tools) => ({
      model: 'gpt-5.4',
      instructions: CLI_SYSTEM_PROMPT,
      input: [{ role: 'user', content: CLI_USER_MESSAGE }],
      tools: createOpenAIResponsesTools(tools),
    }),
    transform: (body, plan, revealed, uncategorized) => transformOpenAIResponsesRequest(body, plan, { revealed, uncategorized }),
    promptSlots: (body) => ({ tools: field(body, 'tools'), system: textOf(field(body, 'instructions')) }),
  },
  {
    api: 'openai-chat',
    hosted: null,
    clientModel: 'gpt-4.1',
    nativeModel: null,
    createBody: (tools) => ({
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: CLI_SYSTEM_PROMPT },
        { role: 'user', content: CLI_USER_MESSAGE },
      ],
      tools: createOpenAIChatTools(tools),
    }),
    transform: (body, plan, revealed) => transformOpenAIChatRequest(body, plan, { revealed }),
    promptSlots: (body) => {
      const messages = field(body, 'messages');
      const system: string[] = [];
      for (const message of Array.isArray(messages) ? messages : []) {
        if (!isRecord(message) || (message.role !== 'system' && message.role !== 'developer')) break;
        system.push(textOf(message.content));
      }
      return { tools: field(body, 'tools'), system: system.join('\n\n') };
    },
  },
  {
    api: 'anthropic-messages',
    hosted: { mechanism: 'claude-hosted', model: 'claude-sonnet-4-5' },
    clientModel: 'claude-sonnet-4-5',
    nativeModel: 'claude-opus-5',
    createBody: (tools) => ({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      system: CLI_SYSTEM_PROMPT,
      messages: [{ role: 'user', content: CLI_USER_MESSAGE }],
      tools: createAnthropicMessagesTools(tools),
    }),
    transform: (body, plan, revealed) => transformAnthropicMessagesRequest(body, plan, { revealed }),
    promptSlots: (body) => ({ tools: field(body, 'tools'), system: textOf(field(body, 'system')) }),
  },
  {
    api: 'gemini',
    hosted: null,
    clientModel: 'gemini-2.5-pro',
    nativeModel: null,
    // The REST shape of `generateContent`.
    createBody: (tools) => ({
      contents: [{ role: 'user', parts: [{ text: CLI_USER_MESSAGE }] }],
      systemInstruction: { parts: [{ text: CLI_SYSTEM_PROMPT }] },
      tools: [{ functionDeclarations: createGeminiFunctionDeclarations(tools) }],
    }),
    transform: (body, plan, revealed) => transformGeminiRequest(body, plan, { revealed }),
    promptSlots: (body) => ({ tools: field(body, 'tools'), system: textOf(field(body, 'systemInstruction')) }),
  },
  {
    api: 'bedrock-converse',
    hosted: null,
    clientModel: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    nativeModel: null,
    createBody: (tools) => ({
      modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      system: [{ text: CLI_SYSTEM_PROMPT }],
      messages: [{ role: 'user', content: [{ text: CLI_USER_MESSAGE }] }],
      toolConfig: { tools: createBedrockConverseTools(tools) },
    }),
    transform: (body, plan, revealed) => transformBedrockConverseRequest(body, plan, { revealed }),
    promptSlots: (body) => ({ tools: field(field(body, 'toolConfig') as object, 'tools'), system: textOf(field(body, 'system')) }),
  },
];

function field(body: object, name: string): unknown {
  return (body as Record<string, unknown>)[name] ?? [];
}

/** The text of a system slot: a string, a list of text blocks or parts, or a content with `parts`. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value
      .map(textOf)
      .filter((text) => text.length > 0)
      .join('\n\n');
  if (isRecord(value)) {
    if (typeof value.text === 'string') return value.text;
    if (value.parts !== undefined) return textOf(value.parts);
  }
  return '';
}
