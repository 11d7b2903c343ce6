import { createToolSearchGuidance } from '../client/tool-search-guidance.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createOwnToolEntry } from './create-own-tool-entry.js';
import { createRequestToolEntry } from './create-request-tool-entry.js';
import { createForcedToolWarning, type ForcedTools } from './resolve-forced-tools.js';
import type { RequestDecisionContext } from './request-tool.js';
import type { RequestToolEntry, RequestToolWarning } from './request-tool-entry.js';

/** What {@link resolveHostedToolList} reads. */
export interface ResolveHostedToolListInput extends RequestDecisionContext {
  /** A plan with a hosted mechanism. */
  readonly plan: ToolSearchPlan;
  /** Catalog tools restored for the history (`resolveHistoryRestore`). */
  readonly historyTools: readonly ToolDefinition[];
  readonly forced: ForcedTools;
  /** Whether the body defers tools of its own (a provider tool, a toolset), which only the hosted search tool loads. */
  readonly callerDeferred: boolean;
  /** Whether the body or the history already uses the provider's hosted search tool. */
  readonly hostedSearchInUse: boolean;
}

/** The tools of a request under hosted search, in send order, and what goes with them. */
export interface HostedToolList {
  /**
   * In send order: the library's `tool_search` (with `search: 'library'`), the body's tools in body order, the plan
   * tools restored from the catalog, the tools restored for the history.
   */
  readonly entries: readonly RequestToolEntry[];
  /** How many of `entries` go before every entry of the body (the library's `tool_search`). */
  readonly leading: number;
  /** Whether the provider's hosted search tool is sent (after the leading entries, never deferred). */
  readonly hostedSearch: boolean;
  /** The guidance note for the system prompt (the library's search), or `null`. */
  readonly guidance: string | null;
  readonly warnings: readonly RequestToolWarning[];
}

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
export function resolveHostedToolList(input: ResolveHostedToolListInput): HostedToolList {
  const { plan, planned, names, bodyTools, restored, historyTools, callerDeferred, hostedSearchInUse } = input;
  const warnings: RequestToolWarning[] = [];
  // The plan's deferred tools, but those `tool_choice` forces (sent without the flag), read from the plan's index.
  const { byName, deferred: plannedDeferred } = parsePlannedTools(plan.tools);
  const undeferred = new Set<string>();
  for (const name of input.forced.deferred) {
    if (byName.get(name)?.status !== 'deferred' || undeferred.has(name)) continue;
    undeferred.add(name);
    warnings.push(createForcedToolWarning(name, 'sent without `defer_loading`'));
  }
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
        `(it answers with the plan's tools); ${plan.mechanism === 'openai-hosted' ? 'OpenAI' : 'Anthropic'}'s hosted search tool was sent beside it, so they can be found`,
    });
  }

  const entries: RequestToolEntry[] = [];
  const searchName = librarySearch ? input.own.searchName : undefined;
  if (searchName !== undefined) {
    entries.push(createOwnToolEntry('search', searchName));
  }
  // A tool restored for the history on an earlier pass stays deferred; every other tool follows the plan.
  for (const [name, { definition }] of bodyTools) entries.push(createEntry(definition, isDeferred(name) || !planned.has(name)));
  const standsIn = (name: string): boolean => searchName !== undefined && names.toWire(name) === names.toWire(searchName);
  for (const [name, definition] of restored) if (!standsIn(name)) entries.push(createEntry(definition, isDeferred(name)));
  for (const definition of historyTools) if (!standsIn(definition.name)) entries.push(createEntry(definition, true));
  // Deferred definitions are not rendered, so the note names the tools the library's search can load.
  const guidance = librarySearch ? createToolSearchGuidance(plan, { names, listed: false }) : null;
  return { entries, leading: librarySearch ? 1 : 0, hostedSearch, guidance, warnings };
}

function createEntry(tool: ToolDefinition, deferred: boolean): RequestToolEntry {
  return deferred ? createRequestToolEntry(tool, 'defer-loading') : createRequestToolEntry(tool, 'loaded');
}
