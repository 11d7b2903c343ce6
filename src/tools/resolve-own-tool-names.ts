import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from './tool-search-tool-definition.js';

/** The names the package's own tools go by for one list of caller tools. */
export interface OwnToolNames {
  readonly searchName: string;
  readonly callToolName: string;
}

/** The names the package's own tools go by when no caller tool takes them. */
export const DEFAULT_OWN_TOOL_NAMES: OwnToolNames = Object.freeze({ searchName: TOOL_SEARCH_TOOL_NAME, callToolName: CALL_TOOL_NAME });

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
