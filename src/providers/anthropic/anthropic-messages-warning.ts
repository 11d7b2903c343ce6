import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';

/**
 * The codes of `transformAnthropicMessagesRequest`'s warnings; match on them, the messages are for people. Each
 * names what was asked, why it could not be done as given and what was sent instead.
 *
 * - `cache-control-moved`: a `cache_control` breakpoint sat on a tool that is deferred (the API rejects
 *   `defer_loading` with `cache_control`) or not sent (the `names` listing); it moved to the last tool sent in full.
 * - `search-tool-deferred`: the body's hosted search tool had `defer_loading: true`, which the API rejects; removed.
 * - `search-tool-duplicated`: the body had more than one hosted search tool; the first was kept.
 * - `hosted-search-tool-kept`: the plan does not use hosted search, but the body has a hosted search tool; it is
 *   sent as given (a provider tool the plan does not know), and the model may not support it.
 * - `client-search-tool-removed`: the body had this package's own `tool_search` but the plan does not use the
 *   client-side mechanism; removed.
 * - `mechanism-not-for-messages`: the plan uses OpenAI's hosted search, which the Messages API does not carry;
 *   the same tools were deferred with the client-side mechanism instead.
 * - `server-tool-result-removed`: the history answered a hosted `srvtoolu_…` call with a `tool_result`, which the
 *   API rejects (the API answers its own calls); the block was removed.
 * - `error-result-references-converted`: an `is_error: true` tool result held `tool_reference` blocks, which the
 *   API rejects (error results must be text); they became text.
 * - `tool-restored`: a tool the body lacks was sent from `catalog`: a tool the plan still lists, or (hosted search)
 *   a tool the history references, sent deferred.
 * - `own-tool-restored`: the history calls this package's own `tool_search` or `call_tool`, which the plan no longer
 *   sends (another model, fewer tools, the provider's search); it was defined again so the history stays valid.
 * - `history-tool-undefined`: the history names a tool (`tool_use` or `tool_reference`) that is not in `tools` and
 *   could not be restored; the API will reject the request until it is defined again.
 * - `forced-tool-loaded`: `tool_choice` forces a tool the plan defers; it was sent with its full schema.
 * - `tool-choice-undefined`: `tool_choice` names a tool that is not in `tools`.
 * - `mechanism-not-for-model`: the plan uses Anthropic's hosted search for a model known not to support it (a
 *   stored or hand-made plan); the same tools were deferred with the client-side mechanism instead.
 * - `bedrock-search-tool-regex`: the BM25 search tool was asked for (`searchTool`, or in the body) on Amazon Bedrock,
 *   which offers the regex tool only; the regex tool was sent.
 * - `hosted-search-for-caller-deferral`: the body defers tools of its own (a provider tool with `defer_loading`, a
 *   toolset or MCP toolset whose members defer) that nothing else sent could load (the library's `tool_search`
 *   answers with the plan's tools only); Anthropic's hosted search tool was sent for them.
 * - `caller-deferral-removed`: the body defers tools of its own, but the model has no hosted tool search to load
 *   them; they were sent without `defer_loading`.
 * - `bedrock-beta-not-added`: on Amazon Bedrock, `anthropic_beta` is not a list, so the tool search beta Bedrock
 *   needs could not be added.
 */
export type AnthropicMessagesWarningCode =
  | 'cache-control-moved'
  | 'search-tool-deferred'
  | 'search-tool-duplicated'
  | 'hosted-search-tool-kept'
  | 'client-search-tool-removed'
  | 'mechanism-not-for-messages'
  | 'server-tool-result-removed'
  | 'error-result-references-converted'
  | 'tool-restored'
  | 'own-tool-restored'
  | 'history-tool-undefined'
  | 'forced-tool-loaded'
  | 'tool-choice-undefined'
  | 'mechanism-not-for-model'
  | 'bedrock-search-tool-regex'
  | 'bedrock-beta-not-added'
  | 'hosted-search-for-caller-deferral'
  | 'caller-deferral-removed';

/** One warning of `transformAnthropicMessagesRequest`. */
export type AnthropicMessagesWarning = ToolSearchWarning<AnthropicMessagesWarningCode>;
