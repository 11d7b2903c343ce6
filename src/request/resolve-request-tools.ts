import type { ToolCatalog } from '../catalog/tool-catalog.js';
import { isStubInputSchema } from '../tools/is-stub-input-schema.js';
import { resolveHistoryReveals } from '../client/tool-search-result.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { createToolNameMapping, isValidToolName, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { assertNever } from '../errors/assert-never.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import { resolvePlanForModel } from '../plan/resolve-plan-for-model.js';
import { resolvePlanForWireAPI } from '../plan/resolve-plan-for-wire-api.js';
import type { PlannedTool, ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolListWithinLimit } from './create-tool-list-within-limit.js';
import type { NeutralRequest, NeutralTool } from './neutral-request.js';
import { isOwnToolStandIn } from './is-own-tool-stand-in.js';
import { resolveGroupedTools } from './resolve-grouped-tools.js';
import { resolvePlanMatch, type PlanMatchWording } from './resolve-plan-match.js';
import { resolvePlanWithUnmanagedNames } from './resolve-plan-with-unmanaged-names.js';
import type { RequestBodyTool, RequestTool } from './request-tool.js';
import type { RequestTools, RequestToolsWarningCode } from './request-tools.js';
import { resolveCalledThroughCallTool } from './resolve-called-through-call-tool.js';
import { resolveForcedTools } from './resolve-forced-tools.js';
import { resolveRequestToolList } from './resolve-request-tool-list.js';
import type { WireCapabilities } from './wire-codec.js';

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
  /** Every tool the session may have used, for a tool the body lacks (a plan tool, or one the history names). */
  readonly catalog?: ToolCatalog;
  /**
   * Where the decision keeps, for this plan and the body's tools, what depends on nothing else (a session's, for
   * bodies sent with the agent's tools read once): a request then costs what it sends, not the catalog's size.
   */
  readonly memo?: RequestMemo;
}

/** What one plan's decisions keep between requests (owned by the session that made the plan). */
export interface RequestMemo {
  client?: ClientMemo;
}

/**
 * The one decision of a request: which tools it carries in which form, the package's own tools, the note, the name
 * mapping and what the history holds, for the mechanism the plan applies on the body's API and model:
 * - the plan the API and the model can carry: a hosted plan on an API without that hosted search, or for a model known
 *   to lack it, defers the same tools client-side, with a warning (`resolvePlanForWireAPI`, `resolvePlanForModel`);
 * - one name mapping over every name the body sends, to the API's rule;
 * - on an API without hosted search, the client tool list within the API's limit ({@link resolveClientAPIRequest});
 *   on one whose hosted search loads deferred tools one by one, the decision of `resolveRequestToolList`
 *   ({@link resolveDeferLoadingAPIRequest});
 * - the guidance note, constant for a plan, for the codec to place once in the API's system slot.
 *
 * Pure. Throws `plan-mismatch` naming the tools when the plan was made for other tools, and what the API's branch throws.
 * Not part of the public API.
 */
export function resolveRequestTools(input: ResolveRequestToolsInput): RequestTools {
  const { api } = input;
  const planWarnings: ToolSearchWarning<RequestToolsWarningCode>[] = [];
  const forAPI = resolvePlanForWireAPI(input.plan, api.api);
  if (forAPI.fallback !== null)
    planWarnings.push({ code: (api.planForAPICode ?? 'hosted-mechanism-unsupported') as RequestToolsWarningCode, message: forAPI.fallback });
  const forModel = resolvePlanForModel(forAPI.plan);
  if (forModel.fallback !== null) planWarnings.push({ code: 'mechanism-not-for-model', message: forModel.fallback });
  if (forModel.revealFallback !== null) planWarnings.push({ code: 'reveal-not-for-model', message: forModel.revealFallback });
  // The plan's fallbacks come first; a codec may say more about the plan (`RequestTools.planWarnings`) before the decision's.
  const warnings: ToolSearchWarning<RequestToolsWarningCode>[] = [];
  const plan = forModel.plan;
  switch (api.hostedSearch) {
    case undefined:
      return { ...resolveClientAPIRequest(plan, input, warnings), planWarnings };
    case 'claude-hosted':
      return { ...resolveDeferLoadingAPIRequest(plan, input, warnings), planWarnings };
    case 'openai-hosted':
      return { ...resolveGroupingAPIRequest(plan, input, warnings), planWarnings };
    default:
      throw new ToolSearchError('invalid-options', `no request decision for hosted search \`${String(api.hostedSearch)}\``);
  }
}

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
function resolveClientAPIRequest(
  plan: ToolSearchPlan,
  input: ResolveRequestToolsInput,
  warnings: ToolSearchWarning<RequestToolsWarningCode>[],
): Omit<RequestTools, 'planWarnings'> {
  const { request, api } = input;
  const memo = clientMemoOf(plan, input);
  const { planSet, own, functions } = memo;
  // A history that names only the request's tools, or names the API takes as they are, maps nothing apart.
  const names = request.history.names.every((name) => memo.primary.has(name) || isValidToolName(name, api.rule))
    ? memo.names
    : createToolNameMapping(memo.primaryNames, api.rule, { secondary: request.history.names });
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
  // Without reveals in the tool list and nothing forced, the list is the plan's alone: made once per plan and tools.
  let fitted: ReturnType<typeof fitList>;
  if (revealed.length > 0 || forced.length > 0) fitted = fitList();
  else {
    memo.fitted ??= fitList();
    fitted = memo.fitted;
  }
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
}

/**
 * What the client decision reads of a plan and the body's tools alone: kept in the session's memo for the plan when the
 * body's tools are the agent's (read once), made anew otherwise.
 */
function clientMemoOf(plan: ToolSearchPlan, input: ResolveRequestToolsInput): ClientMemo {
  const { request, api } = input;
  const kept = input.memo?.client;
  if (kept !== undefined && kept.tools === request.tools) return kept;
  const { names: planNames, byName: planSet } = parsePlannedTools(plan.tools);
  const own = resolveOwnToolsSent(plan, planSet);
  const primaryNames = [...planNames, own.searchName, own.callToolName, ...request.otherNames];
  let others = 0;
  for (const tool of request.tools) {
    if (tool.kind !== 'other') continue;
    others += 1;
    if (tool.name !== undefined) primaryNames.push(tool.name);
  }
  const names = createToolNameMapping(primaryNames, api.rule);
  // A body in wire names (an earlier transform's output) is read under the plan's names; others are used as they are.
  const functions = new Map<string, { readonly index: number; readonly definition: ToolDefinition }>();
  for (const tool of request.tools) if (tool.kind === 'function') functions.set(resolvePlanName(tool.definition.name, planSet, names), tool);
  const definitions: ToolDefinition[] = [];
  for (const [name, { definition }] of functions) definitions.push(name === definition.name ? definition : { ...definition, name });
  const memo: ClientMemo = { tools: request.tools, planSet, own, primaryNames, primary: new Set(primaryNames), names, functions, definitions, others };
  if (input.memo !== undefined) input.memo.client = memo;
  return memo;
}

/** What the client decision reads of a plan and the body's tools alone, whatever else the request holds. */
interface ClientMemo {
  readonly tools: readonly NeutralTool[];
  readonly planSet: ReadonlyMap<string, PlannedTool>;
  readonly own: ReturnType<typeof resolveOwnToolsSent>;
  /** Every name the body sends, for the name mapping: the plan's, the package's own tools', the body's other tools'. */
  readonly primaryNames: readonly string[];
  readonly primary: ReadonlySet<string>;
  readonly names: ToolNameMapping;
  /** The body's functions by the plan's name, with their place in the body. */
  readonly functions: ReadonlyMap<string, { readonly index: number; readonly definition: ToolDefinition }>;
  readonly definitions: readonly ToolDefinition[];
  readonly others: number;
  /** The tool list without reveals in it and nothing forced, once made. */
  fitted?: ReturnType<typeof createToolListWithinLimit>;
}

/**
 * An API whose hosted search loads deferred tools one by one (Anthropic Messages: `defer_loading` on each tool):
 * the name mapping over the plan's, the catalog's and the body's other names (the hosted search tools' names
 * reserved), the body's tools by the plan's name (a stub an earlier pass sent is read with the catalog's schema), the
 * forced tools, the history's calls of tools reached through `call_tool` and the reveals its results hold, then
 * `resolveRequestToolList`'s decision.
 */
function resolveDeferLoadingAPIRequest(
  plan: ToolSearchPlan,
  input: ResolveRequestToolsInput,
  warnings: ToolSearchWarning<RequestToolsWarningCode>[],
): Omit<RequestTools, 'planWarnings'> {
  const { request, api } = input;
  const catalog = input.catalog;
  const own = resolveOwnToolsSent(plan);
  const otherNames: string[] = [];
  for (const tool of request.tools) if (tool.kind === 'other' && tool.name !== undefined) otherNames.push(tool.name);
  const names = createToolNameMapping(
    // Names this decision may add are in the set too, so no renamed tool can take them.
    [...plan.tools.map((tool) => tool.name), ...(catalog?.names ?? []), ...otherNames, own.searchName, own.callToolName],
    api.rule,
    { reserved: request.reservedNames ?? [] },
  );
  const { bodyTools, ownInBody } = readDeferLoadingBodyTools(input, names);
  const forced = resolveForcedTools(
    plan,
    request.forced.map((name) => names.fromWire(name)),
  );
  const throughCallTool = resolveCalledThroughCallTool(plan, forced.forced, names);
  const callToolName = names.toWire(own.callToolName);
  // A call the request sends through `call_tool` is that call, in the history as on the wire.
  const sentName = (name: string): string => {
    const wire = names.toWire(name);
    return throughCallTool?.has(wire) === true ? callToolName : wire;
  };
  const history = request.history;
  const references = (history.references ?? []).map((reference) => ({
    ...reference,
    name: reference.kind === 'tool_use' ? sentName(reference.name) : names.toWire(reference.name),
  }));
  const outputs = history.outputs.map((output) => ({ name: sentName(output.name), output: output.output }));
  const historyReveals = [...resolveHistoryReveals(outputs, names, own), ...(history.revealed ?? [])].map((name) => names.fromWire(name));
  const { added, defined } = resolveHistoryChanges(history.changes ?? [], names);
  const callerDeferred = request.tools.flatMap((tool) =>
    tool.kind === 'other' && tool.deferred ? [{ label: tool.label ?? tool.name ?? '', partly: tool.partly === true }] : [],
  );
  const decision = resolveRequestToolList({
    plan,
    names,
    bodyTools,
    catalog: catalog?.byName ?? NO_DEFINITIONS,
    forced,
    revealed: [...input.revealed.map((name) => names.fromWire(name)), ...historyReveals],
    referenced: new Set(references.map((reference) => names.fromWire(reference.name))),
    // Tools the history defined by value need no entry in `tools`; ones it changes by reference are in `referenced`.
    added: new Set(defined.map((name) => names.fromWire(name))),
    calls: references.filter((reference) => reference.kind === 'tool_use').map((reference) => reference.name),
    ownInBody,
    otherNames: new Set(otherNames),
    callerDeferred,
    hostedSearchInBody: request.tools.some((tool) => tool.kind === 'hosted-search'),
    hostedSearchInHistory: history.searchTool !== undefined,
    reader: api.reader ?? '',
  });
  warnings.push(...decision.warnings);
  // What the history holds schemas of: the package's results (text), tools the API loaded from references, tools added.
  const loadedByReference = references.filter((reference) => reference.kind === 'tool_reference').map((reference) => names.fromWire(reference.name));
  const addedNames = added.map((name) => names.fromWire(name));
  return {
    plan,
    entries: decision.entries,
    guidance: decision.guidance,
    names,
    toWire: (name) => names.toWire(name),
    bodyIndexOf: (name) => bodyTools.get(name)?.index,
    definitionOf: (name) => bodyTools.get(name)?.definition,
    loaded: [...new Set([...historyReveals, ...loadedByReference, ...addedNames])],
    ...(addedNames.length === 0 ? {} : { added: addedNames }),
    leading: decision.leading,
    trailing: decision.trailing,
    hostedSearch: decision.hostedSearch,
    callerDeferral: decision.callerDeferral,
    ...(throughCallTool === undefined ? {} : { throughCallTool, callToolName }),
    historyDefined: defined,
    warnings,
  };
}

/**
 * The body's function tools by the plan's name, with their body index and deferral (a stub an earlier pass sent is
 * read with the catalog's schema), and the names of the package's own tools the body holds. Throws `invalid-request`
 * for a name defined twice.
 */
function readDeferLoadingBodyTools(
  input: ResolveRequestToolsInput,
  names: ToolNameMapping,
): { readonly bodyTools: Map<string, RequestBodyTool & { readonly index: number }>; readonly ownInBody: string[] } {
  const { request, api, catalog } = input;
  const bodyTools = new Map<string, RequestBodyTool & { readonly index: number }>();
  const ownInBody: string[] = [];
  for (const tool of request.tools) {
    if (tool.kind === 'own' && tool.name !== undefined) ownInBody.push(tool.name);
    if (tool.kind !== 'function') continue;
    const { definition, deferred, index } = tool;
    const name = names.fromWire(definition.name);
    if (bodyTools.has(name)) {
      throw new ToolSearchError('invalid-request', `tool \`${name}\` is defined twice in \`tools\`; ${api.label} requires unique tool names`);
    }
    // A stub an earlier pass sent holds no schema: the catalog has the real one.
    const full = isStubInputSchema(definition.inputSchema) ? catalog?.byName.get(name) : undefined;
    bodyTools.set(name, { index, deferred, definition: full ?? (name === definition.name ? definition : { ...definition, name }) });
  }
  return { bodyTools, ownInBody };
}

/**
 * An API whose hosted search loads deferred tools by group (OpenAI Responses: namespaces, `defer_loading`): the plan as
 * the body applies it (a top-level custom tool named like the package's own tools keeps its name, and the plan lists
 * it in `unmanagedToolNames`), the name mapping to the mechanism's rule (a custom tool keeps its name), the body's tools
 * read under the plan's names (`resolvePlanMatch`), the reveals the history holds, then `resolveGroupedTools`'s forms.
 */
function resolveGroupingAPIRequest(
  plan: ToolSearchPlan,
  input: ResolveRequestToolsInput,
  warnings: ToolSearchWarning<RequestToolsWarningCode>[],
): Omit<RequestTools, 'planWarnings'> {
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
  // Read once: the client list reveals these, and the result reports them as loaded.
  const historyReveals = resolveHistoryReveals(request.history.outputs, names, own);
  const decided = resolveGroupedTools({
    plan: applied,
    planned,
    tools,
    forced: resolveForcedTools(applied, request.forced.map(originalOf)),
    revealed: [...input.revealed, ...historyReveals].map(originalOf),
    names,
    byPrefix: request.groupByPrefix === true,
    isDeferredAloneRejected: (name) => api.isDeferredAloneRejected?.(names.toWire(name)) === true,
    ...(api.recommendedGroupSize === undefined ? {} : { recommendedGroupSize: api.recommendedGroupSize }),
  });
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
}

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

/**
 * What the history's tool changes leave added, in order (additions minus removals; a name removed and added again
 * moves to the end), and what changes by value defined, in wire names (a provider tool's name is its own).
 */
function resolveHistoryChanges(changes: NonNullable<NeutralRequest['history']['changes']>, names: ToolNameMapping): { added: string[]; defined: string[] } {
  const added = new Set<string>();
  const defined = new Set<string>();
  for (const change of changes) {
    const name = change.custom ? names.toWire(change.name) : change.name;
    if (change.change === 'removal') added.delete(name);
    else added.add(name);
    if (change.form === 'value') defined.add(name);
  }
  return { added: [...added], defined: [...defined] };
}

/** A name as the body writes it, as the plan names it: a wire name of a planned tool is read back, any other name kept. */
function resolvePlanName(name: string, planSet: ReadonlyMap<string, unknown>, names: ToolNameMapping): string {
  return planSet.has(name) || !planSet.has(names.fromWire(name)) ? name : names.fromWire(name);
}

const NO_DEFINITIONS: ReadonlyMap<string, ToolDefinition> = new Map();

/** What a request without hosted search carries besides its entries. */
const NO_HOSTED_PARTS = { leading: 0, trailing: 0, hostedSearch: false, callerDeferral: 'kept' } as const;
