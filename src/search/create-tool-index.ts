import { z } from 'zod';
import { describeValue } from '../errors/describe-value.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { parseToolSelection } from './parse-tool-selection.js';
import { tokenizeSearchText } from './tokenize-search-text.js';
import { createTermPostings } from './create-term-postings.js';

/** One search result: a tool's name and its score (higher is better; see {@link createToolIndex} for the formula). */
export interface ToolSearchHit {
  readonly name: string;
  readonly score: number;
}

/** Per-search options of {@link ToolIndex.search}. */
export interface ToolIndexSearchOptions {
  /**
   * Names of the tools visible this turn; only they are considered. Pass a `Set` to spare a copy per search.
   * @default every indexed tool
   */
  readonly visible?: Iterable<string>;
  /**
   * At most this many results of a keyword search (a `select:` query returns every visible tool it names).
   * @default the index's `maxResults` (8)
   */
  readonly maxResults?: number;
}

/** How much a query term found in each field of a tool weighs, before its rarity. */
export interface ToolIndexFieldWeights {
  /** A term found in the tool's name. @default 3 */
  readonly name?: number;
  /** A term found in the tool's description, `title` or `category`. @default 1 */
  readonly description?: number;
  /** A term found in a parameter's name, title, description or enum values. @default 0.75 */
  readonly parameters?: number;
}

/** Options of {@link createToolIndex}, validated once when the index is built. */
export interface ToolIndexOptions {
  /**
   * At most this many results per keyword search; a whole number ≥ 1.
   * @default 8
   */
  readonly maxResults?: number;
  /** The weight of each field; each a finite number ≥ 0. @default `{ name: 3, description: 1, parameters: 0.75 }` */
  readonly weights?: ToolIndexFieldWeights;
  /**
   * Whether a term's weight scales with its rarity across the catalog (1 for a term only one tool has, falling
   * toward 0 for a term every tool has). `false` gives every term its full field weight, as the seed does.
   * @default true
   */
  readonly rarity?: boolean;
  /**
   * What each distinct query term a tool has, beyond its first, adds to the tool's score, whatever the field and
   * the term's rarity: a tool that covers more of the request ranks above one that matches a single word of it
   * well. A one-term query is scored by the field weights alone. A finite number ≥ 0; `0` gives the plain weighted
   * score.
   * @default 1 (the description's weight: each further term counts at least like one found in the description)
   */
  readonly coverageBonus?: number;
  /**
   * The top band: only results scoring at least this share of the best score are returned. `0.5` is the seed's
   * rule; `0` keeps every match (up to `maxResults`).
   * @default 0.5
   */
  readonly minScoreRatio?: number;
}

/** A ranking index over a fixed tool list, built once by {@link createToolIndex}. */
export interface ToolIndex {
  /**
   * Ranks the tools for a query, best first. See {@link createToolIndex} for the scoring. Returns `[]` for an
   * empty query, a query with no searchable word, or no match. Throws `ToolSearchError('invalid-options')` when
   * `query` is not a string, `maxResults` is not a whole number ≥ 1 or `visible` is not iterable.
   */
  search(query: string, options?: ToolIndexSearchOptions): ToolSearchHit[];
  /** How many tools the index searches (the tool list without any tool named `tool_search`). */
  readonly size: number;
}

/** The bonus of a tool whose name is the whole query (the seed's +100). */
export const EXACT_NAME_BONUS = 100;

const DEFAULT_WEIGHTS = { name: 3, description: 1, parameters: 0.75 } as const;
// The description's weight. Measured on BFCL (both halves of the dev split, both query styles): 0.5 to 1.5 all
// help, by 2 to 4 points of recall@5 and MRR; 1 is the plain choice inside that plateau (bench/quality/README.md).
const DEFAULT_COVERAGE_BONUS = 1;
const weight = z.number({ error: 'must be a finite number ≥ 0' }).finite({ error: 'must be a finite number ≥ 0' }).min(0, {
  error: 'must be a finite number ≥ 0',
});
const optionsSchema = z.strictObject({
  maxResults: z.number().int().min(1).optional(),
  weights: z.strictObject({ name: weight.optional(), description: weight.optional(), parameters: weight.optional() }).optional(),
  rarity: z.boolean().optional(),
  coverageBonus: weight.optional(),
  minScoreRatio: z.number().min(0).max(1).optional(),
});
/** Wrapping a model puts around a name it copies: white space, quotes, backticks, brackets, a closing period. */
const WRAPPING = /^[\s"'`[\](){}]+|[\s"'`[\](){}.,;:!?]+$/g;
/** Leading and trailing characters that are not letters or digits: quotes, backticks, punctuation, spaces. */
const WRAPPING_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * Builds a ranking index over a tool list, once; {@link ToolIndex.search} then ranks tools for a query without
 * reading their text again.
 *
 * **Terms.** A tool's name, its description (with its `title` and `category`) and its parameters (names, titles, descriptions, enum
 * values; see `collectParameterText`) are cut into terms by `tokenizeSearchText`: every naming style is split
 * (`get_user`, `getUser`, `get-user`, `Api.get_user`, `github__get_user`), case and accents are folded, English
 * stop words are dropped and words are stemmed (`files` and `file` are one term). The query is cut the same way;
 * each distinct query term counts once.
 *
 * **Score.** For each query term a tool has, the tool gains the weight of the best field the term is in (name 3,
 * else description 1, else parameters 0.75; see `weights`) times the term's rarity,
 * `ln(1 + N / n) / ln(1 + N)` where `N` is the number of indexed tools and `n` the number that have the term
 * (so 1 for a term only one tool has; `rarity: false` makes it 1 always). Coverage: each further distinct query
 * term the tool has, beyond its first, adds `coverageBonus` (1), so a tool with `m` of the query's terms gains
 * `m - 1` (a term found only in a field weighing 0 does not count). A tool whose name is the whole query, ignoring
 * case and the wrapping a model puts around a copied name (white space, quotes, backticks, brackets, a closing
 * period), gains {@link EXACT_NAME_BONUS} (100) and ranks first; only when no name is written so are names and
 * query compared without their leading and trailing punctuation (so `_search` finds `_search`, not `search`, and
 * `search!` finds `search`). Nothing else counts: no length normalisation, no term-frequency
 * saturation, no embeddings. So `score = Σ weight(best field) × rarity + (m - 1)`, by hand.
 *
 * **Results.** Only visible tools scoring above 0 are ranked; ties keep the tool list's order. Only results
 * scoring at least half the best score are returned (`minScoreRatio`), at most `maxResults` (8). A tool named
 * `tool_search` is never returned. A query `select:name_a,name_b` (see `parseToolSelection`) returns exactly the
 * visible tools it names, in its order, each with score {@link EXACT_NAME_BONUS}; names that are unknown or not
 * visible are left out (compare with `parseToolSelection(query)` to report them).
 *
 * Rarity is measured over the whole tool list, not the visible subset, so a score does not depend on `visible`.
 *
 * Throws `ToolSearchError('invalid-tools')` when `tools` is not a valid tool list (see `parseToolDefinitions`) and
 * `ToolSearchError('invalid-options')` for a bad option.
 *
 * @example
 * ```ts
 * import { createToolIndex } from 'tool-search';
 * const path = { type: 'object', properties: { path: { type: 'string', description: 'File path' } } };
 * const index = createToolIndex([
 *   { name: 'read_file', description: 'Read a file from the workspace.', inputSchema: path },
 *   { name: 'write_file', description: 'Write text to a file.', inputSchema: path },
 *   { name: 'send_email', description: 'Send an email.', inputSchema: { type: 'object', properties: { to: { type: 'string' } } } },
 * ]);
 * index.search('read the file'); // [{ name: 'read_file', score: 5.982892 }] (3 + 1.98 + 1 for its second term; write_file's 1.98 is under half)
 * index.search('`write_file`'); // [{ name: 'write_file', score: 105.982892 }]
 * index.search('select:send_email,nope'); // [{ name: 'send_email', score: 100 }]
 * index.search('file', { visible: ['write_file'] }); // [{ name: 'write_file', score: 1.982892 }]
 * ```
 */
export function createToolIndex(tools: readonly ToolDefinition[], options?: ToolIndexOptions): ToolIndex {
  const parsedTools = parseToolDefinitions(tools);
  const resolved = resolveOptions(options);
  const { names, termIds, offsets, toolIds, weights } = createTermPostings(parsedTools, resolved.weights, resolved.rarity);
  const size = names.length;
  const idsByName = new Map<string, number>();
  const idsByLowerName = new Map<string, number[]>();
  const idsByBareName = new Map<string, number[]>();
  names.forEach((name, id) => {
    idsByName.set(name, id);
    const lower = name.toLowerCase();
    pushId(idsByLowerName, lower, id);
    pushId(idsByBareName, lower.replace(WRAPPING_PUNCTUATION, ''), id);
  });
  // Scratch space reused by every search (search is synchronous, so never shared by two at once); reset after use.
  const scores = new Float64Array(size);
  // How many distinct query terms each touched tool has (in a field weighing more than 0), for the coverage bonus.
  const matchedTerms = new Int32Array(size);
  const isTouched = new Uint8Array(size);
  const touched: number[] = [];

  function search(query: string, searchOptions?: ToolIndexSearchOptions): ToolSearchHit[] {
    if (typeof query !== 'string') {
      throw new ToolSearchError('invalid-options', `\`query\` must be a string, got ${describeValue(query)}`);
    }
    const maxResults = resolveMaxResults(searchOptions?.maxResults, resolved.maxResults);
    const isVisible = resolveVisibility(searchOptions?.visible);

    const selection = parseToolSelection(query);
    if (selection !== null) {
      const hits: ToolSearchHit[] = [];
      for (const name of selection) {
        if (idsByName.has(name) && isVisible(name)) hits.push({ name, score: EXACT_NAME_BONUS });
      }
      return hits;
    }

    // The name as written wins (`_search` is `_search`, not `search`); only when no name is written so are names and
    // query compared without their leading and trailing punctuation (`search!` or `"search"` finds `search`).
    const lowerQuery = query.toLowerCase();
    const exactIds = idsByLowerName.get(lowerQuery.replace(WRAPPING, '')) ?? idsByBareName.get(lowerQuery.replace(WRAPPING_PUNCTUATION, '')) ?? [];
    const terms = new Set(tokenizeSearchText(query));
    if (terms.size === 0 && exactIds.length === 0) return [];

    try {
      for (const term of terms) {
        const termId = termIds.get(term);
        if (termId === undefined) continue;
        for (let position = offsets[termId]!; position < offsets[termId + 1]!; position += 1) {
          const id = toolIds[position]!;
          if (isTouched[id] === 0) {
            isTouched[id] = 1;
            touched.push(id);
          }
          const termWeight = weights[position]!;
          scores[id]! += termWeight;
          if (termWeight > 0) matchedTerms[id]! += 1;
        }
      }
      for (const id of exactIds) {
        if (isTouched[id] === 0) {
          isTouched[id] = 1;
          touched.push(id);
        }
        scores[id]! += EXACT_NAME_BONUS;
      }
      // Visibility is checked only for tools that could still be in the top band, which keeps it off most of the
      // (possibly thousands of) touched tools.
      let best = 0;
      const candidates: number[] = [];
      for (const id of touched) {
        if (matchedTerms[id]! > 1) scores[id]! += resolved.coverageBonus * (matchedTerms[id]! - 1);
        const score = scores[id]!;
        if (score <= 0 || score < best * resolved.minScoreRatio) continue;
        if (!isVisible(names[id]!)) continue;
        candidates.push(id);
        if (score > best) best = score;
      }
      const cutoff = best * resolved.minScoreRatio;
      return candidates
        .filter((id) => scores[id]! >= cutoff)
        .sort((a, b) => rank(b) - rank(a) || a - b)
        .slice(0, maxResults)
        .map((id) => ({ name: names[id]!, score: round(scores[id]!) }));
    } finally {
      for (const id of touched) {
        scores[id] = 0;
        matchedTerms[id] = 0;
        isTouched[id] = 0;
      }
      touched.length = 0;
    }

    // Exact-name matches first, whatever a very long query scored for another tool.
    function rank(id: number): number {
      return scores[id]! + (exactIds.includes(id) ? Number.MAX_SAFE_INTEGER / 2 : 0);
    }
  }

  return { search, size };
}

interface ResolvedToolIndexOptions {
  readonly maxResults: number;
  readonly weights: Required<ToolIndexFieldWeights>;
  readonly rarity: boolean;
  readonly coverageBonus: number;
  readonly minScoreRatio: number;
}

function resolveOptions(options: unknown): ResolvedToolIndexOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new ToolSearchError('invalid-options', `\`options\` of \`createToolIndex\` must be an object, got ${describeValue(options)}`);
  }
  const parsed = optionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => {
      const path = issue.path.join('.');
      const given = issue.path.reduce<unknown>((value, key) => (value as Record<PropertyKey, unknown>)?.[key as PropertyKey], options);
      return issue.code === 'unrecognized_keys'
        ? `unknown option(s) ${issue.keys.map((key) => `\`${path ? `${path}.` : ''}${key}\``).join(', ')}`
        : `\`${path}\` ${describeRule(path)}, got ${describeValue(given)}`;
    });
    throw new ToolSearchError('invalid-options', `Invalid tool index options: ${messages.join('; ')}`);
  }
  const { maxResults = 8, weights = {}, rarity = true, coverageBonus = DEFAULT_COVERAGE_BONUS, minScoreRatio = 0.5 } = parsed.data;
  return { maxResults, weights: { ...DEFAULT_WEIGHTS, ...weights }, rarity, coverageBonus, minScoreRatio };
}

function describeRule(path: string): string {
  if (path === 'maxResults') return 'must be a whole number ≥ 1';
  if (path === 'minScoreRatio') return 'must be a number from 0 to 1';
  if (path === 'rarity') return 'must be a boolean';
  if (path === 'weights') return 'must be an object';
  return 'must be a finite number ≥ 0';
}

function resolveMaxResults(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ToolSearchError('invalid-options', `\`maxResults\` must be a whole number ≥ 1, got ${describeValue(value)}`);
  }
  return value;
}

function resolveVisibility(visible: Iterable<string> | undefined): (name: string) => boolean {
  if (visible === undefined) return () => true;
  if (visible instanceof Set) return (name) => visible.has(name);
  const names = new Set(parseToolNameList(visible, '`visible`'));
  return (name) => names.has(name);
}

function pushId(map: Map<string, number[]>, key: string, id: number): void {
  const ids = map.get(key);
  if (ids === undefined) map.set(key, [id]);
  else ids.push(id);
}

/** Scores are sums of products of small floats; six decimals keep them readable and byte-stable. */
function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
