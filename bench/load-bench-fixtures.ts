import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseToolDefinitions } from '../src/tools/parse-tool-definitions.js';
import type { ToolDefinition } from '../src/tools/tool-definition.js';
import { loadBfclCatalog, loadBfclQueries, loadGithubMcpTools, type QualityQuery } from './quality/load-quality-fixtures.js';

/** One turn of a multi-turn conversation: the user's text and the tools the turn needs. */
export interface SessionTurn {
  readonly query: string;
  readonly gold: readonly string[];
}

/** One BFCL multi-turn conversation (`bench/fixtures/bfcl-multi-turn/sessions-dev.jsonl`). */
export interface BenchSession {
  readonly id: string;
  readonly classes: readonly string[];
  readonly turns: readonly SessionTurn[];
}

/** Every input the benchmark reads, validated once. Deterministic: files only, no randomness. */
export interface BenchFixtures {
  /** The seed's 18 representative tools (`generic-agent`); the 19th is a `tool_search` tool. */
  readonly genericAgent: readonly ToolDefinition[];
  /** GitHub's MCP server, 117 tools. */
  readonly githubMCP: readonly ToolDefinition[];
  /** BFCL, 1,287 tools. */
  readonly bfclCatalog: readonly ToolDefinition[];
  /** BFCL dev requests with gold tool names, 1,178. */
  readonly bfclQueries: readonly QualityQuery[];
  /** BFCL multi-turn catalog, 128 tools. */
  readonly multiTurnCatalog: readonly ToolDefinition[];
  /** BFCL multi-turn dev conversations. */
  readonly multiTurnSessions: readonly BenchSession[];
}

const FIXTURES = new URL('./fixtures/', import.meta.url);

/**
 * Reads the benchmark's fixtures from `bench/fixtures/` (the BFCL single-turn files through `bench/quality`'s
 * loaders, which own them) and checks every tool list with `parseToolDefinitions`.
 */
export function loadBenchFixtures(): BenchFixtures {
  return {
    genericAgent: parseToolDefinitions(readJSON('generic-agent/tools.json')),
    githubMCP: parseToolDefinitions(loadGithubMcpTools()),
    bfclCatalog: parseToolDefinitions(loadBfclCatalog()),
    bfclQueries: loadBfclQueries(),
    multiTurnCatalog: parseToolDefinitions(readJSON('bfcl-multi-turn/catalog.json')),
    multiTurnSessions: readJSONLines('bfcl-multi-turn/sessions-dev.jsonl') as BenchSession[],
  };
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
