import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { TransformRequestResult } from '../transform/request-transformer.js';
import type { ToolSearch } from './create-tool-search.js';
import { resolveSessionPlan, type SessionPlanRequest } from './resolve-session-plan.js';
import type { SessionRequest } from './session-request.js';

/** A request prepared by {@link prepareSessionRequest}: all of a {@link SessionRequest} but its API's `handle`. */
export interface PreparedSessionRequest<Body, Code extends string> extends Omit<SessionRequest<Body, Code, never, never>, 'handle'> {
  /** The tools whose schemas the history holds (the transformer's `loaded`), for `handleToolCall`. */
  readonly loaded: readonly string[];
}

/**
 * What every session-API factory does to prepare a request, whatever its wire API: the plan (session id and model
 * checked, cached per agent), the reveals the plan needs from the store, then the API's transformer (`transform`),
 * with the plan's and the transformer's warnings together.
 *
 * Throws what {@link resolveSessionPlan} and `transform` throw.
 */
export async function prepareSessionRequest<Body, Code extends string>(
  toolSearch: ToolSearch,
  request: SessionPlanRequest,
  transform: (plan: ToolSearchPlan, revealed: readonly string[]) => TransformRequestResult<Body, Code>,
): Promise<PreparedSessionRequest<Body, Code>> {
  const plan = resolveSessionPlan(toolSearch, request);
  // resolveSessionPlan has checked the session id.
  const transformed = transform(plan, await toolSearch.readRevealed(plan, request.sessionId as string));
  return { body: transformed.body, plan, warnings: [...plan.warnings, ...transformed.warnings], names: transformed.names, loaded: transformed.loaded };
}
