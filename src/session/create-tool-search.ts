import { parseToolSearchConfig } from '../config/parse-tool-search-config.js';
import type { ToolSearchConfig, ToolSearchConfigInput } from '../config/tool-search-config.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { checkSessionId } from '../errors/check-session-id.js';
import type { ModelReference } from '../models/model-reference.js';
import { checkNamesContext, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import { quoteNames } from '../text/quote-names.js';
import { FULL_SCHEMAS_SENT, resolveToolSearch } from '../plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { createMemoryRevealStore } from '../reveal/create-memory-reveal-store.js';
import type { RevealStore } from '../reveal/reveal-store.js';
import { createToolCallCheck, type ToolCall } from '../client/create-tool-call-check.js';
import { createToolSearchTool, type ToolSearchTool } from '../client/create-tool-search-tool.js';
import type { ToolSearchResult } from '../client/tool-search-result.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolCatalog, isToolCatalog } from '../catalog/create-tool-catalog.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import { rememberCheckedPlan } from '../plan/parse-tool-search-plan.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolSearchRanker } from '../search/tool-search-ranker.js';
import { resolveLoadableSearchResult } from '../client/resolve-loadable-search-result.js';
import { resolveNativeSearchResult } from '../client/resolve-native-search-result.js';
import { isNativeDelivery } from '../plan/is-native-delivery.js';
import { MAX_VALUE_DEPTH, describeUnserializableValue, findUnserializableValue } from '../records/find-unserializable-value.js';

/** How many plans one {@link ToolSearch} keeps (one per model and tool list; agents use a handful). */
const MAX_CACHED_PLANS = 32;

/**
 * What happens when the plan would defer nothing because the mechanism the configuration names does not apply to
 * the model or API (an explicit `mechanism: 'openai'` on `gpt-4.1`, `'claude'` on Claude 3.x).
 *
 * - `throw` (the default): `resolvePlan` throws a `ToolSearchError` (`mechanism-unsupported`) saying why, so every
 *   schema is never sent silently when deferral was expected.
 * - `full-schemas`: the request is sent with every schema, and the plan's `mechanism-unsupported` warning says why.
 */
export type UnsupportedMechanismBehaviour = 'throw' | 'full-schemas';

/** What {@link createToolSearch} needs. */
export interface CreateToolSearchOptions {
  /**
   * Every tool the agent may send, with full schemas and the caller's names (the catalog `tool_search` searches and
   * calls are checked against). A request may send any subset of them. A catalog from `createToolCatalog` is used as
   * it is (the session factories parse the agent's tools once and pass it here).
   */
  readonly tools: readonly ToolDefinition[] | ToolCatalog;
  /** The tool search configuration, in any form `parseToolSearchConfig` accepts. @default all defaults */
  readonly config?: ToolSearchConfigInput | ToolSearchConfig | undefined;
  /**
   * Where reveals are kept per session; shared by every session of the agent (each call names its `sessionId`).
   * @default createMemoryRevealStore()
   */
  readonly store?: RevealStore | undefined;
  /** See {@link UnsupportedMechanismBehaviour}. @default 'throw' */
  readonly unsupported?: UnsupportedMechanismBehaviour | undefined;
  /**
   * Ranks the catalog for `tool_search`'s keyword queries in place of the library's lexical ranking, such as
   * `createHybridToolRanker({ embed })` (see `ToolSearchRanker`). @default the lexical ranking, no network
   */
  readonly rank?: ToolSearchRanker | undefined;
}

/** Where one tool call is handled. */
export interface ToolCallContext {
  /** The session the call belongs to. */
  readonly sessionId: string;
  /** The plan of the request the model answered (from `resolvePlan`). */
  readonly plan: ToolSearchPlan;
  /**
   * The tool-name mapping of the request the model answered (a transformer's `names`), when the names sent differ
   * from the caller's. @default no mapping
   */
  readonly names?: Pick<ToolNameMapping, 'toWire' | 'fromWire'>;
  /**
   * The tools whose schemas the request's history already holds (a transformer's `loaded`): `tool_search` names them
   * in `loadedEarlier` instead of repeating them, whatever this process's reveal store saw. @default the store's reveals
   */
  readonly loaded?: Iterable<string>;
  /**
   * The tools the request's history already added to the conversation natively (the API's tool-addition items,
   * additions minus removals; `reveal: 'native'`), in either name form: loaded like `loaded`, and never added again.
   * A call of one is an ordinary call, checked against its full schema. @default none
   */
  readonly added?: Iterable<string>;
}

/**
 * What to do with one tool call the model made.
 *
 * - `search`: it was the package's `tool_search`; `result` is what it found (send it back in the API's form for a
 *   search result: text, a `tool_search_output`, `tool_reference` blocks).
 * - `answer`: the call cannot run as written (a deferred tool called blind with arguments that do not fit its
 *   schema, an unknown tool, a `call_tool` without a name); send `result` back as the call's result (format it with
 *   `formatToolSearchResult`). The model sees what was wrong and the tool's full schema.
 * - `run`: run the caller's tool `name` (the caller's name, not the wire name; for a `call_tool` call, the tool it
 *   names) with `arguments` (parsed, and checked against the full schema when `checked`).
 *
 * Under native delivery (`plan.reveal === 'native'`) a `search` or `answer` result lists what it loaded without
 * schemas (`resolveNativeSearchResult`), and `additions` holds their definitions (the tools not added before, in the
 * caller's names): append the API's tool-addition item for them right after the result.
 */
export type ToolCallHandling =
  | { readonly type: 'search' | 'answer'; readonly result: ToolSearchResult; readonly additions?: readonly ToolDefinition[] }
  | { readonly type: 'run'; readonly name: string; readonly arguments: unknown; readonly checked: boolean };

/** Tool search for one agent: its plans, its `tool_search`, its call check and its reveal store. */
export interface ToolSearch {
  /** The catalog's tools, as given. */
  readonly tools: readonly ToolDefinition[];
  /** The catalog, parsed once: what the plan, the search and the call check read. */
  readonly catalog: ToolCatalog;
  /** The validated configuration. */
  readonly config: ToolSearchConfig;
  /** The reveal store shared by every session. */
  readonly store: RevealStore;
  /** The package's `tool_search` over the catalog (for a loop that answers searches itself). */
  readonly search: ToolSearchTool;
  /**
   * The plan for a model and a tool list (default: the catalog), resolved once and cached for the agent: the same
   * model and tool names give the same plan object until one of them changes.
   *
   * Throws a `ToolSearchError`: `invalid-tools` when `tools` holds a tool the catalog lacks; `mechanism-unsupported`
   * when the configuration names a mechanism that does not apply here and `unsupported` is `throw`.
   */
  resolvePlan(model: ModelReference, tools?: readonly ToolDefinition[]): ToolSearchPlan;
  /**
   * Handles one tool call: the package's `tool_search` is run, a call to a deferred tool (directly or through
   * `call_tool`) is checked against its full schema, and the rest comes back as the caller's tool to run; a call of a
   * tool the history added natively (`context.added`) is such an ordinary call. Never throws for what the model wrote.
   */
  handleToolCall(call: ToolCall, context: ToolCallContext): Promise<ToolCallHandling>;
  /**
   * The session's reveals a transformer needs for a plan: the store's when the plan reveals in the tool list
   * (`reveal: 'tool-list'`), none otherwise (the default, `conversation`, reads nothing per request).
   */
  readRevealed(plan: ToolSearchPlan, sessionId: string): Promise<readonly string[]>;
}

/**
 * Creates tool search for one agent: the tools, the configuration and a reveal store, shared by all its sessions.
 * The per-API factories (`createOpenAIResponsesToolSearch`, `createOpenAIChatToolSearch`,
 * `createAnthropicMessagesToolSearch`, `createGeminiToolSearch`, and `tool-search/ai-sdk`) are built on it; use it
 * directly for a runtime of your own.
 *
 * Throws a `ToolSearchError` (`invalid-tools`, also for a tool JSON cannot write: a schema that contains itself, a
 * `BigInt`, one nested more than 1,000 levels deep; `invalid-options`) or a `ToolSearchConfigError` for bad options.
 *
 * @example
 * ```ts
 * import { createToolSearch, formatToolSearchResult } from 'tool-search';
 * const toolSearch = createToolSearch({ tools });
 * const plan = toolSearch.resolvePlan({ id: 'gemini-2.5-flash', api: 'gemini' });
 * const handling = await toolSearch.handleToolCall({ name: call.name, arguments: call.arguments }, { sessionId, plan });
 * const output = handling.type === 'run' ? await run(handling.name, handling.arguments) : formatToolSearchResult(handling.result);
 * ```
 */
export function createToolSearch(options: CreateToolSearchOptions): ToolSearch {
  if (typeof options !== 'object' || options === null) {
    throw new ToolSearchError('invalid-options', `createToolSearch: \`options\` must be an object such as \`{ tools }\`, got ${describeValue(options)}`);
  }
  const catalog = createToolCatalog(options.tools);
  checkCatalogJSON(catalog);
  const config = parseToolSearchConfig(options.config);
  const store = options.store ?? createMemoryRevealStore();
  const unsupported = options.unsupported ?? 'throw';
  if (unsupported !== 'throw' && unsupported !== 'full-schemas') {
    throw new ToolSearchError('invalid-options', `createToolSearch: \`unsupported\` must be 'throw' or 'full-schemas', got ${describeValue(unsupported)}`);
  }
  const search = createToolSearchTool({ tools: catalog, store, ...(options.rank === undefined ? {} : { rank: options.rank }) });
  const check = createToolCallCheck({ tools: catalog, store });
  const cachedPlan = createPlanCache(catalog, config, unsupported);

  return {
    tools: isToolCatalog(options.tools) ? catalog.tools : options.tools,
    catalog,
    config,
    store,
    search,
    resolvePlan: cachedPlan,
    async handleToolCall(call, context) {
      if (typeof context !== 'object' || context === null || typeof context.plan !== 'object' || context.plan === null) {
        throw new ToolSearchError('invalid-options', `handleToolCall: \`context\` must be \`{ sessionId, plan, names? }\`, got ${describeValue(context)}`);
      }
      const { sessionId, plan, names } = context;
      // Every field is checked whatever the call reads: a bad `loaded` would otherwise pass until the first search.
      checkSessionId(sessionId, 'handleToolCall: `context.sessionId`');
      checkNamesContext(names, 'handleToolCall');
      if (context.loaded !== undefined) parseToolNameList(context.loaded, '`context.loaded`');
      const added = context.added === undefined ? [] : parseToolNameList(context.added, '`context.added`');
      const native = isNativeDelivery(plan);
      // Native delivery: what a search or a misfit call loads leaves the result for the API's addition item.
      const delivered = (type: 'search' | 'answer', result: ToolSearchResult): ToolCallHandling => {
        if (!native) return { type, result };
        // A tool the plan does not defer is in the tool list already: named loaded, never added a second time.
        const present = [...added, ...plan.tools.filter((entry) => entry.status !== 'deferred').map((entry) => entry.name)];
        const { result: listed, definitions } = resolveNativeSearchResult(result, {
          tools: catalog,
          added: present,
          ...(names === undefined ? {} : { names }),
        });
        return definitions.length === 0 ? { type, result: listed } : { type, result: listed, additions: definitions };
      };
      const name = typeof call?.name === 'string' ? (names?.fromWire(call.name) ?? call.name) : '';
      // The package's search goes by `tool_search`, or by `tool_search_2` (…) where the plan has a caller tool of that
      // name: a call of the caller's own `tool_search` is the caller's to run.
      if (name === resolveOwnToolsSent(plan).searchName) {
        // Search only what this request sends, when it sends less than the catalog.
        const visible = visibleOf(plan);
        // A tool the history added natively is loaded: a keyword search names it in `loadedEarlier`.
        const known = added.length === 0 ? context.loaded : [...(context.loaded ?? (await store.get(sessionId))), ...added];
        const result = await search.execute(call.arguments, {
          sessionId,
          ...(names === undefined ? {} : { names }),
          ...(visible === undefined ? {} : { visible }),
          ...(known === undefined ? {} : { loaded: known }),
        });
        if (plan.mechanism !== 'openai-hosted' && plan.mechanism !== 'claude-hosted') return delivered('search', result);
        // The provider loads what the result names: only deferred tools the conversation has not loaded yet.
        const deferred = new Set(plan.tools.filter((entry) => entry.status === 'deferred').map((entry) => entry.name));
        const loaded = new Set([...(context.loaded ?? [])].map((loadedName) => names?.fromWire(loadedName) ?? loadedName));
        const fromWire = names?.fromWire ?? ((wire: string) => wire);
        return { type: 'search', result: resolveLoadableSearchResult(result, (wire) => deferred.has(fromWire(wire)) && !loaded.has(fromWire(wire))) };
      }
      const outcome = await check.check(call, { sessionId, plan, ...(names === undefined ? {} : { names }) });
      return outcome.ok ? { type: 'run', name: outcome.name, arguments: outcome.arguments, checked: outcome.checked } : delivered('answer', outcome.result);
    },
    readRevealed: async (plan, sessionId) => (plan.reveal === 'tool-list' ? store.get(sessionId) : []),
  };

  /** The plan's tool names, or `undefined` when they are the whole catalog. */
  function visibleOf(plan: ToolSearchPlan): readonly string[] | undefined {
    return plan.tools.length === catalog.tools.length && plan.tools.every((entry, index) => entry.name === catalog.names[index])
      ? undefined
      : plan.tools.map((entry) => entry.name);
  }
}

/**
 * The agent's `resolvePlan`: each plan resolved once per model and tool list, checked once and kept (see
 * {@link ToolSearch.resolvePlan}).
 */
function createPlanCache(catalog: ToolCatalog, config: ToolSearchConfig, unsupported: UnsupportedMechanismBehaviour): ToolSearch['resolvePlan'] {
  // The catalog's plans by model alone: a key holding the catalog's tool-list key would be a new string as long as the
  // catalog on every request, hashed again each time (a request would cost the catalog's size).
  const catalogPlans = new Map<string, ToolSearchPlan>();
  const plans = new Map<string, ToolSearchPlan>();

  return (model, given) => {
    // A request's own tool list is read once, here, and the catalog never again.
    const requested = given === undefined || given === catalog.tools ? catalog : createToolCatalog(given);
    const tools = requested.tools;
    // Everything of the model the plan depends on: its id, the API and the platform that serves it.
    const modelKey = typeof model === 'string' ? `${model}\n\n` : `${model?.id}\n${model?.api ?? ''}\n${model?.platform ?? ''}`;
    const forCatalog = requested === catalog || requested.key === catalog.key;
    const cache = forCatalog ? catalogPlans : plans;
    const key = forCatalog ? modelKey : `${modelKey}\n${requested.key}`;
    const found = cache.get(key);
    if (found !== undefined) return found;
    const outside = tools.filter((tool) => !catalog.byName.has(tool.name)).map((tool) => tool.name);
    if (outside.length > 0) {
      throw new ToolSearchError(
        'invalid-tools',
        `the request sends ${quoteNames(outside)}, which the tools tool search was created with lack; create it with every tool the agent may send`,
      );
    }
    const plan = resolveToolSearch(model, requested, config);
    if (plan.mechanism === 'none' && unsupported === 'throw') {
      const warning = plan.warnings.find((entry) => entry.code === 'mechanism-unsupported');
      if (warning !== undefined) {
        // The warning says what a plan does then (full schemas are sent); here nothing is sent, so it says that instead.
        const fallback = `; ${FULL_SCHEMAS_SENT}`;
        const reason = warning.message.endsWith(fallback) ? warning.message.slice(0, -fallback.length) : warning.message;
        throw new ToolSearchError(
          'mechanism-unsupported',
          `${reason}, so no plan was made and nothing was sent (\`unsupported: 'throw'\`, the default). Set \`mechanism: 'auto'\` (hosted search where supported, the client-side \`tool_search\` elsewhere) or \`'client'\`, or pass \`unsupported: 'full-schemas'\` to send every schema on purpose`,
        );
      }
    }
    if (cache.size >= MAX_CACHED_PLANS) cache.delete(cache.keys().next().value as string);
    cache.set(key, plan);
    // Checked once here: every transform and call check of the agent reads it without checking it again.
    return rememberCheckedPlan(plan);
  };
}

/**
 * Throws `invalid-tools` naming each tool JSON cannot write (a schema that contains itself, a `BigInt`, objects nested
 * more than 1,000 levels deep, where `JSON.stringify` overflows the stack): its definition goes into requests and
 * `tool_search` results, which no client could send. Checked once per agent.
 */
function checkCatalogJSON(catalog: ToolCatalog): void {
  const problems: string[] = [];
  for (const tool of catalog.tools) {
    // The schema is what requests and results carry of a tool besides its name and description (checked strings).
    const found = findUnserializableValue(tool.inputSchema, MAX_VALUE_DEPTH - 1);
    if (found === undefined) continue;
    problems.push(`tool \`${tool.name}\` holds ${describeUnserializableValue(found)} at \`inputSchema${found.path === '' ? '' : `.${found.path}`}\``);
  }
  if (problems.length > 0) {
    throw new ToolSearchError(
      'invalid-tools',
      `Invalid tool list: ${problems.join('; ')}; JSON cannot write it, so no request could carry the tool. Pass JSON data`,
    );
  }
}
