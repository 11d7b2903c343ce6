import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { RequestToolWarningCode } from '../../request/request-tool-entry.js';

/**
 * The codes of `transformAnthropicMessagesRequest`'s warnings; match on them, the messages are for people. Each
 * names what was asked, why it could not be done as given and what was sent instead. The request decision's codes
 * (`RequestToolWarningCode`: a forced or restored tool, the package's own tools, tools the caller deferred) and:
 *
 * - `cache-control-moved`: a `cache_control` breakpoint sat on a tool that is deferred (the API rejects
 *   `defer_loading` with `cache_control`) or not sent (the `names` listing); it moved to the last tool sent in full.
 * - `search-tool-deferred`: the body's hosted search tool had `defer_loading: true`, which the API rejects; removed.
 * - `search-tool-duplicated`: the body had more than one hosted search tool; the first was kept.
 * - `mechanism-not-for-messages`, `mechanism-not-for-model`: the plan's hosted search is OpenAI's
 *   (`resolvePlanForWireAPI`), or Anthropic's for a model known not to support it (`resolvePlanForModel`); the same
 *   tools were deferred with the client-side mechanism instead.
 * - `reveal-not-for-model`: the plan delivers loaded tools natively (`reveal: 'native'`) for a model or platform known
 *   not to take tool additions (`claude-sonnet-5`, Claude before Opus 4.8, Foundry; a stored or hand-made plan); loaded
 *   schemas stay in the `tool_search` result and `call_tool` is sent instead (`resolvePlanForModel`).
 * - `server-tool-result-removed`: the history answered a hosted `srvtoolu_…` call with a `tool_result`, which the
 *   API rejects (the API answers its own calls); the block was removed.
 * - `error-result-references-converted`: an `is_error: true` tool result held `tool_reference` blocks, which the
 *   API rejects (error results must be text); they became text.
 * - `history-tool-undefined`: the history names a tool (`tool_use` or `tool_reference`) that is not in `tools` and
 *   could not be restored; the API will reject the request until it is defined again.
 * - `tool-choice-undefined`: `tool_choice` names a tool that is not in `tools`.
 * - `bedrock-search-tool-regex`: the BM25 search tool was asked for (`searchTool`, or in the body) on Amazon Bedrock,
 *   which offers the regex tool only; the regex tool was sent.
 * - `bedrock-beta-not-added`: on Amazon Bedrock, `anthropic_beta` is not a list, so the tool search beta Bedrock
 *   needs could not be added.
 * - `tool-changes-sent-as-text`: the history holds what the model does not take where it is served: system messages
 *   on a model without them (a session moved from Opus 4.8 to Sonnet 4.5, Claude 3.5 or Opus 4.1), or tool changes by
 *   value off the Claude API; each was sent as text (the tool's name and definition), and a tool-changes beta the
 *   body's beta list holds for it was removed.
 * - `system-messages-merged`: the history has system messages in a row (a turn's tool addition, then the caller's own
 *   system message), which the API rejects; each run was sent as one system message, its blocks in order.
 * - `tool-changes-beta-not-added`: the request adds tools to the conversation (`reveal: 'native'`, or a history with
 *   tool changes), but the beta list (`betas`, or `anthropic_beta` on Amazon Bedrock) is not a list, so the beta the
 *   tool changes need could not be added.
 */
export type AnthropicMessagesWarningCode =
  | RequestToolWarningCode
  | 'cache-control-moved'
  | 'search-tool-deferred'
  | 'search-tool-duplicated'
  | 'mechanism-not-for-messages'
  | 'server-tool-result-removed'
  | 'error-result-references-converted'
  | 'history-tool-undefined'
  | 'tool-choice-undefined'
  | 'mechanism-not-for-model'
  | 'reveal-not-for-model'
  | 'bedrock-search-tool-regex'
  | 'bedrock-beta-not-added'
  | 'tool-changes-beta-not-added'
  | 'system-messages-merged'
  | 'tool-changes-sent-as-text';

/** One warning of `transformAnthropicMessagesRequest`. */
export type AnthropicMessagesWarning = ToolSearchWarning<AnthropicMessagesWarningCode>;
