import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';

/**
 * The plan as one request applies it, given the names of the request's top-level tools the plan does not manage (an
 * OpenAI Responses body's custom tools: a grammar, not a JSON schema, so never planned). When one of them holds a name
 * the package's own tools would take (`tool_search`, `call_tool`; `tool_search_2` next to a caller's function
 * `tool_search`), those names join `unmanagedToolNames`, so the package's own tools go by the first free names
 * (`resolveOwnToolsSent`) and the caller's tool is sent as it is, as a planned tool of that name would be. The
 * transformer and the session read the same plan from it, so the tool list, the guidance note, the history and the
 * call routing agree. Pure and idempotent; the plan itself when nothing changes. Not part of the public API.
 */
export function resolvePlanWithUnmanagedNames(plan: ToolSearchPlan, unmanaged: readonly string[]): ToolSearchPlan {
  if (unmanaged.length === 0) return plan;
  const own = resolveOwnToolsSent(plan);
  if (!unmanaged.includes(own.searchName) && !unmanaged.includes(own.callToolName)) return plan;
  const known = plan.unmanagedToolNames ?? [];
  const added = unmanaged.filter((name) => !known.includes(name));
  return added.length === 0 ? plan : { ...plan, unmanagedToolNames: [...known, ...added] };
}
