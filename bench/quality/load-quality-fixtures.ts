import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';

/** One request of the BFCL dev split with the names of the tools that answer it. */
export interface QualityQuery {
  readonly id: string;
  readonly category: string;
  readonly query: string;
  readonly gold: readonly string[];
}

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** The 1,287 BFCL tools (`bench/fixtures/bfcl/catalog.json`). */
export function loadBfclCatalog(): ToolDefinition[] {
  return readJSON('bfcl/catalog.json') as ToolDefinition[];
}

/** The 1,178 BFCL dev requests (`bench/fixtures/bfcl/queries-dev.jsonl`), in file order. */
export function loadBfclQueries(): QualityQuery[] {
  return readFileSync(fileURLToPath(new URL('bfcl/queries-dev.jsonl', FIXTURES)), 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as QualityQuery);
}

/** The 117 tools of GitHub's MCP server (`bench/fixtures/github-mcp/tools.json`). */
export function loadGithubMcpTools(): ToolDefinition[] {
  return readJSON('github-mcp/tools.json') as ToolDefinition[];
}

function readJSON(path: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(path, FIXTURES)), 'utf8'));
}
