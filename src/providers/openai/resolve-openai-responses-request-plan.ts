import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import type { OpenAIResponsesBodyTools } from './parse-openai-responses-tools.js';

/**
 * The plan as one Responses body applies it: when a top-level custom tool of the body has a name the package's own
 * tools would take (`tool_search`, `call_tool`; `tool_search_2` next to a caller's function `tool_search`), the body's
 * top-level custom tool names join `unmanagedToolNames`, so the package's own tools go by the first free names
 * (`resolveOwnToolsSent`) and the caller's custom tool is sent as it is, as a function of that name would be. Custom tools are not planned (a grammar, not a JSON schema): they only take names.
 * The transformer and the session read the same plan from it, so the tool list, the guidance note, the history and the
 * call routing agree. Pure and idempotent; the plan itself when nothing changes. Not part of the public API.
 */
export function resolveOpenAIResponsesRequestPlan(plan: ToolSearchPlan, read: OpenAIResponsesBodyTools): ToolSearchPlan {
  const customs = read.tools.filter((entry) => entry.kind === 'custom' && entry.namespace === undefined).map((entry) => entry.tool.name as string);
  if (customs.length === 0) return plan;
  // Only a custom tool holding a name the package's own tools would take changes anything (`tool_search`, or
  // `tool_search_2` next to a caller's function `tool_search`).
  const own = resolveOwnToolsSent(plan);
  if (!customs.includes(own.searchName) && !customs.includes(own.callToolName)) return plan;
  const known = plan.unmanagedToolNames ?? [];
  const added = customs.filter((name) => !known.includes(name));
  return added.length === 0 ? plan : { ...plan, unmanagedToolNames: [...known, ...added] };
}
