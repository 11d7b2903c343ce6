import { createToolIndex, type ToolIndexOptions } from '../../src/search/create-tool-index.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { QualityRanker } from './quality-ranker.js';

/** The library's `createToolIndex`, measured over exactly what `search` returns (after the top band and the cap). */
export function createLibraryRanker(tools: readonly ToolDefinition[], options?: ToolIndexOptions, variant?: { id: string; label: string }): QualityRanker {
  const index = createToolIndex(tools, options);
  return {
    id: variant?.id ?? 'library',
    label: variant?.label ?? `library (createToolIndex, defaults${options?.maxResults === undefined ? '' : `, ${options.maxResults} results`})`,
    search: (query) => index.search(query).map((hit) => hit.name),
  };
}
