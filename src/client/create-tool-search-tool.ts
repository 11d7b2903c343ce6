import { resolveCatalogIndex } from '../catalog/resolve-catalog-index.js';
import { cutText } from '../text/cut-text.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { checkSessionId } from '../errors/check-session-id.js';
import type { RevealStore } from '../reveal/reveal-store.js';
import { checkNamesContext, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolIndex, ToolIndexSearchOptions, ToolSearchHit } from '../search/create-tool-index.js';
import { isNameClosing, isNameWrapping, trimWrapping } from '../search/trim-wrapping.js';
import { parseToolSelection } from '../search/parse-tool-selection.js';
import type { ToolSearchRanker, ToolSearchRankingRequest } from '../search/tool-search-ranker.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import { toMatch, type ToolSearchResult } from './tool-search-result.js';
import { TOOL_SEARCH_TOOL_DEFINITION, TOOL_SEARCH_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import { quoteNames } from '../text/quote-names.js';
import { createUnicodePattern } from '../text/create-unicode-pattern.js';

/**
 * The default number of matches a keyword search considers (the seed's `MAX_SEARCH_RESULTS` was 8). With
 * {@link DEFAULT_MAX_LOADED_TOOLS} equal to it, a search returns its best three, each with its schema, and names no
 * further matches: the cheapest setting in the session-cost table (bench/results/latest.md, "What one search
 * loads"), where loading more schemas per search cost more than the second searches it saved, and naming further
 * matches repeated names the default listing already shows. Raise it to name further matches in `more` (useful with
 * the `none` listing, where the model sees no names).
 */
export const DEFAULT_MAX_SEARCH_RESULTS = 3;
/**
 * The default number of matches one search returns with full schemas (further matches, up to `maxResults`, are
 * named). Chosen with recall and session cost together on the BFCL multi-turn sessions (see
 * {@link DEFAULT_MAX_SEARCH_RESULTS}).
 */
export const DEFAULT_MAX_LOADED_TOOLS = 3;
/** The default cap on tool names listed when nothing matches or the query is empty. */
export const DEFAULT_MAX_LISTED_TOOLS = 50;
/** The default longest query accepted, in characters (Anthropic's hosted BM25 search accepts 500). */
export const DEFAULT_MAX_QUERY_LENGTH = 500;

/** What {@link createToolSearchTool} needs. */
export interface CreateToolSearchToolOptions {
  /**
   * Every tool the search may return, with full schemas (the catalog, not the stubbed list sent to the model): an
   * array, or an object holding one in `tools` such as an MCP `tools/list` result.
   */
  readonly tools: ToolDefinitionsInput;
  /** Where reveals are recorded per session. */
  readonly store: RevealStore;
  /**
   * At most this many matches per keyword search, with or without their schemas: the first `maxLoaded` fresh ones
   * come with schemas, the rest are named in `more`.
   * @default 3
   */
  readonly maxResults?: number;
  /**
   * At most this many of a keyword search's matches come with their full schemas (and are recorded as revealed);
   * further matches are named in `more`, and `select:` loads them. A `select:` query loads every tool it names.
   * @default 3
   */
  readonly maxLoaded?: number;
  /** At most this many names listed when nothing matches or the query is empty; the rest are counted. @default 50 */
  readonly maxListedTools?: number;
  /** Longer queries get an `invalid-query` result asking for a shorter one. @default 500 */
  readonly maxQueryLength?: number;
  /** A prebuilt index over the same tools, to share one between several tools; built from `tools` when omitted. */
  readonly index?: ToolIndex;
  /**
   * Ranks the catalog for a keyword query in place of the library's lexical ranking: an async function of your own, or
   * `createHybridToolRanker` to fuse the lexical ranking with your embeddings (see {@link ToolSearchRanker}). `select:`
   * queries, exact names, `visible`, `loaded` and the listing work as without it.
   * @default the library's lexical ranking (`index.search`), no network
   */
  readonly rank?: ToolSearchRanker;
}

/** Where a `tool_search` call runs. */
export interface ToolSearchContext {
  /** The session whose reveal set records the matches. */
  readonly sessionId: string;
  /**
   * The tools visible to the model this turn; nothing outside them is returned or revealed.
   * @default every tool of the catalog
   */
  readonly visible?: Iterable<string>;
  /**
   * The tool-name mapping of the request the model answered (a transformer's `names`), when the names sent differ from
   * the catalog's (`ChaDri.change_drink` sent as `ChaDri_change_drink`). The model then searches, selects and calls by
   * the names it saw: queries, `select:` and `visible` may use either form, and every name in the result is the one
   * the model saw. The store still records the catalog's names.
   * @default no mapping
   */
  readonly names?: Pick<ToolNameMapping, 'toWire' | 'fromWire'>;
  /**
   * The tools whose schemas the conversation already holds (a transformer's `loaded`), in either name form. When
   * given, a keyword search names the matches among them in `loadedEarlier` and does not read the store, so the
   * result depends on the conversation alone: every process gives the same result for the same history, whatever
   * its store has seen (a per-process store, an evicted session, a restart).
   * @default the session's reveals in the store
   */
  readonly loaded?: Iterable<string>;
}

/** The client-side `tool_search` tool: its definition for the model and its executor. */
export interface ToolSearchTool {
  /** The definition to send (also what `resolveToolList` adds). */
  readonly definition: ToolDefinition;
  /** The index the tool searches. */
  readonly index: ToolIndex;
  /**
   * Runs one `tool_search` call. Never throws for anything the model wrote: bad arguments get an `invalid-query`
   * result that says what to do. Throws a `ToolSearchError` (`invalid-options`) for a missing `sessionId`.
   */
  execute(args: unknown, context: ToolSearchContext): Promise<ToolSearchResult>;
}

/** What a `tool_search` call that cannot be searched is asked to write. */
const ASK = 'the exact tool name or a few keywords';
const EMPTY_SELECTION = '`select:` lists no tool name; write the exact names after it, for example select:name_a,name_b. Available tools are listed by name.';
const NO_MATCH = 'No tools matched the query. Try the exact tool name or different keywords; available tools are listed by name.';

/** A letter or a digit: a query without one asks for the listing. */
const LETTER_OR_DIGIT = /* @__PURE__ */ createUnicodePattern('[\\p{L}\\p{N}]', 'u');

/** The whole-number options and the least value each takes, in the order they are checked. */
const COUNT_OPTIONS = [
  ['maxResults', 1],
  ['maxLoaded', 1],
  ['maxListedTools', 0],
  ['maxQueryLength', 1],
] as const;

/**
 * Creates the client-side `tool_search` tool over a catalog of tools.
 *
 * `execute` ranks the visible tools for the query and returns the best matches with their full JSON schemas (at most
 * `maxLoaded`), naming further matches in `more`; a match whose schema the conversation already holds (`context.loaded`,
 * a transformer's `loaded`; else what the store recorded for the session) is named in `loadedEarlier` instead of
 * repeated. Pass `loaded` when several processes serve one session: the result is then the same in each. Loaded tools are
 * recorded as revealed for the session (the tool-list reveal mode sends them in full from then on). With no match it
 * lists tool names (bounded, with the count of the rest) and reveals nothing; with an empty query it lists names and
 * reveals nothing; `select:a,b` returns exactly those tools with their schemas and names the unknown ones (a name that
 * is no tool's but ends exactly one tool's qualified name, `create_issue` for `github__create_issue`, selects it). It never
 * returns or reveals a tool outside `visible`, and never returns itself.
 *
 * @example
 * ```ts
 * import { createMemoryRevealStore, createToolSearchTool, formatToolSearchResult } from 'tool-search';
 * const search = createToolSearchTool({ tools, store: createMemoryRevealStore() });
 * // `names` and `loaded`: from the transform of the request the model answered
 * const result = await search.execute({ query: 'send email' }, { sessionId, names, loaded });
 * const text = formatToolSearchResult(result); // the tool result to send back
 * ```
 */
export function createToolSearchTool(options: CreateToolSearchToolOptions): ToolSearchTool {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ToolSearchError(
      'invalid-options',
      `createToolSearchTool: the options must be an object such as \`{ tools, store }\`, got ${describeValue(options)}`,
    );
  }
  const fail = (field: string, rule: string): never => {
    throw new ToolSearchError('invalid-options', `createToolSearchTool: \`${field}\` must be ${rule}, got ${describeValue(options[field as 'store'])}`);
  };
  for (const [field, least] of COUNT_OPTIONS) {
    const value: unknown = options[field];
    if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= least)) fail(field, `a whole number ≥ ${least}`);
  }
  const { store, index: given, rank } = options;
  if (typeof store !== 'object' || store === null || typeof store.add !== 'function') fail('store', 'a RevealStore');
  if (given !== undefined && (typeof given !== 'object' || given === null || typeof given.search !== 'function'))
    fail('index', 'an index from `createToolIndex`');
  if (rank !== undefined && typeof rank !== 'function') fail('rank', 'an async function such as `createHybridToolRanker({ embed })`');
  // A catalog (`createToolCatalog`) is read as it is, its index built once for every search tool over it.
  const searchable = createToolCatalog(options.tools).searchable;
  const catalog = searchable.tools;
  const maxResults = options.maxResults ?? DEFAULT_MAX_SEARCH_RESULTS;
  const maxLoaded = options.maxLoaded ?? DEFAULT_MAX_LOADED_TOOLS;
  const maxListed = options.maxListedTools ?? DEFAULT_MAX_LISTED_TOOLS;
  const maxQueryLength = options.maxQueryLength ?? DEFAULT_MAX_QUERY_LENGTH;
  const index = given ?? resolveCatalogIndex(searchable, maxResults);
  const { byName, names: catalogNames } = searchable;

  return {
    definition: TOOL_SEARCH_TOOL_DEFINITION,
    index,
    async execute(args, context) {
      checkSessionId(context?.sessionId, 'tool_search: `context.sessionId`', typeof context === 'object');
      const { toWire, fromWire } = checkNamesContext(context.names, 'tool_search');
      const loadedNames = context.loaded === undefined ? undefined : parseToolNameList(context.loaded, '`context.loaded`');
      // The visible catalog names, or `undefined` when every tool is visible (the index then skips its own filter).
      const visible =
        context.visible === undefined
          ? undefined
          : new Set(
              parseToolNameList(context.visible, '`context.visible`')
                .map(fromWire)
                .filter((name) => byName.has(name)),
            );
      const listing = (status: 'no-match' | 'listing' | 'invalid-query', query: string, message: string): ToolSearchResult => {
        const names = visible === undefined ? catalogNames : [...visible];
        return {
          status,
          query,
          tools: [],
          availableTools: names.slice(0, maxListed).map(toWire),
          moreTools: Math.max(0, names.length - maxListed),
          message,
        };
      };
      const query = readQuery(args);
      if (query === undefined) return listing('invalid-query', '', needsQuery(args));
      const trimmed = query.trim();
      if (trimmed.length > maxQueryLength) {
        return listing('invalid-query', `${cutText(trimmed, 60)}…`, `The query is ${trimmed.length} characters; keep it under ${maxQueryLength}: ${ASK}.`);
      }
      if (!LETTER_OR_DIGIT.test(trimmed)) {
        // Written here, not as a module-level template: one that reads another module's name is kept by an app's bundler.
        return listing(
          'listing',
          trimmed,
          `Available tools are listed by name. Call \`${TOOL_SEARCH_TOOL_NAME}\` with an exact name or a few keywords to load their parameter schemas.`,
        );
      }
      const written = parseToolSelection(trimmed);
      if (written?.length === 0) return listing('invalid-query', trimmed, EMPTY_SELECTION);
      const searchOptions = { ...(visible === undefined ? {} : { visible }), maxResults };
      // Each selected name as the index reads it (`create_issue` selects `github__create_issue` when only that fits),
      // one by one, so the names it cannot place can be reported.
      const selected = written?.map((name) => selectNames(index, [fromWire(name)], searchOptions)[0]);
      const hits =
        selected !== undefined
          ? selected.filter((hit) => hit !== undefined)
          : rank !== undefined
            ? await rankWith(rank, { query: toCatalogQuery(trimmed, fromWire), tools: catalog, visible, maxResults, index }, byName)
            : index.search(toCatalogQuery(trimmed, fromWire), searchOptions);
      const found = hits.map((hit) => byName.get(hit.name)).filter((tool): tool is ToolDefinition => tool !== undefined);
      const unknown = written?.filter((_, position) => !byName.has(selected?.[position]?.name ?? '')) ?? [];
      if (found.length === 0) {
        return written === null
          ? listing('no-match', trimmed, NO_MATCH)
          : listing('invalid-query', trimmed, `No tool is named ${quoteNames(unknown)}; available tools are listed by name.`);
      }
      // A keyword search repeats no schema an earlier search of the session returned, and loads its best few; a
      // selection loads exactly what it names.
      let loaded = found;
      let more: ToolDefinition[] = [];
      let earlier: ToolDefinition[] = [];
      if (written === null) {
        // The conversation's own record when the caller gives it; the store's otherwise.
        const revealed = new Set(loadedNames === undefined ? await store.get(context.sessionId) : loadedNames.map(fromWire));
        const fresh = found.filter((tool) => !revealed.has(tool.name));
        earlier = found.filter((tool) => revealed.has(tool.name));
        loaded = fresh.slice(0, maxLoaded);
        more = fresh.slice(maxLoaded);
      }
      const loadedNow = loaded.map((tool) => tool.name);
      if (loadedNow.length > 0) await store.add(context.sessionId, loadedNow);
      return {
        status: 'found',
        tools: loaded.map((tool) => toMatch(tool, toWire)),
        ...(more.length === 0 ? {} : { more: more.map((tool) => toWire(tool.name)) }),
        ...(earlier.length === 0 ? {} : { loadedEarlier: earlier.map((tool) => toWire(tool.name)) }),
        ...(unknown.length === 0 ? {} : { message: `No tool is named ${quoteNames(unknown)}.` }),
      };
    },
  };
}

/** The caller's ranking, kept to catalog tools that are visible, each once, at most `maxResults`. */
async function rankWith(rank: ToolSearchRanker, request: ToolSearchRankingRequest, known: ReadonlyMap<string, unknown>): Promise<ToolSearchHit[]> {
  const ranked = await rank(request);
  if (!Array.isArray(ranked)) {
    throw new ToolSearchError('invalid-options', `tool_search: \`rank\` must resolve to a list of \`{ name, score }\`, got ${describeValue(ranked)}`);
  }
  const seen = new Set<string>();
  const hits: ToolSearchHit[] = [];
  for (const hit of ranked as readonly unknown[]) {
    const name = (hit as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || !known.has(name) || seen.has(name) || (request.visible !== undefined && !request.visible.has(name))) continue;
    seen.add(name);
    const score = (hit as { score?: unknown }).score;
    hits.push({ name, score: typeof score === 'number' ? score : 0 });
    if (hits.length === request.maxResults) break;
  }
  return hits;
}

function needsQuery(args: unknown): string {
  const given = args === null || typeof args !== 'object' || Array.isArray(args) ? args : (args as { query?: unknown }).query;
  return `\`${TOOL_SEARCH_TOOL_NAME}\` needs a \`query\` string: ${ASK}, for example {"query": "send email"}. Got ${describeValue(given)}.`;
}

function readQuery(args: unknown): string | undefined {
  if (typeof args === 'string') {
    // Some loops pass the raw JSON arguments text.
    try {
      return readQuery(JSON.parse(args));
    } catch {
      return undefined;
    }
  }
  if (typeof args !== 'object' || args === null) return undefined;
  const query = (args as { query?: unknown }).query;
  return typeof query === 'string' ? query : undefined;
}

/** A query that is exactly a name the model saw becomes the catalog's name, so the exact-name rule applies to it. */
function toCatalogQuery(query: string, fromWire: (name: string) => string): string {
  const bare = trimWrapping(query, isNameWrapping, isNameClosing);
  const original = fromWire(bare);
  return original === bare ? query : original;
}

/** The tools a parsed `select:` names, from an index that reads names (`ToolIndex.select`), else by its query form. */
function selectNames(index: ToolIndex, names: readonly string[], options: ToolIndexSearchOptions): ToolSearchHit[] {
  return index.select === undefined ? index.search(`select:${names.join(',')}`, options) : index.select(names, options);
}
