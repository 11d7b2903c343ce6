import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { ToolPredictionSettings } from '../config/tool-search-config.js';
import type { ToolIndex } from '../search/create-tool-index.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * The prediction step as the request path takes it: its settings and the `tool_search` ranking to run them with,
 * handed in by whoever predicts (the session API, or a transformer's `predict` option made with `createToolPredictor`),
 * so a transformer that never predicts carries no ranking of its own.
 */
export interface ToolPredictor {
  readonly settings: ToolPredictionSettings;
  /** The ranking over a catalog (its own index), or over the body's functions when the request has no catalog. */
  index(tools: ToolCatalog | readonly ToolDefinition[]): ToolIndex;
}
