import { TOOL_SEARCH_TOOL_NAME, CALL_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { RequestDecisionContext } from './request-tool.js';

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

/** What {@link resolveHistoryRestore} reads. */
export interface ResolveHistoryRestoreInput extends RequestDecisionContext {
  readonly catalog: ReadonlyMap<string, ToolDefinition>;
  /** Tools the history names (`tool_use`, `tool_reference`), by original name. */
  readonly referenced: ReadonlySet<string>;
  /** The wire names the history's tool calls (`tool_use`) use, in order. */
  readonly calls: readonly string[];
  /** Wire names of the body's entries the plan does not manage (provider tools), which define their names too. */
  readonly otherNames: ReadonlySet<string>;
}

/**
 * What the history needs restored: the API rejects a request whose history names a tool the request does not
 * define. Under hosted search a tool the history references that the body dropped is sent from the catalog,
 * deferred. On every mechanism the package's own tools the history called are defined again when the plan does not
 * send them (the session moved to another model, the tools shrank below the threshold, the provider's search): under
 * the names this plan gives them, or under a name an earlier plan gave them (`tool_search_2` next to a caller's
 * `tool_search` that is gone now) that no tool of the plan, the catalog or the body has. Pure. Not part of the public API.
 */
export function resolveHistoryRestore(input: ResolveHistoryRestoreInput): HistoryRestore {
  const { plan, planned, names, own, bodyTools, restored, catalog, referenced } = input;
  const tools: ToolDefinition[] = [];
  if ((plan.mechanism === 'claude-hosted' || plan.mechanism === 'openai-hosted') && catalog.size > 0 && referenced.size > 0) {
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
