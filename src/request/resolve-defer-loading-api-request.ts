import { isStubInputSchema } from '../tools/is-stub-input-schema.js';
import { resolveHistoryReveals } from '../client/tool-search-result.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { createToolNameMapping, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { NeutralRequest } from './neutral-request.js';
import type { RequestBodyTool } from './request-tool.js';
import { resolveCalledThroughCallTool } from './resolve-called-through-call-tool.js';
import { resolveForcedTools } from './resolve-forced-tools.js';
import { keepRead, recall, type RequestDecision, type ResolveRequestToolsInput } from './request-decision.js';
import { resolveRequestToolList } from './resolve-request-tool-list.js';

/**
 * An API whose hosted search loads deferred tools one by one (Anthropic Messages: `defer_loading` on each tool):
 * the name mapping over the plan's, the catalog's and the body's other names (the hosted search tools' names
 * reserved), the body's tools by the plan's name (a stub an earlier pass sent is read with the catalog's schema), the
 * forced tools, the history's calls of tools reached through `call_tool` and the reveals its results hold, then
 * `resolveRequestToolList`'s decision.
 */
export const resolveDeferLoadingAPIRequest: RequestDecision = (plan, input, warnings) => {
  const { request, api } = input;
  const catalog = input.catalog;
  const memo = keepRead(input, 'deferLoading', () => readDeferLoadingTools(plan, input));
  const { own, names, bodyTools, ownInBody } = memo;
  const forced = resolveForcedTools(
    plan,
    request.forced.map((name) => names.fromWire(name)),
  );
  // The tools left out for `call_tool` depend on the plan and the forced names alone (a walk over the plan).
  const forcedKey = forced.forced.join('\u0000');
  const throughCallTool = recall(memo.throughCallTool, forcedKey, () => resolveCalledThroughCallTool(plan, forced.forced, names) ?? NO_NAMES);
  const callToolName = names.toWire(own.callToolName);
  // A call the request sends through `call_tool` is that call, in the history as on the wire.
  const sentName = (name: string): string => {
    const wire = names.toWire(name);
    return throughCallTool.has(wire) ? callToolName : wire;
  };
  const history = request.history;
  const references = (history.references ?? []).map((reference) => ({
    ...reference,
    name: reference.kind === 'tool_use' ? sentName(reference.name) : names.toWire(reference.name),
  }));
  const outputs = history.outputs.map((output) => ({ name: sentName(output.name), output: output.output }));
  const historyReveals = [...resolveHistoryReveals(outputs, names, own), ...(history.revealed ?? [])].map((name) => names.fromWire(name));
  const { added, defined } = resolveHistoryChanges(history.changes ?? [], names);
  const decisionInput: Parameters<typeof resolveRequestToolList>[0] = {
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
    otherNames: memo.otherNameSet,
    callerDeferred: memo.callerDeferred,
    hostedSearchInBody: memo.hostedSearchInBody,
    hostedSearchInHistory: history.searchTool !== undefined,
    reader: api.reader ?? '',
  };
  // What varies between a session's requests (reveals, forced and history names); the rest is the memo's.
  const { revealed, referenced, added: historyAdded = NO_NAMES, calls } = decisionInput;
  const key = JSON.stringify([forced, revealed, [...referenced], [...historyAdded], calls, decisionInput.hostedSearchInHistory]);
  const decision = recall(memo.decisions, key, () => resolveRequestToolList(decisionInput));
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
    ...(throughCallTool === NO_NAMES ? {} : { throughCallTool, callToolName }),
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
  const own = resolveOwnToolsSent(plan);
  const otherNames: string[] = [];
  for (const tool of request.tools) if (tool.kind === 'other' && tool.name !== undefined) otherNames.push(tool.name);
  const names = createToolNameMapping(
    // Names this decision may add are in the set too, so no renamed tool can take them.
    [...plan.tools.map((tool) => tool.name), ...(catalog?.names ?? []), ...otherNames, own.searchName, own.callToolName],
    api.rule,
    { reserved: request.reservedNames ?? [] },
  );
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
  const callerDeferred = request.tools.flatMap((tool) =>
    tool.kind === 'other' && tool.deferred ? [{ label: tool.label ?? tool.name ?? '', partly: tool.partly === true }] : [],
  );
  return {
    own,
    otherNameSet: new Set(otherNames),
    names,
    bodyTools,
    ownInBody,
    callerDeferred,
    hostedSearchInBody: request.tools.some((tool) => tool.kind === 'hosted-search'),
    /** The tools reached through `call_tool`, by the forced names. */
    throughCallTool: new Map<string, ReadonlySet<string>>(),
    /** The last decisions made, by what varies between requests. */
    decisions: new Map<string, ReturnType<typeof resolveRequestToolList>>(),
  };
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

const NO_DEFINITIONS: ReadonlyMap<string, ToolDefinition> = new Map();
const NO_NAMES: ReadonlySet<string> = new Set();
