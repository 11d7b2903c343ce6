import { resolveHistoryReveals } from '../../client/tool-search-result.js';
import { createCheckedToolNameMapping, isValidToolName, type ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { assertNever } from '../../errors/assert-never.js';
import { parsePlannedTools } from '../../plan/parse-planned-tools.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import type { PlannedTool, ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { NeutralTool } from '../../request/neutral-request.js';
import { resolvePlanMatch, type PlanMatchWording } from '../../request/resolve-plan-match.js';
import type { GroupedToolsWarningCode, RequestBodyTool } from '../../request/request-tools.js';
import type { ToolList } from '../../request/request-tool-entry.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { resolveForcedTools, type ForcedTools } from '../../request/resolve-forced-tools.js';
import { NO_HOSTED_PARTS, keepRead, recall, type RequestDecision, type ResolveRequestToolsInput } from '../../request/request-decision.js';
import { createToolList } from '../../request/resolve-tool-list.js';
import { createToolSearchGuidance } from '../../client/tool-search-guidance.js';
import { isDeferredLeftOut } from '../../plan/is-deferred-left-out.js';
import {
  OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE,
  OPENAI_RESPONSES_RECOMMENDED_NAMESPACE_SIZE,
  isOpenAIResponsesReservedNamespace,
} from './openai-responses-api.js';
import { quoteNames } from '../../text/quote-names.js';

/**
 * An API whose hosted search loads deferred tools by group (OpenAI Responses: namespaces, `defer_loading`): the plan as
 * the body applies it (a top-level custom tool named like the package's own tools keeps its name, and the plan lists
 * it in `unmanagedToolNames`), the name mapping to the mechanism's rule (a custom tool keeps its name), the body's tools
 * read under the plan's names (`resolvePlanMatch`), the reveals the history holds, then the decision's forms (`resolveGroupedTools`).
 */
export const resolveGroupingAPIRequest: RequestDecision = (plan, input, warnings) => {
  const { request } = input;
  const read = keepRead(input, 'grouping', () => readGroupingTools(plan, input));
  const { plan: applied, own, names, originalOf, flatNames, tools, decisions } = read;
  // Read once: the client list reveals these, and the result reports them as loaded.
  const historyReveals = resolveHistoryReveals(request.history.outputs, names, own);
  const forced = resolveForcedTools(applied, request.forced.map(originalOf));
  const revealed = [...input.revealed, ...historyReveals].map(originalOf);
  const byPrefix = request.groupByPrefix === true;
  // What varies between a session's requests (reveals, forced names, the grouping option); the rest is the memo's.
  const key = JSON.stringify([forced, revealed, byPrefix]);
  // Kept whole with the body's tools it was decided for, so the writer's memo finds the same object next time.
  const decided = recall(decisions, key, (): GroupedRequest => {
    const forms = resolveGroupedTools(read, forced, revealed, byPrefix);
    return flatNames === undefined ? { ...forms, tools } : { ...forms, tools, flatNames };
  });
  warnings.push(...decided.warnings);
  // The codec's references are the tools the history's tool search outputs and additions loaded.
  const references = (request.history.references ?? []).map((reference) => reference.name);
  const loaded = [...new Set([...historyReveals, ...references].map(originalOf))];
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
    grouped: decided,
    warnings,
  };
};

/** What the grouping decision hands its writer (`RequestTools.grouped`): the forms, and the body's tools as it read them. */
export type GroupedRequest = GroupedTools & { readonly tools: readonly RequestTool[]; readonly flatNames?: ReadonlyMap<number, string> };

/** A {@link RequestTool} the plan must manage: a function tool of the body, by the plan's name. */
export interface PlannedRequestTool extends RequestBodyTool {
  readonly kind: 'planned';
  readonly name: string;
  readonly path: string;
  readonly group?: string;
}

/**
 * One tool of a request body in neutral form, in body order: what the core needs to decide how it is sent. A
 * transformer reads its body's tools into these once per request.
 *
 * - `planned` ({@link PlannedRequestTool}): a function tool, which the plan must manage, by the plan's name
 *   (`definition` is the body's, possibly under the name an earlier transform sent it by; `deferred` as the body
 *   sends it); `group` is the body group holding it (a Responses namespace).
 * - `unmanaged`: a tool the plan does not manage (a custom tool, a provider tool such as web search or an MCP server),
 *   sent as the caller wrote it; `name` names it in warnings, `deferred` says the caller deferred it itself, and
 *   `deferredAloneRejected` that the API rejects it deferred outside a group (its calls would use a reserved name).
 * - `search`: the body's own provider tool search tool; `clientExecuted` when the caller serves it.
 * - `own`: one of this package's own tools, left in the body by an earlier transform (one that stands for a planned
 *   caller tool of its name is read as that tool, `planned`).
 *
 * `path` is where the tool sits in the body (`tools[2].tools[0]`), for messages.
 */
export type RequestTool =
  | PlannedRequestTool
  | {
      readonly kind: 'unmanaged';
      readonly name: string;
      readonly path: string;
      readonly deferred: boolean;
      readonly deferredAloneRejected: boolean;
      readonly group?: string;
    }
  | { readonly kind: 'search'; readonly clientExecuted: boolean }
  | { readonly kind: 'own' };

/**
 * How one {@link RequestTool} is sent (the forms of every API are listed together on `RequestToolEntry`).
 *
 * - `loaded`: a planned tool with its full schema.
 * - `defer-loading`: a planned tool with its full schema and the provider's defer flag (hosted search loads it; the
 *   status of the same name in `RequestToolEntry`, never `ToolListEntry`'s `deferred`, which is a stub).
 * - `omitted`: a planned tool left out of the request (the library's search loads it, and the listing does not show it),
 *   or, under the client-side mechanism, one the client tool list sends in its own place (a stub, a revealed tool).
 * - `as-is`: an unmanaged tool, exactly as the caller wrote it.
 * - `undeferred`: an unmanaged tool without its defer flag (nothing sent could load it).
 * - `dropped`: not sent (a search tool other than the one chosen, the package's own tool left by an earlier pass).
 *
 * `group` is the group it is sent in (a label: a category, a body group or a shared name prefix), if any.
 */
export interface RequestToolForm {
  readonly form: 'loaded' | 'defer-loading' | 'omitted' | 'as-is' | 'undeferred' | 'dropped';
  readonly group?: string;
}

/** What a request to an API with OpenAI's hosted tool search carries, entry by entry, in neutral form. */
export interface GroupedTools {
  /** How each of the body's tools is sent, by its index. */
  readonly forms: readonly RequestToolForm[];
  /** The deferred planned tools the request leaves out, whether or not the body still holds them. */
  readonly omitted: ReadonlySet<string>;
  /** The group label of each grouped planned tool, by name. */
  readonly groups: ReadonlyMap<string, string>;
  /** The groups holding more tools than OpenAI recommends, one of them deferred. */
  readonly oversized: ReadonlySet<string>;
  /** The tool search tool sent last, if any. */
  readonly search: SearchToolSource | undefined;
  /** Deferred tools are sent with compacted descriptions (the library's search, `compact` listing). */
  readonly compact: boolean;
  /** Client mechanism: the client tool list (the loaded tools are also `loaded` forms, the others take their place). */
  readonly list?: ToolList;
  /** The guidance note for the instructions, or `null`. */
  readonly guidance: string | null;
  readonly warnings: ToolSearchWarning<GroupedToolsWarningCode>[];
}

/** The tool search tool a request sends: the body's own (by its index in the tools), the library's, OpenAI's hosted one. */
export type SearchToolSource = { readonly source: 'body'; readonly index: number } | { readonly source: 'library' } | { readonly source: 'hosted' };

/** How the grouping decision's `plan-mismatch` names the body's tools. */
const GROUPING_MATCH_WORDING: Readonly<PlanMatchWording> = {
  lead: 'The plan was made for different tools than the request body holds',
  lacks: "which the body's tools lack",
  has: 'the body',
  again: (reader) => `from \`${reader}\``,
};

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
  // A top-level custom tool named like one of the package's own keeps its name: the top-level custom tools join the
  // plan's `unmanagedToolNames`, so the package's own tools take the first free names (`resolveOwnToolsSent`), and the
  // transformer and the session read the same plan (the result's `plan`). The plan itself when nothing changes.
  const unmanaged = customs.filter((tool) => tool.group === undefined).map((tool) => tool.name);
  const known = plan.unmanagedToolNames ?? [];
  const taken = unmanaged.length > 0 && resolveOwnToolsSent(plan);
  const added =
    taken && (unmanaged.includes(taken.searchName) || unmanaged.includes(taken.callToolName)) ? unmanaged.filter((name) => !known.includes(name)) : [];
  const applied = added.length === 0 ? plan : { ...plan, unmanagedToolNames: [...known, ...added] };
  // Custom tools keep their names (the function-name pattern does not bind them); a valid one is only kept from being
  // given to a function. Under hosted search every function name fits a call's namespace (64 characters).
  const rule = applied.mechanism === 'openai-hosted' ? OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE : api.rule;
  const own = resolveOwnToolsSent(applied, planned);
  const names = createCheckedToolNameMapping(
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
  // Each tool of the body in the grouping decision's terms.
  const tools = request.tools.map((tool): RequestTool => {
    const path = 'path' in tool ? (tool.path ?? '') : '';
    switch (tool.kind) {
      case 'function': {
        const { definition, deferred, group } = tool;
        return { kind: 'planned', name: originalOf(definition.name), path, definition, deferred, ...(group === undefined ? {} : { group }) };
      }
      case 'other': {
        const { deferred, group } = tool;
        // A deferred top-level custom tool is called in a namespace of its own name, which cannot be a reserved one.
        const deferredAloneRejected = tool.deferredAloneRejected === true;
        const name = flatNames?.get(tool.index) ?? tool.name ?? '';
        return { kind: 'unmanaged', name, path, deferred, deferredAloneRejected, ...(group === undefined ? {} : { group }) };
      }
      case 'hosted-search':
        return { kind: 'search', clientExecuted: tool.clientExecuted === true };
      case 'own': {
        const definition = tool.definition;
        // One of the package's own tools stands for the caller's tool of its name the plan manages (an earlier pass sent it
        // in its place), unless the body still holds that tool itself; any other is dropped or written again.
        return definition !== undefined && planned.has(definition.name) && !bodyHolds(definition.name)
          ? { kind: 'planned', name: definition.name, path, definition, deferred: false }
          : { kind: 'own' };
      }
      case 'marker':
        return { kind: 'own' };
      default:
        return assertNever(tool, 'neutral tool');
    }
  });
  // The body's functions by the plan's name: one under its original name and its wire name is one tool twice.
  const body = new Map<string, PlannedRequestTool>();
  for (const tool of tools) {
    if (tool.kind !== 'planned') continue;
    const first = planned.has(tool.name) ? body.get(tool.name) : undefined;
    if (first !== undefined) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${first.path}\` and \`${tool.path}\` are the same tool \`${tool.name}\` (once under its original name, once under its wire name)`,
      );
    }
    body.set(tool.name, tool);
  }
  resolvePlanMatch({
    plan: applied,
    planned,
    body,
    wording: GROUPING_MATCH_WORDING,
    reader: api.reader ?? '',
    isTransformed: () => tools.some((tool) => tool.kind === 'own'),
  });
  const decisions = new Map<string, GroupedRequest>();
  return { plan: applied, planned, own, names, originalOf, flatNames, tools, decisions };
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

/** What the grouping decision reads of a plan and the body's tools alone (the session's memo). */
type GroupingRead = ReturnType<typeof readGroupingTools>;

/** Where the grouping decision's helpers put their warnings, in order. */
type Warnings = ToolSearchWarning<GroupedToolsWarningCode>[];

const NOTHING: ReadonlySet<string> = new Set();
const NO_GROUPS: ReadonlyMap<string, string> = new Map();

/**
 * The one decision for a request to OpenAI's Responses API: which of the body's tools are sent loaded, deferred (with
 * `defer_loading`), left out or as the caller wrote them, in which group, with which tool search tool and note.
 *
 * **Hosted (`openai-hosted`)**: the plan's deferred tools are deferred, the others loaded. A tool `tool_choice` names
 * is loaded and ungrouped (`tool_choice` has no namespace). With the library's search (`search: 'library'`) a listing
 * that does not show deferred tools (`names`, `none`) leaves them out: the caller's `tool_search_output` loads them.
 * A tool deferred alone under a reserved name is loaded instead. Tools the caller deferred itself keep their flag when
 * OpenAI's hosted search is sent, and lose it when the library's search is (one tool search tool per request, and
 * the library's loads only the plan's tools). The search tool: the library's (or the body's client-executed one) when
 * the plan defers a tool, else the hosted one (the body's own first) when anything is deferred.
 *
 * **None (`none`)**: everything loaded, groups as the body has them, the caller's deferrals removed.
 *
 * **Client (`client`)**: the client tool list (`createToolList`), with forced deferred tools revealed; the caller's
 * deferrals removed; a client-executed tool search of the body kept only when nothing is deferred
 * (`resolveGroupedTools`).
 */

/**
 * `tool_choice` names a function by its bare name (it has no `namespace`), and cannot name one that is not loaded: a
 * function it names is sent loaded, at the top level, for as long as the choice names it. Takes the forced tools out of
 * `deferred`, with a warning naming those that were deferred or grouped.
 */
function keepForcedToolsLoaded(read: GroupingRead, forced: ForcedTools, deferred: Set<string>, hosted: boolean, warnings: Warnings): void {
  const { planned, tools, names } = read;
  const moved = forced.forced.filter(
    (name) =>
      deferred.delete(name) ||
      (hosted && resolveCategoryLabel(planned.get(name)) !== undefined) ||
      tools.some((tool) => tool.kind === 'planned' && tool.group !== undefined && tool.name === name),
  );
  if (moved.length > 0) {
    warnings.push({
      code: 'forced-tool-kept-loaded',
      message: `\`tool_choice\` names ${quoteNames(moved.map((name) => names.toWire(name)))}, which ${moved.length === 1 ? 'was' : 'were'} deferred or in a namespace; a function \`tool_choice\` names must be loaded and callable without a namespace, so ${moved.length === 1 ? 'it is' : 'they are'} sent with full schemas at the top level`,
    });
  }
}

/**
 * A deferred ungrouped function is called in a namespace of its own name, so a reserved name cannot be deferred: takes
 * such names out of `deferred`, with a warning.
 */
function keepReservedNamesLoaded(names: ToolNameMapping, deferred: Set<string>, groups: ReadonlyMap<string, string>, warnings: Warnings): void {
  const reserved = [...deferred].filter((name) => !groups.has(name) && isOpenAIResponsesReservedNamespace(names.toWire(name)));
  if (reserved.length > 0) {
    for (const name of reserved) deferred.delete(name);
    warnings.push({
      code: 'reserved-name-kept-loaded',
      message: `${quoteNames(reserved.map((name) => names.toWire(name)))} ${reserved.length === 1 ? 'is' : 'are'} named like a reserved namespace, and the API rejects a deferred top-level function of that name; sent with full schemas instead. Give ${reserved.length === 1 ? 'it' : 'them'} a category or another name to defer ${reserved.length === 1 ? 'it' : 'them'}`,
    });
  }
}

function resolveGroupedTools(read: GroupingRead, forcedTools: ForcedTools, revealed: readonly string[], byPrefix: boolean): GroupedTools {
  const { plan, planned, tools, names } = read;
  const hosted = plan.mechanism === 'openai-hosted';
  const warnings: Warnings = [];
  const library = hosted && plan.search === 'library';
  const listed = plan.listing === 'full' || plan.listing === 'compact';
  const deferred = new Set<string>();
  let list: ToolList | undefined;
  // Client: the loaded tools keep their body place; the list's other entries follow them (few are loaded when tools are deferred).
  let loaded: ReadonlySet<string> = NOTHING;
  let groups: ReadonlyMap<string, string> = NO_GROUPS;
  let labels: readonly (string | undefined)[] = [];
  let omitted: ReadonlySet<string> = NOTHING;
  if (plan.mechanism === 'client') {
    list = resolveClientList(read, forcedTools, revealed, warnings);
    loaded = new Set(list.tools.filter((entry) => entry.status === 'loaded').map((entry) => entry.name));
  } else {
    // By `forEach`: the plan's index builds no map of its tools for it.
    if (hosted) {
      planned.forEach((tool) => {
        if (tool.status === 'deferred') deferred.add(tool.name);
      });
    }
    keepForcedToolsLoaded(read, forcedTools, deferred, hosted, warnings);
    const forced = new Set(forcedTools.forced);
    // The library's search loads deferred tools through the caller's `tool_search_output`; a listing that does not show
    // them leaves them out, and a tool left out takes no part in grouping, so the request's own output groups the same.
    const leaving = hosted && isDeferredLeftOut(plan);
    ({ groups, labels } = resolveGroupLabels(read, hosted && byPrefix, hosted, (name) => forced.has(name) || (leaving && deferred.has(name))));
    keepReservedNamesLoaded(names, deferred, groups, warnings);
    if (leaving) omitted = deferred;
  }

  // Tools the caller deferred itself (an `mcp` server, a custom tool) need OpenAI's hosted search to be loaded: the
  // library's client-executed `tool_search` loads only the plan's tools. When that one is sent, they go without
  // `defer_loading` (loaded up front, never out of reach); when it is not, the hosted search tool is sent for them.
  // Without hosted search (`none`, `client`) they always lose it.
  const librarySearchSent = library && deferred.size > 0;
  const keepCallerDeferral = hosted && !librarySearchSent;
  const undeferred: string[] = [];
  const rejected: string[] = [];
  const bodySearchTools: { index: number; clientExecuted: boolean }[] = [];
  let deferring = false;
  const forms = tools.map((tool, index): RequestToolForm => {
    const group = labels[index];
    switch (tool.kind) {
      case 'planned': {
        // Client: a tool the list does not send loaded is left out (the list sends it in its own place).
        if (list !== undefined) return UNGROUPED[loaded.has(tool.name) ? 'loaded' : 'omitted'];
        if (omitted.has(tool.name)) return createForm('omitted', undefined);
        const isDeferred = deferred.has(tool.name);
        deferring ||= isDeferred;
        return createForm(isDeferred ? 'defer-loading' : 'loaded', group);
      }
      case 'unmanaged': {
        // An ungrouped deferred tool is called in a namespace of its own name, which cannot be a reserved one.
        const rejectedAlone = group === undefined && tool.deferred && tool.deferredAloneRejected;
        if (keepCallerDeferral && !rejectedAlone) {
          deferring ||= tool.deferred;
          return createForm('as-is', group);
        }
        if (keepCallerDeferral) rejected.push(`\`${tool.name}\``);
        else if (tool.deferred) undeferred.push(`\`${tool.name}\` (${tool.path})`);
        return createForm('undeferred', group);
      }
      case 'search':
        bodySearchTools.push({ index, clientExecuted: tool.clientExecuted });
        return UNGROUPED.dropped;
      case 'own':
        // This package's own tools, left by an earlier transform: the client list adds them again in their place.
        return UNGROUPED.dropped;
      default:
        return assertNever(tool, 'request tool');
    }
  });
  reportUndeferred(undeferred, warnings, librarySearchSent ? 'library' : 'no-hosted-search');
  reportRejectedAlone(rejected, warnings);

  const search = resolveSearchTool(bodySearchTools, hosted, library, librarySearchSent, deferring, list, warnings);
  if (search?.source === 'body') forms[search.index] = createForm('as-is', undefined);
  return {
    forms,
    omitted,
    groups,
    oversized: hosted ? resolveOversizedGroups(tools, forms, OPENAI_RESPONSES_RECOMMENDED_NAMESPACE_SIZE) : NOTHING,
    search,
    compact: library && plan.listing === 'compact',
    ...(list === undefined ? {} : { list }),
    guidance: list !== undefined ? list.guidance : library ? createToolSearchGuidance(plan, { names, listed }) : null,
    warnings,
  };
}

/** The client mechanism's tool list (`createToolList`) for the body's planned tools, forced deferred tools revealed (with a warning). */
function resolveClientList(read: GroupingRead, forcedTools: ForcedTools, revealed: readonly string[], warnings: Warnings): ToolList {
  const { plan, tools, names } = read;
  const definitions = tools.flatMap((tool) =>
    tool.kind !== 'planned' ? [] : [tool.name === tool.definition.name ? tool.definition : { ...tool.definition, name: tool.name }],
  );
  const forced = forcedTools.deferred;
  const forcedDeferred = plan.reveal === 'tool-list' ? forced.filter((name) => !revealed.includes(name)) : forced;
  if (forcedDeferred.length > 0) {
    warnings.push({
      code: 'forced-tool-kept-loaded',
      message: `\`tool_choice\` names ${quoteNames(forcedDeferred.map((name) => names.toWire(name)))}, which ${forcedDeferred.length === 1 ? 'is' : 'are'} deferred; ${forcedDeferred.length === 1 ? 'it is' : 'they are'} sent revealed, with full schemas, so the model can call ${forcedDeferred.length === 1 ? 'it' : 'them'} with the right arguments without searching first`,
    });
  }
  return createToolList(plan, definitions, { revealed, forced, names });
}

/**
 * Which tools go together in one group (a namespace), as labels, by name and by body index: a planned tool goes under
 * its category (hosted search), else its body group, else its shared name prefix; an unmanaged tool in a body group
 * goes where the planned tools of that body group went (a body group an earlier transform renamed, `café` sent as
 * `caf_`, still holds the tools of one label), else under the body group's own name. `ungrouped` tools (forced ones,
 * sent at the top level, and those the request leaves out) are in no group. Groups themselves are the wire's.
 */
function resolveGroupLabels(read: GroupingRead, byPrefix: boolean, hosted: boolean, ungrouped: (name: string) => boolean) {
  const { planned, tools } = read;
  const prefixes = byPrefix ? resolveSharedNamePrefixes(planned.keys()) : undefined;
  const groups = new Map<string, string>();
  const bodyGroups = new Map<string, string>();
  const labels: (string | undefined)[] = [];
  for (const tool of tools) {
    let label: string | undefined;
    if (tool.kind === 'planned' && !ungrouped(tool.name)) {
      label = hosted ? (resolveCategoryLabel(planned.get(tool.name)) ?? tool.group ?? prefixes?.get(tool.name)) : tool.group;
      if (label !== undefined) {
        groups.set(tool.name, label);
        if (tool.group !== undefined && !bodyGroups.has(tool.group)) bodyGroups.set(tool.group, label);
      }
    }
    labels.push(label);
  }
  tools.forEach((tool, index) => {
    if (tool.kind === 'unmanaged' && tool.group !== undefined) labels[index] = bodyGroups.get(tool.group) ?? tool.group;
  });
  return { groups, labels };
}

/**
 * Which tool search tool a request with OpenAI's hosted search (or none) sends, last in its tools; one at most, as the
 * API takes one. A client-executed one the caller sent is theirs to serve: kept even with nothing deferred (only the
 * hosted one needs a deferred tool). The library's search is that kind of tool (the body's own first), sent whenever
 * the plan defers a tool, even one the request leaves out; OpenAI's hosted one (the body's own first) when something is
 * deferred, also for the caller's own deferrals when the library's search defers nothing here. Any other tool search
 * tool of the body is dropped, with a warning. Client (`list`): the body's client-executed one, only when nothing is
 * deferred (no `tool_search` function is sent then).
 */
function resolveSearchTool(
  bodySearchTools: readonly { readonly index: number; readonly clientExecuted: boolean }[],
  hosted: boolean,
  library: boolean,
  librarySearchSent: boolean,
  deferring: boolean,
  list: ToolList | undefined,
  warnings: Warnings,
): SearchToolSource | undefined {
  const clientSearch = bodySearchTools.find((tool) => tool.clientExecuted);
  const ownSearch: SearchToolSource | undefined = clientSearch === undefined ? undefined : { source: 'body', index: clientSearch.index };
  const hostedSearch = (): SearchToolSource => {
    const found = bodySearchTools.find((tool) => !tool.clientExecuted) ?? bodySearchTools[0];
    return found === undefined ? { source: 'hosted' } : { source: 'body', index: found.index };
  };
  let search: SearchToolSource | undefined;
  if (librarySearchSent) search = ownSearch ?? { source: 'library' };
  else if (library) {
    // The plan defers nothing here, so the library's search is not sent; tools the caller deferred itself still need one.
    search = ownSearch ?? (deferring ? hostedSearch() : undefined);
    if (ownSearch === undefined && deferring) {
      warnings.push({
        code: 'hosted-search-for-caller-deferral',
        message:
          "the plan uses the library's search but defers none of its tools in this request, and tools the caller deferred itself (`defer_loading: true` on an `mcp` server, a custom tool, …) " +
          'need a tool search tool (the API rejects them without one); OpenAI\'s hosted `{"type":"tool_search"}` was sent, which loads them',
      });
    }
  } else if (list !== undefined) {
    // Client: with nothing deferred no `tool_search` function is sent, and a client-executed tool search the caller serves stays.
    search = list.guidance === null ? ownSearch : undefined;
  } else search = hosted && deferring ? hostedSearch() : ownSearch;
  if (bodySearchTools.length > (search === undefined ? 0 : 1)) {
    const why =
      list !== undefined
        ? "the plan uses the client-side `tool_search` function, not OpenAI's hosted tool search"
        : search !== undefined
          ? 'only one tool search tool is sent'
          : hosted
            ? 'nothing is deferred, and the API rejects `tool_search` without a deferred tool'
            : "the plan does not use OpenAI's hosted tool search";
    warnings.push({ code: 'tool-search-tool-removed', message: `the body's \`{"type":"tool_search"}\` tool was removed: ${why}` });
  }
  return search;
}

/** The groups past the recommended size that hold a deferred tool (a group of loaded tools costs no search). */
function resolveOversizedGroups(tools: readonly RequestTool[], forms: readonly RequestToolForm[], recommended: number): ReadonlySet<string> {
  const sizes = new Map<string, number>();
  const deferring = new Set<string>();
  forms.forEach(({ form, group }, index) => {
    if (group === undefined || form === 'omitted' || form === 'dropped') return;
    sizes.set(group, (sizes.get(group) ?? 0) + 1);
    const tool = tools[index] as RequestTool;
    if (form === 'defer-loading' || (form === 'as-is' && tool.kind === 'unmanaged' && tool.deferred)) deferring.add(group);
  });
  return deferring.size === 0 ? NOTHING : new Set([...deferring].filter((group) => (sizes.get(group) ?? 0) > recommended));
}

/** Warns that the caller's deferred top-level custom tools named like a reserved namespace are sent without `defer_loading`. */
function reportRejectedAlone(rejected: readonly string[], warnings: Warnings): void {
  if (rejected.length === 0) return;
  warnings.push({
    code: 'reserved-name-kept-loaded',
    message: `the custom tool${rejected.length === 1 ? '' : 's'} ${rejected.join(', ')} had \`defer_loading: true\` but ${rejected.length === 1 ? 'is' : 'are'} named like a reserved namespace, and the API rejects a deferred top-level tool of that name (its calls use a namespace of its own name); sent without \`defer_loading\`. Put ${rejected.length === 1 ? 'it' : 'them'} in a namespace or rename ${rejected.length === 1 ? 'it' : 'them'} to defer ${rejected.length === 1 ? 'it' : 'them'}`,
  });
}

function reportUndeferred(undeferred: readonly string[], warnings: Warnings, why: 'no-hosted-search' | 'library'): void {
  if (undeferred.length === 0) return;
  const reason =
    why === 'library'
      ? "but the request sends the library's client-executed `tool_search`, which loads only the plan's tools and leaves no room for OpenAI's hosted one (one tool search tool per request), so nothing could load them"
      : "but the plan does not use OpenAI's hosted tool search, and deferred tools without it are rejected";
  warnings.push({
    code: 'deferral-removed',
    message: `${undeferred.join(', ')} had \`defer_loading: true\`, ${reason}; sent without \`defer_loading\`, loaded up front`,
  });
}

/** A form, shared for the common ungrouped ones (most tools of most requests). */
function createForm(form: RequestToolForm['form'], group: string | undefined): RequestToolForm {
  return group === undefined ? UNGROUPED[form] : { form, group };
}

const FORMS: readonly RequestToolForm['form'][] = ['loaded', 'defer-loading', 'omitted', 'as-is', 'undeferred', 'dropped'];
const UNGROUPED = Object.freeze(Object.fromEntries(FORMS.map((form) => [form, Object.freeze({ form })]))) as Readonly<
  Record<RequestToolForm['form'], RequestToolForm>
>;

/** The group a planned tool's category gives it: none for no category or a blank one. */
function resolveCategoryLabel(tool: PlannedTool | undefined): string | undefined {
  const category = tool?.category;
  return category === undefined || category.trim().length === 0 ? undefined : category;
}

/** Separators of MCP-style qualified names: `github__create_issue`, `github.create_issue`, `github/…`, `github:…`. */
const PREFIX_SEPARATOR = /__|[./:]/;

/**
 * The name prefix of every tool that shares one with at least one other tool: `github__create_issue`,
 * `github.create_issue`, `github/create_issue`, `github:create_issue` → `github`; Claude Code's
 * `mcp__github__create_issue` → `github`. A prefix of one tool would hide its name behind a group for nothing.
 * Pure: the same names give the same map. Not part of the public API.
 */
function resolveSharedNamePrefixes(names: Iterable<string>): Map<string, string> {
  const prefixOf = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const name of names) {
    const rest = name.startsWith('mcp__') ? name.slice('mcp__'.length) : name;
    const match = PREFIX_SEPARATOR.exec(rest);
    if (match === null || match.index === 0 || match.index + match[0].length >= rest.length) continue;
    const prefix = rest.slice(0, match.index);
    prefixOf.set(name, prefix);
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return new Map([...prefixOf].filter(([, prefix]) => (counts.get(prefix) ?? 0) >= 2));
}
