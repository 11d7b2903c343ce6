import { resolveCatalogIndex } from '../catalog/resolve-catalog-index.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import { DEFAULT_MAX_SEARCH_RESULTS } from '../client/create-tool-search-tool.js';
import { parseToolPrediction, resolveToolPredictionSettings } from '../config/parse-tool-prediction.js';
import type { ToolPredictionRequest, ToolPredictionSettings } from '../config/tool-search-config.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { resolvePredictedLoad } from './resolve-predicted-load.js';
import type { ToolPredictor } from './tool-predictor.js';

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
