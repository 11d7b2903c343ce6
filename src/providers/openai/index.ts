/**
 * `tool-search/openai`: tool search on OpenAI's APIs.
 *
 * Session API (a few lines per turn): `createOpenAIResponsesToolSearch`, `createOpenAIChatToolSearch`.
 *
 * Responses API: read a body's tools (`parseOpenAIResponsesTools`), rewrite the body for a plan
 * (`transformOpenAIResponsesRequest`; its `names.fromWire` maps calls back), convert tool definitions
 * (`createOpenAIResponsesTools`), answer a client-executed `tool_search_call` with the library's ranking
 * (`createOpenAIToolSearchOutput`), and add loaded tools to the conversation under `reveal: 'native'`
 * (`createOpenAIResponsesAdditionalTools`; the transformer's `added` says what the history added).
 *
 * Chat Completions (client-side tool search only): `parseOpenAIChatTools`, `transformOpenAIChatRequest`,
 * `createOpenAIChatTools`.
 *
 * @packageDocumentation
 */
export {
  createOpenAIResponsesToolSearch,
  type CreateOpenAIResponsesToolSearchOptions,
  type OpenAIResponsesToolSearch,
} from './create-openai-responses-tool-search.js';
export { createOpenAIChatToolSearch, type CreateOpenAIChatToolSearchOptions, type OpenAIChatToolSearch } from './create-openai-chat-tool-search.js';
export { parseOpenAIResponsesTools } from './parse-openai-responses-tools.js';
export { createOpenAIResponsesAdditionalTools, type CreateOpenAIResponsesAdditionalToolsOptions } from './create-openai-responses-additional-tools.js';
export { createOpenAIToolSearchOutput } from './create-openai-tool-search-output.js';
export { createOpenAIResponsesTools } from './create-openai-responses-tools.js';
export type { OpenAIResponsesWarningCode } from './openai-responses-warning.js';
export {
  transformOpenAIResponsesRequest,
  type TransformOpenAIResponsesRequestOptions,
  type TransformOpenAIResponsesRequestResult,
} from './transform-openai-responses-request.js';
export {
  createOpenAIChatTools,
  parseOpenAIChatTools,
  transformOpenAIChatRequest,
  type OpenAIChatWarningCode,
  type TransformOpenAIChatRequestOptions,
  type TransformOpenAIChatRequestResult,
} from './openai-chat-codec.js';
