import type { ToolSearchPlan } from './tool-search-plan.js';

/** Which of the package's own tools a request made with a plan carries. */
export interface OwnToolsSent {
  /** `tool_search`: the library searches deferred tools (client-side, or hosted with `search: 'library'`). */
  readonly search: boolean;
  /** `call_tool`: the client-side mechanism leaves deferred tools out of the list for good (`names` or `none`, schemas in the conversation). */
  readonly callTool: boolean;
}

/**
 * The package's own tools a plan sends, decided once here for the planner, the tool list, the guidance note, the
 * session and the transformers. Nothing is sent when nothing is deferred. Not part of the public API.
 */
export function resolveOwnToolsSent(plan: Pick<ToolSearchPlan, 'mechanism' | 'search' | 'reveal' | 'listing' | 'tools'>): OwnToolsSent {
  const deferring = plan.mechanism !== 'none' && plan.tools.some((tool) => tool.status === 'deferred');
  return {
    // The client-side mechanism's search is always the library's, whatever a hand-made plan says.
    search: deferring && (plan.mechanism === 'client' || plan.search === 'library'),
    callTool: deferring && plan.mechanism === 'client' && plan.reveal === 'conversation' && (plan.listing === 'names' || plan.listing === 'none'),
  };
}
