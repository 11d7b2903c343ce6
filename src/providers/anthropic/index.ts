/**
 * Anthropic Messages API support: read a body's tools, rewrite the body for a tool search plan (hosted tool search,
 * the client-side `tool_search`, or none), and check a body against the API's documented 400 rules.
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
export * from './create-anthropic-messages-tool-search.js';
export { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
export { createAnthropicToolAdditionMessage } from './create-anthropic-tool-addition-message.js';
export { readAnthropicMessagesAddedTools } from './read-anthropic-messages-added-tools.js';
export { createAnthropicMessagesTools } from './create-anthropic-messages-tools.js';
export { parseAnthropicMessagesTools } from './parse-anthropic-messages-tools.js';
export {
  transformAnthropicMessagesRequest,
  type TransformAnthropicMessagesRequestOptions,
  type TransformAnthropicMessagesRequestResult,
} from './transform-anthropic-messages-request.js';
export {
  ANTHROPIC_MESSAGES_PREFLIGHT_RULES,
  preflightAnthropicMessagesRequest,
  type AnthropicMessagesPreflightResult,
  type AnthropicMessagesPreflightRule,
  type AnthropicMessagesPreflightViolation,
  type PreflightAnthropicMessagesRequestOptions,
} from './preflight-anthropic-messages-request.js';
export type * from './anthropic-messages-warning.js';
export * from './anthropic-messages-api.js';
