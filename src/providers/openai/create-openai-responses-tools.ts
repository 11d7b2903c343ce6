import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { OpenAIResponsesFunctionTool } from './openai-responses-api.js';

/**
 * Writes tool definitions as Responses API function tools (`{ type: 'function', name, description, parameters,
 * strict: false }`), for a request body's `tools`: the body you then pass to `parseOpenAIResponsesTools` and
 * `transformOpenAIResponsesRequest`.
 *
 * `strict` is `false` because the API's default, `true`, rejects most MCP schemas (optional properties, no
 * `additionalProperties: false`). Names are kept as given: the transformer maps a name the API rejects. `category`,
 * `deferrable` and the MCP-only fields are left out (the transformer reads `category` and `deferrable` from the plan).
 * Takes an array or an MCP `tools/list` result; throws `ToolSearchError` (`invalid-tools`) for a bad tool list.
 *
 * @example
 * ```ts
 * import { createOpenAIResponsesTools } from 'tool-search/openai';
 * const body = { model: 'gpt-5.4', input: 'Open an issue.', tools: createOpenAIResponsesTools(await mcpClient.listTools()) };
 * ```
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 */
export function createOpenAIResponsesTools(tools: ToolDefinitionsInput): OpenAIResponsesFunctionTool[] {
  return parseToolDefinitions(tools).map(createOpenAIResponsesFunction);
}

/** One checked definition as a Responses function tool (`strict: false`). Not part of the public API. */
export function createOpenAIResponsesFunction(tool: ToolDefinition): OpenAIResponsesFunctionTool {
  return {
    type: 'function',
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parameters: { ...tool.inputSchema },
    strict: false,
  };
}
