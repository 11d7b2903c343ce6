import { resolveHistoryReveals } from '../client/tool-search-result.js';
import { createToolNameMapping, isValidToolName } from '../names/create-tool-name-mapping.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolNameRule } from '../names/tool-name-rule.js';
import type { NeutralRequest } from './neutral-request.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolListWithinLimit } from './create-tool-list-within-limit.js';
import { NO_HOSTED_PARTS, keepRead, recall, type RequestDecision } from './request-decision.js';
import { resolvePlanName } from './resolve-plan-name.js';

/**
 * An API without hosted search (Chat Completions, Gemini, Bedrock Converse):
 * - one name mapping over every name the body sends; names the history alone uses (calls of tools no longer sent) are
 *   mapped apart and never change a current tool's wire name. A body that is the transformer's own output holds wire
 *   names: its functions and forced names are read back to the plan's names, so the plan still matches and a second
 *   pass gives the same bytes;
 * - the tool list of `resolveToolList` within the API's limit (`createToolListWithinLimit`), with the reveals of
 *   `revealed` and then those the history's tool results hold, and each function the tool choice forces sent with its
 *   full schema, since the model is made to call it without a chance to search first.
 */
export const resolveClientAPIRequest: RequestDecision = (plan, input, warnings) => {
  const { request, api } = input;
  const memo = keepRead(input, 'client', () => readClientTools(plan, input.request, api.rule));
  const { planSet, own, functions } = memo;
  // A history that names only the request's tools, or names the API takes as they are, maps nothing apart.
  const kept = request.history.names.every((name) => memo.primary.has(name) || isValidToolName(name, api.rule));
  const names = kept ? memo.names : createToolNameMapping(memo.primaryNames, api.rule, { secondary: request.history.names });
  const forced = request.forced.map((name) => resolvePlanName(name, planSet, names));
  const loaded = resolveHistoryReveals(request.history.outputs, names, own);
  const revealed = plan.reveal === 'tool-list' ? [...input.revealed, ...loaded] : [];
  // Past the API's limit the listing leaves deferred tools out, and then loaded tools are deferred, so every tool
  // stays reachable (`tool_search`, `call_tool`) in a request the API accepts.
  const fitList = () =>
    createToolListWithinLimit(
      plan,
      memo.definitions,
      { revealed, forced, names },
      { maxTools: api.maxTools ?? Number.POSITIVE_INFINITY, otherEntries: memo.others, label: api.label },
    );
  // The list depends on the plan and tools (the memo's) and on what is revealed and forced: a session's requests send
  // the same reveals until a search loads more, so the last few lists are kept (a new reveal costs one listing). A
  // history naming tools the mapping lacks maps them apart (a mapping of its own): that rare list is made anew.
  const fitted = kept ? recall(memo.fitted, `${revealed.join('\u0000')}\u0001${forced.join('\u0000')}`, fitList) : fitList();
  // Without `maxTools` nothing is over a limit, so `overLimitCode` is set wherever this reads it.
  for (const change of fitted.changes)
    warnings.push({ code: change.code === 'over-tool-limit' ? (api.overLimitCode as 'over-tool-limit') : change.code, message: change.message });
  return {
    ...NO_HOSTED_PARTS,
    plan: fitted.plan,
    entries: fitted.list.tools,
    guidance: fitted.list.guidance,
    names,
    toWire: (name) => names.toWire(resolvePlanName(name, planSet, names)),
    bodyIndexOf: (name) => functions.get(name)?.index,
    loaded: [...new Set(loaded.map((name) => names.fromWire(name)))],
    warnings,
  };
};

/**
 * What the client decision reads of a plan and the body's tools alone: the name mapping over every name the body
 * sends (the plan's, the package's own tools', the body's other tools'), the body's functions by the plan's name with
 * their place in the body, and the last tool lists made.
 */
function readClientTools(plan: ToolSearchPlan, request: NeutralRequest, rule: ToolNameRule) {
  const { names: planNames, byName: planSet } = parsePlannedTools(plan.tools);
  const own = resolveOwnToolsSent(plan, planSet);
  const primaryNames = [...planNames, own.searchName, own.callToolName, ...request.otherNames];
  let others = 0;
  for (const tool of request.tools) {
    if (tool.kind !== 'other') continue;
    others += 1;
    if (tool.name !== undefined) primaryNames.push(tool.name);
  }
  const names = createToolNameMapping(primaryNames, rule);
  // A body in wire names (an earlier transform's output) is read under the plan's names; others are used as they are.
  const functions = new Map<string, { readonly index: number; readonly definition: ToolDefinition }>();
  for (const tool of request.tools) if (tool.kind === 'function') functions.set(resolvePlanName(tool.definition.name, planSet, names), tool);
  const definitions: ToolDefinition[] = [];
  for (const [name, { definition }] of functions) definitions.push(name === definition.name ? definition : { ...definition, name });
  const fitted = new Map<string, ReturnType<typeof createToolListWithinLimit>>();
  return { planSet, own, primaryNames, primary: new Set(primaryNames), names, functions, definitions, others, fitted };
}
