import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { QualityRanker } from './quality-ranker.js';

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * The seed's literal ranking rule (seed-implementation §4.7), re-implemented from its documented definition: query
 * terms are whitespace-separated words trimmed of edge punctuation and lower-cased; per term, +3 if the lower-cased
 * name contains it as a substring, else +1 if the description does; +100 when the whole trimmed query equals the
 * name; keep scores > 0, stable sort, keep scores ≥ ceil(top / 2), first 8. (An empty query, which lists the first 8
 * tools in the seed, does not occur in the data.)
 */
export function createSeedRanker(tools: readonly ToolDefinition[]): QualityRanker {
  const entries = tools
    .filter((tool) => tool.name !== 'tool_search')
    .map((tool) => ({ name: tool.name, lowerName: tool.name.toLowerCase(), description: (tool.description ?? '').toLowerCase() }));
  return {
    id: 'seed',
    label: "seed's rule (substring, name 3 / description 1, +100 exact, top band, 8)",
    search(query) {
      const normalized = query.trim().replace(EDGE_PUNCTUATION, '').toLowerCase();
      const terms = query
        .split(/\s+/)
        .map((term) => term.replace(EDGE_PUNCTUATION, '').toLowerCase())
        .filter((term) => term.length > 0);
      const scored: { name: string; score: number }[] = [];
      for (const entry of entries) {
        let score = 0;
        for (const term of terms) {
          if (entry.lowerName.includes(term)) score += 3;
          else if (entry.description.includes(term)) score += 1;
        }
        if (normalized === entry.lowerName) score += 100;
        if (terms.length === 0 || score > 0) scored.push({ name: entry.name, score });
      }
      scored.sort((a, b) => b.score - a.score);
      const cutoff = Math.ceil((scored[0]?.score ?? 0) / 2);
      return scored
        .filter((hit) => hit.score >= cutoff)
        .slice(0, 8)
        .map((hit) => hit.name);
    },
  };
}
