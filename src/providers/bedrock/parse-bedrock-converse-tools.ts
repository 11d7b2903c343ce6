import { parseRequestBody } from '../../records/parse-request-body.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { BEDROCK_CONVERSE_CODEC } from './bedrock-converse-codec.js';

/**
 * The `toolSpec`s of a Converse request as tool definitions, in order (checkpoints, system tools and the package's own
 * skipped). Throws a `ToolSearchError` (`invalid-request`) for a body the codec cannot read.
 */
export function parseBedrockConverseTools(body: unknown): ToolDefinition[] {
  return [...BEDROCK_CONVERSE_CODEC.readTools(parseRequestBody(body, 'a Converse request object')).definitions];
}
