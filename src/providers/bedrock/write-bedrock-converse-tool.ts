import type { BedrockConverseToolSpecification } from './bedrock-converse-api.js';

/** One Converse tool: a `toolSpec` with its name, description (when there is one) and JSON Schema. */
export function writeBedrockConverseTool(name: string, description: string | undefined, json: object): { toolSpec: BedrockConverseToolSpecification } {
  const inputSchema = { json: json as BedrockConverseToolSpecification['inputSchema']['json'] };
  // Two literals, not a conditional spread: this runs for every deferred tool of every request.
  return description === undefined ? { toolSpec: { name, inputSchema } } : { toolSpec: { name, description, inputSchema } };
}
