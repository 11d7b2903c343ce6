import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from '../client/tool-search-tool-definition.js';
import type { ToolSearchPlan } from './tool-search-plan.js';

/** Which of the package's own tools a request made with a plan carries, and the names they go by. */
export interface OwnToolsSent {
  /** `tool_search`: the library searches deferred tools (client-side, or hosted with `search: 'library'`). */
  readonly search: boolean;
  /**
   * `call_tool`: the client-side mechanism leaves deferred tools out of the list for good (`names` or `none`) and a
   * loaded schema stays in the `tool_search` result (`conversation`). Never under `native`: a loaded tool is added to
   * the conversation and called by its own name.
   */
  readonly callTool: boolean;
  /** The name the package's search goes by with this plan (see {@link resolveOwnToolNames}), sent or not. */
  readonly searchName: string;
  /** The name the package's `call_tool` goes by with this plan (see {@link resolveOwnToolNames}), sent or not. */
  readonly callToolName: string;
}

/** The names the package's own tools go by for one list of caller tools. */
export interface OwnToolNames {
  readonly searchName: string;
  readonly callToolName: string;
}

const DEFAULT_OWN_TOOL_NAMES: OwnToolNames = Object.freeze({ searchName: TOOL_SEARCH_TOOL_NAME, callToolName: CALL_TOOL_NAME });

/**
 * The package's own tools a plan sends, decided once here for the planner, the tool list, the guidance note, the
 * session and the transformers. Nothing is sent when nothing is deferred. A caller that holds the plan's tools by
 * name (`parsePlannedTools`) passes them as `planned`, so they are looked up rather than walked. Not part of the
 * public API.
 */
export function resolveOwnToolsSent(
  plan: Pick<ToolSearchPlan, 'mechanism' | 'search' | 'reveal' | 'listing' | 'tools' | 'unmanagedToolNames'>,
  planned?: { has(name: string): boolean },
): OwnToolsSent {
  const deferring = plan.mechanism !== 'none' && plan.tools.some((tool) => tool.status === 'deferred');
  // The plan's tools and the unmanaged ones it names (a Responses custom tool) keep their names alike.
  const named =
    planned === undefined
      ? plan.tools.some((tool) => tool.name === TOOL_SEARCH_TOOL_NAME || tool.name === CALL_TOOL_NAME)
      : planned.has(TOOL_SEARCH_TOOL_NAME) || planned.has(CALL_TOOL_NAME);
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

/**
 * The names the package's own tools go by next to a list of caller tools: `tool_search` and `call_tool`, unless the
 * caller has a tool of that name (an MCP proxy's `call_tool`, a search tool of its own). The caller's tool then keeps
 * its name and is sent as it is, and the package's takes the first of `tool_search_2`, `tool_search_3`, … (`call_tool_2`,
 * …) that no caller tool has: a caller's tool is never shadowed, and a call is never taken for the other's. The plan
 * warns `own-tool-renamed`. Pure: the same names give the same result. Not part of the public API.
 */
export function resolveOwnToolNames(names: readonly string[]): OwnToolNames {
  if (!names.includes(TOOL_SEARCH_TOOL_NAME) && !names.includes(CALL_TOOL_NAME)) return DEFAULT_OWN_TOOL_NAMES;
  const taken = new Set(names);
  return { searchName: freeName(TOOL_SEARCH_TOOL_NAME, taken), callToolName: freeName(CALL_TOOL_NAME, taken) };
}

function freeName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}_${suffix}`)) suffix += 1;
  return `${base}_${suffix}`;
}
