import type { ClientRequestWarningCode } from '../../request/request-tools.js';

/**
 * The codes of `transformOpenAIChatRequest`'s warnings; match on them, the messages are for people.
 *
 * - the client-side mechanism's codes (`hosted-mechanism-unsupported`, `listing-changed-to-names`,
 *   `tools-deferred-for-limit`, see {@link ClientRequestWarningCode}), for Chat Completions' limit of 128 tools;
 * - `hosted-tool-search-removed`: the body held a Responses-style `{ type: 'tool_search' }` tool, which Chat
 *   Completions rejects; it was removed.
 * - `defer-loading-removed`: tools carried `defer_loading`, which Chat Completions rejects; it was removed.
 * - `strict-disabled`: a tool asked for `strict: true` with a schema strict mode rejects; it was sent with
 *   `strict: false`.
 * - `legacy-functions-not-deferred`: the body uses the deprecated `functions` list; those functions were sent in
 *   full (names mapped), never deferred. Move them to `tools` to defer them.
 * - `empty-tools-removed`: `tools` was an empty array, which the API rejects; it was removed.
 * - `tool-choice-removed`: no tool is left to send, so `tool_choice` and `parallel_tool_calls` (allowed only with
 *   `tools`) were removed.
 * - `unknown-message`: a message is not an object or has a role Chat Completions does not define; it was kept
 *   unchanged (tool names in it are not mapped).
 * - `guidance-not-added`: the leading system message's content is neither a string nor a list of parts, so the
 *   tool search note could not be added to it.
 * - `too-many-tools`: more than 128 tools are sent all the same (forced by `tool_choice`, or custom tools); the API
 *   will reject the request.
 */
export type OpenAIChatWarningCode =
  | ClientRequestWarningCode
  | 'hosted-tool-search-removed'
  | 'defer-loading-removed'
  | 'strict-disabled'
  | 'legacy-functions-not-deferred'
  | 'empty-tools-removed'
  | 'tool-choice-removed'
  | 'unknown-message'
  | 'guidance-not-added'
  | 'too-many-tools';
