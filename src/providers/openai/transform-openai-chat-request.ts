import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { parseTransformRequestOptions } from '../../request/parse-transform-request-options.js';
import { transformRequest } from '../../request/transform-request.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import type { OpenAIChatRequest } from './openai-chat-api.js';
import { OPENAI_CHAT_CODEC } from './openai-chat-codec.js';
import type { OpenAIChatWarningCode } from './openai-chat-warning.js';

/** What {@link transformOpenAIChatRequest} needs besides the body and the plan. */
export type TransformOpenAIChatRequestOptions = TransformRequestOptions;

/** The transformed body (in the type it came in), the warnings and the tool-name mapping. */
export type TransformOpenAIChatRequestResult<Body = OpenAIChatRequest> = TransformRequestResult<Body, OpenAIChatWarningCode>;

/**
 * Rewrites an OpenAI Chat Completions request body for a tool search plan, just before it is sent.
 *
 * Chat Completions has no hosted search: the core decides the tools (a function `tool_choice` or
 * `allowed_tools` forces), the note and the name mapping. In Chat Completions' shape:
 * - a stub is `{ type: 'function', function: { name, description, parameters: <stub>, strict: false } }` (strict mode
 *   rejects the open stub schema); loaded and revealed tools are the caller's own tool objects (their `strict` kept);
 * - the note is appended to the content of a leading `system` or `developer` message (as its own text part in a list
 *   of parts, so the caller's bytes and any `prompt_cache_breakpoint` keep their place), or is a new leading `system`
 *   message (one system message keeps chat templates of compatible servers happy);
 * - custom tools keep their positions; `defer_loading` a caller put on tools is removed, with a warning;
 * - names are mapped to `^[a-zA-Z0-9_-]{1,64}$` (`ChaDri.change_drink` → `ChaDri_change_drink`) in `tools`, the
 *   history (`tool_calls[].function.name`, the legacy `function_call` and `role: 'function'` messages), `tool_choice`
 *   and the legacy `functions`; map the model's calls back with `names.fromWire`.
 *
 * Pure, and stable on its own output; the body comes back in the type it went in (what the transformer writes is
 * valid in the `openai` SDK's types).
 *
 * Throws a `ToolSearchError`: `invalid-request` for a body that is not an object, `messages` that is not an array
 * and the cases {@link parseOpenAIChatTools} lists; `plan-mismatch` when the plan was made for other tools;
 * `invalid-options` for a plan or options of the wrong shape.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { resolveToolSearch } from 'tool-search';
 * import { parseOpenAIChatTools, transformOpenAIChatRequest } from 'tool-search/openai';
 *
 * const plan = resolveToolSearch({ id: body.model, api: 'openai-chat' }, parseOpenAIChatTools(body));
 * const { body: request, names } = transformOpenAIChatRequest(body, plan, { revealed: await store.get(sessionId) });
 * const completion = await new OpenAI().chat.completions.create(request);
 * for (const call of completion.choices[0].message.tool_calls ?? []) {
 *   if (call.type === 'function') console.log(names.fromWire(call.function.name));
 * }
 * ```
 */
export function transformOpenAIChatRequest<Body extends object = OpenAIChatRequest>(
  body: Body,
  plan: ToolSearchPlan,
  options: TransformOpenAIChatRequestOptions = {},
): TransformOpenAIChatRequestResult<Body> {
  return transformRequest(OPENAI_CHAT_CODEC, body, plan, parseTransformRequestOptions(options)) as TransformOpenAIChatRequestResult<Body>;
}
