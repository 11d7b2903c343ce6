/**
 * `tool-search/openai`: tool search on OpenAI's APIs.
 *
 * Session API (a few lines per turn): `createOpenAIResponsesToolSearch`, `createOpenAIChatToolSearch`.
 *
 * Responses API: read a body's tools (`parseOpenAIResponsesTools`), rewrite the body for a plan
 * (`transformOpenAIResponsesRequest`), map calls back (`resolveOpenAIFunctionCallName`), add loaded tools to the
 * conversation under `reveal: 'native'` (`createOpenAIResponsesAdditionalTools`, after reading what the history added
 * with `readOpenAIResponsesAddedTools`), check a body against the documented
 * 400s (`preflightOpenAIResponsesRequest`).
 *
 * Chat Completions (client-side tool search only): `parseOpenAIChatTools`, `transformOpenAIChatRequest`,
 * `preflightOpenAIChatRequest`.
 *
 * @packageDocumentation
 */
export * from './create-openai-responses-tool-search.js';
export {
  createOpenAIChatToolSearch,
  type CreateOpenAIChatToolSearchOptions,
  type OpenAIChatSessionTool,
  type OpenAIChatToolSearch,
  type OpenAIChatToolSearchRequest,
  type OpenAIChatTurn,
} from './create-openai-chat-tool-search.js';
export { parseOpenAIResponsesTools } from './parse-openai-responses-tools.js';
export { createOpenAIToolSearchOutput } from './create-openai-tool-search-output.js';
export { createOpenAIToolSearchNote } from './create-openai-tool-search-note.js';
export { createOpenAIResponsesAdditionalTools, type CreateOpenAIResponsesAdditionalToolsOptions } from './create-openai-responses-additional-tools.js';
export { readOpenAIResponsesAddedTools } from './read-openai-responses-added-tools.js';
export { createOpenAIResponsesTools } from './create-openai-responses-tools.js';
export type { OpenAIResponsesUncategorizedTools } from './openai-responses-codec.js';
export type { OpenAIResponsesWarningCode } from './openai-responses-warning.js';
export {
  transformOpenAIResponsesRequest,
  type TransformOpenAIResponsesRequestOptions,
  type TransformOpenAIResponsesRequestResult,
  type TransformedOpenAIResponsesBody,
} from './transform-openai-responses-request.js';
export { preflightOpenAIResponsesRequest, type OpenAIResponsesPreflightRule } from './preflight-openai-responses-request.js';
export { resolveOpenAIFunctionCallName } from './resolve-openai-function-call-name.js';
export { resolveOpenAIResponsesNamespaceNames } from './resolve-openai-responses-namespace-names.js';
export * from './openai-responses-api.js';

export { OPENAI_CHAT_MAX_TOOLS, OPENAI_CHAT_TOOL_NAME_RULE } from './openai-chat-api.js';
export type {
  OpenAIChatAssistantMessage,
  OpenAIChatCustomTool,
  OpenAIChatCustomToolCall,
  OpenAIChatFunctionDefinition,
  OpenAIChatFunctionMessage,
  OpenAIChatFunctionTool,
  OpenAIChatFunctionToolCall,
  OpenAIChatLegacyFunction,
  OpenAIChatMessage,
  OpenAIChatRequest,
  OpenAIChatSystemMessage,
  OpenAIChatTextPart,
  OpenAIChatTool,
  OpenAIChatToolChoice,
  OpenAIChatToolMessage,
  OpenAIChatUserMessage,
} from './openai-chat-api.js';
export { createOpenAIChatTools } from './create-openai-chat-tools.js';
export { parseOpenAIChatTools } from './parse-openai-chat-tools.js';
export type { OpenAIChatWarningCode } from './openai-chat-warning.js';
export { transformOpenAIChatRequest, type TransformOpenAIChatRequestOptions, type TransformOpenAIChatRequestResult } from './transform-openai-chat-request.js';
export { preflightOpenAIChatRequest, type OpenAIChatPreflightRule } from './preflight-openai-chat-request.js';
export { resolveOpenAIChatStrictSchemaProblem } from './resolve-openai-chat-strict-schema-problem.js';
