import { isRecord } from '../records/is-record.js';
import { resolveCatalogIndex } from '../catalog/resolve-catalog-index.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import { DEFAULT_MAX_SEARCH_RESULTS } from '../client/create-tool-search-tool.js';
import { parseToolPrediction, resolveToolPredictionSettings } from '../config/parse-tool-prediction.js';
import type { ToolPredictionRequest, ToolPredictionSettings } from '../config/tool-search-config.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { ToolIndex } from '../search/create-tool-index.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { PredictedLoad, RequestTools } from './request-tools.js';
import { formatToolSearchResult, toMatch, type ToolSearchResult } from '../client/tool-search-result.js';
import { isNativeDelivery } from '../plan/is-native-delivery.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { NeutralRequest, NeutralTurnStart } from './neutral-request.js';
import { resolveToolPrediction } from './resolve-tool-prediction.js';
import { hashText } from '../names/create-tool-name-mapping.js';

/**
 * The prediction step for a `predict` setting (`'auto'` or absent: the defaults; `{ maxTools, minScore }`; a parsed
 * setting), ranked as `tool_search` ranks; `undefined` for `'off'`. Pass it as a transformer's `predict` option:
 * `transformOpenAIChatRequest(body, plan, { predict: createToolPredictor('auto') })`. Throws a `ToolSearchError`
 * (`invalid-options`) naming each broken rule of the setting.
 */
export function createToolPredictor(predict?: ToolPredictionRequest | ToolPredictionSettings): ToolPredictor | undefined {
  const { setting, issues } = parseToolPrediction(predict, 'predict');
  if (issues.length > 0) throw new ToolSearchError('invalid-options', issues.map((issue) => issue.message).join('; '));
  const settings = resolveToolPredictionSettings(setting);
  if (settings === null) return undefined;
  return {
    settings,
    load: resolvePredictedLoad,
    index: (tools) =>
      resolveCatalogIndex(
        (Array.isArray(tools) ? createToolCatalog(tools) : (tools as Exclude<typeof tools, readonly unknown[]>)).searchable,
        DEFAULT_MAX_SEARCH_RESULTS,
      ),
  };
}

/**
 * The prediction step as the request path takes it: its settings and the `tool_search` ranking to run them with,
 * handed in by whoever predicts (the session API, or a transformer's `predict` option made with `createToolPredictor`),
 * so a transformer that never predicts carries no ranking of its own.
 */
export interface ToolPredictor {
  readonly settings: ToolPredictionSettings;
  /** The ranking over a catalog (its own index), or over the body's functions when the request has no catalog. */
  index(tools: ToolCatalog | readonly ToolDefinition[]): ToolIndex;
  /**
   * The step itself (`resolvePredictedLoad`), carried by the predictor so that only a caller that predicts bundles it:
   * what the decided request loads before the model asks, or `undefined`.
   */
  load(input: ResolvePredictedLoadInput): PredictedLoad | undefined;
}

/** What the prediction step (`ToolPredictor.load`) decides from. */
export interface ResolvePredictedLoadInput {
  /** The plan as the request applies it. */
  readonly plan: ToolSearchPlan;
  readonly request: NeutralRequest;
  /** The rest of the decision: what the history loaded, what the list sends in full, the names. */
  readonly tools: Omit<RequestTools, 'predicted'>;
  /** The step's settings and ranking (given by whoever predicts). */
  readonly predictor: ToolPredictor;
  /** The agent's catalog; without one (or with an empty one), the body's own functions are ranked. */
  readonly catalog?: ToolCatalog;
}

/**
 * The prediction step of one request: on a turn's first request (`request.turnStart`), when the plan's searches are
 * the library's (the client-side mechanism, or hosted search with the library's ranking), the deferred tools
 * `resolveToolPrediction` chooses for the user's message that the conversation has not loaded, as the package's
 * `tool_search` would load them (`select:`), or as a native addition. `undefined` when nothing is predicted. Pure. Not
 * part of the public API.
 */
export function resolvePredictedLoad(input: ResolvePredictedLoadInput): PredictedLoad | undefined {
  const { plan, request, tools } = input;
  const turn = request.turnStart;
  // Only a turn's first request predicts: every other one costs nothing here.
  if (turn === undefined) return undefined;
  const own = resolveOwnToolsSent(plan);
  // A provider's own search cannot be written for it, and without deferral there is nothing to load.
  if (!own.search) return undefined;
  const planned = parsePlannedTools(plan.tools);
  // A transformer's `catalog` option defaults to none (an empty catalog): the body's own functions are ranked then.
  const bodyTools = input.catalog !== undefined && input.catalog.tools.length > 0 ? undefined : bodyDefinitions(request, tools);
  const byName = bodyTools === undefined ? input.catalog?.byName : new Map(bodyTools.map((tool) => [tool.name, tool]));
  const loaded = new Set([...tools.loaded, ...(tools.added ?? [])]);
  // A deferred tool this request sends in full (revealed in the list, forced) holds its schema already: only the client
  // tool list reveals one, so a hosted search's list (every catalog tool, deferred) is not walked.
  if (plan.mechanism === 'client') for (const entry of tools.entries) if (entry.status === 'revealed') loaded.add(entry.name);
  // Nor is a tool the conversation has called predicted: the model knows it, and a load after its calls would read as
  // a change of form (on Responses, a call outside the namespace the load puts it in).
  for (const name of request.history.names) loaded.add(tools.names.fromWire(name));
  // A call through `call_tool` is a call of the tool it names: the transformer sends a history call of a tool left out
  // of the list as one, so its own output reads back the same.
  for (const call of request.history.calls ?? []) {
    const called = tools.names.fromWire(call.name) === own.callToolName ? readCalledName(call.arguments) : undefined;
    if (called !== undefined) loaded.add(tools.names.fromWire(called));
  }
  const { names } = resolveToolPrediction({
    text: turn.text,
    index: input.predictor.index(bodyTools ?? (input.catalog as ToolCatalog)),
    isDeferred: (name) => planned.byName.get(name)?.status === 'deferred',
    loaded,
    notDeferred: planned.names.length - planned.deferred,
    settings: input.predictor.settings,
  });
  const definitions = names.map((name) => byName?.get(name)).filter((definition): definition is ToolDefinition => definition !== undefined);
  if (definitions.length === 0) return undefined;
  const toWire = tools.toWire;
  const form = isNativeDelivery(plan) ? 'addition' : 'search';
  // What `tool_search` answers for that `select:` (every tool it names, with its schema), so history reads it alike.
  const result: ToolSearchResult = { status: 'found', tools: definitions.map((definition) => toMatch(definition, toWire)) };
  return {
    form,
    names: definitions.map((definition) => definition.name),
    definitions,
    callId: resolvePredictedCallId(turn),
    searchName: toWire(own.searchName),
    query: `select:${definitions.map((definition) => toWire(definition.name)).join(',')}`,
    result,
    output: form === 'search' && plan.mechanism === 'client' ? formatToolSearchResult(result) : undefined,
  };
}

/** The tool a `call_tool` call names in its arguments (an object, or its JSON text); `undefined` when none. */
function readCalledName(args: unknown): string | undefined {
  let value = args;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return isRecord(value) && typeof value.name === 'string' ? value.name : undefined;
}

/** The body's functions in the caller's names, for a request without a catalog (a bare transformer's). */
function bodyDefinitions(request: NeutralRequest, tools: Omit<RequestTools, 'predicted'>): ToolDefinition[] {
  const fromBody = tools.fromBody ?? tools.names.fromWire;
  const definitions: ToolDefinition[] = [];
  for (const tool of request.tools) {
    if (tool.kind !== 'function') continue;
    const name = fromBody(tool.definition.name);
    definitions.push(name === tool.definition.name ? tool.definition : { ...tool.definition, name });
  }
  return definitions;
}

/**
 * The predicted call's id: the user message's place in the history, and where the provider keeps the earlier history,
 * a hash of what the request continues, so no two turns of a conversation share one (every API's id alphabet:
 * letters, digits, `_`).
 */
function resolvePredictedCallId(turn: NeutralTurnStart): string {
  // A conversation the provider keeps has one anchor for every turn: the message's text tells its turns apart.
  return turn.anchor === undefined ? `predicted_${turn.position}` : `predicted_${turn.position}_${hashText(`${turn.anchor}\u0000${turn.text}`)}`;
}
