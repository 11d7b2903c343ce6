import { resolveToolCacheBreakpoints } from '../../cache/resolve-tool-cache-breakpoints.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { parseTransformRequestOptions } from '../../request/parse-transform-request-options.js';
import { transformRequest } from '../../request/transform-request.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import type { BedrockConverseRequest } from './bedrock-converse-api.js';
import { BEDROCK_CONVERSE_CODEC, type BedrockConverseWarningCode } from './bedrock-converse-codec.js';

/** What {@link transformBedrockConverseRequest} needs besides the body and the plan. */
export type TransformBedrockConverseRequestOptions = TransformRequestOptions;

/** The transformed body (in the type it came in), the warnings and the tool-name mapping. */
export type TransformBedrockConverseRequestResult<Body = BedrockConverseRequest> = TransformRequestResult<Body, BedrockConverseWarningCode>;

/**
 * Rewrites an Amazon Bedrock Converse request (`ConverseCommand`'s input) for a tool search plan, just before it is
 * sent. Converse has no hosted search: the core decides the tools (the one `toolChoice: { tool }` forces), the note and
 * the name mapping, with the reveals the history's `toolResult` blocks hold. In Converse's shape:
 * - deferred tools are `{ toolSpec: { name, description, inputSchema: { json: <stub> } } }`; loaded and revealed tools
 *   are the caller's own entries; the package's `tool_search` (and `call_tool`) are added;
 * - the guidance note is the last text block of `system` before its trailing `cachePoint` blocks, so the cached
 *   system prefix holds it and stays byte-identical from turn to turn;
 * - a `cachePoint` in `toolConfig.tools` marks the tool right before it and goes where the core's rule for breakpoints
 *   says ({@link resolveToolCacheBreakpoints}): right after a loaded tool it marks, or once at the end of the list (the
 *   target: every tool cached). None is added, so the checkpoints never outnumber the caller's. System tools keep
 *   their places;
 * - tool names, `toolUse.name` in the history and `toolChoice.tool.name` are mapped to `[a-zA-Z0-9_-]{1,64}`; map the
 *   model's calls back with `names.fromWire`.
 *
 * Pure, and stable on its own output. Throws a `ToolSearchError`: `invalid-request` for the cases
 * {@link parseBedrockConverseTools} lists and `messages` or `system` that is not a list; `plan-mismatch` when the plan
 * was made for other tools; `invalid-options` for bad options.
 *
 * @example
 * ```ts
 * import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
 * import { resolveToolSearch } from 'tool-search';
 * import { parseBedrockConverseTools, transformBedrockConverseRequest } from 'tool-search/bedrock';
 *
 * const plan = resolveToolSearch({ id: body.modelId, api: 'bedrock-converse' }, parseBedrockConverseTools(body));
 * const { body: input, names } = transformBedrockConverseRequest(body, plan, { revealed: await store.get(sessionId) });
 * const response = await new BedrockRuntimeClient({}).send(new ConverseCommand(input));
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
