import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from '../../client/tool-search-tool-definition.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import type { OpenAIResponsesBodyTools } from './parse-openai-responses-tools.js';

/**
 * The plan as one Responses body applies it: when a top-level custom tool of the body is named `tool_search` or
 * `call_tool`, the body's top-level custom tool names join `unmanagedToolNames`, so the package's own tools go by the
 * first free names (`tool_search_2`, …; `resolveOwnToolsSent`) and the caller's custom tool is sent as it is, as a
 * function of that name would be. Custom tools are not planned (a grammar, not a JSON schema): they only take names.
 * The transformer and the session read the same plan from it, so the tool list, the guidance note, the history and the
 * call routing agree. Pure and idempotent; the plan itself when nothing changes. Not part of the public API.
 */
export function resolveOpenAIResponsesRequestPlan(plan: ToolSearchPlan, read: OpenAIResponsesBodyTools): ToolSearchPlan {
  const customs = read.tools.filter((entry) => entry.kind === 'custom' && entry.namespace === undefined).map((entry) => entry.tool.name as string);
  if (!customs.some((name) => name === TOOL_SEARCH_TOOL_NAME || name === CALL_TOOL_NAME)) return plan;
  const known = plan.unmanagedToolNames ?? [];
  const added = customs.filter((name) => !known.includes(name));
  return added.length === 0 ? plan : { ...plan, unmanagedToolNames: [...known, ...added] };
}
