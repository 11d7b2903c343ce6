import { parseRequestBody } from '../../records/parse-request-body.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { BEDROCK_CONVERSE_CODEC } from './bedrock-converse-codec.js';

/**
 * The tools of a Converse request (`toolConfig.tools`'s `toolSpec`s) as tool definitions, in order; cache checkpoints,
 * system tools and the package's own tools are skipped. Throws a `ToolSearchError` (`invalid-request`) for a body that
 * is not an object, a `toolSpec` without a name or `inputSchema.json`, or one name twice.
 */
export function parseBedrockConverseTools(body: unknown): ToolDefinition[] {
  return [...BEDROCK_CONVERSE_CODEC.readTools(parseRequestBody(body, 'a Converse request object')).definitions];
}
