import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { WireAPI } from '../../src/models/model-reference.js';

/** GitHub's MCP server's 117 tools, as the server lists them (test/fixtures/github-mcp/NOTICE). */
export const GITHUB_MCP_TOOLS: readonly ToolDefinition[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'github-mcp', 'tools.json'), 'utf8'),
) as ToolDefinition[];

/** One GitHub MCP tool by name. */
export function githubTool(name: string): ToolDefinition {
  const found = GITHUB_MCP_TOOLS.find((tool) => tool.name === name);
  if (found === undefined) throw new Error(`no GitHub MCP tool ${name}`);
  return found;
}

/**
 * GitHub's MCP tools in a wire API's own tool format, as a README example's `myTools` (Gemini: the function
 * declarations, its `myDeclarations`).
 */
export function githubToolsIn(api: WireAPI): Record<string, unknown>[] {
  return GITHUB_MCP_TOOLS.map(({ name, description, inputSchema }) => {
    switch (api) {
      case 'openai-responses':
        return { type: 'function', name, description, parameters: inputSchema, strict: false };
      case 'openai-chat':
        return { type: 'function', function: { name, description, parameters: inputSchema } };
      case 'anthropic-messages':
        return { name, description, input_schema: inputSchema };
      case 'gemini':
        return { name, description, parametersJsonSchema: inputSchema };
      case 'bedrock-converse':
        return { toolSpec: { name, description, inputSchema: { json: inputSchema } } };
      default:
        return api satisfies never;
    }
  });
}
