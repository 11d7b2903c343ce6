/**
 * OpenAI Chat Completions wire types (`POST /v1/chat/completions`), the subset this package reads and writes.
 *
 * Field names are the API's own (snake_case). Each type is a subset of the official SDK's type of the same role
 * (`ChatCompletionCreateParamsNonStreaming`, `ChatCompletionFunctionTool`, `ChatCompletionMessageParam`, …), so a
 * value of these types is accepted by `client.chat.completions.create` (a type test proves it); fields this package
 * does not touch pass through at run time.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
import type { ToolNameRule } from '../../names/tool-name-rule.js';

/**
 * What Chat Completions accepts as a function name: "a-z, A-Z, 0-9, or contain underscores and dashes, with a
 * maximum length of 64" (the SDK's `FunctionDefinition.name`), i.e. `^[a-zA-Z0-9_-]{1,64}$`.
 */
export const OPENAI_CHAT_TOOL_NAME_RULE: ToolNameRule = Object.freeze({ label: 'OpenAI Chat Completions', allowed: /[A-Za-z0-9_-]/, maxLength: 64 });

/**
 * The most entries `tools` may hold: past 128 the API answers 400 `array_above_max_length` ("Invalid 'tools': array
 * too long. Expected an array with maximum length 128").
 */
export const OPENAI_CHAT_MAX_TOOLS = 128;

/** A function's definition (`tools[].function`). */
export interface OpenAIChatFunctionDefinition {
  name: string;
  description?: string;
  /** A JSON Schema object; omitted means "no parameters". */
  parameters?: { [keyword: string]: unknown };
  /** Structured Outputs for this function's arguments; the schema must then meet strict mode's rules. */
  strict?: boolean | null;
}

/** A function tool (`{ type: 'function', function }`). */
export interface OpenAIChatFunctionTool {
  type: 'function';
  function: OpenAIChatFunctionDefinition;
}

/** A custom (free-form input) tool; passed through unchanged. */
export interface OpenAIChatCustomTool {
  type: 'custom';
  custom: {
    name: string;
    description?: string;
    format?: { type: 'text' } | { type: 'grammar'; grammar: { definition: string; syntax: 'lark' | 'regex' } };
  };
}

/** A tool in `tools`. */
export type OpenAIChatTool = OpenAIChatFunctionTool | OpenAIChatCustomTool;

/** A text content part (a caller may put an explicit prompt-cache breakpoint on it). */
export interface OpenAIChatTextPart {
  type: 'text';
  text: string;
  prompt_cache_breakpoint?: { mode: 'explicit' };
}

/** A message of text parts in `role`. */
interface OpenAIChatTextMessage<Role extends string> {
  role: Role;
  content: string | OpenAIChatTextPart[];
  name?: string;
}

/** The system slot: `system` (every model and most compatible servers) or `developer` (o-series and newer). */
export type OpenAIChatSystemMessage = OpenAIChatTextMessage<'system' | 'developer'>;

/** A user message (its text; image, audio and file parts pass through at run time). */
export type OpenAIChatUserMessage = OpenAIChatTextMessage<'user'>;

/** A function call the model made (`tool_calls[]` with `type: 'function'`). */
export interface OpenAIChatFunctionToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A custom tool call the model made; passed through unchanged. */
export interface OpenAIChatCustomToolCall {
  id: string;
  type: 'custom';
  custom: { name: string; input: string };
}

/** An assistant message, as replayed in the history. */
export interface OpenAIChatAssistantMessage {
  role: 'assistant';
  content?: string | OpenAIChatTextPart[] | null;
  name?: string;
  refusal?: string | null;
  audio?: { id: string } | null;
  tool_calls?: (OpenAIChatFunctionToolCall | OpenAIChatCustomToolCall)[];
  /** @deprecated The legacy single function call (before `tool_calls`). */
  function_call?: { name: string; arguments: string } | null;
}

/** A tool result (`role: 'tool'`), answering one `tool_calls[].id`. */
export interface OpenAIChatToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string | OpenAIChatTextPart[];
}

/** @deprecated A legacy function result (`role: 'function'`). */
export interface OpenAIChatFunctionMessage {
  role: 'function';
  name: string;
  content: string | null;
}

/** A message in `messages`. */
export type OpenAIChatMessage =
  | OpenAIChatSystemMessage
  | OpenAIChatUserMessage
  | OpenAIChatAssistantMessage
  | OpenAIChatToolMessage
  | OpenAIChatFunctionMessage;

/** `tool_choice`. */
export type OpenAIChatToolChoice =
  | 'none'
  | 'auto'
  | 'required'
  | { type: 'function'; function: { name: string } }
  | { type: 'custom'; custom: { name: string } }
  | { type: 'allowed_tools'; allowed_tools: { mode: 'auto' | 'required'; tools: { [key: string]: unknown }[] } };

/** @deprecated A legacy function (`functions[]`), before `tools`. */
export type OpenAIChatLegacyFunction = Omit<OpenAIChatFunctionDefinition, 'strict'>;

/**
 * A Chat Completions request body. The fields this package reads or writes are typed; every other field
 * (`temperature`, `response_format`, `stream`, …) passes through unchanged.
 */
export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIChatMessage[];
  tools?: OpenAIChatTool[];
  tool_choice?: OpenAIChatToolChoice;
  /** @deprecated Use `tools`. */
  functions?: OpenAIChatLegacyFunction[];
  /** @deprecated Use `tool_choice`. */
  function_call?: 'none' | 'auto' | { name: string };
  [field: string]: unknown;
}
