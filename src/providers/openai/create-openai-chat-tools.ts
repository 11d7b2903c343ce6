import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { OpenAIChatFunctionTool } from './openai-chat-api.js';

/**
 * Writes tool definitions as Chat Completions function tools (`{ type: 'function', function: { name, description,
 * parameters } }`), for a request body's `tools`: the body you then pass to `parseOpenAIChatTools` and
 * `transformOpenAIChatRequest`.
 *
 * `strict` is left out (Chat's default is non-strict, which any JSON Schema passes). Names are kept as given: the
 * transformer maps a name the API rejects. `category`, `deferrable` and the MCP-only fields are left out. Takes an
 * array or an MCP `tools/list` result; throws `ToolSearchError` (`invalid-tools`) for a bad tool list.
 *
 * @example
 * ```ts
 * import { createOpenAIChatTools } from 'tool-search/openai';
 * const body = { model: 'gpt-4.1', messages, tools: createOpenAIChatTools(await mcpClient.listTools()) };
 * ```
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 */
export function createOpenAIChatTools(tools: ToolDefinitionsInput): OpenAIChatFunctionTool[] {
  return parseToolDefinitions(tools).map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: { ...tool.inputSchema },
    },
  }));
}
