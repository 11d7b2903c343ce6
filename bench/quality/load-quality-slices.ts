import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import {
  loadAzureMcpCatalog,
  loadAzureMcpQueries,
  loadBfclCatalog,
  loadBfclQueries,
  loadExternCatalog,
  loadExternQueries,
  loadGithubMcpTools,
  loadQualifiedGithubMcpTools,
  type QualityQuery,
} from './load-quality-fixtures.js';

/** The slices search quality is measured on: BFCL (alone and with distractors) and the external sets, each cut as its README describes. */
export type QualitySliceId =
  | 'bfcl'
  | 'bfcl+github'
  | 'metatool-single'
  | 'metatool-two-tool'
  | 'seal-easy'
  | 'seal-difficult'
  | 'apibench-hf'
  | 'azure-mcp'
  | 'azure+github-mcp';

/** A set of requests over one catalog. Slices of one set share the same catalog array, so a ranker is built once per set. */
export interface QualitySlice {
  readonly id: QualitySliceId;
  readonly label: string;
  readonly catalog: readonly ToolDefinition[];
  readonly queries: readonly QualityQuery[];
}

/** Every slice, in report order. */
export const QUALITY_SLICE_IDS: readonly QualitySliceId[] = [
  'bfcl',
  'bfcl+github',
  'metatool-single',
  'metatool-two-tool',
  'seal-easy',
  'seal-difficult',
  'apibench-hf',
  'azure-mcp',
  'azure+github-mcp',
];

/** The MCP-style slices (issue 26): server-qualified names and a `server` field, one server or two. */
export const MCP_SLICE_IDS: readonly QualitySliceId[] = ['azure-mcp', 'azure+github-mcp'];

/** The slices the targets are judged on (the distractor catalog repeats BFCL's requests). */
export const TARGET_SLICE_IDS: readonly QualitySliceId[] = ['bfcl', 'metatool-single', 'metatool-two-tool', 'seal-easy', 'seal-difficult', 'apibench-hf'];

/**
 * Loads the slices named (all by default), each with every dev request of its kind, in file order:
 *
 * - `bfcl`: BFCL's 1,287 tools, 1,178 requests; `bfcl+github`: the same requests with GitHub's 117 MCP tools added
 *   to the catalog as distractors.
 * - `metatool-single` / `metatool-two-tool`: MetaTool's 199 ChatGPT plugins; requests for one tool (`split: single`)
 *   or for two (`split: multi`).
 * - `seal-easy` / `seal-difficult`: Seal-Tools' 4,076 tools; requests that call one tool or several (2–6).
 * - `apibench-hf`: APIBench's 907 Hugging Face models, one labelled model per request.
 * - `azure-mcp`: the Azure MCP Server's 200 tools (`azure__<tool>`, `server: 'azure'`) and its team's 479 one-tool
 *   prompts; `azure+github-mcp`: the same prompts over a two-server catalog, with GitHub's 117 MCP tools as
 *   `github__<tool>` (`server: 'github'`), 317 tools.
 */
export function loadQualitySlices(ids: readonly QualitySliceId[] = QUALITY_SLICE_IDS): QualitySlice[] {
  const catalogs = new Map<string, readonly ToolDefinition[]>();
  const catalog = (key: string, load: () => readonly ToolDefinition[]) => {
    if (!catalogs.has(key)) catalogs.set(key, load());
    return catalogs.get(key)!;
  };
  const queries = new Map<string, readonly QualityQuery[]>();
  const requests = (key: string, load: () => readonly QualityQuery[]) => {
    if (!queries.has(key)) queries.set(key, load());
    return queries.get(key)!;
  };
  const bfcl = () => catalog('bfcl', loadBfclCatalog);
  return ids.map((id): QualitySlice => {
    switch (id) {
      case 'bfcl':
        return { id, label: 'BFCL', catalog: bfcl(), queries: requests('bfcl', loadBfclQueries) };
      case 'bfcl+github':
        return {
          id,
          label: 'BFCL + GitHub MCP distractors',
          catalog: catalog('bfcl+github', () => withDistractors(bfcl(), loadGithubMcpTools())),
          queries: requests('bfcl', loadBfclQueries),
        };
      case 'metatool-single':
      case 'metatool-two-tool': {
        const all = requests('metatool', () => loadExternQueries('metatool'));
        const category = id === 'metatool-single' ? 'single' : 'multi';
        const label = id === 'metatool-single' ? 'MetaTool, one tool' : 'MetaTool, two tools';
        return { id, label, catalog: catalog('metatool', () => loadExternCatalog('metatool')), queries: all.filter((query) => query.category === category) };
      }
      case 'seal-easy':
      case 'seal-difficult': {
        const all = requests('seal-tools', () => loadExternQueries('seal-tools'));
        const category = id === 'seal-easy' ? 'easy' : 'difficult';
        const label = id === 'seal-easy' ? 'Seal-Tools, easy (one tool)' : 'Seal-Tools, difficult (2–6 tools)';
        return {
          id,
          label,
          catalog: catalog('seal-tools', () => loadExternCatalog('seal-tools')),
          queries: all.filter((query) => query.category === category),
        };
      }
      case 'apibench-hf':
        return {
          id,
          label: 'APIBench, Hugging Face',
          catalog: catalog('apibench-hf', () => loadExternCatalog('apibench-hf')),
          queries: requests('apibench-hf', () => loadExternQueries('apibench-hf')),
        };
      case 'azure-mcp':
        return {
          id,
          label: 'Azure MCP',
          catalog: catalog('azure-mcp', loadAzureMcpCatalog),
          queries: requests('azure-mcp', loadAzureMcpQueries),
        };
      case 'azure+github-mcp':
        return {
          id,
          label: 'Azure + GitHub MCP (two servers)',
          catalog: catalog('azure+github-mcp', () => [...catalog('azure-mcp', loadAzureMcpCatalog), ...loadQualifiedGithubMcpTools()]),
          queries: requests('azure-mcp', loadAzureMcpQueries),
        };
      default: {
        const unknown: never = id;
        throw new Error(`unknown quality slice ${String(unknown)}`);
      }
    }
  });
}

/** BFCL followed by the distractors whose names BFCL does not already use. */
function withDistractors(tools: readonly ToolDefinition[], distractors: readonly ToolDefinition[]): ToolDefinition[] {
  const names = new Set(tools.map((tool) => tool.name));
  return [...tools, ...distractors.filter((tool) => !names.has(tool.name))];
}
