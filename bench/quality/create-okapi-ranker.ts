import { collectParameterText } from '../../src/search/collect-parameter-text.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { QualityRanker } from './quality-ranker.js';
import { splitContentWords } from './split-plain-words.js';

/** Okapi BM25's term-frequency saturation (the usual 1.2). */
const K1 = 1.2;
/** Okapi BM25's length normalisation (the usual 0.75). */
const B = 0.75;
const MAX_RESULTS = 10;

/**
 * Plain Okapi BM25, written out here so the baseline is the textbook formula and nothing else: each tool is one
 * document, its name, description and parameter text (`collectParameterText`) joined; the benchmark's tokenizer with
 * the standard stop words removed, no stemming. A query term `t` adds `idf(t) × tf × (k1 + 1) / (tf + k1 × (1 − b +
 * b × len / avgLen))` with `k1 = 1.2`, `b = 0.75` and `idf(t) = ln(1 + (N − n + 0.5) / (n + 0.5))`; each distinct
 * query term counts once. Ties keep the catalog's order; first 10 results. `variant.stem` stems every word (the
 * stemmer comparison of issue 26: Porter's against the library's, in a ranker where nothing else differs).
 */
export function createOkapiRanker(
  tools: readonly ToolDefinition[],
  variant?: { readonly stem: (word: string) => string; readonly id: string; readonly label: string },
): QualityRanker {
  const stem = variant?.stem ?? ((word: string) => word);
  const names: string[] = [];
  const postings = new Map<string, { ids: number[]; counts: number[] }>();
  const lengths: number[] = [];
  for (const tool of tools) {
    if (tool.name === 'tool_search') continue;
    const id = names.length;
    names.push(tool.name);
    const words = splitContentWords([tool.name, tool.description ?? '', ...collectParameterText(tool.inputSchema)].join(' ')).map(stem);
    lengths.push(words.length);
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, count] of counts) {
      let list = postings.get(word);
      if (list === undefined) {
        list = { ids: [], counts: [] };
        postings.set(word, list);
      }
      list.ids.push(id);
      list.counts.push(count);
    }
  }
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(lengths.length, 1);
  const lengthFactors = lengths.map((length) => K1 * (1 - B + (B * length) / averageLength));
  const scores = new Float64Array(names.length);
  return {
    id: variant?.id ?? 'okapi',
    label: variant?.label ?? 'Okapi BM25 (k1 1.2, b 0.75; name + description + parameters; 10 results)',
    search(query) {
      const touched: number[] = [];
      for (const word of new Set(splitContentWords(query).map(stem))) {
        const list = postings.get(word);
        if (list === undefined) continue;
        const idf = Math.log(1 + (names.length - list.ids.length + 0.5) / (list.ids.length + 0.5));
        list.ids.forEach((id, position) => {
          const count = list.counts[position]!;
          if (scores[id] === 0) touched.push(id);
          scores[id]! += (idf * count * (K1 + 1)) / (count + lengthFactors[id]!);
        });
      }
      const ranked = touched.sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, MAX_RESULTS);
      const results = ranked.map((id) => names[id]!);
      for (const id of touched) scores[id] = 0;
      return results;
    },
  };
}
