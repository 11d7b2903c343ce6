import { resolveHistoryReveals } from '../client/tool-search-result.js';
import { createToolNameMapping, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import { resolvePlanForWireAPI } from '../plan/resolve-plan-for-wire-api.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolListWithinLimit } from './create-tool-list-within-limit.js';
import type { NeutralRequest } from './neutral-request.js';
import type { RequestTools, RequestToolsWarningCode } from './request-tools.js';
import type { WireCapabilities } from './wire-codec.js';

/**
 * The codes of the warnings the decision gives on every API without hosted search (each transformer's own codes add to
 * them); match on them, the messages are for people.
 *
 * - `hosted-mechanism-unsupported`: the plan asks for OpenAI's or Anthropic's hosted search, which the API does not
 *   have; the same tools were deferred with the client-side mechanism instead. Resolve the plan with
 *   `{ id, api }` to say so up front.
 * - `listing-changed-to-names`: the `full` or `compact` listing would send more tools than the API accepts; deferred
 *   tools were left out of the list, named in the note and called through `call_tool` (the `names` listing).
 * - `tools-deferred-for-limit`: even so, more tools would be sent than the API accepts; the last loaded tools were
 *   deferred too (reachable through `tool_search` and `call_tool`).
 */
export type ClientRequestWarningCode = 'hosted-mechanism-unsupported' | 'listing-changed-to-names' | 'tools-deferred-for-limit';

/** What {@link resolveRequestTools} decides from. */
export interface ResolveRequestToolsInput {
  /** The plan as given (checked by the driver). */
  readonly plan: ToolSearchPlan;
  /** The body read into neutral form. */
  readonly request: NeutralRequest;
  /** The facts of the body's API. */
  readonly api: WireCapabilities<string>;
  /** The tools the session revealed (the `revealed` option), in either name form. */
  readonly revealed: readonly string[];
}

/**
 * The one decision of a request: which tools it carries in which form, the package's own tools, the note, the name
 * mapping and what the history holds, for the mechanism the plan applies on the body's API:
 * - the plan the API can carry: a hosted plan on an API without that hosted search defers the same tools client-side,
 *   with the plan's listing and a warning; with plan `none`, or nothing deferred, every tool is sent in full (names
 *   still mapped) and no note is added;
 * - one name mapping over every name the body sends, to the API's rule; names the history alone uses (calls of tools
 *   no longer sent) are mapped apart and never change a current tool's wire name. A body that is the transformer's
 *   own output holds wire names: its functions and forced names are read back to the plan's names, so the plan still
 *   matches and a second pass gives the same bytes;
 * - the tool list of `resolveToolList` within the API's limit (`createToolListWithinLimit`), with the reveals of
 *   `revealed` and then those the history's tool results hold, and each function the tool choice forces sent with its
 *   full schema, since the model is made to call it without a chance to search first;
 * - the guidance note, constant for a plan, for the codec to place once in the API's system slot.
 *
 * Pure. Throws what `resolvePlanForWireAPI` and `createToolListWithinLimit` throw (`plan-mismatch` naming the tools when
 * the plan was made for other tools). Not part of the public API.
 */
export function resolveRequestTools(input: ResolveRequestToolsInput): RequestTools {
  const { request, api } = input;
  const warnings: ToolSearchWarning<RequestToolsWarningCode>[] = [];
  const { plan, fallback } = resolvePlanForWireAPI(input.plan, api.api);
  if (fallback !== null) warnings.push({ code: 'hosted-mechanism-unsupported', message: fallback });

  const { names: planNames, byName: planSet } = parsePlannedTools(plan.tools);
  const own = resolveOwnToolsSent(plan, planSet);
  const otherNames = [...request.otherNames];
  for (const tool of request.tools) if (tool.kind === 'other' && tool.name !== undefined) otherNames.push(tool.name);
  const names = createToolNameMapping([...planNames, own.searchName, own.callToolName, ...otherNames], api.rule, { secondary: request.history.names });

  const forced = request.forced.map((name) => resolvePlanName(name, planSet, names));
  // A body in wire names (an earlier transform's output) is read under the plan's names; others are used as they are.
  const functions = new Map<string, { readonly index: number; readonly definition: ToolDefinition }>();
  for (const tool of request.tools) if (tool.kind === 'function') functions.set(resolvePlanName(tool.definition.name, planSet, names), tool);
  const definitions: ToolDefinition[] = [];
  for (const [name, { definition }] of functions) definitions.push(name === definition.name ? definition : { ...definition, name });
  const loaded = resolveHistoryReveals(request.history.outputs, names, own);
  // Past the API's limit the listing leaves deferred tools out, and then loaded tools are deferred, so every tool
  // stays reachable (`tool_search`, `call_tool`) in a request the API accepts.
  const others = request.tools.filter((tool) => tool.kind === 'other').length;
  const fitted = createToolListWithinLimit(
    plan,
    definitions,
    { revealed: [...input.revealed, ...loaded], forced, names },
    { maxTools: api.maxTools ?? Number.POSITIVE_INFINITY, otherEntries: others, label: api.label },
  );
  // Without `maxTools` nothing is over a limit, so `overLimitCode` is set wherever this reads it.
  for (const change of fitted.changes)
    warnings.push({ code: change.code === 'over-tool-limit' ? (api.overLimitCode as 'over-tool-limit') : change.code, message: change.message });
  return {
    plan: fitted.plan,
    entries: fitted.list.tools,
    guidance: fitted.list.guidance,
    names,
    toWire: (name) => names.toWire(resolvePlanName(name, planSet, names)),
    bodyIndexOf: (name) => functions.get(name)?.index,
    loaded: [...new Set(loaded.map((name) => names.fromWire(name)))],
    warnings,
  };
}

/** A name as the body writes it, as the plan names it: a wire name of a planned tool is read back, any other name kept. */
function resolvePlanName(name: string, planSet: ReadonlyMap<string, unknown>, names: ToolNameMapping): string {
  return planSet.has(name) || !planSet.has(names.fromWire(name)) ? name : names.fromWire(name);
}
