import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { BedrockConverseToolSpecification } from './bedrock-converse-api.js';

/** Tool definitions (MCP-shaped, a `tools/list` result, or a catalog) as Converse `toolConfig.tools` entries (`{ toolSpec }`). */
export function createBedrockConverseTools(tools: ToolDefinitionsInput): { toolSpec: BedrockConverseToolSpecification }[] {
  return parseToolDefinitions(tools).map((tool) => writeBedrockConverseTool(tool.name, tool.description, { ...tool.inputSchema }));
}

/** One Converse tool: a `toolSpec` with its name, description (when there is one) and JSON Schema. */
export function writeBedrockConverseTool(name: string, description: string | undefined, json: object): { toolSpec: BedrockConverseToolSpecification } {
  const inputSchema = { json: json as BedrockConverseToolSpecification['inputSchema']['json'] };
  // Two literals, not a conditional spread: this runs for every deferred tool of every request.
  return description === undefined ? { toolSpec: { name, inputSchema } } : { toolSpec: { name, description, inputSchema } };
}
