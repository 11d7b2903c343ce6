import { parseRequestBody } from '../../records/parse-request-body.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { BEDROCK_CONVERSE_CODEC } from './bedrock-converse-codec.js';

/**
 * The tools of a Converse request (`toolConfig.tools`) as tool definitions, in order: each `toolSpec`'s name,
 * description and `inputSchema.json`. Cache checkpoints, system tools and the package's own tools are skipped. Throws
 * a `ToolSearchError` (`invalid-request`) for a body that is not an object, `toolConfig.tools` that is not a list, a
 * `toolSpec` without a name or `inputSchema.json`, or one name twice.
 *
 * @example
 * ```ts
 * const plan = resolveToolSearch({ id: body.modelId, api: 'bedrock-converse' }, parseBedrockConverseTools(body));
 * ```
 */
export function parseBedrockConverseTools(body: unknown): ToolDefinition[] {
  return [...BEDROCK_CONVERSE_CODEC.readTools(parseRequestBody(body, 'a Converse request object')).definitions];
}
