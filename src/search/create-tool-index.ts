import { describeValue } from '../errors/describe-value.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { assertNever } from '../errors/assert-never.js';
import { parseCatalogTools } from '../tools/parse-catalog-tools.js';
import { findUnknownKeys } from '../records/find-unknown-keys.js';
import { isRecord } from '../records/is-record.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import type { ToolDefinitionsInput } from '../tools/tool-definition.js';
import { parseToolSelection } from './parse-tool-selection.js';
import { resolveQueryTerms } from './resolve-query-terms.js';
import { NAME_FIELD, PARAMETERS_FIELD, createTermPostings, type TermFieldWeights, type TermPostings } from './create-term-postings.js';
import { isSearchStopWord } from './search-stop-words.js';
import { splitSearchWords } from './split-search-words.js';
import { isNameClosing, isNameWrapping, isNotLetterOrDigit, trimWrapping } from './trim-wrapping.js';
import { createUnicodePattern } from '../text/create-unicode-pattern.js';

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
export type ToolIndexFieldWeights = Partial<TermFieldWeights>;

/**
 * How the ranked list is cut before `maxResults` applies; every rule keeps at least the best result.
 *
 * - `count`: every match, best first (so exactly `maxResults` when that many tools match).
 * - `band`: only results scoring at least `ratio` × the best score (the seed's rule with `ratio` 0.5).
 * - `gap`: results down to the first one scoring under `ratio` × the result before it.
 * - `floor`: only results scoring at least `ratio` × the query's best possible score (what a tool with every query
 *   term in its name would score).
 */
export type ToolIndexCut =
  | { readonly rule: 'count' }
  | { readonly rule: 'band'; readonly ratio: number }
  | { readonly rule: 'gap'; readonly ratio: number }
  | { readonly rule: 'floor'; readonly ratio: number };

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
   * What each distinct query term a tool has, beyond its rarest, adds to the tool's score, times the square root of
   * the term's rarity (so a rare word counts almost fully, a word half the catalog has about a third): a tool that
   * covers more of the request ranks above one that matches a single word of it well. A one-term query is scored by
   * the field weights alone. A finite number ≥ 0; `0` gives the plain weighted score.
   * @default 1
   */
  readonly coverageBonus?: number;
  /**
   * The exponent `p` of the description's length factor: a term found in the description (with `title` and
   * `category`) weighs `(L̄ / L)^p` times more, where `L` is the number of words of that description (stop words
   * left out) and `L̄` the average over the tool list. A short, exact description then ranks above a long one that
   * mentions everything. A finite number ≥ 0; `0` turns it off.
   * @default 0.15
   */
  readonly lengthNormalization?: number;
  /**
   * What a tool the query meets in its name loses, times the name weight, for the share of its name's terms the query
   * does not have (at most half its score): among siblings that match the same words (`kusto_table_list`,
   * `kusto_table_schema`), the one whose name the request covers best ranks first. A finite number ≥ 0; `0` turns it
   * off.
   * @default 0.1
   */
  readonly nameMissPenalty?: number;
  /**
   * What a request word written in an inflected form (a plural, an -ing or an -ed form: `keys`, `groups`, `running`)
   * adds again, times this share of its points, in a tool that has the word in that same form: both `keyvault_key_list`
   * ("List all keys") and `keyvault_key_get` ("Get a key") have the term `key`, and "show me the keys" ranks the first
   * above. Only the tools the query matches gain. A finite number ≥ 0; `0` turns it off.
   * @default 0.3
   */
  readonly sameFormShare?: number;
  /**
   * What a query term's coverage bonus and parameter points count in a tool once a result ranked above it has the term
   * (in any field), for a request of more than six terms ({@link MULTI_NEED_TERMS}), which may hold several needs: the
   * results are then chosen one at a time, each for what the list does not cover yet, so the list covers each need of
   * the request rather than ranking several tools that match its same words. Name and description points always
   * count in full. A number from 0 to 1; `1` turns it off (the plain ranking).
   * @default 0.5
   */
  readonly coveredTermShare?: number;
  /**
   * How the ranked list is cut before `maxResults` (see {@link ToolIndexCut}).
   * @default `{ rule: 'count' }`: the best `maxResults` matches
   */
  readonly cut?: ToolIndexCut;
  /**
   * The seed's top band, kept for compatibility: `minScoreRatio: r` is `cut: { rule: 'band', ratio: r }` (`0` keeps
   * every match). Give `cut` or `minScoreRatio`, not both.
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
  /**
   * The visible tools named, as `search('select:' + names.join(','))` returns them, for names already read from a
   * query (`parseToolSelection`), so a `tool_search` call parses its query once. Optional on an index of your own: the
   * search tool falls back to `search`.
   */
  select?(names: readonly string[], options?: ToolIndexSearchOptions): ToolSearchHit[];
  /** How many tools the index searches (the tool list without any tool named `tool_search`). */
  readonly size: number;
}

/**
 * What the one search of an index made with a trace records of its scoring pass, for `explainToolSearch`: the postings
 * and options it searched with and the query's terms, and per tool id the parts of its score. Not part of the public API.
 */
export interface ToolIndexTrace {
  postings?: TermPostings;
  options?: ResolvedToolIndexOptions;
  terms: readonly string[];
  /** Each query term a tool has (a tool's rarest first): the tool id, the term id, its posting's position and the coverage bonus it added. */
  readonly parts: (readonly [id: number, termId: number, position: number, bonus: number])[];
  /** The term ids the results ranked above it had, for a request ranked for coverage. */
  readonly covered: Map<number, ReadonlySet<number>>;
  readonly sameForm: Map<number, number>;
  /** What the name-miss penalty took. */
  readonly nameMiss: Map<number, number>;
}

const UNTOUCHED = 0;
const TOUCHED = 1;
const MATCHED = 2;

/** The bonus of a tool whose name is the whole query (the seed's +100). */
export const EXACT_NAME_BONUS = 100;
/**
 * A request with at least this many distinct known terms is ranked for coverage (see `coveredTermShare`): a few
 * keywords name one need, a long request may name several. Measured on BFCL, MetaTool, Seal-Tools and APIBench
 * (bench/quality/README.md): from 2 terms on, single-tool keyword queries lose recall; from 5 to 7, they keep it.
 */
export const MULTI_NEED_TERMS = 7;
/**
 * The default `nameMissPenalty`: what a tool the query meets in its name loses, times the name's weight, for the share
 * of its name's terms the query does not have: `0.1 × 3 × missing / name terms`. So among siblings that match the same words, the one whose
 * name the request covers best ranks first (`foundry_models_list` above `foundry_models_deployments_list` for "list
 * the Foundry models"). Measured on the dev halves of BFCL, MetaTool, Seal-Tools, APIBench and the Azure MCP sets
 * (bench/quality/README.md): 0.067–0.1 helps everywhere (MCP R@1 +0.019), 0.17 and more cost BFCL and APIBench.
 */
const NAME_MISS_PENALTY = 0.1;
/**
 * The default `sameFormShare`: what a request's inflected word (`keys`) adds again, as a share of its points, in a tool
 * that has it in that same form. Measured on the dev halves of BFCL, MetaTool, Seal-Tools, APIBench and the Azure MCP
 * sets (bench/quality/README.md): 0.2 to 0.4 help on every set (held-out halves R@5 +0.005); the form alone, counted
 * for every word and not only for inflected ones, costs BFCL's MRR.
 */
const SAME_FORM_SHARE = 0.3;
/** How many candidates, per result asked for, a coverage ranking chooses from. */
const MULTI_NEED_POOL = 3;

const DEFAULT_WEIGHTS = { name: 3, description: 1, parameters: 0.75 } as const;
/** The defaults of the options with a plain value. */
const DEFAULT_OPTIONS = {
  maxResults: 8,
  rarity: true,
  // The description's weight, times √rarity. Measured on BFCL, MetaTool, Seal-Tools and APIBench (both halves of each
  // dev set, both query styles): a flat 1 rewards common words and loses multi-tool recall; √rarity keeps BFCL's
  // single-tool ranking and wins on the multi-tool sets (bench/quality/README.md).
  coverageBonus: 1,
  // Measured across the same sets: 0.1 to 0.2 help (APIBench's long model cards most); 0.15 sits inside that plateau.
  lengthNormalization: 0.15,
  nameMissPenalty: NAME_MISS_PENALTY,
  sameFormShare: SAME_FORM_SHARE,
  // Measured across the same sets (bench/quality/README.md): 0.3 to 0.7 help multi-tool requests alike; 0 (a covered
  // term adds nothing) costs more single-tool recall than it wins.
  coveredTermShare: 0.5,
} as const;
const DEFAULT_CUT: Readonly<ToolIndexCut> = { rule: 'count' };
/** An option's check and the rule its message states. */
type OptionRule = readonly [valid: (value: unknown) => boolean, rule: string];
const WHOLE_NUMBER: Readonly<OptionRule> = [(value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1, 'must be a whole number ≥ 1'];
const WEIGHT: Readonly<OptionRule> = [(value) => typeof value === 'number' && Number.isFinite(value) && value >= 0, 'must be a finite number ≥ 0'];
const SHARE: Readonly<OptionRule> = [(value) => typeof value === 'number' && value >= 0 && value <= 1, 'must be a number from 0 to 1'];
const CUT_RULE = "must be `{ rule: 'count' }` or `{ rule: 'band' | 'gap' | 'floor', ratio }`";
/**
 * The options of {@link createToolIndex} and their rules, in the order their problems are reported (unknown options
 * come last); the fields of an object given for `weights` or `cut` are checked in its place.
 */
const OPTION_RULES: Readonly<Record<keyof ToolIndexOptions, OptionRule>> = {
  maxResults: WHOLE_NUMBER,
  weights: [isRecord, 'must be an object'],
  rarity: [(value) => typeof value === 'boolean', 'must be a boolean'],
  coverageBonus: WEIGHT,
  lengthNormalization: WEIGHT,
  nameMissPenalty: WEIGHT,
  sameFormShare: WEIGHT,
  coveredTermShare: SHARE,
  cut: [isRecord, CUT_RULE],
  minScoreRatio: SHARE,
};
const WEIGHT_RULES: Readonly<Record<keyof ToolIndexFieldWeights, OptionRule>> = { name: WEIGHT, description: WEIGHT, parameters: WEIGHT };
/** Any value: the `rule` of a cut, read to choose its fields. */
const ANY: Readonly<OptionRule> = [() => true, ''];
const RATIO_CUT_FIELDS: Readonly<Record<string, OptionRule>> = { rule: ANY, ratio: SHARE };
/** The fields of each cut rule. */
const CUT_FIELDS: Readonly<Record<ToolIndexCut['rule'], Readonly<Record<string, OptionRule>>>> = {
  count: { rule: ANY },
  band: RATIO_CUT_FIELDS,
  gap: RATIO_CUT_FIELDS,
  floor: RATIO_CUT_FIELDS,
};
/** What is not a letter or a digit: a name's separators (`.`, `_`, `-`, `/`), which wire formats rewrite. */
const SEPARATORS = /* @__PURE__ */ createUnicodePattern('[^\\p{L}\\p{N}]+', 'gu');
const WHITESPACE = /\s/;

/**
 * The key a name is matched on as a whole query: lower case, separators removed, so `ChaDri.change_drink` and the
 * `ChaDri_change_drink` a wire format sends for it meet.
 */
function resolveNameKey(name: string): string {
  return name.replace(SEPARATORS, '').toLowerCase();
}

/**
 * Builds a ranking index over a tool list, once; {@link ToolIndex.search} then ranks tools for a query without
 * reading their text again.
 *
 * **Terms.** A tool's name, its description (with its `title` and `category`) and its parameters (names, titles, descriptions, enum
 * values; see `collectParameterText`) are cut into terms by `tokenizeSearchText`: every naming style is split
 * (`get_user`, `getUser`, `get-user`, `Api.get_user`, `github__get_user`), case and accents are folded, English
 * stop words are dropped and words are stemmed (`files` and `file` are one term; `info` meets `information`). The
 * query is cut the same way, plus each pair of adjacent words whose joined form a tool has (`page speed` also gives
 * `pagespeed`; see `resolveQueryTerms`); each distinct query term counts once.
 *
 * **Score.** For each query term a tool has, the tool gains the weight of the best field the term is in (name 3,
 * else description 1, else parameters 0.75; see `weights`) times the term's rarity,
 * `r = ln(1 + N / n) / ln(1 + N)` where `N` is the number of indexed tools and `n` the number that have the term
 * (so 1 for a term only one tool has; `rarity: false` makes it 1 always). A term found in the description is also
 * multiplied by the description's length factor `(L̄ / L)^0.15` (`lengthNormalization`): `L` is the number of
 * words of the tool's description, `title` and `category` (stop words left out), `L̄` its average over the tool
 * list, so a short description that matches gains a little over a long one that mentions everything. Coverage:
 * each query term the tool has beyond its rarest adds `coverageBonus` (1) × `√r` (a term found only in a field
 * weighing 0 does not count), so a tool that covers more of the request gains, and more for rare words than for
 * common ones. Siblings: a tool the query meets in its name loses {@link NAME_MISS_PENALTY} (0.1) × the name weight ×
 * the share of its name's terms the query lacks (`nameMissPenalty`; at most half its score), so of `kusto_table_list` and
 * `kusto_table_schema` the one whose name the request covers ranks first. So `score = Σ weight(best field) × r ×
 * (length factor) + Σ_{all but the rarest} √r − 0.3 × missing / name terms`, by hand. Servers: a tool's `server`
 * field (never a pattern in its name) is searched as a field of its own, weighed as a name with the term's rarity
 * among servers, when the tools come from two servers or more; the same words at the head of the tool's name
 * (`github__` of `github__create_issue` when `server` is `github`) count there only, so every tool of a server the
 * request names gains alike, and a sibling never passes the tool the request names. A tool
 * whose name is the whole query (one token; case and the wrapping a model puts around a copied name ignored) gains
 * {@link EXACT_NAME_BONUS} (100) and is returned alone; only when no name is written so are names and query
 * compared without their separators (so `_search` finds `_search`, not `search`, and `ChaDri_change_drink` names
 * `ChaDri.change_drink`), and then a query that reads as a name (two words or more) names the tools whose qualified
 * name ends with it after a namespace separator (`create_issue` names `github__create_issue` and
 * `mcp__linear__create_issue`, not `jira__create_issue_link`).
 * A query of stop words only ("What is this?") is scored the same way over the stop words of each tool (built on
 * the first such query). No term frequency, no saturation curve, no embeddings.
 *
 * **Requests with several needs.** A query of {@link MULTI_NEED_TERMS} (7) known terms or more is ranked for coverage:
 * from the best `3 × maxResults` candidates, results are chosen one at a time, and a term that a result already chosen
 * has counts its coverage bonus and its parameter points at `coveredTermShare` (0.5) in every later candidate (name and
 * description points count in full). So a list covers each need of a long request instead of ranking several
 * generalists that match its same words, and each result's score is the score it had when chosen.
 *
 * **Results.** Only visible tools scoring above 0 are ranked; ties keep the tool list's order. The ranking is cut
 * by `cut` (by default none: the best `maxResults`, 8) and capped at `maxResults`. A tool named `tool_search` is
 * never returned. A query `select:name_a,name_b` (see `parseToolSelection`) returns exactly the visible tools it
 * names, in its order, each with score {@link EXACT_NAME_BONUS} (a name no tool has that reads as one and ends exactly
 * one visible tool's qualified name selects that tool: `create_issue` for `github__create_issue`); names that are
 * unknown or not visible are left out (compare with `parseToolSelection(query)` to report them).
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
 * index.search('read the file'); // [{ name: 'read_file', score: 5.795889 }, { name: 'write_file', score: 1.832892 }]
 * // read_file: "read" 3 × 1, "file" 3 × 0.661, and √0.661 for "file", its second term;
 * // write_file: "file" 3 × 0.661, less 0.1 × 3 × ½ for "write", the half of its name the query lacks
 * index.search('`write_file`'); // [{ name: 'write_file', score: 105.795889 }] (alone)
 * index.search('select:send_email,nope'); // [{ name: 'send_email', score: 100 }]
 * index.search('file', { visible: ['write_file'] }); // [{ name: 'write_file', score: 1.832892 }]
 * ```
 */
export function createToolIndex(tools: ToolDefinitionsInput, options?: ToolIndexOptions): ToolIndex {
  return createTracedToolIndex(tools, options, undefined);
}

/** {@link createToolIndex}, recording its one search's scoring pass into `trace` (for `explainToolSearch`). Not part of the public API. */
export function createTracedToolIndex(tools: ToolDefinitionsInput, options: ToolIndexOptions | undefined, trace: ToolIndexTrace | undefined): ToolIndex {
  // A catalog (`createToolCatalog`) is read as it is; a plain list is checked once.
  const parsedTools = parseCatalogTools(tools);
  const resolved = resolveToolIndexOptions(options);
  const postings = createTermPostings(parsedTools, { ...resolved, words: 'content' });
  // The stop-word index serves only queries made of stop words alone, which are rare: it is built on the first one.
  let stopWordPostings: TermPostings | undefined;
  const { names } = postings;
  const size = names.length;
  // The name lookups serve only `select:` and one-word queries: they are built on the first such query, so an index
  // that only ever gets requests costs nothing for them.
  let lookups: NameLookups | undefined;
  const nameLookups = (): NameLookups => (lookups ??= createNameLookups(names));
  const bestFieldWeight = Math.max(resolved.weights.name, resolved.weights.description, resolved.weights.parameters);
  // Scratch space reused by every search (search is synchronous, so never shared by two at once); reset after use.
  const scores = new Float64Array(size);
  // Per tool: UNTOUCHED, TOUCHED (by a term in a field weighing 0 only, or by the exact name) or MATCHED (it has a
  // query term; each further one adds the coverage bonus).
  const toolStates = new Uint8Array(size);
  // Per tool: 1 when the query is its name (see `resolveExactIds`), so ranking asks in constant time; reset after use.
  // A one-word name that thousands of qualified names end with (`list_issues` over `srvN__list_issues`) stays linear.
  const isExact = new Uint8Array(size);
  // Per tool: its place + 1 among the candidates of a coverage ranking, 0 otherwise; reset after use.
  const candidateSlots = new Int32Array(size);
  const touched: number[] = [];
  // Per tool: how many of the distinct terms of its name (`postings.nameTermCounts`) the query has, per search (reset
  // after use). See NAME_MISS_PENALTY.
  const { nameTermCounts } = postings;
  const nameHits = new Int32Array(size);
  const nameMissPenalty = resolved.nameMissPenalty * resolved.weights.name;

  function search(query: string, searchOptions?: ToolIndexSearchOptions): ToolSearchHit[] {
    if (typeof query !== 'string') {
      throw new ToolSearchError('invalid-options', `\`query\` must be a string, got ${describeValue(query)}`);
    }
    const selection = parseToolSelection(query);
    if (selection !== null) return select(selection, searchOptions);
    const maxResults = resolveMaxResults(searchOptions?.maxResults, resolved.maxResults);
    const isVisible = resolveVisibility(searchOptions?.visible);

    // A query is a name when it is one token once wrapping quotes and punctuation go ("read file" is two words). The
    // name as written wins (`_search` is `_search`, not `search`); only when no name is written so are names and
    // query compared without their separators (`ChaDri_change_drink` finds `ChaDri.change_drink`).
    const bare = trimWrapping(query, isNotLetterOrDigit);
    const exactIds = WHITESPACE.test(bare) ? [] : resolveExactIds(nameLookups(), query, bare);
    const { terms: queryTerms, inflectedForms } = resolveQueryTerms(query, postings.termIds);
    let terms = new Set(queryTerms);
    let searched = postings;
    if (terms.size === 0) {
      // A query of stop words only ("What is this?") is matched on its stop words rather than on nothing.
      terms = new Set(splitSearchWords(query).filter(isSearchStopWord));
      searched = stopWordPostings ??= createTermPostings(parsedTools, { ...resolved, words: 'stop-words' });
    }
    if (terms.size === 0 && exactIds.length === 0) return [];
    const { termIds, offsets, toolIds, weights, fields, rarities } = searched;
    if (trace !== undefined) Object.assign(trace, { postings: searched, options: resolved, terms: [...terms] });

    try {
      // Terms are read from the rarest, so the first term a tool has is its rarest: every later one adds its coverage
      // bonus as it is met, and no per-tool sum or maximum is needed.
      const queryTermIds: number[] = [];
      for (const term of terms) {
        const termId = termIds.get(term);
        if (termId !== undefined) queryTermIds.push(termId);
      }
      queryTermIds.sort((a, b) => rarities[b]! - rarities[a]! || a - b);
      // What a tool with every known query term in its best field would score: the `floor` rule's reference.
      let bestPossible = 0;
      for (let order = 0; order < queryTermIds.length; order += 1) {
        const termId = queryTermIds[order]!;
        const bonus = resolved.coverageBonus * Math.sqrt(rarities[termId]!);
        bestPossible += bestFieldWeight * rarities[termId]! + (order > 0 ? bonus : 0);
        for (let position = offsets[termId]!; position < offsets[termId + 1]!; position += 1) {
          const id = toolIds[position]!;
          const state = toolStates[id]!;
          if (state === UNTOUCHED) touched.push(id);
          const termWeight = weights[position]!;
          if (fields[position] === NAME_FIELD) nameHits[id]! += 1;
          const added = termWeight > 0 && state === MATCHED ? bonus : 0;
          trace?.parts.push([id, termId, position, added]);
          if (termWeight > 0) {
            scores[id]! += termWeight + added;
            toolStates[id] = MATCHED;
          } else if (state === UNTOUCHED) {
            toolStates[id] = TOUCHED;
          }
        }
      }
      // A word the request inflects (`keys`) counts a little more where a tool writes it the same way ("List all keys")
      // than where it has another form of it ("Get a key"); only tools the query already matches gain.
      if (searched === postings && resolved.sameFormShare > 0) {
        const forms = postings.inflectedForms;
        for (const form of inflectedForms) {
          const formId = forms.termIds.get(form);
          if (formId === undefined) continue;
          for (let position = forms.offsets[formId]!; position < forms.offsets[formId + 1]!; position += 1) {
            const id = forms.toolIds[position]!;
            if (toolStates[id] !== MATCHED) continue;
            const points = resolved.sameFormShare * forms.weights[position]!;
            scores[id]! += points;
            trace?.sameForm.set(id, (trace.sameForm.get(id) ?? 0) + points);
          }
        }
      }
      // Siblings (`kusto_database_list`, `kusto_table_list`, `kusto_table_schema`) share the words a request names;
      // the one whose name the request covers best goes first. Only tools the query meets in their name pay, and at
      // most half their score, so the penalty reorders close names and never drops a match.
      if (searched === postings && nameMissPenalty > 0) {
        for (const id of touched) {
          const hits = nameHits[id]!;
          if (hits === 0) continue;
          const penalty = Math.min((nameMissPenalty * (nameTermCounts[id]! - hits)) / nameTermCounts[id]!, scores[id]! / 2);
          scores[id]! -= penalty;
          trace?.nameMiss.set(id, penalty);
        }
      }
      for (const id of exactIds) {
        isExact[id] = 1;
        if (toolStates[id] === UNTOUCHED) {
          toolStates[id] = TOUCHED;
          touched.push(id);
        }
        scores[id]! += EXACT_NAME_BONUS;
      }
      // Only the best `maxResults` visible tools are kept, by insertion into a short list: sorting every touched tool
      // (thousands for a long request over a large catalog) would cost more than the scoring. Visibility is checked
      // only for a tool that would enter the list. Every cut rule keeps a prefix of the ranking, so it can be taken
      // from this list.
      // A request that may hold several needs is ranked for coverage, from a larger pool of candidates.
      const multiNeed = queryTermIds.length >= MULTI_NEED_TERMS && resolved.coveredTermShare < 1;
      const poolSize = multiNeed ? maxResults * MULTI_NEED_POOL : maxResults;
      let top: number[] = [];
      for (const id of touched) {
        if (scores[id]! <= 0) continue;
        if (top.length === poolSize && !outranks(id, top[poolSize - 1]!)) continue;
        if (!isVisible(names[id]!)) continue;
        let position = top.length;
        while (position > 0 && outranks(id, top[position - 1]!)) position -= 1;
        top.splice(position, 0, id);
        if (top.length > poolSize) top.pop();
      }
      const exact = top.length > 0 && isExact[top[0]!] === 1;
      if (multiNeed && !exact) top = rankForCoverage(top, queryTermIds, maxResults);
      // A query that is a tool's name asks for that tool: it comes alone, as it did under the seed's band.
      const ranked = exact ? top.filter((id) => isExact[id] === 1).slice(0, maxResults) : cutRanking(top, scores, resolved.cut, bestPossible);
      return ranked.map((id) => ({ name: names[id]!, score: round(scores[id]!) }));
    } finally {
      for (const id of touched) {
        scores[id] = 0;
        toolStates[id] = UNTOUCHED;
        isExact[id] = 0;
        nameHits[id] = 0;
      }
      touched.length = 0;
    }

    /**
     * Chooses `count` of the candidates (best first by score) one at a time: each next one is the candidate whose
     * score is highest once the terms the chosen results have count their coverage bonus and parameter points at
     * `coveredTermShare`. Its score becomes that adjusted score, so scores still fall down the list.
     */
    function rankForCoverage(candidates: readonly number[], queryTermIds: readonly number[], count: number): number[] {
      const termCount = queryTermIds.length;
      const candidateCount = candidates.length;
      // Per candidate and query term: the points a covered term shares (its coverage bonus, its parameter points).
      const shared = new Float64Array(candidateCount * termCount);
      const has = new Uint8Array(candidateCount * termCount);
      const counted = new Uint8Array(candidateCount);
      for (let slot = 0; slot < candidateCount; slot += 1) candidateSlots[candidates[slot]!] = slot + 1;
      for (let order = 0; order < termCount; order += 1) {
        const termId = queryTermIds[order]!;
        const bonus = resolved.coverageBonus * Math.sqrt(rarities[termId]!);
        const start = offsets[termId]!;
        const end = offsets[termId + 1]!;
        // A posting list shorter than the bisections would cost is read whole; in a longer one, sorted by tool id,
        // each candidate is found by bisection.
        const bisect = end - start > candidateCount * Math.log2(end - start + 1);
        for (let step = 0; step < (bisect ? candidateCount : end - start); step += 1) {
          const position = bisect ? findPosting(toolIds, start, end, candidates[step]!) : start + step;
          if (position < 0 || weights[position]! <= 0) continue;
          const slot = candidateSlots[toolIds[position]!]! - 1;
          if (slot < 0) continue;
          const cell = slot * termCount + order;
          has[cell] = 1;
          // The same sum as the scoring loop: a tool's first (rarest) term earns no coverage bonus.
          const extra = counted[slot] === 1 ? bonus : 0;
          counted[slot] = 1;
          shared[cell] = fields[position] === PARAMETERS_FIELD ? weights[position]! + extra : extra;
        }
      }
      for (const id of candidates) candidateSlots[id] = 0;
      // Each candidate's score as the list stands: a term newly covered takes back part of what it shares, once.
      const adjusted = Float64Array.from(candidates, (id) => scores[id]!);
      const covered = new Uint8Array(termCount);
      const chosen = new Uint8Array(candidateCount);
      const ranking: number[] = [];
      while (ranking.length < Math.min(count, candidateCount)) {
        let best = -1;
        for (let slot = 0; slot < candidateCount; slot += 1) {
          // Candidates come best first, so a tie keeps the plain ranking's order.
          if (chosen[slot] === 0 && (best < 0 || adjusted[slot]! > adjusted[best]!)) best = slot;
        }
        chosen[best] = 1;
        const id = candidates[best]!;
        scores[id] = adjusted[best]!;
        ranking.push(id);
        trace?.covered.set(id, new Set(queryTermIds.filter((_, order) => covered[order] === 1)));
        for (let order = 0; order < termCount; order += 1) {
          if (has[best * termCount + order] === 0 || covered[order] === 1) continue;
          covered[order] = 1;
          for (let slot = 0; slot < candidateCount; slot += 1) adjusted[slot]! -= shared[slot * termCount + order]! * (1 - resolved.coveredTermShare);
        }
      }
      return ranking;
    }

    // Exact-name matches first, whatever a very long query scored for another tool; ties keep the tool list's order.
    function outranks(a: number, b: number): boolean {
      if (isExact[a] !== isExact[b]) return isExact[a] === 1;
      return scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
    }
  }

  function select(selection: readonly string[], searchOptions?: ToolIndexSearchOptions): ToolSearchHit[] {
    // `maxResults` is checked, though a selection returns every visible tool it names.
    resolveMaxResults(searchOptions?.maxResults, resolved.maxResults);
    const isVisible = resolveVisibility(searchOptions?.visible);
    return selection.flatMap((written) => {
      const name = resolveSelectedName(nameLookups(), names, written, isVisible);
      return name === undefined ? [] : [{ name, score: EXACT_NAME_BONUS }];
    });
  }

  return { search, select, size };
}

/** The ranked ids `cut` keeps (the first always), given their scores and the query's best possible score. */
function cutRanking(ranked: readonly number[], scores: Float64Array, cut: ToolIndexCut, possible: number): readonly number[] {
  if (ranked.length === 0) return ranked;
  const best = scores[ranked[0]!]!;
  switch (cut.rule) {
    case 'count':
      return ranked;
    case 'band':
      return ranked.filter((id) => scores[id]! >= best * cut.ratio);
    case 'floor':
      return ranked.filter((id, position) => position === 0 || scores[id]! >= possible * cut.ratio);
    case 'gap': {
      let end = 1;
      while (end < ranked.length && scores[ranked[end]!]! >= scores[ranked[end - 1]!]! * cut.ratio) end += 1;
      return ranked.slice(0, end);
    }
    default:
      return assertNever(cut, 'cut rule');
  }
}

/** The options of {@link createToolIndex} with their defaults filled in. */
export type ResolvedToolIndexOptions = Required<Omit<ToolIndexOptions, 'weights' | 'minScoreRatio'>> & { readonly weights: TermFieldWeights };

/** Validates the options of {@link createToolIndex} and fills in the defaults; throws `ToolSearchError('invalid-options')`. */
export function resolveToolIndexOptions(options: unknown): ResolvedToolIndexOptions {
  if (options !== undefined && !isRecord(options)) {
    throw new ToolSearchError('invalid-options', `\`options\` of \`createToolIndex\` must be an object, got ${describeValue(options)}`);
  }
  const problems: string[] = [];
  // The valid fields of `object` by `rules`, in their order; an object given for `weights` or `cut` is read in its place
  // and unknown keys come last. `required`: a missing field is a problem too.
  const readFields = (object: Record<string, unknown>, path: string, rules: Readonly<Record<string, OptionRule>>, required = false) => {
    const fields: Record<string, unknown> = {};
    for (const [name, [valid, rule]] of Object.entries(rules)) {
      const value = object[name];
      if (name === 'weights' && isRecord(value)) fields.weights = readFields(value, 'weights.', WEIGHT_RULES);
      else if (name === 'cut' && isRecord(value)) {
        const cutFields = typeof value.rule === 'string' && Object.hasOwn(CUT_FIELDS, value.rule) ? CUT_FIELDS[value.rule as ToolIndexCut['rule']] : undefined;
        if (cutFields === undefined) problems.push(`\`cut.rule\` ${CUT_RULE}, got ${describeValue(value.rule)}`);
        else fields.cut = readFields(value, 'cut.', cutFields, true);
      } else if ((required || value !== undefined) && !valid(value)) problems.push(`\`${path}${name}\` ${rule}, got ${describeValue(value)}`);
      else if (value !== undefined) fields[name] = value;
    }
    const unknown = findUnknownKeys(object, Object.keys(rules));
    if (unknown.length > 0) problems.push(`unknown option(s) ${unknown.map((key) => `\`${path}${key}\``).join(', ')}`);
    return fields;
  };
  const { weights, cut, minScoreRatio, ...given } = readFields(options ?? {}, '', OPTION_RULES) as ToolIndexOptions;
  if (problems.length > 0) throw new ToolSearchError('invalid-options', `Invalid tool index options: ${problems.join('; ')}`);
  if (cut !== undefined && minScoreRatio !== undefined) {
    throw new ToolSearchError(
      'invalid-options',
      `Invalid tool index options: give \`cut\` or \`minScoreRatio\` (the band of \`cut: { rule: 'band', ratio }\`), not both; got ${describeValue(cut)} and ${minScoreRatio}`,
    );
  }
  const resolvedCut = minScoreRatio === undefined ? (cut ?? DEFAULT_CUT) : { rule: 'band' as const, ratio: minScoreRatio };
  return { ...DEFAULT_OPTIONS, ...given, weights: { ...DEFAULT_WEIGHTS, ...weights }, cut: resolvedCut };
}

/** The position of `id` among `toolIds[start..end)` (sorted ascending), or -1. */
function findPosting(toolIds: Int32Array, start: number, end: number, id: number): number {
  let low = start;
  let high = end - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = toolIds[middle]!;
    if (found === id) return middle;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
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

/**
 * The ids of the tools by exact name, by lower-case name, by name key ({@link resolveNameKey}) and by the lower-case
 * rest of a qualified name after each namespace separator ({@link QUALIFIER}).
 */
interface NameLookups {
  readonly idsByName: ReadonlyMap<string, number>;
  readonly idsByLowerName: ReadonlyMap<string, readonly number[]>;
  readonly idsByNameKey: ReadonlyMap<string, readonly number[]>;
  readonly idsByUnqualifiedName: ReadonlyMap<string, readonly number[]>;
}

/** What separates a namespace from a name: MCP's `server__tool` (and `mcp__server__tool`), `Api.tool`, `server/tool`, `server:tool`. */
const QUALIFIER = /__|[./:]/g;

function createNameLookups(names: readonly string[]): NameLookups {
  const idsByName = new Map<string, number>();
  const idsByLowerName = new Map<string, number[]>();
  const idsByNameKey = new Map<string, number[]>();
  const idsByUnqualifiedName = new Map<string, number[]>();
  names.forEach((name, id) => {
    idsByName.set(name, id);
    const lower = name.toLowerCase();
    pushId(idsByLowerName, lower, id);
    pushId(idsByNameKey, resolveNameKey(name), id);
    for (const separator of lower.matchAll(QUALIFIER)) {
      const rest = lower.slice(separator.index + separator[0].length);
      if (rest.length > 0) pushId(idsByUnqualifiedName, rest, id);
    }
  });
  return { idsByName, idsByLowerName, idsByNameKey, idsByUnqualifiedName };
}

/**
 * The tools a one-token query names: the name as written (case and wrapping ignored); else the name without its
 * separators; else, for a query that reads as a tool name itself (two words or more: `create_issue`, `getUser`), the
 * tools whose qualified name ends with it after a namespace separator (`github__create_issue`,
 * `mcp__linear__create_issue`), as a model writes a name it knows without the server's prefix.
 */
function resolveExactIds(lookups: NameLookups, query: string, bare: string): readonly number[] {
  const lower = trimWrapping(query.toLowerCase(), isNameWrapping, isNameClosing);
  // A query with no letter or digit ("?") has the empty key, as does a name of none the key keeps: they are no match.
  const key = resolveNameKey(bare);
  const exact = lookups.idsByLowerName.get(lower) ?? (key === '' ? undefined : lookups.idsByNameKey.get(key));
  if (exact !== undefined) return exact;
  // The words are counted only for a query that does end a qualified name (most one-word queries do not).
  const unqualified = lookups.idsByUnqualifiedName.get(lower);
  return unqualified !== undefined && splitSearchWords(bare).length > 1 ? unqualified : [];
}

/**
 * The visible tool a `select:` name stands for: the tool of that exact name (case included); else, for a name that
 * reads as one (two words or more), the one visible tool whose qualified name ends with it (`create_issue` for
 * `github__create_issue`); else none.
 */
function resolveSelectedName(lookups: NameLookups, names: readonly string[], written: string, isVisible: (name: string) => boolean): string | undefined {
  if (lookups.idsByName.has(written)) return isVisible(written) ? written : undefined;
  const ids = lookups.idsByUnqualifiedName.get(written.toLowerCase());
  if (ids === undefined || splitSearchWords(written).length < 2) return undefined;
  const candidates = ids.map((id) => names[id]!).filter((name) => name.endsWith(written) && isVisible(name));
  return candidates.length === 1 ? candidates[0] : undefined;
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
