import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { QualityRanker } from './quality-ranker.js';
import { splitPlainWords } from './split-plain-words.js';

/**
 * A token-match ranker in the style of the AI SDK's `toolSearch` (peers.md A.1): camelCase split, lower-cased
 * `[\p{L}\p{N}]+` tokens, no stop words; for each distinct query token, +2 if the name has it and +1 if the
 * description has it; scores > 0, stable sort, first 5.
 */
export function createTokenRanker(tools: readonly ToolDefinition[]): QualityRanker {
  const entries = tools
    .filter((tool) => tool.name !== 'tool_search')
    .map((tool) => ({ name: tool.name, nameTokens: new Set(splitPlainWords(tool.name)), descriptionTokens: new Set(splitPlainWords(tool.description ?? '')) }));
  return {
    id: 'token',
    label: 'token match (name 2 + description 1, 5 results; AI SDK style)',
    search(query) {
      const tokens = new Set(splitPlainWords(query));
      const scored: { name: string; score: number }[] = [];
      for (const entry of entries) {
        let score = 0;
        for (const token of tokens) {
          if (entry.nameTokens.has(token)) score += 2;
          if (entry.descriptionTokens.has(token)) score += 1;
        }
        if (score > 0) scored.push({ name: entry.name, score });
      }
      scored.sort((a, b) => b.score - a.score);
      return scored.slice(0, 5).map((hit) => hit.name);
    },
  };
}
