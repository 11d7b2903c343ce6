import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import { collectParameterText } from './collect-parameter-text.js';
import { createTermPostings } from './create-term-postings.js';
import { EXACT_NAME_BONUS, createToolIndex, resolveToolIndexOptions, type ToolIndexOptions, type ToolIndexSearchOptions } from './create-tool-index.js';
import { parseToolSelection } from './parse-tool-selection.js';
import { tokenizeSearchText } from './tokenize-search-text.js';
import { splitSearchWords } from './split-search-words.js';
import { isSearchStopWord } from './search-stop-words.js';

/** The field of a tool a query term counted in. */
export type ToolSearchField = 'name' | 'description' | 'parameters';

/** What one query term added to one tool's score. */
export interface ToolSearchTermScore {
  readonly term: string;
  /** The heaviest field of the tool that has the term. */
  readonly field: ToolSearchField;
  /** That field's weight. */
  readonly fieldWeight: number;
  /** The term's rarity factor (1 for a term one tool has; 1 always with `rarity: false`). */
  readonly rarity: number;
  /** The description's length factor `(L̄ / L)^lengthNormalization` for a term counted in the description; else 1. */
  readonly lengthFactor: number;
  /** How many indexed tools have the term. */
  readonly toolsWithTerm: number;
  /** `fieldWeight × rarity × lengthFactor`, as the index stores it. */
  readonly points: number;
  /** The coverage bonus this term added: `coverageBonus × √rarity`, for every counting term but the tool's rarest. */
  readonly coverage: number;
}

/** One ranked tool with the parts of its score. */
export interface ToolSearchExplanation {
  readonly name: string;
  /** The score `index.search` gave. */
  readonly score: number;
  /** The query terms the tool has, in query order. */
  readonly terms: readonly ToolSearchTermScore[];
  /** The coverage bonus in all: the sum of the terms' `coverage`. */
  readonly coverage: number;
  /** {@link EXACT_NAME_BONUS} when the query is the tool's name, or a `select:` query names it; else 0. */
  readonly exactName: number;
  /** What the parts above do not account for: 0 while they describe the index's formula. */
  readonly unexplained: number;
}

/** The ranking of one query, each result with the parts of its score. */
export interface ToolSearchExplanations {
  /** The query's terms after splitting, stop words and stemming (each once). */
  readonly terms: readonly string[];
  /** Whether the query was a `select:` list (scored by name only). */
  readonly selection: boolean;
  /** What `createToolIndex(tools, options).search(query, options)` returns, best first, with the parts. */
  readonly results: readonly ToolSearchExplanation[];
}

/**
 * Ranks tools for a query exactly as `createToolIndex(tools, options).search(query, options)` does and takes each
 * result's score apart: per query term, the field it counted in, the field's weight, the term's rarity and the
 * points; the coverage bonus; the exact-name bonus. The parts are read from the index's own term postings, so they
 * add up to the score; `unexplained` holds any difference (always 0 for this index's formula). For tools and the
 * command line (`tool-search search`), not the hot path: it builds the index twice.
 *
 * Throws what `createToolIndex` and `search` throw for bad tools, options or query.
 */
export function explainToolSearch(
  tools: ToolDefinitionsInput,
  query: string,
  options: ToolIndexOptions & ToolIndexSearchOptions = {},
): ToolSearchExplanations {
  const definitions = parseToolDefinitions(tools);
  const { visible, maxResults, ...indexOptions } = options;
  const hits = createToolIndex(definitions, indexOptions).search(query, {
    ...(visible === undefined ? {} : { visible }),
    ...(maxResults === undefined ? {} : { maxResults }),
  });
  const selection = parseToolSelection(query) !== null;
  const resolved = resolveToolIndexOptions(indexOptions);
  // The same terms and postings the index searched: content words, or the stop words of a stop-words-only query.
  let terms = selection ? [] : [...new Set(tokenizeSearchText(query))];
  let words: 'content' | 'stop-words' = 'content';
  if (!selection && terms.length === 0) {
    terms = [...new Set(splitSearchWords(query).filter(isSearchStopWord))];
    words = 'stop-words';
  }
  const postings = createTermPostings(definitions, { weights: resolved.weights, rarity: resolved.rarity, lengthNormalization: resolved.lengthNormalization, words });
  const { names, termIds, offsets, toolIds, weights, rarities } = postings;
  const idOf = new Map(names.map((name, id) => [name, id]));
  const byName = new Map(definitions.map((tool) => [tool.name, tool]));
  // The index reads terms from the rarest; a tool's first (rarest) term earns no coverage bonus, every later one does.
  const ordered = terms
    .map((term) => ({ term, termId: termIds.get(term) }))
    .filter((entry): entry is { term: string; termId: number } => entry.termId !== undefined)
    .sort((a, b) => rarities[b.termId]! - rarities[a.termId]! || a.termId - b.termId);

  const results = hits.map((hit): ToolSearchExplanation => {
    const id = idOf.get(hit.name);
    const tool = byName.get(hit.name) as ToolDefinition;
    const parts: ToolSearchTermScore[] = [];
    let total = 0;
    let counted = 0;
    for (const { term, termId } of ordered) {
      if (id === undefined) continue;
      for (let position = offsets[termId]!; position < offsets[termId + 1]!; position += 1) {
        if (toolIds[position] !== id) continue;
        const field = words === 'content' ? resolveTermField(tool, term, resolved.weights) : resolveStopWordField(tool, term, resolved.weights);
        const fieldWeight = resolved.weights[field];
        const points = weights[position]!;
        const rarity = rarities[termId]!;
        const bonus = points > 0 && counted > 0 ? resolved.coverageBonus * Math.sqrt(rarity) : 0;
        if (points > 0) counted += 1;
        total += points + bonus;
        const toolsWithTerm = offsets[termId + 1]! - offsets[termId]!;
        const lengthFactor = fieldWeight > 0 && rarity > 0 ? points / (fieldWeight * rarity) : 1;
        parts.push({ term, field, fieldWeight, rarity: round(rarity), lengthFactor: round(lengthFactor), toolsWithTerm, points: round(points), coverage: round(bonus) });
      }
    }
    // Parts in the query's order, as the terms were written.
    parts.sort((a, b) => terms.indexOf(a.term) - terms.indexOf(b.term));
    const coverage = round(parts.reduce((sum, part) => sum + part.coverage, 0));
    const rest = hit.score - total;
    // The exact-name bonus is the one part not in the postings: it is there when the rest is that bonus.
    const exactName = Math.abs(rest - EXACT_NAME_BONUS) < 1e-5 ? EXACT_NAME_BONUS : 0;
    // Scores are rounded to six decimals; a difference below that is rounding, not a missing part.
    const unexplained = Math.abs(rest - exactName) < 1e-5 ? 0 : round(rest - exactName);
    return { name: hit.name, score: hit.score, terms: parts, coverage, exactName, unexplained };
  });
  return { terms, selection, results };
}

/** The heaviest field of a tool whose text has the term (fields of equal weight in the index's order). */
function resolveTermField(tool: ToolDefinition, term: string, weights: Readonly<Record<ToolSearchField, number>>): ToolSearchField {
  const fields: [ToolSearchField, () => string[]][] = [
    ['name', () => [tool.name]],
    ['description', () => [tool.description, tool.title, tool.category].filter((text): text is string => typeof text === 'string')],
    ['parameters', () => collectParameterText(tool.inputSchema)],
  ];
  fields.sort(([a], [b]) => weights[b] - weights[a]);
  const found = fields.find(([, texts]) => texts().some((text) => tokenizeSearchText(text).includes(term)));
  return found?.[0] ?? 'parameters';
}

/** The heaviest field of a tool whose text has the stop word (the stop-word index keeps words as written). */
function resolveStopWordField(tool: ToolDefinition, word: string, weights: Readonly<Record<ToolSearchField, number>>): ToolSearchField {
  const fields: [ToolSearchField, () => string[]][] = [
    ['name', () => [tool.name]],
    ['description', () => [tool.description, tool.title, tool.category].filter((text): text is string => typeof text === 'string')],
    ['parameters', () => collectParameterText(tool.inputSchema)],
  ];
  fields.sort(([a], [b]) => weights[b] - weights[a]);
  const found = fields.find(([, texts]) => texts().some((text) => splitSearchWords(text).includes(word)));
  return found?.[0] ?? 'parameters';
}

/** Six decimals, as the index rounds its scores. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
