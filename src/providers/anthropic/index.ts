/**
 * `tool-search/anthropic`: tool search on the Anthropic Messages API (hosted tool search, the client-side
 * `tool_search`, or none).
 *
 * Session API: `createAnthropicMessagesToolSearch`. Low level: read a body's tools (`parseAnthropicMessagesTools`),
 * rewrite the body for a plan (`transformAnthropicMessagesRequest`), convert tool definitions
 * (`createAnthropicMessagesTools`), answer a `tool_search` call on the hosted mechanism with `tool_reference` blocks
 * (`createAnthropicToolSearchResult`), and, under `reveal: 'native'`, write a turn's tool additions
 * (`createAnthropicToolAdditionMessage`; the transformer's `added` says what the history added).
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseAnthropicMessagesTools, transformAnthropicMessagesRequest } from 'tool-search/anthropic';
 * const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body));
 * const { body: request, names, warnings } = transformAnthropicMessagesRequest(body, plan);
 * ```
 * @packageDocumentation
 */
export {
  createAnthropicMessagesToolSearch,
  type AnthropicMessagesToolSearch,
  type CreateAnthropicMessagesToolSearchOptions,
} from './create-anthropic-messages-tool-search.js';
export { createAnthropicToolAdditionMessage } from './create-anthropic-tool-addition-message.js';
export { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
export { createAnthropicMessagesTools } from './create-anthropic-messages-tools.js';
export {
  parseAnthropicMessagesTools,
  transformAnthropicMessagesRequest,
  type TransformAnthropicMessagesRequestOptions,
  type TransformAnthropicMessagesRequestResult,
} from './anthropic-messages-codec.js';
export type { AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
