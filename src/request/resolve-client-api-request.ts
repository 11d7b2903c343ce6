import { resolveHistoryReveals } from '../client/tool-search-result.js';
import { createCheckedToolNameMapping, isValidToolName, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { PlannedTool, ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { ToolNameRule } from '../names/tool-name-rule.js';
import type { NeutralRequest } from './neutral-request.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { NO_HOSTED_PARTS, keepRead, recall, type RequestDecision, type WireCapabilities } from './request-decision.js';
import type { RequestToolsWarningCode } from './request-tools.js';
import { createToolList, type ToolListOptions } from './resolve-tool-list.js';
import type { ToolList } from './request-tool-entry.js';

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
  const names = kept ? memo.names : createCheckedToolNameMapping(memo.primaryNames, api.rule, { secondary: request.history.names });
  const forced = request.forced.map((name) => resolvePlanName(name, planSet, names));
  const loaded = resolveHistoryReveals(request.history.outputs, names, own);
  const revealed = plan.reveal === 'tool-list' ? [...input.revealed, ...loaded] : [];
  // Past the API's limit the listing leaves deferred tools out, and then loaded tools are deferred, so every tool
  // stays reachable (`tool_search`, `call_tool`) in a request the API accepts.
  const fitList = () => createToolListWithinLimit(plan, memo.definitions, { revealed, forced, names }, api, memo.others);
  // The list depends on the plan and tools (the memo's) and on what is revealed and forced: a session's requests send
  // the same reveals until a search loads more, so the last few lists are kept (a new reveal costs one listing). A
  // history naming tools the mapping lacks maps them apart (a mapping of its own): that rare list is made anew.
  const fitted = kept ? recall(memo.fitted, `${revealed.join('\u0000')}\u0001${forced.join('\u0000')}`, fitList) : fitList();
  warnings.push(...fitted.changes);
  return {
    plan: fitted.plan,
    entries: fitted.list.tools,
    guidance: fitted.list.guidance,
    names,
    toWire: (name) => names.toWire(resolvePlanName(name, planSet, names)),
    bodyIndexOf: (name) => functions.get(name)?.index,
    loaded: [...new Set(loaded.map((name) => names.fromWire(name)))],
    warnings,
    ...NO_HOSTED_PARTS,
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
  const names = createCheckedToolNameMapping(primaryNames, rule);
  // A body in wire names (an earlier transform's output) is read under the plan's names; others are used as they are.
  const functions = new Map<string, { readonly index: number; readonly definition: ToolDefinition }>();
  for (const tool of request.tools) if (tool.kind === 'function') functions.set(resolvePlanName(tool.definition.name, planSet, names), tool);
  const definitions: ToolDefinition[] = [];
  for (const [name, { definition }] of functions) definitions.push(name === definition.name ? definition : { ...definition, name });
  const fitted = new Map<string, ReturnType<typeof createToolListWithinLimit>>();
  return { planSet, own, primaryNames, primary: new Set(primaryNames), names, functions, definitions, others, fitted };
}

/**
 * The client-side tool list for an API that caps the number of tools, never longer than the cap while anything can
 * still be deferred, and never dropping a tool: each stays callable. In order, as far as needed:
 *
 * 1. the plan as it is;
 * 2. deferred tools out of the list, named in the note and called through `call_tool` (the `names` listing, reveals
 *    in the conversation), instead of one stub per deferred tool (`full`, `compact`);
 * 3. the last loaded tools (by input order; a tool `tool_choice` forces and the package's own tools stay) deferred
 *    too, under the client-side mechanism, so `tool_search` and `call_tool` reach them.
 *
 * The plan returned is the one the list was made with: the transformer writes the rest of the request (the note,
 * the history) from it. Pure. Not part of the public API.
 */
function createToolListWithinLimit(
  plan: ToolSearchPlan,
  tools: readonly ToolDefinition[],
  options: ToolListOptions,
  api: Pick<WireCapabilities<string>, 'maxTools' | 'overLimitCode' | 'label'>,
  otherEntries: number,
): { readonly plan: ToolSearchPlan; readonly list: ToolList; readonly changes: readonly ToolSearchWarning<RequestToolsWarningCode>[] } {
  const maxTools = api.maxTools ?? Number.POSITIVE_INFINITY;
  const room = maxTools - otherEntries;
  // A list holds at most every planned tool and the package's two: a plan that fits so is not counted (no limit, or a
  // plan well under it, on every request).
  if (plan.tools.length + 2 <= room) return { plan, list: createToolList(plan, tools, options), changes: [] };
  // Sizes come from the plan, not from the tools at hand: the transformer's own output (which no longer holds the tools
  // a listing left out) must take the same decision on a second pass.
  const size = (candidate: ToolSearchPlan): number => resolvePlannedListSize(candidate, options);
  const first = size(plan);
  if (first <= room) return { plan, list: createToolList(plan, tools, options), changes: [] };

  const changes: ToolSearchWarning<RequestToolsWarningCode>[] = [];
  const deferring = plan.mechanism === 'client' && plan.tools.some((tool) => tool.status === 'deferred');
  let fitted = plan;
  // First the listing, then (reveals in the tool list append each revealed tool) where reveals go.
  const steps: ToolSearchPlan[] = [];
  if (deferring && (plan.listing === 'full' || plan.listing === 'compact')) steps.push({ ...plan, listing: 'names' });
  if (deferring && plan.reveal === 'tool-list') steps.push({ ...plan, listing: plan.listing === 'none' ? 'none' : 'names', reveal: 'conversation' });
  for (const step of steps) {
    fitted = step;
    const fits = size(fitted) <= room;
    if (fits || step === steps[steps.length - 1]) {
      changes.push({
        code: 'listing-changed-to-names',
        message:
          `the \`${plan.listing}\` listing${plan.reveal === 'tool-list' ? ' with reveals in the tool list' : ''} would send ${first + otherEntries} tools, ` +
          `more than the ${maxTools} ${api.label} accepts; deferred tools were left out of the tool list and named in the note (the \`${fitted.listing}\` listing` +
          `${fitted.reveal === plan.reveal ? '' : ', reveals in the conversation, calls through `call_tool`'})`,
      });
    }
    if (fits) return { plan: fitted, list: createToolList(fitted, tools, options), changes };
  }

  // Still too many: the client-side mechanism (`tool_search`, `call_tool`, deferred tools named in the note), and the
  // last loaded tools deferred until the list fits. Two places go to the package's tools; a tool `tool_choice` forces
  // keeps its place.
  const forced = new Set(options.forced ?? []);
  // A caller's own `tool_search` or `call_tool` (reason `search-tool`) is sent as it is, never deferred: it keeps its
  // place like a forced tool, and the package's tools go by other names.
  const keepable = (tool: PlannedTool): boolean => tool.status === 'loaded' && tool.reason !== 'search-tool' && !forced.has(tool.name);
  let keep = Math.max(0, room - 2 - fitted.tools.filter((tool) => forced.has(tool.name) || tool.reason === 'search-tool').length);
  const deferred: string[] = [];
  const planned = fitted.tools.map((tool): PlannedTool => {
    if (!keepable(tool)) return tool;
    if (keep > 0) {
      keep -= 1;
      return tool;
    }
    deferred.push(tool.name);
    return { name: tool.name, status: 'deferred', reason: 'tool-limit', ...(tool.category === undefined ? {} : { category: tool.category }) };
  });
  const wasClient = fitted.mechanism === 'client';
  fitted = { ...fitted, mechanism: 'client', search: 'library', listing: fitted.listing === 'none' ? 'none' : 'names', reveal: 'conversation', tools: planned };
  if (deferred.length > 0 || !wasClient) {
    const what =
      deferred.length === 0
        ? 'the tools'
        : `${deferred.length} loaded tool${deferred.length === 1 ? '' : 's'} (${deferred
            .slice(0, 5)
            .map((name) => `\`${name}\``)
            .join(', ')}${deferred.length > 5 ? ', …' : ''})`;
    changes.push({
      code: 'tools-deferred-for-limit',
      message:
        `${what} would not fit in the ${maxTools} tools ${api.label} accepts; the client-side mechanism deferred ${deferred.length === 1 ? 'it' : 'them'}` +
        `${wasClient ? '' : ` (the plan's mechanism is \`${plan.mechanism}\`)`}, reachable through \`tool_search\` and \`call_tool\``,
    });
  }
  const result = createToolList(fitted, tools, options);
  if (size(fitted) > room) {
    // Without `maxTools` nothing is over a limit, so `overLimitCode` is set wherever this reads it.
    changes.push({
      code: api.overLimitCode as RequestToolsWarningCode,
      message: `${result.tools.length + otherEntries} tools are sent, more than the ${maxTools} ${api.label} accepts: what is left is forced by \`tool_choice\` or is not a function the plan manages; the API will reject the request. Send fewer`,
    });
  }
  return { plan: fitted, list: result, changes };
}

/** How many tools {@link createToolList} returns for a plan and options, counted from the plan alone. */
function resolvePlannedListSize(plan: ToolSearchPlan, options: ToolListOptions): number {
  const deferring = plan.mechanism === 'client' && plan.tools.some((tool) => tool.status === 'deferred');
  if (!deferring) return plan.tools.length;
  const fromWire = options.names?.fromWire ?? ((name: string) => name);
  const shown = new Set([...(plan.reveal === 'tool-list' ? [...(options.revealed ?? [])] : []), ...(options.forced ?? [])].map((name) => fromWire(name)));
  const listed = plan.listing === 'full' || plan.listing === 'compact';
  const own = resolveOwnToolsSent(plan);
  let count = (own.search ? 1 : 0) + (own.callTool ? 1 : 0);
  for (const tool of plan.tools) {
    if (tool.status === 'loaded' || listed || shown.has(tool.name)) count += 1;
  }
  return count;
}

/** A name as the body writes it, as the plan names it: a wire name of a planned tool is read back, any other name kept. */
export function resolvePlanName(name: string, planSet: ReadonlyMap<string, unknown>, names: ToolNameMapping): string {
  return planSet.has(name) || !planSet.has(names.fromWire(name)) ? name : names.fromWire(name);
}
