import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { loadBfclCatalog, loadGithubMcpTools } from './load-quality-fixtures.js';

/**
 * A deterministic catalog of `count` tools for speed checks: the BFCL catalog followed by GitHub's MCP tools
 * (1,404 tools), repeated under distinct MCP-style server prefixes (`srv0__ChaFod`, …, `srv12__create_issue`) until
 * `count` tools are listed. Descriptions and schemas are the originals, so term statistics stay realistic.
 *
 * @default count 10,000
 */
export function createLargeCatalog(count = 10_000, base: readonly ToolDefinition[] = [...loadBfclCatalog(), ...loadGithubMcpTools()]): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  for (let server = 0; tools.length < count; server += 1) {
    for (const tool of base) {
      if (tools.length >= count) break;
      tools.push({ ...tool, name: `srv${server}__${tool.name}` });
    }
  }
  return tools;
}
