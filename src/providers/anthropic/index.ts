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
export {
  createAnthropicMessagesToolSearch,
  type AnthropicMessagesSessionTool,
  type AnthropicMessagesToolSearch,
  type AnthropicMessagesToolSearchRequest,
  type AnthropicMessagesTurn,
  type CreateAnthropicMessagesToolSearchOptions,
} from './create-anthropic-messages-tool-search.js';
export { parseAnthropicMessagesTools } from './parse-anthropic-messages-tools.js';
export { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
export { createAnthropicMessagesTools } from './create-anthropic-messages-tools.js';
export {
  transformAnthropicMessagesRequest,
  type TransformAnthropicMessagesRequestResult,
  type AnthropicToolSearchVariant,
  type TransformAnthropicMessagesRequestOptions,
} from './transform-anthropic-messages-request.js';
export {
  ANTHROPIC_MESSAGES_PREFLIGHT_RULES,
  preflightAnthropicMessagesRequest,
  type AnthropicMessagesPreflightResult,
  type AnthropicMessagesPreflightRule,
  type AnthropicMessagesPreflightViolation,
  type PreflightAnthropicMessagesRequestOptions,
} from './preflight-anthropic-messages-request.js';
export type { AnthropicMessagesWarning, AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
export {
  ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA,
  ANTHROPIC_MAX_DEFERRED_TOOLS,
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_SEARCH_TOOLS,
  type AnthropicAllowedCaller,
  type AnthropicAssistantMessage,
  type AnthropicBM25ToolSearchTool,
  type AnthropicCacheControl,
  type AnthropicContentBlock,
  type AnthropicCustomTool,
  type AnthropicInputSchema,
  type AnthropicMessage,
  type AnthropicMessagesRequest,
  type AnthropicMessagesRequestLike,
  type AnthropicRegexToolSearchTool,
  type AnthropicServerToolUseBlock,
  type AnthropicTextBlock,
  type AnthropicTool,
  type AnthropicToolChoice,
  type AnthropicToolReferenceBlock,
  type AnthropicToolResultBlock,
  type AnthropicToolSearchTool,
  type AnthropicToolSearchToolName,
  type AnthropicToolSearchToolResultBlock,
  type AnthropicToolSearchToolResultError,
  type AnthropicToolSearchToolSearchResult,
  type AnthropicToolUseBlock,
  type AnthropicUserMessage,
} from './anthropic-messages-api.js';
