import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { PlannedTool, ToolSearchPlan } from '../plan/tool-search-plan.js';
import { parseToolSearchPlan } from '../plan/parse-tool-search-plan.js';
import type { JSONSchemaObject, ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import type { DeferLoadingToolEntry, RequestToolEntry, ToolList, ToolListEntry } from './request-tool-entry.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import { compactDescription } from '../client/compact-description.js';
import {
  CALL_TOOL_DEFINITION,
  STUB_INPUT_SCHEMA,
  TOOL_SEARCH_TOOL_DEFINITION,
  createCallToolInputSchema,
  createToolSearchInputSchema,
} from '../tools/tool-search-tool-definition.js';
import { createToolSearchGuidance } from '../client/tool-search-guidance.js';
import { checkNamesContext, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { RequestBodyTool } from './request-tools.js';
import { resolvePlanMatch, type PlanMatchWording } from './resolve-plan-match.js';
import { findUnknownKeys } from '../records/find-unknown-keys.js';
import { quoteNames } from '../text/quote-names.js';

/** What {@link resolveToolList} needs besides the plan and the tools. */
export interface ResolveToolListOptions {
  /**
   * The tools `tool_search` revealed in this session, oldest first (as a reveal store returns them). Used only when
   * the plan reveals in the tool list (`reveal: 'tool-list'`); names the plan does not defer are ignored.
   * @default []
   */
  readonly revealed?: Iterable<string>;
  /**
   * Deferred tools this request must send in full whatever the reveal mode, because it makes the model call them
   * without a chance to search first (a `tool_choice` that forces a tool). Appended after the other tools.
   * @default []
   */
  readonly forced?: Iterable<string>;
  /**
   * The provider's tool-name mapping, when the names sent differ from the caller's (a transformer's `names`):
   * `revealed` may then hold either form (a reveal read back from the history carries the names the model saw), and
   * the guidance note names tools as the model sees them. Entries keep the caller's names; the transformer maps them.
   * @default no mapping
   */
  readonly names?: Pick<ToolNameMapping, 'toWire' | 'fromWire'>;
}

/**
 * The tool list to send for one request under the client-side mechanism, plus the guidance note.
 *
 * Order, chosen so the serialized list keeps the longest byte-identical prefix from one request to the next (a
 * prompt cache reuses only an unchanged prefix): the loaded tools in input order, `tool_search`, `call_tool` (when
 * deferred tools are left out of the list), then the deferred tools in input order as the listing gives them:
 * `full` and `compact` send each with the stub schema; `names` and `none` leave them out. A caller's own tool named
 * `tool_search` or `call_tool` is a loaded tool like the others; the package's then goes by another name
 * (`tool_search_2`, the entry's `name`).
 *
 * With `reveal: 'conversation'` (the default) the list depends on nothing but the plan: `revealed` is ignored, so
 * it is byte-identical on every request of a session (and across sessions), and a loaded schema lives only in the
 * `tool_search` result. A deferred tool stays callable through its stub, or through `call_tool` in the `names` and
 * `none` listings. With `reveal: 'tool-list'` (the seed's behaviour) a revealed tool is sent in full: in place of its
 * stub, or appended in reveal order in the `names` and `none` listings. `forced` tools are sent in full in every mode.
 *
 * With a mechanism other than `client`, or when the plan defers nothing, every tool is returned in full, in input
 * order, without the package's tools and without a note.
 *
 * `tools` is an array or an object holding one in `tools` (an MCP `tools/list` result). Throws a `ToolSearchError`
 * (`invalid-tools`) for a bad tool list (see `parseToolDefinitions`), `plan-mismatch` naming the tools when the plan
 * was made for a different tool list, and `invalid-options` when `revealed` or `forced` is not a list of names (a
 * string, a non-iterable), `names` is not a name mapping, or an option is unknown, whether or not the plan reads it.
 *
 * @example
 * ```ts
 * import { resolveToolSearch, resolveToolList } from 'tool-search';
 * const plan = resolveToolSearch('gemini-2.5-pro', tools);
 * const { tools: toSend, guidance } = resolveToolList(plan, tools);
 * ```
 */
export function resolveToolList(given: ToolSearchPlan, toolList: ToolDefinitionsInput, options: ResolveToolListOptions = {}): ToolList {
  // A catalog (`createToolCatalog`) is read as it is; a plain list is checked once.
  return createToolList(parseToolSearchPlan(given), createToolCatalog(toolList).tools, parseToolListOptions(options));
}

const TOOL_LIST_OPTIONS: readonly string[] = ['revealed', 'forced', 'names'];

/** {@link ResolveToolListOptions} checked: the lists as arrays. */
export type ToolListOptions = Omit<ResolveToolListOptions, 'revealed' | 'forced'> & {
  readonly revealed?: readonly string[];
  readonly forced?: readonly string[];
};

/**
 * Checks every option whatever the plan's mode reads (a `revealed` the `conversation` mode ignores is still a list of
 * names), so a mistake shows the day it is made, not the day the mode changes.
 */
function parseToolListOptions(options: unknown): ToolListOptions {
  if (typeof options !== 'object' || options === null) {
    throw new ToolSearchError(
      'invalid-options',
      `resolveToolList: the options must be an object such as \`{ revealed, names }\`, got ${describeValue(options)}`,
    );
  }
  const unknown = findUnknownKeys(options, TOOL_LIST_OPTIONS);
  if (unknown.length > 0)
    throw new ToolSearchError('invalid-options', `resolveToolList: unknown option ${quoteNames(unknown)}; the options are ${quoteNames(TOOL_LIST_OPTIONS)}`);
  const { revealed, forced, names } = options as ResolveToolListOptions;
  checkNamesContext(names, 'resolveToolList');
  return {
    revealed: revealed === undefined ? [] : parseToolNameList(revealed, '`options.revealed`'),
    forced: forced === undefined ? [] : parseToolNameList(forced, '`options.forced`'),
    names,
  };
}

/**
 * {@link resolveToolList} for a plan and definitions the package has already checked (a transformer's own, built
 * per request): the same list, without validating them a second time. Not part of the public API.
 */
export function createToolList(plan: ToolSearchPlan, tools: readonly ToolDefinition[], options: ToolListOptions = {}): ToolList {
  const deferring = plan.mechanism === 'client' && plan.tools.some((entry) => entry.status === 'deferred');
  const fromWire = options.names?.fromWire ?? ((name: string) => name);
  // The options are checked (`resolveToolList`) or the package's own lists.
  const revealed = plan.reveal === 'tool-list' ? (options.revealed ?? []) : [];
  const shown = [...new Set([...revealed, ...(options.forced ?? [])].map((name) => fromWire(name)))];
  const shownSet = new Set(shown);
  const listed = plan.listing === 'full' || plan.listing === 'compact';
  // A listing that leaves deferred tools out needs no definition for one it does not show: a body this package
  // already transformed (which no longer holds them) is read back as the same request.
  const planned = matchPlan(plan, tools, deferring && !listed, shown);
  if (!deferring) {
    return { tools: tools.map((tool) => createRequestToolEntry(tool, 'loaded')), guidance: null };
  }
  const loaded: ToolListEntry[] = [];
  const deferred: ToolListEntry[] = [];
  // Unlisted tools shown in full are appended in the order they were revealed or forced, by name.
  const unlisted = new Map<string, ToolDefinition>();
  for (let index = 0; index < plan.tools.length; index += 1) {
    const entry = plan.tools[index] as PlannedTool;
    const tool = planned[index];
    if (tool === undefined) continue;
    if (entry.status === 'loaded') loaded.push(createRequestToolEntry(tool, 'loaded'));
    else if (!listed) unlisted.set(tool.name, tool);
    else deferred.push(shownSet.has(tool.name) ? createRequestToolEntry(tool, 'revealed') : stub(tool, plan.listing as 'full' | 'compact'));
  }
  if (!listed) {
    for (const name of shown) {
      const tool = unlisted.get(name);
      if (tool !== undefined) deferred.push(createRequestToolEntry(tool, 'revealed'));
    }
  }
  // The package's own tools carry fresh copies of their (frozen) schemas: a caller may edit the body it gets back. They
  // go by other names where the caller has tools of theirs (`resolveOwnToolNames`), which are sent as they are.
  const sent = resolveOwnToolsSent(plan);
  const own = [createOwnToolEntry('search', sent.searchName)];
  if (sent.callTool) own.push(createOwnToolEntry('call', sent.callToolName));
  return {
    tools: [...loaded, ...own, ...deferred],
    guidance: createToolSearchGuidance(plan, options.names === undefined ? {} : { names: options.names }, sent),
  };
}

/** A deferred tool's entry in the `full` and `compact` listings: the stub schema, the description the listing gives. */
function stub(tool: ToolDefinition, listing: 'full' | 'compact'): ToolListEntry {
  const description = listing === 'compact' && tool.description !== undefined ? compactDescription(tool.description) : tool.description;
  return createRequestToolEntry(tool, 'deferred', description, STUB_INPUT_SCHEMA);
}

/** How the tool list's `plan-mismatch` names the tools. */
const MATCH_WORDING: Readonly<PlanMatchWording> = {
  lead: 'The plan was made for a different tool list',
  lacks: 'which the tool list lacks',
  has: 'the tool list',
  again: () => 'for these tools',
};

/**
 * Every planned tool's definition, at the planned tool's index; throws when the two lists differ (`resolvePlanMatch`).
 * With `leftOut`, a deferred planned tool not `shown` may be missing from the list (its definition is `undefined`).
 */
function matchPlan(
  plan: ToolSearchPlan,
  tools: readonly ToolDefinition[],
  leftOut: boolean,
  shown: readonly string[],
): readonly (ToolDefinition | undefined)[] {
  // The usual case, a plan made from this very list: same names in the same order, the list itself (no pairs built).
  if (plan.tools.length === tools.length && plan.tools.every((entry, index) => entry.name === tools[index]?.name)) return tools;
  const body = new Map<string, RequestBodyTool>(tools.map((tool) => [tool.name, { definition: tool, deferred: false }]));
  resolvePlanMatch({ plan, planned: new Set(plan.tools.map((entry) => entry.name)), body, forced: shown, leftOut, wording: MATCH_WORDING });
  return plan.tools.map((entry) => body.get(entry.name)?.definition);
}

/**
 * The entry for one of the package's own tools (`search`: `tool_search`, `call`: `call_tool`) under the name it goes
 * by (`tool_search_2` beside a caller's `tool_search`), with a fresh input schema. Every decision that sends one
 * builds it here. Not part of the public API.
 */
export function createOwnToolEntry(kind: 'search' | 'call', name: string): ToolListEntry {
  const tool = kind === 'search' ? TOOL_SEARCH_TOOL_DEFINITION : CALL_TOOL_DEFINITION;
  const inputSchema = kind === 'search' ? createToolSearchInputSchema() : createCallToolInputSchema();
  const definition = name === tool.name ? tool : { ...tool, name };
  return { name, description: tool.description as string, inputSchema, status: kind, definition };
}

/**
 * The entry for a caller's tool in a form (`status`, see `RequestToolEntry`): its description and schema unless given
 * others (a stub's shortened description and stub schema). Every decision builds its entries for caller tools here.
 * Not part of the public API.
 */
export function createRequestToolEntry<Status extends RequestToolEntry['status']>(
  tool: ToolDefinition,
  status: Status,
  description: string | undefined = tool.description,
  inputSchema: JSONSchemaObject = tool.inputSchema,
): Status extends 'defer-loading' ? DeferLoadingToolEntry : ToolListEntry {
  // Two literals, not a conditional spread (`...(description === undefined ? {} : { description })`), which costs
  // several times more; this runs for every tool of every request.
  const entry: RequestToolEntry =
    description === undefined
      ? { name: tool.name, inputSchema, status, definition: tool }
      : { name: tool.name, description, inputSchema, status, definition: tool };
  return entry as Status extends 'defer-loading' ? DeferLoadingToolEntry : ToolListEntry;
}
