import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { parseTransformRequestOptions } from '../../request/parse-transform-request-options.js';
import { transformRequest } from '../../request/transform-request.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import type { BedrockConverseRequest } from './bedrock-converse-api.js';
import { BEDROCK_CONVERSE_CODEC, type BedrockConverseWarningCode } from './bedrock-converse-codec.js';

/** What {@link transformBedrockConverseRequest} takes besides the body and the plan. */
export type TransformBedrockConverseRequestOptions = TransformRequestOptions;

/** The transformed body (in the type it came in), the warnings and the name mapping. */
export type TransformBedrockConverseRequestResult<Body = BedrockConverseRequest> = TransformRequestResult<Body, BedrockConverseWarningCode>;

/**
 * Rewrites a Converse request (`ConverseCommand`'s input) for a tool search plan: deferred tools become stubs, `tool_search`
 * is added, the note goes last in `system`, names are mapped to `[a-zA-Z0-9_-]{1,64}` (`names.fromWire` maps calls back).
 * Pure; throws a `ToolSearchError` (`invalid-request`, `plan-mismatch`, `invalid-options`).
 *
 * @example
 * ```ts
 * const plan = resolveToolSearch({ id: body.modelId, api: 'bedrock-converse' }, parseBedrockConverseTools(body));
 * const { body: input, names } = transformBedrockConverseRequest(body, plan, { revealed: await store.get(sessionId) });
 * ```
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use.html
 */
export function transformBedrockConverseRequest<Body extends object = BedrockConverseRequest>(
  body: Body,
  plan: ToolSearchPlan,
  options: TransformBedrockConverseRequestOptions = {},
): TransformBedrockConverseRequestResult<Body> {
  return transformRequest(BEDROCK_CONVERSE_CODEC, body, plan, parseTransformRequestOptions(options)) as TransformBedrockConverseRequestResult<Body>;
}
