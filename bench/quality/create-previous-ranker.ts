import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { createPreviousToolIndex } from './previous-ranking/create-previous-tool-index.js';
import type { QualityRanker } from './quality-ranker.js';

/** The library's ranking before issue 16 (commit c7f850b, copied into `previous-ranking/`), first 10 results. */
export function createPreviousRanker(tools: readonly ToolDefinition[]): QualityRanker {
  const index = createPreviousToolIndex(tools, { maxResults: 10 });
  return {
    id: 'previous',
    label: 'library before issue 16 (c7f850b; 10 results)',
    search: (query) => index.search(query).map((hit) => hit.name),
  };
}
