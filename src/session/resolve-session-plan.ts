import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { ModelPlatform, WireAPI } from '../models/model-reference.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolSearch } from './create-tool-search.js';

/** What {@link resolveSessionPlan} reads from one request. */
export interface SessionPlanRequest {
  /** The wire API the factory speaks. */
  readonly api: WireAPI;
  /** The request's `sessionId` option (checked here). */
  readonly sessionId: unknown;
  /** The model id from the body (`body.model`), when it has one. */
  readonly bodyModel: unknown;
  /** The factory's `model` option. */
  readonly optionModel: string | undefined;
  /** The factory's `platform` option. */
  readonly platform?: ModelPlatform | undefined;
  /** The request's tools, or `undefined` for the whole catalog. */
  readonly tools: readonly ToolDefinition[] | undefined;
  /** The factory's name, for messages. */
  readonly label: string;
}

/**
 * The plan for one request of a session-API factory: the session id checked, the model taken from the body (or the
 * factory's `model` option), and the agent's cached plan for that model on the factory's API.
 *
 * The model decides the mechanism only where a hosted search exists (`openai-responses`, `anthropic-messages`): there
 * a missing model id is an error, unless the configuration allows the client-side mechanism only (`mechanism:
 * 'client'`), the explicit choice that needs no model. On Chat Completions and Gemini every model gets the
 * client-side mechanism, so the id is only recorded.
 *
 * Throws a `ToolSearchError`: `invalid-options` for a missing `sessionId`, `invalid-request` for a missing model, and
 * whatever `ToolSearch.resolvePlan` throws.
 */
export function resolveSessionPlan(toolSearch: ToolSearch, request: SessionPlanRequest): ToolSearchPlan {
  const { api, sessionId, bodyModel, optionModel, label } = request;
  if (typeof sessionId !== 'string' || sessionId.length === 0) {
    throw new ToolSearchError('invalid-options', `${label}: \`sessionId\` must be a non-empty string, got ${describeValue(sessionId)}`);
  }
  let model = typeof bodyModel === 'string' && bodyModel.length > 0 ? bodyModel : optionModel;
  if (model === undefined || model.length === 0) {
    const modelMatters = api === 'openai-responses' || api === 'anthropic-messages';
    const clientOnly = toolSearch.config.preferences.every((preference) => preference.mechanism === 'client');
    if (modelMatters && !clientOnly) {
      throw new ToolSearchError(
        'invalid-request',
        `${label}: the model is unknown (\`body.model\` is ${describeValue(bodyModel)} and no \`model\` option was given), and on \`${api}\` it decides between hosted and client-side tool search. Set \`body.model\`, pass \`model\`, or configure \`mechanism: 'client'\``,
      );
    }
    model = '';
  }
  return toolSearch.resolvePlan({ id: model, api, ...(request.platform === undefined ? {} : { platform: request.platform }) }, request.tools);
}
