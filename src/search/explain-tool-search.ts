import type { ToolDefinitionsInput } from '../tools/tool-definition.js';
import { EXACT_NAME_BONUS, createTracedToolIndex, type ToolIndexOptions, type ToolIndexSearchOptions, type ToolIndexTrace } from './create-tool-index.js';
import { parseToolSelection } from './parse-tool-selection.js';

/**
 * The field of a tool a query term counted in; `server` is the tool's server (its `server`, or the namespace of a
 * qualified name), weighed as a name, with the term's rarity among servers.
 */
export type ToolSearchField = 'name' | 'description' | 'parameters' | 'server';

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
  /** `fieldWeight × rarity × lengthFactor`, as the index stores it (× `share` for a term counted in the parameters). */
  readonly points: number;
  /**
   * The coverage bonus this term added: `coverageBonus × √rarity` (× `share`), for every counting term but the tool's
   * rarest.
   */
  readonly coverage: number;
  /**
   * 1, or the index's `coveredTermShare` when a result ranked above this one has the term and the request is ranked
   * for coverage (`MULTI_NEED_TERMS` known terms or more): the coverage bonus and parameter points count that share.
   */
  readonly share: number;
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
  /**
   * What the tool lost for the share of its name's terms the query does not have (0 or less): `−nameMissPenalty (0.1) × name
   * weight × missing / name terms`, at most half the score of its terms, for a tool the query meets in its name; else 0.
   */
  readonly nameMiss: number;
  /**
   * What the request's inflected words (`keys`, `running`) added where the tool has them in that same form:
   * `sameFormShare (0.3) × the form's points` (its field weight × its own rarity, × the length factor in the
   * description), summed; 0 when the tool has none of them so.
   */
  readonly sameForm: number;
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
 * points; the coverage bonus; the exact-name bonus. The parts are recorded by the index's own scoring pass (a
 * `ToolIndexTrace`), so they add up to the score; `unexplained` holds any difference (always 0). For tools and the
 * command line (`tool-search search`), not the hot path: it builds an index for one search.
 *
 * Throws what `createToolIndex` and `search` throw for bad tools, options or query.
 */
export function explainToolSearch(tools: ToolDefinitionsInput, query: string, options: ToolIndexOptions & ToolIndexSearchOptions = {}): ToolSearchExplanations {
  const { visible, maxResults, ...indexOptions } = options;
  const trace: ToolIndexTrace = { terms: [], parts: [], covered: new Map(), sameForm: new Map(), nameMiss: new Map() };
  const hits = createTracedToolIndex(tools, indexOptions, trace).search(query, {
    ...(visible === undefined ? {} : { visible }),
    ...(maxResults === undefined ? {} : { maxResults }),
  });
  const { postings, options: resolved, terms } = trace;
  const idOf = new Map(postings?.names.map((name, id) => [name, id]));
  const termOf = new Map(terms.map((term) => [postings?.termIds.get(term), term]));
  const results = hits.map((hit): ToolSearchExplanation => {
    const id = idOf.get(hit.name) ?? -1;
    const sameForm = trace.sameForm.get(id) ?? 0;
    const nameMiss = -(trace.nameMiss.get(id) ?? 0);
    let total = sameForm + nameMiss;
    const parts = trace.parts
      .filter((part) => part[0] === id)
      .map(([, termId, position, bonus]): ToolSearchTermScore => {
        const { offsets, weights, fields, rarities } = postings!;
        const field = FIELD_NAMES[fields[position]!]!;
        const fieldWeight = resolved!.weights[field === 'server' ? 'name' : field];
        const stored = weights[position]!;
        // A server term's rarity is among servers, not tools: the stored points hold it.
        const rarity = field === 'server' && fieldWeight > 0 ? stored / fieldWeight : rarities[termId]!;
        const share = stored > 0 && trace.covered.get(id)?.has(termId) === true ? resolved!.coveredTermShare : 1;
        const points = field === 'parameters' ? stored * share : stored;
        total += points + bonus * share;
        const lengthFactor = fieldWeight > 0 && rarity > 0 ? stored / (fieldWeight * rarity) : 1;
        const toolsWithTerm = offsets[termId + 1]! - offsets[termId]!;
        return {
          term: termOf.get(termId)!,
          field,
          fieldWeight,
          rarity: round(rarity),
          lengthFactor: round(lengthFactor),
          toolsWithTerm,
          points: round(points),
          coverage: round(bonus * share),
          share,
        };
      });
    // Parts in the query's order, as the terms were written.
    parts.sort((a, b) => terms.indexOf(a.term) - terms.indexOf(b.term));
    const rest = hit.score - total;
    // The exact-name bonus is the one part not in the postings: it is there when the rest is that bonus.
    const exactName = Math.abs(rest - EXACT_NAME_BONUS) < 1e-5 ? EXACT_NAME_BONUS : 0;
    // Scores are rounded to six decimals; a difference below that is rounding, not a missing part.
    const unexplained = Math.abs(rest - exactName) < 1e-5 ? 0 : round(rest - exactName);
    const coverage = round(parts.reduce((sum, part) => sum + part.coverage, 0));
    return { name: hit.name, score: hit.score, terms: parts, coverage, nameMiss: round(nameMiss) + 0, sameForm: round(sameForm), exactName, unexplained };
  });
  return { terms, selection: parseToolSelection(query) !== null, results };
}

/** The field names of the postings' field numbers (`NAME_FIELD`, `DESCRIPTION_FIELD`, `PARAMETERS_FIELD`, `SERVER_FIELD`). */
const FIELD_NAMES: readonly ToolSearchField[] = ['name', 'description', 'parameters', 'server'];

/** Six decimals, as the index rounds its scores. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
