import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { ToolPredictionSettings } from '../config/tool-search-config.js';
import type { ToolIndex } from '../search/create-tool-index.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { NeutralRequest } from './neutral-request.js';
import type { PredictedLoad, RequestTools } from './request-tools.js';

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
