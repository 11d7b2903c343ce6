import MiniSearch from 'minisearch';
import { collectParameterText } from '../../src/search/collect-parameter-text.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { QualityRanker } from './quality-ranker.js';
import { splitContentWords } from './split-plain-words.js';

/**
 * Okapi BM25 via the `minisearch` package (its BM25+ scoring with default parameters), over three fields: name,
 * description, and parameter names and descriptions; the benchmark's own tokenizer with the standard stop words
 * removed, no stemming, no prefix or fuzzy matching, no field boosts; first 10 results.
 */
export function createBm25Ranker(tools: readonly ToolDefinition[]): QualityRanker {
  const search = new MiniSearch<{ id: number; name: string; description: string; parameters: string }>({
    fields: ['name', 'description', 'parameters'],
    storeFields: [],
    tokenize: (text) => splitContentWords(text),
    processTerm: (term) => term,
  });
  const names = tools.map((tool) => tool.name);
  search.addAll(
    tools.map((tool, id) => ({ id, name: tool.name, description: tool.description ?? '', parameters: collectParameterText(tool.inputSchema).join(' ') })),
  );
  return {
    id: 'bm25',
    label: 'BM25 (minisearch; name, description, parameters; 10 results)',
    search(query) {
      return search
        .search(query)
        .filter((hit) => names[hit.id] !== 'tool_search')
        .slice(0, 10)
        .map((hit) => names[hit.id]!);
    },
  };
}
