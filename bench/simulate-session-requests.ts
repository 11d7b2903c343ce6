import { resolveCatalogIndex } from '../src/catalog/resolve-catalog-index.js';
import { resolveOwnToolsSent } from '../src/plan/resolve-own-tools-sent.js';
import { createToolSearchTool, type CreateToolSearchToolOptions } from '../src/client/create-tool-search-tool.js';
import { formatToolSearchResult, type ToolSearchResult } from '../src/client/tool-search-result.js';
import { resolveNativeSearchResult } from '../src/client/resolve-native-search-result.js';
import type { ToolSearchPlan } from '../src/plan/tool-search-plan.js';
import type { ToolSearchOptions } from '../src/config/tool-search-config.js';
import { CALL_TOOL_NAME } from '../src/tools/tool-search-tool-definition.js';
import { createOpenAIToolSearchOutput } from '../src/providers/openai/create-openai-tool-search-output.js';
import { createAnthropicToolSearchResult } from '../src/providers/anthropic/create-anthropic-tool-search-result.js';
import { createMemoryRevealStore } from '../src/reveal/create-memory-reveal-store.js';
import type { ToolDefinition } from '../src/tools/tool-definition.js';
import { resolveBenchPlan, type BenchWireAdapter } from './bench-wire-adapters.js';
import { createSampleArguments } from './create-sample-arguments.js';
import type { SessionTurn } from './load-bench-fixtures.js';
import { resolveModelVisibleTools } from '../src/cli/resolve-model-visible-tools.js';
import { createToolCatalog } from '../src/catalog/create-tool-catalog.js';
import { DEFAULT_MAX_SEARCH_RESULTS } from '../src/client/create-tool-search-tool.js';
import { parseToolSearchConfig } from '../src/config/parse-tool-search-config.js';
import { resolveToolPredictionSettings } from '../src/config/parse-tool-prediction.js';
import type { ToolPredictionSettings } from '../src/config/tool-search-config.js';
import { isNativeDelivery } from '../src/plan/is-native-delivery.js';
import { resolveToolPrediction } from '../src/request/resolve-tool-prediction.js';

/** Characters of every tool's output, and of the assistant's answer that ends a turn (the loop model's assumptions). */
export const TOOL_OUTPUT_CHARACTERS = 600;
export const ANSWER_CHARACTERS = 200;
/** How many tools a hosted search loads per call in the model (Anthropic documents up to 5 by default). */
export const HOSTED_RESULTS_PER_SEARCH = 5;

/**
 * How schemas reach the model in one simulated configuration.
 *
 * - `none`: every full schema in every request, no search.
 * - `client`: this package's client-side mechanism with these options (listing, reveal mode) and `tool_search`
 *   options (how many matches a search returns and loads), planned for `model` (default: the adapter's client model).
 *   With `reveal: 'native'` a search result lists its matches without schemas and is followed by the API's
 *   tool-addition item holding the definitions it loaded (the adapter's `native.addition`), and loaded tools are
 *   called by their own names.
 * - `hosted`: the adapter's hosted mechanism (`openai-hosted` or `claude-hosted`). With `search: 'provider'` the
 *   provider searches: the library's ranking stands in for the provider's, loading {@link HOSTED_RESULTS_PER_SEARCH}
 *   tools per search. With `search: 'library'` the package's `tool_search` answers and the provider loads what it
 *   returned (`tool_search_output` on OpenAI, `tool_reference` blocks on Anthropic).
 *
 * The options' `predict` (the configuration's, `auto` by default) runs the prediction step where the session API runs
 * it (wherever the library's `tool_search` answers): before a turn's first request, `resolveToolPrediction` over the
 * turn's text, delivered after the user's message as the codecs write it. `predictExactly` replaces it with a bound: a
 * prediction that loads exactly the deferred tools the turn still needs.
 */
export type SessionCostMechanism =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'client';
      readonly options: ToolSearchOptions;
      readonly search?: SearchOptions;
      readonly firstSearch?: FirstSearch;
      readonly model?: string;
      readonly predictExactly?: boolean;
    }
  | { readonly kind: 'hosted'; readonly options: ToolSearchOptions; readonly search?: SearchOptions; readonly predictExactly?: boolean };

type SearchOptions = Pick<CreateToolSearchToolOptions, 'maxResults' | 'maxLoaded' | 'index'>;

/**
 * What a turn's first search asks for: `text` (the loop's assumption) searches with the turn's text; `needed` selects
 * exactly the tools the turn still needs by name, a search that never misses and loads nothing else (the bound a
 * better ranking could reach).
 */
export type FirstSearch = 'text' | 'needed';

/** What a segment of a simulated request is, for the cost breakdown. */
export type SegmentKind =
  | 'tools'
  | 'system'
  | 'user'
  | 'predicted-call'
  | 'predicted-result'
  | 'search-call'
  | 'search-result'
  | 'tool-call'
  | 'tool-output'
  | 'answer';

/** One configuration of a user's loop, simulated on every session. */
export interface SessionCostConfig {
  readonly id: string;
  readonly label: string;
  readonly mechanism: SessionCostMechanism;
}

/**
 * One request as the model reads it, cut into segments in prompt order (each tool entry as the model sees it, the
 * system text, then each conversation item), so a cache can be matched segment by segment.
 */
export interface SimulatedRequest {
  readonly segments: readonly string[];
  /** What each segment is (same length as `segments`). */
  readonly kinds: readonly SegmentKind[];
  /** Segments `[0, toolsEnd)` are the tool list; `[toolsEnd, systemEnd)` the system text; the rest the conversation. */
  readonly toolsEnd: number;
  readonly systemEnd: number;
  /** The turn (0-based) the request belongs to. */
  readonly turn: number;
}

/** One session's requests, and what its searches did. */
export interface SimulatedSession {
  readonly id: string;
  readonly turns: number;
  readonly requests: readonly SimulatedRequest[];
  /** `tool_search` calls made (first searches and retries). */
  readonly searches: number;
  /** Searches made because the turn's first search left a needed tool without its schema. */
  readonly retries: number;
  /** Needed tools called without their schema loaded (no search found them). */
  readonly blindCalls: number;
  /** Needed tools a turn had to search for (deferred, schema not loaded yet), summed over turns. */
  readonly searchedFor: number;
  /** Of those, the ones the turn's first search returned with their schema (recall at the number of tools loaded). */
  readonly loadedByFirstSearch: number;
  /** The prediction step: turns it loaded tools on, and the tools it loaded. */
  readonly predictions: number;
  readonly predicted: number;
  /** Of the predicted tools, the ones the session called (in that turn or a later one); the rest were loaded for nothing. */
  readonly predictedUsed: number;
  /** Needed tools the prediction step had loaded before the turn's first request (of `searchedFor` plus these). */
  readonly neededPredicted: number;
}

/** A conversation for the simulation: an id and its turns (the user's text and the tools the turn calls). */
export interface SimulationSession {
  readonly id: string;
  readonly turns: readonly SessionTurn[];
}

/**
 * Simulates a user's agent loop over conversations and returns every request each session sends, as the model reads
 * it. Per turn: the user's message (and the prediction step's load, where it runs); a request; when a tool the turn
 * needs is deferred and its schema not yet loaded in this session, a `tool_search` call with the turn's text (by name,
 * `select:`, when the prediction step loaded tools this turn: it was that search) and a request after its result (then, if a needed tool
 * is still missing, one more search selecting the missing tools by name, and a request after it); the calls of the
 * turn's tools (arguments written from their schemas) and their results ({@link TOOL_OUTPUT_CHARACTERS} characters
 * each); a request after the results; the assistant's answer ({@link ANSWER_CHARACTERS} characters). Without
 * deferral a turn sends two requests (before the calls and after the results).
 *
 * The tool list and system text are the adapter's real transformer output, as the model sees them
 * (`resolveModelVisibleTools`); conversation items are written in one neutral JSON shape for every API, so APIs
 * differ only in the tool list and system text. The client mechanism runs the package's real `tool_search` and reveal
 * store.
 */
export async function simulateSessionRequests(
  adapter: BenchWireAdapter,
  catalog: readonly ToolDefinition[],
  sessions: readonly SimulationSession[],
  config: SessionCostConfig,
): Promise<SimulatedSession[]> {
  const body = adapter.createBody(catalog);
  const byName = new Map(catalog.map((tool) => [tool.name, tool]));
  const mechanism = config.mechanism;
  const plan = mechanism.kind === 'none' ? null : resolveBenchPlan(adapter, body, mechanism);
  const deferred = new Set(plan === null ? [] : plan.tools.filter((tool) => tool.status === 'deferred').map((tool) => tool.name));
  const searchKind: SearchKind =
    mechanism.kind === 'none'
      ? 'none'
      : mechanism.kind === 'client'
        ? plan?.reveal === 'native'
          ? 'native'
          : 'client'
        : plan?.search === 'library'
          ? 'library'
          : 'provider';
  const store = createMemoryRevealStore({ maxSessions: Math.max(1, sessions.length) });
  const search = createToolSearchTool({
    tools: catalog,
    store,
    ...(searchKind === 'provider'
      ? { maxResults: HOSTED_RESULTS_PER_SEARCH, maxLoaded: HOSTED_RESULTS_PER_SEARCH }
      : mechanism.kind === 'none'
        ? {}
        : mechanism.search),
  });
  // Deferred tools the tool list does not hold are called through `call_tool` (client-side `names` and `none`).
  const wrapped = plan !== null && resolveOwnToolsSent(plan).callTool;
  const prediction = resolveSimulatedPrediction(mechanism, plan, catalog);

  const promptCache = new Map<string, { tools: string[]; system: string }>();
  const prompt = (revealed: readonly string[]): { tools: string[]; system: string } => {
    const key = revealed.join('\n');
    let found = promptCache.get(key);
    if (found === undefined) {
      const output = plan === null ? body : adapter.transform(body, plan, revealed).body;
      const slots = adapter.promptSlots(output);
      const tools = resolveModelVisibleTools(plan?.mechanism ?? 'none', Array.isArray(slots.tools) ? slots.tools : []).entries.map((entry) =>
        JSON.stringify(entry),
      );
      found = { tools, system: slots.system };
      promptCache.set(key, found);
    }
    return found;
  };

  const simulated: SimulatedSession[] = [];
  for (const session of sessions) {
    const sessionId = `${config.id}:${session.id}`;
    const conversation: string[] = [];
    const kinds: SegmentKind[] = [];
    const add = (kind: SegmentKind, ...segments: string[]): void => {
      conversation.push(...segments);
      for (const _ of segments) kinds.push(kind);
    };
    const requests: SimulatedRequest[] = [];
    const loaded = new Set<string>();
    let searches = 0;
    let retries = 0;
    let blindCalls = 0;
    let searchedFor = 0;
    let loadedByFirstSearch = 0;
    let callNumber = 0;
    let predictions = 0;
    let neededPredicted = 0;
    const predictedNames = new Set<string>();
    const called = new Set<string>();
    const send = async (turn: number): Promise<void> => {
      // Only the tool-list reveal mode sends reveals; every other mode's tool list does not depend on them.
      const revealed = mechanism.kind === 'client' && plan?.reveal === 'tool-list' ? await store.get(sessionId) : [];
      const { tools, system } = prompt(revealed);
      requests.push({
        segments: [...tools, system, ...conversation],
        kinds: [...tools.map((): SegmentKind => 'tools'), 'system', ...kinds],
        toolsEnd: tools.length,
        systemEnd: tools.length + 1,
        turn,
      });
    };
    const runSearch = async (query: string): Promise<void> => {
      searches += 1;
      callNumber += 1;
      const id = `call_${callNumber}`;
      // A provider's search keeps no memory of what it loaded before (each search is its own session here).
      const result = await search.execute({ query }, { sessionId: searchKind === 'provider' ? `${sessionId}:${searches}` : sessionId });
      const names = result.status === 'found' || result.status === 'invalid-arguments' ? result.tools.map((tool) => tool.name) : [];
      const segments = searchSegments(
        searchKind,
        adapter,
        { body, catalog, plan, added: loaded },
        id,
        query,
        result,
        names.map((name) => byName.get(name) as ToolDefinition),
      );
      for (const name of names) loaded.add(name);
      const [call, ...answer] = segments;
      add('search-call', call);
      add('search-result', ...answer);
    };

    /** The prediction step before the turn's first request: the predicted load after the user's message. */
    const predict = async (turn: SessionTurn): Promise<boolean> => {
      if (prediction === null) return false;
      const names = prediction.predict(turn, loaded);
      if (names.length === 0) return false;
      predictions += 1;
      callNumber += 1;
      const query = `select:${names.join(',')}`;
      // What the session's `tool_search` answers for that selection (the predicted load's result), recorded as reveals.
      const result = await search.execute({ query }, { sessionId });
      neededPredicted += turn.gold.filter((name) => names.includes(name)).length;
      if (prediction.native) {
        add('predicted-result', adapter.native?.addition(body, names, plan?.additions ?? 'value') ?? '');
      } else {
        const definitions = names.map((name) => byName.get(name) as ToolDefinition);
        const [call, ...answer] = searchSegments(searchKind, adapter, { body, catalog, plan, added: loaded }, `call_${callNumber}`, query, result, definitions);
        add('predicted-call', call);
        add('predicted-result', ...answer);
      }
      for (const name of names) {
        loaded.add(name);
        predictedNames.add(name);
      }
      return true;
    };

    for (const [turnIndex, turn] of session.turns.entries()) {
      add('user', `user: ${turn.query}`);
      const predicted = await predict(turn);
      for (const name of turn.gold) called.add(name);
      const missing = (): string[] => turn.gold.filter((name) => deferred.has(name) && !loaded.has(name));
      if (turn.gold.length > 0 && missing().length > 0) {
        const needed = missing();
        searchedFor += needed.length;
        await send(turnIndex);
        // A prediction that loaded tools was the search with the turn's words, and the model read its result: it does not
        // run that search again (it would find the same tools), it asks for what is still missing by name, as it does
        // after a search of its own that missed.
        const select = predicted || (mechanism.kind === 'client' && mechanism.firstSearch === 'needed');
        await runSearch(select ? `select:${needed.join(',')}` : turn.query);
        loadedByFirstSearch += needed.length - missing().length;
        if (missing().length > 0) {
          retries += 1;
          await send(turnIndex);
          await runSearch(`select:${missing().join(',')}`);
        }
        blindCalls += missing().length;
      }
      if (turn.gold.length > 0) {
        await send(turnIndex);
        const calls = turn.gold.map((name) => {
          callNumber += 1;
          const args = createSampleArguments((byName.get(name) as ToolDefinition).inputSchema);
          return wrapped && deferred.has(name)
            ? { id: `call_${callNumber}`, name: CALL_TOOL_NAME, arguments: JSON.stringify({ name, arguments: args }) }
            : { id: `call_${callNumber}`, name, arguments: JSON.stringify(args) };
        });
        add('tool-call', `assistant: ${calls.map((call) => `${call.name}(${call.arguments})`).join('\n')}`);
        for (const call of calls) add('tool-output', `tool ${call.name}: ${filler(TOOL_OUTPUT_CHARACTERS, call.name)}`);
      }
      await send(turnIndex);
      add('answer', `assistant: ${filler(ANSWER_CHARACTERS, `turn ${turnIndex}`)}`);
    }
    simulated.push({
      id: session.id,
      turns: session.turns.length,
      requests,
      searches,
      retries,
      blindCalls,
      searchedFor,
      loadedByFirstSearch,
      predictions,
      predicted: predictedNames.size,
      predictedUsed: [...predictedNames].filter((name) => called.has(name)).length,
      neededPredicted,
    });
  }
  return simulated;
}

/** The prediction step of a simulated configuration: what it loads before a turn, and whether natively. */
interface SimulatedPrediction {
  readonly native: boolean;
  predict(turn: SessionTurn, loaded: ReadonlySet<string>): string[];
}

/**
 * The prediction step as the session API applies it to the plan (`resolvePredictedLoad`): the configuration's
 * `predict` wherever the library's `tool_search` answers, ranked with the catalog's `tool_search` index; or the bound
 * (`predictExactly`); `null` where nothing is predicted.
 */
function resolveSimulatedPrediction(
  mechanism: SessionCostMechanism,
  plan: ToolSearchPlan | null,
  catalog: readonly ToolDefinition[],
): SimulatedPrediction | null {
  if (mechanism.kind === 'none' || plan === null || !resolveOwnToolsSent(plan).search) return null;
  const native = isNativeDelivery(plan);
  const isDeferred = (name: string) => plan.tools.some((tool) => tool.name === name && tool.status === 'deferred');
  if (mechanism.predictExactly === true) {
    return { native, predict: (turn, loaded) => turn.gold.filter((name) => isDeferred(name) && !loaded.has(name)) };
  }
  const settings: ToolPredictionSettings | null = resolveToolPredictionSettings(parseToolSearchConfig(mechanism.options).predict);
  if (settings === null) return null;
  const index = resolveCatalogIndex(createToolCatalog(catalog).searchable, DEFAULT_MAX_SEARCH_RESULTS);
  const deferred = new Set(plan.tools.filter((tool) => tool.status === 'deferred').map((tool) => tool.name));
  const notDeferred = plan.tools.length - deferred.size;
  return {
    native,
    predict: (turn, loaded) => [
      ...resolveToolPrediction({ text: turn.query, index, isDeferred: (name) => deferred.has(name), loaded, notDeferred, settings }).names,
    ],
  };
}

/**
 * Who answers a search: nobody, the client-side `tool_search` (its result holding the schemas, or, `native`, followed
 * by the API's tool addition), the provider, or the library with the provider loading.
 */
type SearchKind = 'none' | 'client' | 'native' | 'provider' | 'library';

/** What a native search's segments are written from: the body's tools, the catalog, the plan, the tools added so far. */
interface NativeSearchInput {
  readonly body: object;
  readonly catalog: readonly ToolDefinition[];
  readonly plan: ToolSearchPlan | null;
  readonly added: ReadonlySet<string>;
}

/** The conversation items one search adds, as the model reads them: the call, then its result (and any addition). */
function searchSegments(
  kind: SearchKind,
  adapter: BenchWireAdapter,
  native: NativeSearchInput,
  id: string,
  query: string,
  result: ToolSearchResult,
  loaded: readonly ToolDefinition[],
): [call: string, ...result: string[]] {
  if (kind === 'client') {
    return [`assistant: tool_search(${JSON.stringify({ query })})`, `tool tool_search: ${formatToolSearchResult(result)}`];
  }
  if (kind === 'native') {
    // The session's answer: the matches without schemas, then the API's own item with the definitions not added yet.
    const answer = resolveNativeSearchResult(result, { tools: native.catalog, added: native.added });
    const call = `assistant: tool_search(${JSON.stringify({ query })})`;
    const text = `tool tool_search: ${formatToolSearchResult(answer.result)}`;
    if (answer.definitions.length === 0 || adapter.native === null) return [call, text];
    const names = answer.definitions.map((tool) => tool.name);
    return [call, text, adapter.native.addition(native.body, names, native.plan?.additions ?? 'value')];
  }
  // Hosted: the provider loads the definitions where its result sits in the conversation (the library's search
  // answers with the package's own items, `createOpenAIToolSearchOutput` and `createAnthropicToolSearchResult`).
  if (adapter.hostedMechanism === 'openai-hosted') {
    const output =
      kind === 'library'
        ? createOpenAIToolSearchOutput({ call_id: id }, result)
        : {
            type: 'tool_search_output',
            call_id: null,
            tools: loaded.map((tool) => ({ type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema })),
          };
    return [`assistant: tool_search_call(${JSON.stringify({ query })})`, `tool_search_output: ${JSON.stringify(output.tools)}`];
  }
  const expanded = loaded.map((tool) => JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })).join('\n');
  if (kind === 'library') {
    const block = createAnthropicToolSearchResult(id, result);
    const text = typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
    return [`assistant: tool_search(${JSON.stringify({ query })})`, `tool tool_search: ${text}${expanded}`];
  }
  return [`assistant: tool_search_tool_bm25(${JSON.stringify({ query })})`, `tool_search_tool_result: ${expanded}`];
}

/** Text of a given length, varied by a seed so different outputs are different strings. */
function filler(length: number, seed: string): string {
  const base = `${seed}: the operation completed and returned these details. `;
  return base.repeat(Math.ceil(length / base.length)).slice(0, length);
}
