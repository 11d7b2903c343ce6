import { resolveCatalogIndex } from '../src/catalog/resolve-catalog-index.js';
import { createToolCatalog } from '../src/catalog/create-tool-catalog.js';
import { DEFAULT_MAX_SEARCH_RESULTS } from '../src/client/create-tool-search-tool.js';
import { resolveToolPredictionSettings } from '../src/config/parse-tool-prediction.js';
import type { ToolPredictionSettings } from '../src/config/tool-search-config.js';
import { resolveToolPrediction } from '../src/request/resolve-tool-prediction.js';
import type { ToolDefinition } from '../src/tools/tool-definition.js';
import type { BenchTable } from './bench-report.js';
import { formatCount, formatPercent } from './format-figure.js';

/** One retrieval set for {@link measurePredictionRecall}: a catalog and requests with the tools each needs. */
export interface PredictionRecallSet {
  readonly label: string;
  readonly catalog: readonly ToolDefinition[];
  readonly queries: readonly { readonly query: string; readonly gold: readonly string[] }[];
}

/** What the prediction step loads for a set's requests, every tool deferred and nothing loaded yet. */
export interface PredictionRecallRow {
  readonly label: string;
  readonly tools: number;
  readonly queries: number;
  /** Mean share of a request's needed tools the step loaded. */
  readonly recall: number;
  /** Share of requests whose needed tools were all loaded (the turn needs no search). */
  readonly complete: number;
  /** Share of requests the step loaded nothing for (no tool cleared the rule). */
  readonly none: number;
  /** Mean tools loaded per request, and the share of them the request needed. */
  readonly loadedPerQuery: number;
  readonly precision: number;
}

/**
 * The prediction step's recall with the default settings (`predict: 'auto'`) on a retrieval set: each request as the
 * newest user message of a fresh session whose every tool is deferred, so what it loads is the step's whole choice.
 */
export function measurePredictionRecall(set: PredictionRecallSet, settings: ToolPredictionSettings = DEFAULT_SETTINGS): PredictionRecallRow {
  const index = resolveCatalogIndex(createToolCatalog(set.catalog).searchable, DEFAULT_MAX_SEARCH_RESULTS);
  const loaded: ReadonlySet<string> = new Set();
  let recall = 0;
  let complete = 0;
  let none = 0;
  let loadedTools = 0;
  let needed = 0;
  for (const { query, gold } of set.queries) {
    const { names } = resolveToolPrediction({ text: query, index, isDeferred: () => true, loaded, notDeferred: 0, settings });
    const found = gold.filter((name) => names.includes(name)).length;
    recall += gold.length === 0 ? 1 : found / gold.length;
    if (found === gold.length) complete += 1;
    if (names.length === 0) none += 1;
    loadedTools += names.length;
    needed += names.filter((name) => gold.includes(name)).length;
  }
  const count = set.queries.length;
  return {
    label: set.label,
    tools: set.catalog.length,
    queries: count,
    recall: recall / count,
    complete: complete / count,
    none: none / count,
    loadedPerQuery: loadedTools / count,
    precision: loadedTools === 0 ? Number.NaN : needed / loadedTools,
  };
}

const DEFAULT_SETTINGS = resolveToolPredictionSettings(undefined) as ToolPredictionSettings;

/**
 * The prediction step's recall on every retrieval set, as a report table; `without` is the same sets under other
 * settings (`withoutLabel`), shown next to each row's recall and precision.
 */
export function formatPredictionRecallTable(
  rows: readonly PredictionRecallRow[],
  sample: string,
  without: readonly PredictionRecallRow[] = [],
  withoutLabel = '',
): BenchTable {
  const compared = without.length === rows.length;
  return {
    title: `The prediction step's recall on every retrieval set (default settings: the best 3 deferred tools scoring at least 2 and at least a quarter of the best score)${sample}`,
    columns: [
      'set',
      'tools',
      'requests',
      'recall of the needed tools',
      'requests with every needed tool loaded',
      'requests with nothing loaded',
      'tools loaded per request',
      'of them needed',
      ...(compared ? [`${withoutLabel}: recall / of them needed`] : []),
    ],
    rows: rows.map((row, index) => [
      row.label,
      formatCount(row.tools),
      formatCount(row.queries),
      formatPercent(row.recall),
      formatPercent(row.complete),
      formatPercent(row.none),
      row.loadedPerQuery.toFixed(2),
      formatPercent(row.precision),
      ...(compared ? [`${formatPercent(without[index]?.recall ?? Number.NaN)} / ${formatPercent(without[index]?.precision ?? Number.NaN)}`] : []),
    ]),
    notes: [
      "Each request is the newest user message of a fresh session whose every tool is deferred (`resolveToolPrediction`, the library's ranking over the set's catalog). A needed tool the step missed costs the turn a `tool_search` round trip; a loaded tool the request did not need is a schema billed for nothing. The BFCL multi-turn row ranks each turn's text alone against the 128-tool catalog (in a session, tools loaded by earlier turns are not loaded again).",
    ],
  };
}
