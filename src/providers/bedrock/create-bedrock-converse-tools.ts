import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { BedrockConverseToolSpecification } from './bedrock-converse-api.js';

/**
 * Writes tool definitions (MCP-shaped: `{ name, description, inputSchema }`) as Converse tools (`{ toolSpec: { name,
 * description, inputSchema: { json } } }`), for a request's `toolConfig.tools`. Names are kept as given: the
 * transformer maps a name Converse rejects. Takes an array or an MCP `tools/list` result; throws `ToolSearchError`
 * (`invalid-tools`) for a bad tool list.
 *
 * @example
 * ```ts
 * import { createBedrockConverseTools } from 'tool-search/bedrock';
 * const input = { modelId, messages, toolConfig: { tools: createBedrockConverseTools(await mcpClient.listTools()) } };
 * ```
 */
export function createBedrockConverseTools(tools: ToolDefinitionsInput): { toolSpec: BedrockConverseToolSpecification }[] {
  return parseToolDefinitions(tools).map((tool) => writeBedrockConverseTool(tool.name, tool.description, { ...tool.inputSchema }));
}

/** One Converse tool, without `description` when it has none; the transformer writes stubs and its own tools so. Internal. */
export function writeBedrockConverseTool(name: string, description: string | undefined, json: object): { toolSpec: BedrockConverseToolSpecification } {
  const inputSchema = { json: json as BedrockConverseToolSpecification['inputSchema']['json'] };
  // Two literals, not a conditional spread: this runs for every deferred tool of every request.
  return description === undefined ? { toolSpec: { name, inputSchema } } : { toolSpec: { name, description, inputSchema } };
}
