import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { assertNever } from '../errors/assert-never.js';
import type { ToolSearchPlan, PlannedTool } from '../plan/tool-search-plan.js';
import type { JSONSchemaObject, ToolDefinition } from '../tools/tool-definition.js';
import { compactDescription } from './compact-description.js';
import { STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_DEFINITION } from './tool-search-tool-definition.js';
import { resolveToolSearchGuidance } from './tool-search-guidance.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';

/**
 * One tool as the client-side mechanism sends it.
 *
 * - `loaded`: kept in full by the plan.
 * - `search`: the `tool_search` tool itself.
 * - `deferred`: a stub schema, with the description the listing mode gives.
 * - `revealed`: deferred by the plan, loaded back in full for this session by `tool_search`.
 */
export interface ToolListEntry {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JSONSchemaObject;
  readonly status: 'loaded' | 'search' | 'deferred' | 'revealed';
  /** The tool definition this entry was made from (the search tool's own definition for `search`). */
  readonly definition: ToolDefinition;
}

/** The tool list and system-prompt note for one request. */
export interface ToolList {
  /** The tools to send, in send order. */
  readonly tools: readonly ToolListEntry[];
  /** The guidance note for the system prompt, or `null` when nothing is deferred. */
  readonly guidance: string | null;
}

/** What {@link resolveToolList} needs besides the plan and the tools. */
export interface ResolveToolListOptions {
  /**
   * The tools `tool_search` revealed in this session, oldest first (as a reveal store returns them). Names the plan
   * does not defer are ignored.
   * @default []
   */
  readonly revealed?: Iterable<string>;
  /**
   * The provider's tool-name mapping, when the names sent differ from the caller's (a transformer's `names`):
   * `revealed` may then hold either form (a reveal read back from the history carries the names the model saw), and
   * the guidance note names tools as the model sees them. Entries keep the caller's names; the transformer maps them.
   * @default no mapping
   */
  readonly names?: Pick<ToolNameMapping, 'toWire' | 'fromWire'>;
}

/**
 * The tool list to send for one request under the client-side mechanism: deferred tools with the stub schema,
 * loaded and revealed tools in full, and the `tool_search` tool, plus the guidance note.
 *
 * Order, chosen so the serialized list keeps the longest byte-identical prefix from one turn to the next (a prompt
 * cache reuses only an unchanged prefix): first the loaded tools in input order, then `tool_search`, then the
 * deferred tools in input order. A reveal swaps one deferred entry's stub for its full schema in place, so
 * everything before it stays identical. In the `names` listing, deferred tools are not sent at all and revealed tools
 * are appended in the order they were revealed, so a new reveal only adds bytes at the end.
 *
 * With a mechanism other than `client`, or when the plan defers nothing, every tool is returned in full, in input
 * order, without `tool_search` and without a note.
 *
 * Throws a `ToolSearchError` (`plan-mismatch`) naming the tools when the plan was made for a different tool list,
 * and `invalid-options` when `revealed` is not a list of names (a string, a non-iterable).
 *
 * @example
 * ```ts
 * import { resolveToolSearch, resolveToolList } from 'tool-search';
 * const plan = resolveToolSearch('gemini-2.5-pro', tools);
 * const { tools: toSend, guidance } = resolveToolList(plan, tools, { revealed: await store.get(sessionId) });
 * ```
 */
export function resolveToolList(plan: ToolSearchPlan, tools: readonly ToolDefinition[], options: ResolveToolListOptions = {}): ToolList {
  if (typeof options !== 'object' || options === null) {
    throw new ToolSearchError('invalid-options', `resolveToolList: the options must be an object such as \`{ revealed, names }\`, got ${describeValue(options)}`);
  }
  const planned = matchPlan(plan, tools);
  const deferring = plan.mechanism === 'client' && planned.some(([entry]) => entry.status === 'deferred');
  if (!deferring) {
    return { tools: tools.map((tool) => full(tool, 'loaded')), guidance: null };
  }
  const fromWire = options.names?.fromWire ?? ((name: string) => name);
  const revealed = [...new Set(parseToolNameList(options.revealed ?? [], '`options.revealed`').map((name) => fromWire(name)))];
  const revealedSet = new Set(revealed);
  const loaded: ToolListEntry[] = [];
  const deferred: ToolListEntry[] = [];
  // Only the `names` listing sends revealed tools in reveal order, by name.
  const deferredByName = new Map<string, ToolDefinition>();
  for (const [entry, tool] of planned) {
    // The package's own search tool takes the place of a caller's (the plan warns `search-tool-replaced`).
    if (entry.reason === 'search-tool') continue;
    if (entry.status === 'deferred' && plan.listing === 'names') deferredByName.set(tool.name, tool);
    if (entry.status === 'loaded') loaded.push(full(tool, 'loaded'));
    else if (revealedSet.has(tool.name)) {
      if (plan.listing !== 'names') deferred.push(full(tool, 'revealed'));
    } else if (plan.listing !== 'names') deferred.push(stub(tool, plan.listing));
  }
  if (plan.listing === 'names') {
    for (const name of revealed) {
      const tool = deferredByName.get(name);
      if (tool !== undefined) deferred.push(full(tool, 'revealed'));
    }
  }
  return {
    tools: [...loaded, full(TOOL_SEARCH_TOOL_DEFINITION, 'search'), ...deferred],
    guidance: resolveToolSearchGuidance(plan, options.names === undefined ? {} : { names: options.names }),
  };
}

function full(tool: ToolDefinition, status: 'loaded' | 'search' | 'revealed'): ToolListEntry {
  return createEntry(tool, tool.description, tool.inputSchema, status);
}

function stub(tool: ToolDefinition, listing: 'full' | 'compact'): ToolListEntry {
  let description = tool.description;
  switch (listing) {
    case 'full':
      break;
    case 'compact':
      description = description === undefined ? undefined : compactDescription(description);
      break;
    default:
      assertNever(listing, 'listing');
  }
  return createEntry(tool, description, STUB_INPUT_SCHEMA, 'deferred');
}

function createEntry(tool: ToolDefinition, description: string | undefined, inputSchema: JSONSchemaObject, status: ToolListEntry['status']): ToolListEntry {
  // Two literals, not a conditional spread (`...(description === undefined ? {} : { description })`), which costs
  // several times more; this runs for every tool of every request.
  return description === undefined
    ? { name: tool.name, inputSchema, status, definition: tool }
    : { name: tool.name, description, inputSchema, status, definition: tool };
}

/** Pairs every planned tool with its definition, in input order; throws when the two lists differ. */
function matchPlan(plan: ToolSearchPlan, tools: readonly ToolDefinition[]): [PlannedTool, ToolDefinition][] {
  // The usual case, a plan made from this very list: same names in the same order, paired without lookups.
  if (plan.tools.length === tools.length && plan.tools.every((entry, index) => entry.name === tools[index]?.name)) {
    return plan.tools.map((entry, index) => [entry, tools[index] as ToolDefinition]);
  }
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // A caller's `tool_search` the package's replaced on an earlier pass is not in a transformed body: the package's
  // own definition stands in for it (the list never sends it anyway).
  if (plan.tools.some((entry) => entry.reason === 'search-tool') && !byName.has(TOOL_SEARCH_TOOL_DEFINITION.name)) byName.set(TOOL_SEARCH_TOOL_DEFINITION.name, TOOL_SEARCH_TOOL_DEFINITION);
  const missing = plan.tools.filter((entry) => !byName.has(entry.name)).map((entry) => `\`${entry.name}\``);
  const plannedNames = new Set(plan.tools.map((entry) => entry.name));
  const unplanned = tools.filter((tool) => !plannedNames.has(tool.name)).map((tool) => `\`${tool.name}\``);
  if (missing.length > 0 || unplanned.length > 0) {
    const parts = [
      missing.length > 0 ? `the plan has ${missing.join(', ')}, which the tool list lacks` : '',
      unplanned.length > 0 ? `the tool list has ${unplanned.join(', ')}, which the plan lacks` : '',
    ].filter((part) => part !== '');
    throw new ToolSearchError('plan-mismatch', `The plan was made for a different tool list: ${parts.join('; ')}. Resolve the plan again for these tools.`);
  }
  return plan.tools.map((entry) => [entry, byName.get(entry.name) as ToolDefinition]);
}
