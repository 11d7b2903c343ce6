import { DEFAULT_OWN_TOOL_NAMES, resolveOwnToolNames, type OwnToolNames } from '../tools/resolve-own-tool-names.js';
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import { parsePlannedTools } from './parse-planned-tools.js';
import type { ToolSearchPlan } from './tool-search-plan.js';

/**
 * Which of the package's own tools a request made with a plan carries, and the names they go by with this plan (see
 * {@link resolveOwnToolNames}), sent or not.
 */
export interface OwnToolsSent extends OwnToolNames {
  /** `tool_search`: the library searches deferred tools (client-side, or hosted with `search: 'library'`). */
  readonly search: boolean;
  /**
   * `call_tool`: the client-side mechanism leaves deferred tools out of the list for good (`names` or `none`) and a
   * loaded schema stays in the `tool_search` result (`conversation`). Never under `native`: a loaded tool is added to
   * the conversation and called by its own name.
   */
  readonly callTool: boolean;
}

/**
 * The package's own tools a plan sends, decided once here for the planner, the tool list, the guidance note, the
 * session and the transformers. Nothing is sent when nothing is deferred. A caller that holds the plan's tools by
 * name (`parsePlannedTools`) passes them as `planned`; otherwise the plan's own index is used. Not part of the
 * public API.
 */
export function resolveOwnToolsSent(
  plan: Pick<ToolSearchPlan, 'mechanism' | 'search' | 'reveal' | 'listing' | 'tools' | 'unmanagedToolNames'>,
  planned?: { has(name: string): boolean },
): OwnToolsSent {
  const deferring = plan.mechanism !== 'none' && plan.tools.some((tool) => tool.status === 'deferred');
  // The plan's tools and the unmanaged ones it names (a Responses custom tool) keep their names alike. By name: a
  // checked plan's frozen tool list keeps its index (`parsePlannedTools`), so a session's requests do not walk the
  // catalog here; a plan made by hand is walked.
  const byName = planned ?? (Object.isFrozen(plan.tools) ? parsePlannedTools(plan.tools).byName : undefined);
  const named =
    byName === undefined
      ? plan.tools.some((tool) => tool.name === TOOL_SEARCH_TOOL_NAME || tool.name === CALL_TOOL_NAME)
      : byName.has(TOOL_SEARCH_TOOL_NAME) || byName.has(CALL_TOOL_NAME);
  const names =
    named || plan.unmanagedToolNames !== undefined
      ? resolveOwnToolNames([...plan.tools.map((tool) => tool.name), ...(plan.unmanagedToolNames ?? [])])
      : DEFAULT_OWN_TOOL_NAMES;
  return {
    // The client-side mechanism's search is always the library's, whatever a hand-made plan says.
    search: deferring && (plan.mechanism === 'client' || plan.search === 'library'),
    callTool: deferring && plan.mechanism === 'client' && plan.reveal === 'conversation' && (plan.listing === 'names' || plan.listing === 'none'),
    searchName: names.searchName,
    callToolName: names.callToolName,
  };
}
