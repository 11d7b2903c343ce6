import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { BedrockConverseToolSpecification } from './bedrock-converse-api.js';
import { writeBedrockConverseTool } from './write-bedrock-converse-tool.js';

/**
 * Tool definitions (MCP-shaped, an MCP `tools/list` result, or a catalog) as Converse tools
 * (`{ toolSpec: { name, description, inputSchema: { json } } }`), for `toolConfig.tools`. Throws what
 * `parseToolDefinitions` throws.
 */
export function createBedrockConverseTools(tools: ToolDefinitionsInput): { toolSpec: BedrockConverseToolSpecification }[] {
  return parseToolDefinitions(tools).map((tool) => writeBedrockConverseTool(tool.name, tool.description, { ...tool.inputSchema }));
}
