import type { GroupedToolsWarningCode } from '../../request/request-tools.js';
import type { OpenAIResponsesInputWarningCode } from './transform-openai-responses-input.js';

/**
 * The codes of the transformer's warnings; match on them, the messages are for people. The request decision's codes
 * (`GroupedToolsWarningCode`, documented there) and:
 *
 * - `plan-for-another-api`: a `claude-hosted` plan was given for a Responses body; the same tools are deferred with
 *   the client-side mechanism instead.
 * - `namespace-renamed`: a namespace of the body had to be renamed (invalid characters, or a reserved or taken name).
 * - `namespace-member-moved`: a namespace held a tool other than function and custom tools; it was moved to the top
 *   level, as namespaces may only hold those.
 * - `namespaces-flattened`: the client mechanism sends the body's namespaced functions as top-level functions.
 * - `namespace-over-recommended-size`: a namespace holds more functions than OpenAI recommends (about 10).
 * - `search-tool-name-conflict`: a top-level function or custom tool named `tool_search` sits next to OpenAI's tool
 *   search tool.
 * - `function-call-namespace-restored`: a replayed function call lacked its `namespace`; it was restored.
 * - `mechanism-not-for-model`: the plan uses OpenAI's hosted search for a model known not to support it (before
 *   GPT-5.4, a nano model; a stored or hand-made plan); the same tools were deferred with the client-side mechanism.
 * - `reveal-not-for-model`: the plan delivers loaded tools natively (`reveal: 'native'`) for a model known not to take
 *   tool additions (a stored or hand-made plan); loaded schemas stay in the `tool_search` result and `call_tool` is
 *   sent instead (`resolvePlanForModel`).
 */
export type OpenAIResponsesWarningCode =
  | GroupedToolsWarningCode
  | 'plan-for-another-api'
  | 'namespace-renamed'
  | 'namespace-member-moved'
  | 'namespaces-flattened'
  | 'namespace-over-recommended-size'
  | 'search-tool-name-conflict'
  | 'mechanism-not-for-model'
  | 'reveal-not-for-model'
  | OpenAIResponsesInputWarningCode;
