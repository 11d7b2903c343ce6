import { resolveCheckedPlanForWireAPI, resolvePlanForModel } from '../plan/resolve-plan-for-wire-api.js';
import type { ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { ResolveRequestToolsInput } from './request-decision.js';
import type { RequestTools, RequestToolsWarningCode } from './request-tools.js';

/**
 * The one decision of a request: which tools it carries in which form, the package's own tools, the note, the name
 * mapping and what the history holds, for the mechanism the plan applies on the body's API and model:
 * - the plan the API and the model can carry: a hosted plan on an API without that hosted search, or for a model known
 *   to lack it, defers the same tools client-side, with a warning (`resolvePlanForWireAPI`, `resolvePlanForModel`);
 * - then the decision of the API's kind, which its codec names (`WireCapabilities.decide`): the client tool list within
 *   the API's limit (`resolveClientAPIRequest`), the one-by-one deferral of `resolveDeferLoadingAPIRequest`
 *   (`resolveDeferLoadingAPIRequest`), or the grouping of `resolveGroupingAPIRequest` (Responses only, in src/providers/openai/);
 * - the guidance note, constant for a plan, for the codec to place once in the API's system slot.
 *
 * Pure. Throws `plan-mismatch` naming the tools when the plan was made for other tools, and what the API's branch throws.
 * Not part of the public API.
 */
export function resolveRequestTools(input: ResolveRequestToolsInput): RequestTools {
  const { api } = input;
  const planWarnings: ToolSearchWarning<RequestToolsWarningCode>[] = [];
  const forAPI = resolveCheckedPlanForWireAPI(input.plan, api.api);
  if (forAPI.fallback !== null)
    planWarnings.push({ code: (api.planForAPICode ?? 'hosted-mechanism-unsupported') as RequestToolsWarningCode, message: forAPI.fallback });
  const forModel = resolvePlanForModel(forAPI.plan);
  if (forModel.fallback !== null) planWarnings.push({ code: 'mechanism-not-for-model', message: forModel.fallback });
  if (forModel.revealFallback !== null) planWarnings.push({ code: 'reveal-not-for-model', message: forModel.revealFallback });
  // The plan's fallbacks come first; a codec may say more about the plan (`RequestTools.planWarnings`) before the decision's.
  const warnings: ToolSearchWarning<RequestToolsWarningCode>[] = [];
  const plan = forModel.plan;
  const decided = { planWarnings, ...api.decide(plan, input, warnings) };
  if (input.predict === undefined) return decided;
  // The prediction step (issue 27): what the decided request loads before the model asks, for every codec alike.
  const predicted = input.predict.load({
    plan: decided.plan,
    request: input.request,
    tools: decided,
    predictor: input.predict,
    catalog: input.catalog,
  });
  return predicted === undefined ? decided : { predicted, ...decided };
}
