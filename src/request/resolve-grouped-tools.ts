import { ToolSearchError } from '../errors/tool-search-error.js';
import { assertNever } from '../errors/assert-never.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { PlannedTool, ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolList } from './resolve-tool-list.js';
import type { ToolList } from './request-tool-entry.js';
import { createToolSearchGuidance } from '../client/tool-search-guidance.js';
import type { RequestTool, RequestToolForm } from './request-tool.js';
import type { ForcedTools } from './resolve-forced-tools.js';
import { isDeferredLeftOut } from '../plan/is-deferred-left-out.js';
import { resolveSearchToolSource, type SearchToolSource } from './resolve-search-tool-source.js';
import { resolveSharedNamePrefixes } from './resolve-shared-name-prefixes.js';
import { resolveCategoryLabel, resolveToolGroups } from './resolve-tool-groups.js';

/**
 * The codes of the decision's warnings, among the Responses transformer's (`OpenAIResponsesWarningCode`); match on
 * them, the messages are for people.
 *
 * - `forced-tool-kept-loaded`: `tool_choice` names (forces, or lists in `allowed_tools`) a deferred or namespaced
 *   function; it is sent loaded at the top level (hosted, none) or revealed (client).
 * - `reserved-name-kept-loaded`: a deferred top-level function (or custom tool) is named like a reserved namespace
 *   (`terminal`), which the API rejects once deferred; it is sent with its full schema (without `defer_loading`).
 * - `deferral-removed`: `defer_loading` was removed from tools the plan does not manage (custom, MCP, …): no hosted
 *   tool search is sent (deferred tools without it are rejected), or the library's client-executed `tool_search` is
 *   sent, which cannot load them (only one tool search tool fits a request).
 * - `hosted-search-for-caller-deferral`: the plan uses the library's search but defers nothing in this request, so
 *   OpenAI's hosted tool search tool was sent for the tools the caller deferred itself (an `mcp` server, a custom
 *   tool), which need one.
 * - `tool-search-tool-removed`: the body's own `{"type":"tool_search"}` was dropped (nothing is deferred, or the
 *   mechanism is not OpenAI's hosted search, or one was sent already), because the API rejects it there.
 */
export type GroupedToolsWarningCode =
  | 'forced-tool-kept-loaded'
  | 'reserved-name-kept-loaded'
  | 'deferral-removed'
  | 'hosted-search-for-caller-deferral'
  | 'tool-search-tool-removed';

/** What {@link resolveGroupedTools} decides from. */
export interface ResolveGroupedToolsInput {
  /** The most tools the API recommends in one group; a bigger group with a deferred tool is `oversized`. @default no limit */
  readonly recommendedGroupSize?: number;
  /** The plan as the request applies it: `openai-hosted`, `client` or `none`. */
  readonly plan: ToolSearchPlan;
  /** The plan's tools by name. */
  readonly planned: ReadonlyMap<string, PlannedTool>;
  /** The body's tools in neutral form, in body order. */
  readonly tools: readonly RequestTool[];
  /** The planned tools `tool_choice` names (forced, or listed as allowed; `resolveForcedTools`). */
  readonly forced: ForcedTools;
  /** The tools revealed so far (the caller's reveals and the history's), by the plan's name: client mechanism only. */
  readonly revealed: readonly string[];
  /** The request's name mapping: messages and the guidance note name tools as sent. */
  readonly names: ToolNameMapping;
  /** Hosted search groups tools without a category or body group by their shared name prefix (`uncategorized: 'name-prefix'`). */
  readonly byPrefix: boolean;
  /** Whether the API rejects the planned tool of this name when deferred outside a group (a reserved namespace name). */
  readonly isDeferredAloneRejected: (name: string) => boolean;
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

const DROPPED: RequestToolForm = Object.freeze({ form: 'dropped' });
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
 * deferrals removed; a client-executed tool search of the body kept only when nothing is deferred. Not part of the
 * public API.
 */
export function resolveGroupedTools(input: ResolveGroupedToolsInput): GroupedTools {
  const mechanism = input.plan.mechanism;
  switch (mechanism) {
    case 'openai-hosted':
    case 'none':
      return resolveHostedGroups(input, mechanism === 'openai-hosted');
    case 'client':
      return resolveClientTools(input);
    case 'claude-hosted':
      // resolvePlanForWireAPI has turned it into `client`.
      throw new ToolSearchError('invalid-options', "a `claude-hosted` plan reached the decision for OpenAI's hosted tool search");
    default:
      return assertNever(mechanism, 'mechanism');
  }
}

/**
 * `tool_choice` names a function by its bare name (it has no `namespace`), and cannot name one that is not loaded: a
 * function it names is sent loaded, at the top level, for as long as the choice names it. Takes the forced tools out of
 * `deferred`, with a warning naming those that were deferred or grouped.
 */
function keepForcedToolsLoaded(
  input: ResolveGroupedToolsInput,
  deferred: Set<string>,
  hosted: boolean,
  warnings: ToolSearchWarning<GroupedToolsWarningCode>[],
): void {
  const { planned, tools, names } = input;
  const moved = input.forced.forced.filter(
    (name) =>
      deferred.delete(name) ||
      (hosted && resolveCategoryLabel(planned.get(name)) !== undefined) ||
      tools.some((tool) => tool.kind === 'planned' && tool.group !== undefined && tool.name === name),
  );
  if (moved.length > 0) {
    warnings.push({
      code: 'forced-tool-kept-loaded',
      message: `\`tool_choice\` names ${quote(moved.map((name) => names.toWire(name)))}, which ${moved.length === 1 ? 'was' : 'were'} deferred or in a namespace; a function \`tool_choice\` names must be loaded and callable without a namespace, so ${moved.length === 1 ? 'it is' : 'they are'} sent with full schemas at the top level`,
    });
  }
}

/**
 * A deferred ungrouped function is called in a namespace of its own name, so a reserved name cannot be deferred: takes
 * such names out of `deferred`, with a warning.
 */
function keepReservedNamesLoaded(
  input: ResolveGroupedToolsInput,
  deferred: Set<string>,
  groups: ReturnType<typeof resolveToolGroups>,
  warnings: ToolSearchWarning<GroupedToolsWarningCode>[],
): void {
  const { names } = input;
  const reserved = [...deferred].filter((name) => !groups.byName.has(name) && input.isDeferredAloneRejected(name));
  if (reserved.length > 0) {
    for (const name of reserved) deferred.delete(name);
    warnings.push({
      code: 'reserved-name-kept-loaded',
      message: `${quote(reserved.map((name) => names.toWire(name)))} ${reserved.length === 1 ? 'is' : 'are'} named like a reserved namespace, and the API rejects a deferred top-level function of that name; sent with full schemas instead. Give ${reserved.length === 1 ? 'it' : 'them'} a category or another name to defer ${reserved.length === 1 ? 'it' : 'them'}`,
    });
  }
}

function resolveHostedGroups(input: ResolveGroupedToolsInput, hosted: boolean): GroupedTools {
  const { plan, planned, tools, names } = input;
  const warnings: ToolSearchWarning<GroupedToolsWarningCode>[] = [];
  const library = hosted && plan.search === 'library';
  const listed = plan.listing === 'full' || plan.listing === 'compact';
  const deferred = new Set<string>();
  // By `forEach`: the plan's index builds no map of its tools for it.
  if (hosted) {
    planned.forEach((tool) => {
      if (tool.status === 'deferred') deferred.add(tool.name);
    });
  }
  keepForcedToolsLoaded(input, deferred, hosted, warnings);
  const forced = new Set(input.forced.forced);
  // The library's search loads deferred tools through the caller's `tool_search_output`; a listing that does not show
  // them leaves them out, and a tool left out takes no part in grouping, so the request's own output groups the same.
  const leaving = hosted && isDeferredLeftOut(plan);
  const groups = resolveToolGroups(tools, {
    planned,
    byCategory: hosted,
    prefixes: hosted && input.byPrefix ? resolveSharedNamePrefixes(planned.keys()) : undefined,
    ungrouped: (name) => forced.has(name) || (leaving && deferred.has(name)),
  });
  keepReservedNamesLoaded(input, deferred, groups, warnings);
  const omitted: ReadonlySet<string> = leaving ? deferred : NOTHING;

  // Tools the caller deferred itself (an `mcp` server, a custom tool) need OpenAI's hosted search to be loaded: the
  // library's client-executed `tool_search` loads only the plan's tools. When that one is sent, they go without
  // `defer_loading` (loaded up front, never out of reach); when it is not, the hosted search tool is sent for them.
  const librarySearchSent = library && deferred.size > 0;
  const keepCallerDeferral = hosted && !librarySearchSent;
  const undeferred: string[] = [];
  const rejected: string[] = [];
  const bodySearchTools: { index: number; clientExecuted: boolean }[] = [];
  let deferring = false;
  const forms = tools.map((tool, index): RequestToolForm => {
    const group = groups.entries[index];
    switch (tool.kind) {
      case 'planned': {
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
        return DROPPED;
      case 'own':
        // This package's client-side search function, left by an earlier transform; it has no place here.
        return DROPPED;
      default:
        return assertNever(tool, 'request tool');
    }
  });
  reportUndeferred(undeferred, warnings, librarySearchSent ? 'library' : 'no-hosted-search');
  if (rejected.length > 0) {
    warnings.push({
      code: 'reserved-name-kept-loaded',
      message: `the custom tool${rejected.length === 1 ? '' : 's'} ${rejected.join(', ')} had \`defer_loading: true\` but ${rejected.length === 1 ? 'is' : 'are'} named like a reserved namespace, and the API rejects a deferred top-level tool of that name (its calls use a namespace of its own name); sent without \`defer_loading\`. Put ${rejected.length === 1 ? 'it' : 'them'} in a namespace or rename ${rejected.length === 1 ? 'it' : 'them'} to defer ${rejected.length === 1 ? 'it' : 'them'}`,
    });
  }

  const { search, warnings: searchWarnings } = resolveSearchToolSource({ hosted, library, librarySearchSent, deferring, bodySearchTools });
  warnings.push(...searchWarnings);
  if (search?.source === 'body') forms[search.index] = createForm('as-is', undefined);
  return {
    forms,
    omitted,
    groups: groups.byName,
    oversized: hosted && input.recommendedGroupSize !== undefined ? resolveOversizedGroups(tools, forms, input.recommendedGroupSize) : NOTHING,
    search,
    compact: library && plan.listing === 'compact',
    guidance: library ? createToolSearchGuidance(plan, { names, listed }) : null,
    warnings,
  };
}

function resolveClientTools(input: ResolveGroupedToolsInput): GroupedTools {
  const { plan, tools, names, revealed } = input;
  const warnings: ToolSearchWarning<GroupedToolsWarningCode>[] = [];
  const definitions: ToolDefinition[] = [];
  for (const tool of tools) {
    if (tool.kind === 'planned') definitions.push(tool.name === tool.definition.name ? tool.definition : { ...tool.definition, name: tool.name });
  }
  const forced = input.forced.deferred;
  const forcedDeferred = plan.reveal === 'tool-list' ? forced.filter((name) => !revealed.includes(name)) : forced;
  if (forcedDeferred.length > 0) {
    warnings.push({
      code: 'forced-tool-kept-loaded',
      message: `\`tool_choice\` names ${quote(forcedDeferred.map((name) => names.toWire(name)))}, which ${forcedDeferred.length === 1 ? 'is' : 'are'} deferred; ${forcedDeferred.length === 1 ? 'it is' : 'they are'} sent revealed, with full schemas, so the model can call ${forcedDeferred.length === 1 ? 'it' : 'them'} with the right arguments without searching first`,
    });
  }
  const list = createToolList(plan, definitions, { revealed, forced, names });
  // Loaded tools keep their body place; the list's other entries follow them. (Few are loaded when tools are deferred.)
  const loaded = new Set<string>();
  for (const entry of list.tools) if (entry.status === 'loaded') loaded.add(entry.name);
  const undeferred: string[] = [];
  let searchTools = 0;
  let kept: number | undefined;
  const forms = tools.map((tool, index): RequestToolForm => {
    switch (tool.kind) {
      case 'planned':
        return createForm(loaded.has(tool.name) ? 'loaded' : 'omitted', undefined);
      case 'unmanaged':
        if (tool.deferred) undeferred.push(`\`${tool.name}\` (${tool.path})`);
        return createForm('undeferred', undefined);
      case 'search':
        // With nothing deferred no `tool_search` function is sent, and a client-executed tool search the caller serves stays.
        searchTools += 1;
        if (kept !== undefined || list.guidance !== null || !tool.clientExecuted) return DROPPED;
        kept = index;
        return createForm('as-is', undefined);
      case 'own':
        // Added again from the list, in its place.
        return DROPPED;
      default:
        return assertNever(tool, 'request tool');
    }
  });
  reportUndeferred(undeferred, warnings, 'no-hosted-search');
  if (searchTools > (kept === undefined ? 0 : 1)) {
    warnings.push({
      code: 'tool-search-tool-removed',
      message: 'the body\'s `{"type":"tool_search"}` tool was removed: the plan uses the client-side `tool_search` function, not OpenAI\'s hosted tool search',
    });
  }
  return {
    forms,
    omitted: NOTHING,
    groups: NO_GROUPS,
    oversized: NOTHING,
    search: kept === undefined ? undefined : { source: 'body', index: kept },
    compact: false,
    list,
    guidance: list.guidance,
    warnings,
  };
}

/** The groups past the recommended size that hold a deferred tool (a group of loaded tools costs no search). */
function resolveOversizedGroups(tools: readonly RequestTool[], forms: readonly RequestToolForm[], recommended: number): ReadonlySet<string> {
  const sizes = new Map<string, { size: number; deferred: boolean }>();
  forms.forEach((entry, index) => {
    if (entry.group === undefined || entry.form === 'omitted' || entry.form === 'dropped') return;
    const tool = tools[index] as RequestTool;
    const deferred = entry.form === 'defer-loading' || (entry.form === 'as-is' && tool.kind === 'unmanaged' && tool.deferred);
    const found = sizes.get(entry.group);
    if (found === undefined) sizes.set(entry.group, { size: 1, deferred });
    else {
      found.size += 1;
      found.deferred ||= deferred;
    }
  });
  if (sizes.size === 0) return NOTHING;
  return new Set([...sizes].filter(([, found]) => found.size > recommended && found.deferred).map(([label]) => label));
}

function reportUndeferred(undeferred: readonly string[], warnings: ToolSearchWarning<GroupedToolsWarningCode>[], why: 'no-hosted-search' | 'library'): void {
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

const UNGROUPED: Readonly<Record<RequestToolForm['form'], RequestToolForm>> = Object.freeze({
  loaded: Object.freeze({ form: 'loaded' }),
  'defer-loading': Object.freeze({ form: 'defer-loading' }),
  omitted: Object.freeze({ form: 'omitted' }),
  'as-is': Object.freeze({ form: 'as-is' }),
  undeferred: Object.freeze({ form: 'undeferred' }),
  dropped: DROPPED,
});

function quote(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(', ');
}
