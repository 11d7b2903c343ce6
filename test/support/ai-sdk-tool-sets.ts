/** AI SDK tool sets for the tests that import the AI SDK (they run on AI SDK 6 and 7: vitest.config.ts). */
import { jsonSchema, tool, type ToolSet } from 'ai';
import { GITHUB_MCP_TOOLS } from './github-mcp-tools.js';

/** GitHub's MCP tools as AI SDK tools whose `execute` records each call (`ran`) and answers `{ ok, tool }`. */
export function githubToolSet() {
  const ran: [string, unknown][] = [];
  const tools: ToolSet = Object.fromEntries(
    GITHUB_MCP_TOOLS.map((definition) => [
      definition.name,
      tool({
        description: definition.description ?? '',
        inputSchema: jsonSchema<Record<string, unknown>>(definition.inputSchema as Parameters<typeof jsonSchema>[0]),
        execute: async (args: Record<string, unknown>) => {
          ran.push([definition.name, args]);
          return { ok: true, tool: definition.name };
        },
      }),
    ]),
  );
  return { ran, tools };
}
