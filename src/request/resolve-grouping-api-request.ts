import { resolveHistoryReveals } from '../client/tool-search-result.js';
import { createToolNameMapping, isValidToolName } from '../names/create-tool-name-mapping.js';
import { assertNever } from '../errors/assert-never.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { PlannedTool, ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { NeutralTool } from './neutral-request.js';
import { isOwnToolStandIn } from './is-own-tool-stand-in.js';
import { resolveGroupedTools } from './resolve-grouped-tools.js';
import { resolvePlanMatch, type PlanMatchWording } from './resolve-plan-match.js';
import { resolvePlanWithUnmanagedNames } from './resolve-plan-with-unmanaged-names.js';
import type { RequestTool } from './request-tool.js';
import { resolveForcedTools } from './resolve-forced-tools.js';
import { NO_HOSTED_PARTS, keepRead, recall, type RequestDecision, type ResolveRequestToolsInput } from './request-decision.js';

/**
 * An API whose hosted search loads deferred tools by group (OpenAI Responses: namespaces, `defer_loading`): the plan as
 * the body applies it (a top-level custom tool named like the package's own tools keeps its name, and the plan lists
 * it in `unmanagedToolNames`), the name mapping to the mechanism's rule (a custom tool keeps its name), the body's tools
 * read under the plan's names (`resolvePlanMatch`), the reveals the history holds, then `resolveGroupedTools`'s forms.
 */
export const resolveGroupingAPIRequest: RequestDecision = (plan, input, warnings) => {
  const { request, api } = input;
  const {
    applied,
    planned,
    own,
    names,
    originalOf,
    flatNames,
    requestTools: tools,
    decisions,
  } = keepRead(input, 'grouping', () => readGroupingTools(plan, input));
  // Read once: the client list reveals these, and the result reports them as loaded.
  const historyReveals = resolveHistoryReveals(request.history.outputs, names, own);
  const forced = resolveForcedTools(applied, request.forced.map(originalOf));
  const revealed = [...input.revealed, ...historyReveals].map(originalOf);
  const byPrefix = request.groupByPrefix === true;
  // What varies between a session's requests (reveals, forced names, the grouping option); the rest is the memo's.
  const key = JSON.stringify([forced, revealed, byPrefix]);
  const decided = recall(decisions, key, () =>
    resolveGroupedTools({
      plan: applied,
      planned,
      tools,
      forced,
      revealed,
      names,
      byPrefix,
      isDeferredAloneRejected: (name) => api.isDeferredAloneRejected?.(names.toWire(name)) === true,
      ...(api.recommendedGroupSize === undefined ? {} : { recommendedGroupSize: api.recommendedGroupSize }),
    }),
  );
  warnings.push(...decided.warnings);
  const references = request.history.references ?? [];
  const loaded = [
    ...new Set(
      [...historyReveals, ...references.filter((reference) => reference.kind === 'tool_reference').map((reference) => reference.name)].map(originalOf),
    ),
  ];
  const added = (request.history.changes ?? []).map((change) => originalOf(change.name));
  return {
    plan: applied,
    ...(applied === plan ? {} : { adjustedPlan: applied }),
    entries: decided.list?.tools ?? [],
    guidance: decided.guidance,
    names,
    toWire: (name) => names.toWire(originalOf(name)),
    fromBody: originalOf,
    bodyIndexOf: () => undefined,
    loaded,
    ...(added.length === 0 ? {} : { added }),
    ...NO_HOSTED_PARTS,
    grouped: { ...decided, tools, ...(flatNames === undefined ? {} : { flatNames }) },
    warnings,
  };
};

/** How the grouping decision's `plan-mismatch` names the body's tools. */
const GROUPING_MATCH_WORDING: Readonly<PlanMatchWording> = {
  lead: 'The plan was made for different tools than the request body holds',
  lacks: "which the body's tools lack",
  has: 'the body',
  again: (reader) => `from \`${reader}\``,
};

/** One tool of the body in the grouping decision's terms. */
function toRequestTool(
  tool: NeutralTool,
  planned: ReadonlyMap<string, PlannedTool>,
  originalOf: (name: string) => string,
  bodyHolds: (name: string) => boolean,
  flatName: string | undefined,
): RequestTool {
  const path = 'path' in tool ? (tool.path ?? '') : '';
  switch (tool.kind) {
    case 'function': {
      const { definition, deferred } = tool;
      const name = originalOf(definition.name);
      return tool.group === undefined
        ? { kind: 'planned', name, path, definition, deferred }
        : { kind: 'planned', name, path, definition, deferred, group: tool.group };
    }
    case 'other': {
      // A deferred top-level custom tool is called in a namespace of its own name, which cannot be a reserved one.
      const other = {
        kind: 'unmanaged',
        name: flatName ?? tool.name ?? '',
        path,
        deferred: tool.deferred,
        deferredAloneRejected: tool.deferredAloneRejected === true,
      } as const;
      return tool.group === undefined ? other : { ...other, group: tool.group };
    }
    case 'hosted-search':
      return { kind: 'search', clientExecuted: tool.clientExecuted === true };
    case 'own': {
      const definition = tool.definition;
      return definition !== undefined && isOwnToolStandIn(definition.name, planned, bodyHolds)
        ? { kind: 'planned', name: definition.name, path, definition, deferred: false }
        : { kind: 'own' };
    }
    case 'marker':
      return { kind: 'own' };
    default:
      return assertNever(tool, 'neutral tool');
  }
}

/**
 * What the grouping decision reads of a plan and the body's tools alone (the plan as the body applies it, the name
 * mapping, the body's tools by the plan's names, checked against the plan): kept in the session's memo for the plan
 * when the body's tools are the agent's (read once), made anew otherwise. Throws `plan-mismatch` like
 * `resolvePlanMatch`.
 */
function readGroupingTools(plan: ToolSearchPlan, input: ResolveRequestToolsInput) {
  const { request, api } = input;
  const planned = parsePlannedTools(plan.tools).byName;
  const customs = request.tools.filter(
    (tool): tool is Extract<NeutralTool, { kind: 'other' }> & { name: string } => tool.kind === 'other' && tool.custom === true && tool.name !== undefined,
  );
  // A top-level custom tool named like one of the package's own keeps its name; the package's takes a free one.
  const applied = resolvePlanWithUnmanagedNames(
    plan,
    customs.filter((tool) => tool.group === undefined).map((tool) => tool.name),
  );
  // Custom tools keep their names (the function-name pattern does not bind them); a valid one is only kept from being
  // given to a function. Under hosted search every function name fits a call's namespace (64 characters).
  const rule = applied.mechanism === 'openai-hosted' ? (api.hostedRule ?? api.rule) : api.rule;
  const own = resolveOwnToolsSent(applied, planned);
  const names = createToolNameMapping(
    // The package's own tool names are in the set too, so no renamed tool can take them.
    [...planned.keys(), ...customs.map((tool) => tool.name).filter((name) => isValidToolName(name, rule)), own.searchName, own.callToolName],
    rule,
    // A top-level custom tool keeps its name; a function of the same name elsewhere (in a namespace) gives way, as
    // flattening or deferral would put the two side by side.
    { reserved: customs.filter((tool) => tool.group === undefined && planned.has(tool.name)).map((tool) => tool.name) },
  );
  // A body may hold original names (the caller's) or wire names (an earlier transform's output); both resolve.
  const originalOf = (name: string): string => (planned.has(name) ? name : names.fromWire(name));
  // Every planned function's wire name is taken, sent or not: a deferred one the client list leaves out is still named
  // in the note and called by that name, and the next pass would see a custom tool of that name beside it.
  const flatNames =
    applied.mechanism === 'client'
      ? resolveFlatCustomNames(request.tools, () =>
          [...planned.keys(), ...(own.search ? [own.searchName] : []), ...(own.callTool ? [own.callToolName] : [])].map((name) => names.toWire(name)),
        )
      : undefined;
  const bodyHolds = (name: string): boolean => request.tools.some((other) => other.kind === 'function' && other.definition.name === name);
  const tools = request.tools.map((tool): RequestTool => toRequestTool(tool, planned, originalOf, bodyHolds, flatNames?.get(tool.index)));
  resolvePlanMatch({
    plan: applied,
    planned,
    body: tools,
    wording: GROUPING_MATCH_WORDING,
    reader: api.reader ?? '',
    isTransformed: () => tools.some((tool) => tool.kind === 'own'),
  });
  const decisions = new Map<string, ReturnType<typeof resolveGroupedTools>>();
  return { applied, planned, own, names, originalOf, flatNames, requestTools: tools, decisions };
}

/**
 * The name each custom tool is sent under once the client mechanism flattens groups, by its index: a top-level one
 * keeps its own name (functions and the package's own tools give way to it); a grouped one keeps its own unless a
 * function (sent or deferred), the package's own tools or an earlier custom tool has it, and then takes
 * `group.name` (custom tool names are free text).
 */
function resolveFlatCustomNames(tools: readonly NeutralTool[], functionNames: () => readonly string[]): Map<number, string> {
  const result = new Map<number, string>();
  const customs = tools.filter((tool): tool is Extract<NeutralTool, { kind: 'other' }> => tool.kind === 'other' && tool.custom === true);
  // Most bodies hold no custom tool: then the function names are not even collected.
  if (customs.length === 0) return result;
  const taken = new Set(functionNames());
  // Top-level custom tools first: their names are the caller's own, and nothing outranks them.
  const order = [...customs].sort((left, right) => Number(left.group !== undefined) - Number(right.group !== undefined) || left.index - right.index);
  for (const tool of order) {
    const own = tool.name ?? '';
    if (tool.group === undefined) {
      taken.add(own);
      result.set(tool.index, own);
      continue;
    }
    let name = taken.has(own) ? `${tool.group}.${own}` : own;
    for (let attempt = 2; taken.has(name); attempt += 1) name = `${tool.group}.${own}_${attempt}`;
    taken.add(name);
    result.set(tool.index, name);
  }
  return result;
}
