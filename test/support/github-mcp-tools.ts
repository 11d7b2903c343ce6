import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';

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
