import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';

/**
 * The wire names of the deferred tools the client-side list leaves out while it sends `call_tool` (the `names` and
 * `none` listings with reveals in the conversation), or `undefined` when there are none; a forced tool is sent, so it
 * is not among them. A history call of one of them (a model calling a deferred tool directly, blind) is sent as the
 * `call_tool` call it stands for: the API rejects a call of a tool the request does not define, and defining the tool
 * would change the tool list, and so lose the prompt cache, from that request on. Pure. Not part of the public API.
 */
export function resolveCalledThroughCallTool(
  plan: ToolSearchPlan,
  forced: readonly string[],
  names: Pick<ToolNameMapping, 'toWire'>,
): ReadonlySet<string> | undefined {
  if (!resolveOwnToolsSent(plan).callTool) return undefined;
  const unlisted = new Set<string>();
  for (const tool of plan.tools) if (tool.status === 'deferred' && !forced.includes(tool.name)) unlisted.add(names.toWire(tool.name));
  return unlisted.size === 0 ? undefined : unlisted;
}
