import { isStubInputSchema } from '../tools/is-stub-input-schema.js';
import { resolveHistoryReveals } from '../client/tool-search-result.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { createToolNameMapping, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { NeutralHistory } from './neutral-request.js';
import type { OwnToolNames } from '../tools/resolve-own-tool-names.js';
import type { CallerDeferral, RequestBodyTool, RequestTools } from './request-tools.js';
import { createForcedToolWarning, resolveForcedTools, type ForcedTools } from './resolve-forced-tools.js';
import { keepRead, recall, type RequestDecision, type ResolveRequestToolsInput } from './request-decision.js';
import { createOwnToolEntry, createRequestToolEntry, createToolList } from './resolve-tool-list.js';
import { CALL_TOOL_NAME, STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import { assertNever } from '../errors/assert-never.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import { resolvePlanMatch, type PlanMatchWording } from './resolve-plan-match.js';
import { isDeferredLeftOut } from '../plan/is-deferred-left-out.js';
import { isAddedByReference } from '../plan/is-added-by-reference.js';
import type { RequestToolEntry, RequestToolWarning } from './request-tool-entry.js';
import { createToolSearchGuidance } from '../client/tool-search-guidance.js';
import { resolveModelSupport } from '../models/resolve-model-support.js';
import { quoteNames } from '../text/quote-names.js';

/**
 * An API whose hosted search loads deferred tools one by one (Anthropic Messages: `defer_loading` on each tool):
 * reads the name mapping over the plan's, the catalog's and the body's other names (the hosted search tools' names
 * reserved), the body's tools by the plan's name (a stub an earlier pass sent is read with the catalog's schema), the
 * forced tools, the history's calls of tools reached through `call_tool` and the reveals its results hold, then makes
 * the one decision of the request (`decideToolList`), kept in the memo by what varies between a session's requests.
 */
export const resolveDeferLoadingAPIRequest: RequestDecision = (plan, input, warnings) => {
  const { request, api } = input;
  const memo = keepRead(input, 'deferLoading', () => readDeferLoadingTools(plan, input));
  const { own, names, bodyTools } = memo;
  const forced = resolveForcedTools(plan, request.forced.map(names.fromWire));
  // The tools left out for `call_tool` depend on the plan and the forced names alone (a walk over the plan).
  const forcedKey = forced.forced.join('\u0000');
  const throughCallTool = recall(memo.throughCallTool, forcedKey, () => resolveCalledThroughCallTool(plan, forced.forced, names) ?? NO_NAMES);
  const callToolName = names.toWire(own.callToolName);
  // A call the request sends through `call_tool` is that call, in the history as on the wire.
  const sentName = (name: string): string => {
    const wire = names.toWire(name);
    return throughCallTool.has(wire) ? callToolName : wire;
  };
  const { calls, references, loadedByReference, historyReveals, added, defined } = readHistoryNames(request.history, names, own, sentName);
  const revealed = [...input.revealed.map(names.fromWire), ...historyReveals];
  // A tool the history defined by value is defined by its addition: the request need not define it for the history
  // (one it changes by reference stays referenced).
  const definedByValue = new Set([...defined].map(names.fromWire));
  const referenced = new Set(references.filter((name) => !definedByValue.has(name)));
  const hostedSearchInHistory = request.history.searchTool !== undefined;
  // What varies between a session's requests (reveals, forced and history names); the rest is the memo's.
  const key = JSON.stringify([forced, revealed, [...referenced], calls, hostedSearchInHistory]);
  const decision = recall(memo.decisions, key, () => {
    const catalog = input.catalog?.byName ?? NO_DEFINITIONS;
    const { planned, ownInBody, otherNames, callerDeferred, hostedSearchInBody } = memo;
    const match = { plan, planned, body: bodyTools, catalog, revealed, referenced, forced: forced.forced, wording: MATCH_WORDING, reader: api.reader ?? '' };
    const restored = resolvePlanMatch(match);
    // One literal, not a spread of the memo: a literal that adds keys after a spread gets a new hidden class per call.
    return decideToolList({
      plan,
      planned,
      names,
      own,
      bodyTools,
      ownInBody,
      otherNames,
      callerDeferred,
      hostedSearchInBody,
      catalog,
      forced,
      revealed,
      referenced,
      calls,
      hostedSearchInHistory,
      restored,
    });
  });
  warnings.push(...decision.warnings);
  // What the history holds schemas of: the package's results (text), tools the API loaded from references, tools added.
  const addedNames = [...added].map(names.fromWire);
  // The decision's fields one by one, not spread: the result keeps one shape whatever the decision left out.
  return {
    plan,
    entries: decision.entries,
    guidance: decision.guidance,
    names,
    toWire: names.toWire,
    bodyIndexOf: (name) => bodyTools.get(name)?.index,
    definitionOf: (name) => bodyTools.get(name)?.definition,
    loaded: [...new Set([...historyReveals, ...loadedByReference, ...addedNames])],
    added: addedNames.length === 0 ? undefined : addedNames,
    leading: decision.leading,
    trailing: decision.trailing,
    hostedSearch: decision.hostedSearch,
    callerDeferral: decision.callerDeferral,
    callName: sentName,
    historyDefined: defined,
    warnings,
  };
};

/**
 * What the hosted defer-loading decision reads of a plan and the body's tools alone (the name mapping, the body's
 * tools by the plan's name): kept in the session's memo for the plan when the body's tools are the agent's (read
 * once), made anew otherwise. Throws `invalid-request` for a tool the body defines twice.
 */
function readDeferLoadingTools(plan: ToolSearchPlan, input: ResolveRequestToolsInput) {
  const { request, api, catalog } = input;
  // The plan's tools by name, indexed once per plan (`resolvePlanForWireAPI` checked this one).
  const planned = parsePlannedTools(plan.tools).byName;
  const own = resolveOwnToolsSent(plan, planned);
  const otherNames: string[] = [];
  /** The body's entries that defer tools of their own, as notes name them; `partly` when only some members defer. */
  const callerDeferred: { readonly label: string; readonly partly: boolean }[] = [];
  let hostedSearchInBody = false;
  for (const tool of request.tools) {
    hostedSearchInBody ||= tool.kind === 'hosted-search';
    if (tool.kind !== 'other') continue;
    if (tool.name !== undefined) otherNames.push(tool.name);
    if (tool.deferred) callerDeferred.push({ label: tool.label ?? tool.name ?? '', partly: tool.partly === true });
  }
  const names = createToolNameMapping(
    // Names this decision may add are in the set too, so no renamed tool can take them.
    [...plan.tools.map((tool) => tool.name), ...(catalog?.names ?? []), ...otherNames, own.searchName, own.callToolName],
    api.rule,
    { reserved: request.reservedNames ?? [] },
  );
  const bodyTools = new Map<string, RequestBodyTool & { readonly index: number }>();
  /** Wire names of the package's own tools the body holds (read back from a body this package transformed). */
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
  return {
    planned,
    own,
    /** Wire names of the body's entries the plan does not manage (provider tools), which define their names too. */
    otherNames: new Set(otherNames) as ReadonlySet<string>,
    names,
    bodyTools,
    ownInBody,
    callerDeferred,
    hostedSearchInBody,
    /** The tools reached through `call_tool`, by the forced names. */
    throughCallTool: new Map<string, ReadonlySet<string>>(),
    /** The last decisions made, by what varies between requests. */
    decisions: new Map<string, RequestToolList>(),
  };
}

/**
 * One walk of what the history names, in wire names (a call sent through `call_tool` under that name, `sentName`): its
 * calls, every tool it references and those a search result loaded (by original name), the tools its results and
 * `revealed` reveal, and what its tool changes leave added, in order (a name removed and added again moves to the end),
 * and what changes by value defined (a provider tool's name is its own).
 */
function readHistoryNames(history: NeutralHistory, names: ToolNameMapping, own: OwnToolNames, sentName: (name: string) => string) {
  const calls: string[] = [];
  const references: string[] = [];
  const loadedByReference: string[] = [];
  for (const reference of history.references ?? []) {
    const wire = reference.kind === 'tool_use' ? sentName(reference.name) : names.toWire(reference.name);
    const name = names.fromWire(wire);
    references.push(name);
    if (reference.kind === 'tool_use') calls.push(wire);
    else if (reference.kind === 'tool_reference') loadedByReference.push(name);
  }
  const outputs = history.outputs.map((output) => ({ name: sentName(output.name), output: output.output }));
  const historyReveals = [...resolveHistoryReveals(outputs, names, own), ...(history.revealed ?? [])].map(names.fromWire);
  const added = new Set<string>();
  const defined = new Set<string>();
  for (const change of history.changes ?? []) {
    const name = change.custom ? names.toWire(change.name) : change.name;
    if (change.change === 'removal') added.delete(name);
    else added.add(name);
    if (change.form === 'value') defined.add(name);
  }
  return { calls, references, loadedByReference, historyReveals, added, defined };
}

const NO_DEFINITIONS: ReadonlyMap<string, ToolDefinition> = new Map();
const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * What a request carries, decided once for every mechanism, in neutral form. The transformer writes `entries` in the
 * wire shape: the first `leading` before every entry of the body, the provider's hosted search tool next when
 * `hostedSearch`, the rest in the body's tool places (`client`: the custom tools' places, extra entries after the last
 * one; otherwise the body's tools in body order, extra entries at the end), the last `trailing` after everything.
 */
export type RequestToolList = Pick<RequestTools, 'entries' | 'leading' | 'trailing' | 'hostedSearch' | 'callerDeferral' | 'guidance'> & {
  readonly warnings: readonly RequestToolWarning[];
};

/**
 * What the steps of {@link decideToolList} read, by original name: the memo's reading of the plan and the body's tools
 * (the plan's tools by name in `planned`, the names the package's own tools go by), what varies between requests, and
 * the plan tools the body lacks that are sent from the catalog (`restored`).
 */
interface ToolListContext
  extends Pick<ReturnType<typeof readDeferLoadingTools>, 'names' | 'own' | 'ownInBody' | 'otherNames' | 'callerDeferred' | 'hostedSearchInBody'> {
  /** A plan for this wire API and model (`client`, `claude-hosted` or `none`; see `resolvePlanForWireAPI`). */
  readonly plan: ToolSearchPlan;
  readonly planned: { has(name: string): boolean };
  /** The body's tools, in body order (the package's own tools left out). */
  readonly bodyTools: ReadonlyMap<string, RequestBodyTool>;
  /** The definitions the request may send for a tool the body lacks, in catalog order. */
  readonly catalog: ReadonlyMap<string, ToolDefinition>;
  /** The plan tools the request's `tool_choice` forces (`resolveForcedTools`). */
  readonly forced: ForcedTools;
  /** Tools this request reveals (the `revealed` option, then the history's). */
  readonly revealed: readonly string[];
  /** Tools the history names (`tool_use`, `tool_reference`) that no native addition by value defines. */
  readonly referenced: ReadonlySet<string>;
  /** The wire names the history's tool calls use, in order. */
  readonly calls: readonly string[];
  /** Whether the history's calls used the provider's hosted search tool. */
  readonly hostedSearchInHistory: boolean;
  readonly restored: ReadonlyMap<string, ToolDefinition>;
}

/**
 * The one decision of a request: which tools it sends in which form (full, stub, deferred with the provider's flag),
 * which of the package's own tools, the guidance note, and what the history needs restored, for the mechanisms a
 * wire API with Anthropic's hosted search carries (the Messages API; `resolvePlanForWireAPI` first):
 *
 * - `client`: the client-side tool list (`resolveToolList`); a forced tool and, where the listing leaves deferred
 *   tools out, every tool the history names but did not add natively are sent in full. Native delivery by
 *   reference (`isAddedByReference`) also sends every other deferred tool `defer-loading`, and no hosted search tool.
 * - `claude-hosted`: {@link resolveHostedToolList}.
 * - `none`: every tool in full, in body order.
 *
 * On every mechanism a plan tool the body lacks is sent from the catalog (`resolvePlanMatch`, which throws
 * `plan-mismatch` when neither has it, before this), the package's own tools the history called are defined again at
 * the end (`resolveHistoryRestore`), and tools the caller deferred itself are taken care of (`resolveCallerDeferral`).
 */
function decideToolList(context: ToolListContext): RequestToolList {
  const { plan, bodyTools, restored } = context;
  const history = resolveHistoryRestore(context);
  const warnings: RequestToolWarning[] = [];
  let entries: readonly RequestToolEntry[];
  let leading = 0;
  let hostedSearch = false;
  let guidance: string | null = null;
  let callerDeferral: CallerDeferral = 'kept';
  switch (plan.mechanism) {
    case 'claude-hosted': {
      const hosted = resolveHostedToolList(context, history.tools);
      ({ entries, leading, hostedSearch, guidance } = hosted);
      warnings.push(...hosted.warnings);
      if (leading === 0) ownSearchRemoved(context.ownInBody, history.ownTools, plan.mechanism, warnings);
      break;
    }
    case 'client':
      ({ entries, guidance } = resolveClientToolList(context, warnings));
      break;
    case 'none':
      ownSearchRemoved(context.ownInBody, history.ownTools, plan.mechanism, warnings);
      entries = [...[...bodyTools.values()].map((tool) => tool.definition), ...restored.values()].map((tool) => createRequestToolEntry(tool, 'loaded'));
      break;
    case 'openai-hosted':
      // resolvePlanForWireAPI turns it into `client` on an API without OpenAI's hosted search.
      throw new ToolSearchError('invalid-options', 'an `openai-hosted` plan reached the request decision');
    default:
      return assertNever(plan.mechanism, 'mechanism');
  }
  if (restored.size > 0 || history.tools.length > 0) warnings.push(restoredWarning(restored, history.tools, plan.mechanism));
  if (plan.mechanism !== 'claude-hosted') {
    const deferral = resolveCallerDeferral({
      plan,
      deferring: context.callerDeferred.map((entry) => entry.label),
      hostedSearchSent: context.hostedSearchInBody,
      hosted: 'claude-hosted',
    });
    callerDeferral = deferral.deferral;
    hostedSearch = deferral.deferral === 'hosted-search-added';
    if (deferral.warning !== undefined) warnings.push(deferral.warning);
  }
  const ownRestored = restoreOwnTools(entries, history.ownTools, context, warnings);
  const trailing = ownRestored.length;
  if (trailing > 0) entries = [...entries, ...ownRestored];
  return { entries, leading, trailing, hostedSearch, callerDeferral, guidance, warnings };
}

/**
 * The client-side tool list of {@link decideToolList}: a forced tool and, where the listing leaves deferred tools
 * out, every tool the history names but did not add natively are sent in full; under native delivery by reference every
 * other deferred tool is declared `defer-loading`.
 */
function resolveClientToolList(
  input: ToolListContext,
  warnings: RequestToolWarning[],
): { readonly entries: readonly RequestToolEntry[]; readonly guidance: string | null } {
  const { plan, bodyTools, forced, names, restored } = input;
  // A deferred tool neither holds is one the `names` listing does not send: its schema is never used.
  const definitions = plan.tools.map(
    (tool) => bodyTools.get(tool.name)?.definition ?? restored.get(tool.name) ?? { name: tool.name, inputSchema: STUB_INPUT_SCHEMA },
  );
  // The API rejects a history reference to a tool the request does not define: a tool the listing leaves out is sent,
  // unless the history added it to the conversation (native delivery), which defines it.
  const mustDefine = isDeferredLeftOut(plan) ? [...input.referenced] : [];
  for (const name of forced.deferred) {
    if (plan.reveal !== 'tool-list' || !input.revealed.includes(name))
      warnings.push(createForcedToolWarning(name, 'revealed, so it is sent with its full schema'));
  }
  const list = createToolList(plan, definitions, { revealed: input.revealed, forced: [...mustDefine, ...forced.deferred], names });
  // Native delivery by reference: the additions name tools `tools` declares, so every deferred tool not sent in
  // full is declared deferred (after the list, in plan order), with no hosted search tool: `tool_search` anchors.
  const entries = isAddedByReference(plan) ? [...list.tools, ...deferLoading(plan, definitions, list.tools)] : list.tools;
  if (input.hostedSearchInBody) {
    warnings.push({
      code: 'hosted-search-tool-kept',
      message:
        "the body has Anthropic's hosted search tool, but the plan uses the client-side `tool_search` (the model or its gateway " +
        'does not support hosted search); the hosted tool was sent as given, and the API may reject it. Remove it from the body.',
    });
  }
  return { entries, guidance: list.guidance };
}

/** How the request decision's `plan-mismatch` names the body's tools. */
const MATCH_WORDING: Readonly<PlanMatchWording> = {
  lead: 'The plan was made for different tools than the request holds',
  lacks: "which the body's `tools` lacks (pass its definition in `catalog` to send it anyway)",
  has: "the body's `tools`",
  again: (reader) => `with ${reader}`,
};

/**
 * The package's own tools the history calls that nothing sent defines, as the package defines them (the API rejects a
 * call of an undefined tool), to send last. A later call of one is answered as before (the session searches, or
 * unwraps `call_tool`).
 */
function restoreOwnTools(
  entries: readonly RequestToolEntry[],
  called: ReadonlyMap<string, 'search' | 'call'>,
  { names, otherNames, plan }: Pick<ToolListContext, 'names' | 'otherNames' | 'plan'>,
  warnings: RequestToolWarning[],
): RequestToolEntry[] {
  const restored: RequestToolEntry[] = [];
  for (const [name, kind] of called) {
    if (otherNames.has(name) || entries.some((entry) => names.toWire(entry.name) === name)) continue;
    restored.push(createOwnToolEntry(kind, name));
  }
  if (restored.length === 0) return restored;
  const list = restored.map((entry) => `\`${entry.name}\``).join(' and ');
  warnings.push({
    code: 'own-tool-restored',
    message:
      `the history calls this package's ${list}, which the plan (mechanism \`${plan.mechanism}\`) does not send; ${restored.length === 1 ? 'it was' : 'they were'} ` +
      'defined again, because the API rejects a `tool_use` of a tool `tools` does not define. Nothing to do on your side.',
  });
  return restored;
}

/** Notes in `warnings` the package's own tools in the body that the plan does not send (one the history calls is defined again). */
function ownSearchRemoved(
  ownInBody: readonly string[],
  called: ReadonlyMap<string, unknown>,
  mechanism: 'claude-hosted' | 'none',
  warnings: RequestToolWarning[],
): void {
  if (ownInBody.every((name) => called.has(name))) return;
  warnings.push({
    code: 'client-search-tool-removed',
    message: `the body has this package's \`${TOOL_SEARCH_TOOL_NAME}\` tool, but the plan's mechanism is \`${mechanism}\`, not \`client\`; it was removed`,
  });
}

function restoredWarning(
  restored: ReadonlyMap<string, ToolDefinition>,
  forHistory: readonly ToolDefinition[],
  mechanism: ToolSearchPlan['mechanism'],
): RequestToolWarning {
  const parts: string[] = [];
  if (restored.size > 0) {
    parts.push(`${quoteNames([...restored.keys()])} ${restored.size === 1 ? 'is' : 'are'} in the plan but not in the body's \`tools\``);
  }
  if (forHistory.length > 0) {
    parts.push(
      `the history references ${quoteNames(forHistory.map((tool) => tool.name))}, which the body no longer defines (the API rejects a ` +
        `reference to an undefined tool), so ${forHistory.length === 1 ? 'it was' : 'they were'} sent deferred`,
    );
  }
  return { code: 'tool-restored', message: `${parts.join('; ')}: sent from \`catalog\` (mechanism \`${mechanism}\`)` };
}

/** The plan's deferred tools the client list does not send, as `defer-loading` entries, in plan order. */
function deferLoading(plan: ToolSearchPlan, definitions: readonly ToolDefinition[], sent: readonly RequestToolEntry[]): RequestToolEntry[] {
  const inList = new Set(sent.map((entry) => entry.name));
  const entries: RequestToolEntry[] = [];
  plan.tools.forEach((tool, index) => {
    if (tool.status === 'deferred' && !inList.has(tool.name)) entries.push(createRequestToolEntry(definitions[index] as ToolDefinition, 'defer-loading'));
  });
  return entries;
}

/** The tools of a request under hosted search, in send order, and what goes with them. */
export type HostedToolList = Pick<RequestToolList, 'entries' | 'leading' | 'hostedSearch' | 'guidance' | 'warnings'>;

/**
 * The hosted-search decision: tools the plan defers are sent with their full schemas and the provider's defer flag
 * (`defer-loading`: the provider needs the schemas to search and to expand references), the others in full; a tool
 * `tool_choice` forces is never deferred. Something always stays loaded: the provider's hosted search tool is sent
 * whenever anything is deferred (the plan's tools, the caller's own, tools restored for the history) or the body or
 * the history already uses one, so a conversation never loses it; nothing deferred, the plain list.
 *
 * With `search: 'library'` the package's `tool_search` (its results name tools the provider loads) is sent first
 * instead, with the guidance note, whenever the plan defers or a tool is restored for the history (now, or on an
 * earlier pass whose output this body may be); the hosted search tool then only where the body or the history uses
 * it, or for tools the caller deferred itself (which only it can load). A plan tool restored from the catalog that
 * would take the name of the `tool_search` sent (a history `tool_use` of that name) is left out: the package's tool
 * defines the name. Pure. Not part of the public API.
 */
export function resolveHostedToolList(
  input: Pick<
    ToolListContext,
    'plan' | 'planned' | 'names' | 'own' | 'bodyTools' | 'restored' | 'forced' | 'callerDeferred' | 'hostedSearchInBody' | 'hostedSearchInHistory'
  >,
  historyTools: readonly ToolDefinition[],
): HostedToolList {
  const { plan, planned, names, bodyTools, restored } = input;
  // Whether the body defers tools of its own (a provider tool, a toolset), which only the hosted search tool loads.
  const callerDeferred = input.callerDeferred.some((entry) => !entry.partly);
  const hostedSearchInUse = input.hostedSearchInBody || input.hostedSearchInHistory;
  const warnings: RequestToolWarning[] = [];
  // The plan's deferred tools, but those `tool_choice` forces (sent without the flag), read from the plan's index.
  // `forced.deferred` holds each deferred plan tool once (`resolveForcedTools`).
  const { byName, deferred: plannedDeferred } = parsePlannedTools(plan.tools);
  const undeferred = new Set(input.forced.deferred);
  for (const name of undeferred) warnings.push(createForcedToolWarning(name, 'sent without `defer_loading`'));
  const deferring = plannedDeferred > undeferred.size;
  const isDeferred = (name: string): boolean => byName.get(name)?.status === 'deferred' && !undeferred.has(name);

  const library = plan.search === 'library';
  const restoredEarlier = [...bodyTools.keys()].some((name) => !planned.has(name));
  const librarySearch = library && (deferring || historyTools.length > 0 || restoredEarlier);
  const hostedSearch = library ? hostedSearchInUse || callerDeferred : deferring || callerDeferred || historyTools.length > 0 || hostedSearchInUse;
  if (librarySearch && callerDeferred && !hostedSearchInUse) {
    warnings.push({
      code: 'hosted-search-for-caller-deferral',
      message:
        "the body defers tools of its own (a toolset or MCP toolset whose members defer, or a provider tool with `defer_loading`), which the library's `tool_search` cannot load " +
        "(it answers with the plan's tools); Anthropic's hosted search tool was sent beside it, so they can be found",
    });
  }

  const entries: RequestToolEntry[] = [];
  const searchName = librarySearch ? input.own.searchName : undefined;
  if (searchName !== undefined) {
    entries.push(createOwnToolEntry('search', searchName));
  }
  // A tool restored for the history on an earlier pass stays deferred; every other tool follows the plan.
  for (const [name, { definition }] of bodyTools)
    entries.push(createRequestToolEntry(definition, isDeferred(name) || !planned.has(name) ? 'defer-loading' : 'loaded'));
  const standsIn = (name: string): boolean => searchName !== undefined && names.toWire(name) === names.toWire(searchName);
  for (const [name, definition] of restored)
    if (!standsIn(name)) entries.push(createRequestToolEntry(definition, isDeferred(name) ? 'defer-loading' : 'loaded'));
  for (const definition of historyTools) if (!standsIn(definition.name)) entries.push(createRequestToolEntry(definition, 'defer-loading'));
  // Deferred definitions are not rendered, so the note names the tools the library's search can load.
  const guidance = librarySearch ? createToolSearchGuidance(plan, { names, listed: false }) : null;
  return { entries, leading: librarySearch ? 1 : 0, hostedSearch, guidance, warnings };
}

/** What the history of a request needs defined that the plan would not send. */
export interface HistoryRestore {
  /**
   * Catalog tools the history references that nothing in the request defines, in catalog order: sent deferred under
   * hosted search (no prompt cost). Empty under the other mechanisms, where a restored tool would be offered to the
   * model again (the transformer warns about each reference that will fail instead).
   */
  readonly tools: readonly ToolDefinition[];
  /** The package's own tools the history calls, by wire name, with their kind: the request must define them. */
  readonly ownTools: ReadonlyMap<string, 'search' | 'call'>;
}

/**
 * What the history needs restored: the API rejects a request whose history names a tool the request does not
 * define. Under hosted search a tool the history references that the body dropped is sent from the catalog,
 * deferred. On every mechanism the package's own tools the history called are defined again when the plan does not
 * send them (the session moved to another model, the tools shrank below the threshold, the provider's search): under
 * the names this plan gives them, or under a name an earlier plan gave them (`tool_search_2` next to a caller's
 * `tool_search` that is gone now) that no tool of the plan, the catalog or the body has. Pure. Not part of the public API.
 */
export function resolveHistoryRestore(
  input: Pick<ToolListContext, 'plan' | 'planned' | 'names' | 'own' | 'bodyTools' | 'restored' | 'catalog' | 'referenced' | 'calls' | 'otherNames'>,
): HistoryRestore {
  const { plan, planned, names, own, bodyTools, restored, catalog, referenced } = input;
  const tools: ToolDefinition[] = [];
  if (plan.mechanism === 'claude-hosted' && catalog.size > 0 && referenced.size > 0) {
    for (const tool of catalog.values()) {
      if (!referenced.has(tool.name) || bodyTools.has(tool.name) || restored.has(tool.name) || input.otherNames.has(names.toWire(tool.name))) continue;
      tools.push(tool);
    }
  }
  const ownTools = new Map<string, 'search' | 'call'>();
  if (input.calls.length === 0) return { tools, ownTools };
  const current = new Map<string, 'search' | 'call'>([
    [names.toWire(own.searchName), 'search'],
    [names.toWire(own.callToolName), 'call'],
  ]);
  const known = (name: string): boolean => planned.has(name) || catalog.has(name) || bodyTools.has(name);
  for (const call of input.calls) {
    const kind = current.get(call) ?? (known(names.fromWire(call)) ? undefined : OWN_NAME_KINDS.get(call.replace(/_(?:[2-9]|[1-9]\d+)$/, '')));
    if (kind !== undefined) ownTools.set(call, kind);
  }
  return { tools, ownTools };
}

const OWN_NAME_KINDS: ReadonlyMap<string, 'search' | 'call'> = new Map<string, 'search' | 'call'>([
  [TOOL_SEARCH_TOOL_NAME, 'search'],
  [CALL_TOOL_NAME, 'call'],
]);

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

/** What {@link resolveCallerDeferral} reads. */
export interface ResolveCallerDeferralInput {
  readonly plan: Pick<ToolSearchPlan, 'model' | 'platform' | 'mechanism'>;
  /** The body's entries that defer tools of their own, as the warning names them (`` `mcp` (`mcp_toolset`) ``). */
  readonly deferring: readonly string[];
  /** Whether the request already sends a hosted search tool. */
  readonly hostedSearchSent: boolean;
  /** The hosted search the wire API offers, for the model's support and the note. */
  readonly hosted: 'claude-hosted' | 'openai-hosted';
}

/**
 * Tools the caller deferred itself under a mechanism that sends no hosted search of its own (the client-side one,
 * none): a model with hosted search gets the provider's hosted search tool for them, another gets them without the
 * defer flag (loaded up front). Either way with a note. Pure. Not part of the public API.
 */
export function resolveCallerDeferral(input: ResolveCallerDeferralInput): { readonly deferral: CallerDeferral; readonly warning?: RequestToolWarning } {
  const { plan, deferring } = input;
  if (deferring.length === 0 || input.hostedSearchSent) return { deferral: 'kept' };
  const list = `${deferring.join(', ')} defer${deferring.length === 1 ? 's' : ''} tools of the body's own`;
  const support = resolveModelSupport({ id: plan.model, platform: plan.platform });
  if (input.hosted === 'claude-hosted' ? support.claudeHosted : support.openaiHosted) {
    return {
      deferral: 'hosted-search-added',
      warning: {
        code: 'hosted-search-for-caller-deferral',
        message: `${list}, which nothing this package sends under the \`${plan.mechanism}\` mechanism can load; ${input.hosted === 'claude-hosted' ? 'Anthropic' : 'OpenAI'}'s hosted search tool was sent for them, first in \`tools\``,
      },
    };
  }
  return {
    deferral: 'removed',
    warning: {
      code: 'caller-deferral-removed',
      message: `${list}, but \`${plan.model}\` has no hosted tool search to load them (nothing else can); sent without \`defer_loading\`, loaded up front`,
    },
  };
}
