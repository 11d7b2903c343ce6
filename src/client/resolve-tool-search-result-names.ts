import { formatStableJSON } from '../records/format-stable-json.js';
import type { ToolSearchResult } from './tool-search-result.js';

/** The statuses of this package's `tool_search` results (see `ToolSearchResult`). */
const TOOL_SEARCH_RESULT_STATUSES: ReadonlySet<unknown> = new Set<ToolSearchResult['status']>([
  'found',
  'no-match',
  'listing',
  'invalid-query',
  'invalid-arguments',
]);

/**
 * One of this package's `tool_search` results in a history (its JSON text) with the tool names it holds (`tools`,
 * `more`, `loadedEarlier`, `loaded`, `availableTools`, `tool`) as the request sends them (`toWire`), so the model reads the names it can call.
 * Any other text, and a result whose names are sent as they are, is returned as the same string. Serialized as
 * `formatToolSearchResult` does, so the bytes stay stable from one turn to the next. Not part of the public API.
 */
export function resolveToolSearchResultNames(text: string, toWire: (name: string) => string): string {
  // Cheap pre-check: most tool outputs are not ours, and parsing large ones is wasted work.
  if (!text.startsWith('{') || !text.includes('"status"')) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value !== 'object' || value === null || !TOOL_SEARCH_RESULT_STATUSES.has((value as { status?: unknown }).status)) return text;
  const result = value as Record<string, unknown>;
  let changed = false;
  const wire = (name: unknown): unknown => {
    if (typeof name !== 'string') return name;
    const mapped = toWire(name);
    if (mapped !== name) changed = true;
    return mapped;
  };
  const renamed: Record<string, unknown> = { ...result };
  if (Array.isArray(result.tools)) {
    renamed.tools = result.tools.map((tool: unknown) =>
      typeof tool === 'object' && tool !== null && 'name' in tool ? { ...tool, name: wire((tool as { name: unknown }).name) } : tool,
    );
  }
  for (const key of ['more', 'loadedEarlier', 'loaded', 'availableTools'] as const) {
    if (Array.isArray(result[key])) renamed[key] = (result[key] as unknown[]).map(wire);
  }
  if ('tool' in result) renamed.tool = wire(result.tool);
  return changed ? (formatStableJSON(renamed) as string) : text;
}
