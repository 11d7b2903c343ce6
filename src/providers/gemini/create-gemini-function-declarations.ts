import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { GeminiFunctionDeclaration } from './gemini-api.js';

/**
 * Writes tool definitions as Gemini function declarations (`{ name, description, parametersJsonSchema }`), for a
 * request's `tools: [{ functionDeclarations }]`: the request you then pass to `parseGeminiTools` and
 * `transformGeminiRequest`.
 *
 * The schema goes into `parametersJsonSchema`, which takes JSON Schema as it is (Gemini's `parameters` is an
 * OpenAPI subset without `additionalProperties`, `$ref` or `const`, which MCP schemas often use). Names are kept as
 * given: the transformer maps a name the API rejects. `category`, `deferrable` and the MCP-only fields are left out.
 * Takes an array or an MCP `tools/list` result; throws `ToolSearchError` (`invalid-tools`) for a bad tool list.
 *
 * @example
 * ```ts
 * import { createGeminiFunctionDeclarations } from 'tool-search/gemini';
 * const tools = [{ functionDeclarations: createGeminiFunctionDeclarations(await mcpClient.listTools()) }];
 * ```
 * @see https://ai.google.dev/api/caching#FunctionDeclaration
 */
export function createGeminiFunctionDeclarations(tools: ToolDefinitionsInput): GeminiFunctionDeclaration[] {
  return parseToolDefinitions(tools).map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parametersJsonSchema: { ...tool.inputSchema },
  }));
}
