import { resolveCatalogIndex } from '../catalog/resolve-catalog-index.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import { DEFAULT_MAX_SEARCH_RESULTS } from '../client/create-tool-search-tool.js';
import { resolveToolPredictionSettings } from '../config/parse-tool-prediction.js';
import type { ToolPredictionSettings } from '../config/tool-search-config.js';
import { isNativeDelivery } from '../plan/is-native-delivery.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { resolveToolPrediction, type ToolPredictionCandidate } from '../request/resolve-tool-prediction.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/** What `tool-search inspect --message` reports: which tools the prediction step would load for the message, and why. */
export interface InspectPrediction {
  readonly message: string;
  /** The settings applied, or `null` when the step does not run (`off`, or the provider's own search: see `reason`). */
  readonly settings: ToolPredictionSettings | null;
  /** Why the step runs or not for this plan. */
  readonly reason: string;
  /** How the load is delivered: the package's `tool_search` call and result, or the API's tool addition. */
  readonly delivery: 'search' | 'addition' | null;
  /** The tools it loads, best first. */
  readonly loaded: readonly string[];
  /** The deferred tools the ranking returned, with their scores and what became of each. */
  readonly ranked: readonly ToolPredictionCandidate[];
}

/**
 * The prediction step for a message on a fresh conversation (nothing loaded yet) under `plan`, as the session API runs
 * it (`predict` as configured, `auto` by default): the library ranks the catalog against the message and loads the best
 * deferred tools that clear the rule, wherever the library's `tool_search` answers the searches.
 */
export function resolveInspectPrediction(
  plan: ToolSearchPlan,
  tools: readonly ToolDefinition[],
  message: string,
  predict: 'off' | ToolPredictionSettings | undefined,
): InspectPrediction {
  const settings = resolveToolPredictionSettings(predict);
  const none = (reason: string): InspectPrediction => ({ message, settings: null, reason, delivery: null, loaded: [], ranked: [] });
  if (settings === null) return none('prediction is off (`predict: off`)');
  if (!resolveOwnToolsSent(plan).search) {
    return none(
      plan.mechanism === 'none' || plan.tools.every((tool) => tool.status !== 'deferred')
        ? 'nothing is deferred, so there is nothing to load'
        : "the provider's own search answers (hosted search with `search: 'provider'`): the library cannot write its load",
    );
  }
  const deferred = new Set(plan.tools.filter((tool) => tool.status === 'deferred').map((tool) => tool.name));
  const { names, ranked } = resolveToolPrediction({
    text: message,
    index: resolveCatalogIndex(createToolCatalog(tools).searchable, DEFAULT_MAX_SEARCH_RESULTS),
    isDeferred: (name) => deferred.has(name),
    loaded: new Set(),
    notDeferred: plan.tools.length - deferred.size,
    settings,
  });
  const delivery = isNativeDelivery(plan) ? 'addition' : 'search';
  return {
    message,
    settings,
    reason: `the best ${settings.maxTools} deferred tools scoring at least ${settings.minScore} for the message, loaded before the turn's first request`,
    delivery,
    loaded: names,
    ranked,
  };
}
