import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';

/** One request with the names of the tools that answer it. */
export interface QualityQuery {
  readonly id: string;
  /** BFCL's category, or the external set's split (`single`, `multi`) or difficulty (`easy`, `difficult`). */
  readonly category: string;
  readonly query: string;
  readonly gold: readonly string[];
}

/** The three external tool-retrieval sets of `bench/fixtures/` (see each folder's NOTICE). */
export type ExternQualitySetId = 'metatool' | 'seal-tools' | 'apibench-hf';

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** The 1,287 BFCL tools (`bench/fixtures/bfcl/catalog.json`). */
export function loadBfclCatalog(): ToolDefinition[] {
  return readJSON('bfcl/catalog.json') as ToolDefinition[];
}

/** The 1,178 BFCL dev requests (`bench/fixtures/bfcl/queries-dev.jsonl`), in file order. */
export function loadBfclQueries(): QualityQuery[] {
  return readJSONLines('bfcl/queries-dev.jsonl') as QualityQuery[];
}

/** The 117 tools of GitHub's MCP server (`bench/fixtures/github-mcp/tools.json`). */
export function loadGithubMcpTools(): ToolDefinition[] {
  return readJSON('github-mcp/tools.json') as ToolDefinition[];
}

/** An external set's catalog (`bench/fixtures/<set>/catalog.json`): MetaTool 199 tools, Seal-Tools 4,076, APIBench-HF 907. */
export function loadExternCatalog(set: ExternQualitySetId): ToolDefinition[] {
  return readJSON(`${set}/catalog.json`) as ToolDefinition[];
}

/**
 * An external set's dev requests (`bench/fixtures/<set>/queries-dev.jsonl`), in file order, in the BFCL shape: the
 * set's `expected` names become `gold`, its `split` or `difficulty` becomes `category` (MetaTool `single` / `multi`,
 * Seal-Tools `easy` / `difficult`, APIBench-HF `hf`).
 */
export function loadExternQueries(set: ExternQualitySetId): QualityQuery[] {
  return (readJSONLines(`${set}/queries-dev.jsonl`) as { id: string; query: string; expected: string[]; split?: string; difficulty?: string }[]).map(
    (line) => ({ id: line.id, category: line.difficulty ?? line.split ?? 'hf', query: line.query, gold: line.expected }),
  );
}

/** The Azure MCP Server's 200 tools (`bench/fixtures/azure-mcp/catalog.json`): names `azure__<tool>`, `server: 'azure'`. */
export function loadAzureMcpCatalog(): ToolDefinition[] {
  return readJSON('azure-mcp/catalog.json') as ToolDefinition[];
}

/** The Azure MCP Server team's 479 one-tool prompts (`bench/fixtures/azure-mcp/queries.jsonl`), in file order; `category` is the tool's service area. */
export function loadAzureMcpQueries(): QualityQuery[] {
  return (readJSONLines('azure-mcp/queries.jsonl') as { id: string; query: string; expected: string[]; area: string }[]).map((line) => ({
    id: line.id,
    category: line.area,
    query: line.query,
    gold: line.expected,
  }));
}

/**
 * GitHub's MCP tools as a client that merges several servers names them: `github__<tool>`, with `server: 'github'`
 * (the shape of the Azure set, so the two make one two-server catalog).
 */
export function loadQualifiedGithubMcpTools(): ToolDefinition[] {
  return loadGithubMcpTools().map((tool) => ({ ...tool, name: `github__${tool.name}`, server: 'github' }));
}

function readJSON(path: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(path, FIXTURES)), 'utf8'));
}

function readJSONLines(path: string): unknown[] {
  return readFileSync(fileURLToPath(new URL(path, FIXTURES)), 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as unknown);
}
