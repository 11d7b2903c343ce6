import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { AnthropicCustomTool, AnthropicInputSchema } from './anthropic-messages-api.js';

/**
 * Writes tool definitions as Messages API custom tools (`{ name, description, input_schema }`), for a request
 * body's `tools`: the body you then pass to `parseAnthropicMessagesTools` and `transformAnthropicMessagesRequest`.
 *
 * The API requires `input_schema.type` to be `"object"`; a schema without a `type` gets it (MCP schemas always have
 * it). Names are kept as given: the transformer maps a name the API rejects. `category`, `deferrable` and the
 * MCP-only fields are left out. Takes an array or an MCP `tools/list` result; throws `ToolSearchError`
 * (`invalid-tools`) for a bad tool list.
 *
 * @example
 * ```ts
 * import { createAnthropicMessagesTools } from 'tool-search/anthropic';
 * const body = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages, tools: createAnthropicMessagesTools(await mcpClient.listTools()) };
 * ```
 * @see https://docs.anthropic.com/en/api/messages#body-tools
 */
export function createAnthropicMessagesTools(tools: ToolDefinitionsInput): AnthropicCustomTool[] {
  return parseToolDefinitions(tools).map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: { type: 'object', ...tool.inputSchema } as AnthropicInputSchema,
  }));
}
