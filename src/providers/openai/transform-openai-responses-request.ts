import { readOpenAIResponsesAddedTools } from './read-openai-responses-added-tools.js';
import { REVEALED_OPTION, findTransformOptionProblems, parseRevealedOption, type TransformOption } from '../../transform/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../transform/request-transformer.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import { createToolNameMapping, isValidToolName, type ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { resolvePlanForWireAPI } from '../../plan/resolve-plan-for-wire-api.js';
import { parsePlannedTools } from '../../plan/parse-planned-tools.js';
import { resolvePlanForModel } from '../../plan/resolve-plan-for-model.js';
import type { ToolList, ToolListEntry } from '../../request/resolve-tool-list.js';
import { resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { compactDescription } from '../../client/compact-description.js';
import { TOOL_SEARCH_TOOL_DEFINITION, TOOL_SEARCH_TOOL_NAME, createToolSearchInputSchema } from '../../client/tool-search-tool-definition.js';
import { resolveHistoryReveals } from '../../client/tool-search-result.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import type { PlannedTool, ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import type { RequestTool, RequestToolForm } from '../../request/request-tool.js';
import { resolvePlanMatch, type PlanMatchWording } from '../../request/resolve-plan-match.js';
import { isOwnToolStandIn } from '../../request/is-own-tool-stand-in.js';
import { readHistoryToolOutputs } from '../../request/read-history-tool-outputs.js';
import { resolveForcedTools } from '../../request/resolve-forced-tools.js';
import { resolveOpenAIHostedTools, type OpenAIHostedTools, type OpenAIHostedToolsWarningCode } from '../../request/resolve-openai-hosted-tools.js';
import { resolvePlanWithUnmanagedNames } from '../../request/resolve-plan-with-unmanaged-names.js';
import { RECOMMENDED_NAMESPACE_SIZE } from '../../request/resolve-tool-groups.js';
import {
  OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE,
  OPENAI_RESPONSES_TOOL_NAME_RULE,
  isOpenAIResponsesReservedNamespace,
  type OpenAIResponsesProviderTool,
  type OpenAIResponsesTool,
} from './openai-responses-api.js';
import { readOpenAIResponsesTools, type OpenAIResponsesBodyTool, type OpenAIResponsesBodyTools } from './parse-openai-responses-tools.js';
import { resolveOpenAIResponsesNamespaceNames } from './resolve-openai-responses-namespace-names.js';
import { resolveOpenAIResponsesFunctionLocations } from './resolve-openai-responses-function-locations.js';
import {
  checkOpenAIResponsesInput,
  readOpenAIResponsesHistoryItem,
  transformOpenAIResponsesInput,
  type OpenAIResponsesInputWarningCode,
} from './transform-openai-responses-input.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';

/**
 * Where hosted tool search puts tools that have no category.
 *
 * - `top-level` (the default): each stays a top-level function; a deferred one gets `defer_loading: true`. OpenAI
 *   still shows the model every deferred top-level function's name and description, so only its parameter schema
 *   is saved (one public measurement found input usage 24 % higher than without deferral, langchain#38540).
 * - `name-prefix`: tools whose names share a prefix (`github__create_issue`, `github.create_issue`,
 *   `mcp__github__create_issue`, `github/create_issue`, `github:create_issue` → `github`) are grouped into one
 *   namespace per prefix, when at least two tools share it. The model then sees one namespace line instead of each
 *   tool's name and description. Off by default: it changes the `namespace` of those tools' calls, and whether the
 *   model finds tools as well behind a terse "Tools for github" line cannot be measured offline.
 */
export type OpenAIResponsesUncategorizedTools = 'top-level' | 'name-prefix';

/** Options of {@link transformOpenAIResponsesRequest}. */
export interface TransformOpenAIResponsesRequestOptions extends TransformRequestOptions {
  /**
   * Hosted mechanism: where tools without a category go. See {@link OpenAIResponsesUncategorizedTools}.
   * @default 'top-level'
   */
  readonly uncategorized?: OpenAIResponsesUncategorizedTools;
}

/**
 * The codes of the transformer's warnings; match on them, the messages are for people. The request decision's codes
 * ({@link OpenAIHostedToolsWarningCode}, documented there) and:
 *
 * - `plan-for-another-api`: a `claude-hosted` plan was given for a Responses body; the same tools are deferred with
 *   the client-side mechanism instead.
 * - `namespace-renamed`: a namespace of the body had to be renamed (invalid characters, or a reserved or taken name).
 * - `namespace-member-moved`: a namespace held a tool other than function and custom tools; it was moved to the top
 *   level, as namespaces may only hold those.
 * - `namespaces-flattened`: the client mechanism sends the body's namespaced functions as top-level functions.
 * - `namespace-over-recommended-size`: a namespace holds more functions than OpenAI recommends (about 10).
 * - `search-tool-name-conflict`: a top-level function or custom tool named `tool_search` sits next to OpenAI's tool
 *   search tool.
 * - `function-call-namespace-restored`: a replayed function call lacked its `namespace`; it was restored.
 * - `mechanism-not-for-model`: the plan uses OpenAI's hosted search for a model known not to support it (before
 *   GPT-5.4, a nano model; a stored or hand-made plan); the same tools were deferred with the client-side mechanism.
 * - `reveal-not-for-model`: the plan delivers loaded tools natively (`reveal: 'native'`) for a model known not to take
 *   tool additions (a stored or hand-made plan); loaded schemas stay in the `tool_search` result and `call_tool` is
 *   sent instead (`resolvePlanForModel`).
 */
export type OpenAIResponsesWarningCode =
  | OpenAIHostedToolsWarningCode
  | 'plan-for-another-api'
  | 'namespace-renamed'
  | 'namespace-member-moved'
  | 'namespaces-flattened'
  | 'namespace-over-recommended-size'
  | 'search-tool-name-conflict'
  | 'mechanism-not-for-model'
  | 'reveal-not-for-model'
  | OpenAIResponsesInputWarningCode;

type BodyToolOf<Body> = Body extends { readonly tools?: ReadonlyArray<infer Tool> | null } ? Tool : OpenAIResponsesProviderTool;

/**
 * The body a transform returns: the caller's body type, with `tools` holding the tools this package writes plus the
 * caller's other tool types (passed through), and `instructions` possibly extended by the guidance note.
 */
export type TransformedOpenAIResponsesBody<Body> = Omit<Body, 'tools' | 'instructions'> & {
  tools?: (OpenAIResponsesTool | Exclude<BodyToolOf<Body>, { type: 'function' | 'custom' | 'namespace' | 'tool_search' }>)[];
  instructions?: string | null;
};

/** What {@link transformOpenAIResponsesRequest} returns: the body to send, the warnings and the tool-name mapping. */
export type TransformOpenAIResponsesRequestResult<Body> = TransformRequestResult<TransformedOpenAIResponsesBody<Body>, OpenAIResponsesWarningCode>;

const UNCATEGORIZED_OPTION: TransformOption = {
  name: 'uncategorized',
  rule: "must be 'top-level' or 'name-prefix'",
  isValid: (value) => value === 'top-level' || value === 'name-prefix',
};

/** The tools as written, and the namespace name sent for each group label. */
interface WrittenTools {
  readonly tools: unknown[];
  readonly namespaceNames: ReadonlyMap<string, string>;
}

/** What the writers read: the body's tools as read and in neutral form (by index), the decision, the names. */
interface WriteContext {
  readonly read: OpenAIResponsesBodyTools;
  readonly tools: readonly RequestTool[];
  readonly decided: OpenAIHostedTools;
  readonly names: ToolNameMapping;
  readonly warnings: ToolSearchWarning<OpenAIResponsesWarningCode>[];
}

/**
 * Rewrites an OpenAI Responses request body for a tool search plan, just before it is sent.
 *
 * Build the body as always (original tool names, full schemas, your namespaces), resolve the plan from it, transform,
 * send. Pure: the input is not changed, equal input gives byte-identical output, and the output transformed again
 * with the same plan and options comes out the same (except with the client mechanism's `names` listing, whose
 * output no longer lists the unrevealed tools: transform the original body each turn).
 *
 * Which tool is sent in which form (loaded, deferred, left out, revealed, forced; which tool search tool; the caller's
 * own deferrals) is {@link resolveOpenAIHostedTools}'s decision; a top-level custom tool named like the package's own
 * tools is {@link resolvePlanWithUnmanagedNames}' (the result's `plan`: pass that one to `handleToolCall`). This
 * transformer writes it in the Responses wire:
 *
 * - **Hosted (`openai-hosted`)** and **none**: a deferred function gets `defer_loading: true` (removed otherwise). A
 *   tool with a group (its category, or the body namespace it sits in) goes into a `namespace`, deferred or not, so
 *   its calls' `namespace` stays the same from turn to turn. Namespace names are made valid, at most 64 characters
 *   (`File Operations` → `File_Operations`), never reserved or named like a top-level function; a description is the
 *   body namespace's own, else `Tools for <category>`. Function names are kept within 64 characters (a deferred
 *   top-level function's calls carry its name as their namespace). Order: top-level loaded tools and other tools in
 *   body order, then namespaces sorted by the name sent, then deferred tools without a category (see
 *   `uncategorized`), then the tool search tool (`{"type":"tool_search"}`, the body's own, or the library's
 *   client-executed one) last.
 * - **Client (`client`)**: the client tool list as Responses functions: stubs with the stub schema and `strict: false`.
 *   Namespaced functions become top-level functions; a namespaced custom tool whose name another tool already has at
 *   the top level is sent as `namespace.name`. The guidance note is appended to `instructions` once (a note an earlier
 *   transform left there is replaced, or removed when nothing is deferred). A `claude-hosted` plan (a mistake on this
 *   API: warned) is applied this way too. With native delivery (`reveal: 'native'`) the list is the loaded tools and
 *   `tool_search` only (no `call_tool`, no deferred tool): what a search loads reaches the model as an
 *   `additional_tools` item after its result (`createOpenAIResponsesAdditionalTools`; the session API writes it), so
 *   the tools and the instructions stay byte-identical on every request of a session.
 *
 * Always: function names the API rejects are mapped (`github.create_issue` → `github_create_issue`), in `tools`,
 * `tool_choice` and the history; custom tools keep their names (free text), and tools the plan does not manage (web
 * search, MCP, custom tools, …) pass through in place. The history (`input`) is repaired
 * ({@link transformOpenAIResponsesInput}): a replayed call missing its `namespace` gets it back, output-only
 * `created_by` fields are removed, `tool_search_call`/`tool_search_output`/`additional_tools` items are kept in place
 * (names the API would reject mapped, as in calls). The result's `loaded` includes the tools those items loaded or added.
 *
 * Throws a `ToolSearchError`: `invalid-request` for a body that is not an object, `tools` not an array, a tool
 * without a type or name, two tools of one name in one scope, `input` neither a string nor a list of objects,
 * `instructions` not a string;
 * `plan-mismatch` when the plan was made for other tools than the body's functions; `invalid-options` for a bad
 * plan or options.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseOpenAIResponsesTools, transformOpenAIResponsesRequest } from 'tool-search/openai';
 * const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, parseOpenAIResponsesTools(body));
 * const { body: request, names } = transformOpenAIResponsesRequest(body, plan);
 * const response = await openai.responses.create(request);
 * ```
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 */
export function transformOpenAIResponsesRequest<Body extends object>(
  body: Body,
  givenPlan: ToolSearchPlan,
  options: TransformOpenAIResponsesRequestOptions = {},
): TransformOpenAIResponsesRequestResult<Body> {
  // Check the body.
  const read = readBodyToolsOnce(body, readOpenAIResponsesTools);
  const resolvedOptions = parseOptions(options);
  const source = body as Record<string, unknown>;
  const input = source.input;
  if (input !== undefined && input !== null && typeof input !== 'string') checkOpenAIResponsesInput(input);
  const instructions = source.instructions;
  if (instructions !== undefined && instructions !== null && typeof instructions !== 'string') {
    throw new ToolSearchError('invalid-request', `\`instructions\` must be a string, got ${describeValue(instructions)}`);
  }
  const warnings: ToolSearchWarning<OpenAIResponsesWarningCode>[] = [];
  const forAPI = resolvePlanForWireAPI(givenPlan, 'openai-responses');
  if (forAPI.fallback !== null) warnings.push({ code: 'plan-for-another-api', message: forAPI.fallback });
  const forModel = resolvePlanForModel(forAPI.plan);
  if (forModel.fallback !== null) warnings.push({ code: 'mechanism-not-for-model', message: forModel.fallback });
  if (forModel.revealFallback !== null) warnings.push({ code: 'reveal-not-for-model', message: forModel.revealFallback });

  // Read it into neutral form: the plan as this body applies it, the names, the tools, what the history revealed.
  const planned = parsePlannedTools(forModel.plan.tools).byName;
  const customs = read.tools.filter((entry) => entry.kind === 'custom');
  // A top-level custom tool named like one of the package's own keeps its name; the package's takes a free one.
  const plan = resolvePlanWithUnmanagedNames(
    forModel.plan,
    customs.filter((entry) => entry.namespace === undefined).map((entry) => entry.tool.name as string),
  );
  const mechanism = plan.mechanism;
  // Custom tools keep their names (the function-name pattern does not bind them); a valid one is only kept from
  // being given to a function. Under hosted search every function name fits a call's namespace (64 characters).
  const rule = mechanism === 'openai-hosted' ? OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE : OPENAI_RESPONSES_TOOL_NAME_RULE;
  const own = resolveOwnToolsSent(plan, planned);
  const names = createToolNameMapping(
    // The package's own tool names are in the set too, so no renamed tool can take them.
    [...planned.keys(), ...customs.map((entry) => entry.tool.name as string).filter((name) => isValidToolName(name, rule)), own.searchName, own.callToolName],
    rule,
    // A top-level custom tool keeps its name; a function of the same name elsewhere (in a namespace) gives way, as
    // flattening or deferral would put the two side by side.
    { reserved: customs.filter((entry) => entry.namespace === undefined && planned.has(entry.tool.name as string)).map((entry) => entry.tool.name as string) },
  );
  // A body may hold original names (the caller's) or wire names (an earlier transform's output); both resolve.
  const originalOf = (name: string): string => (planned.has(name) ? name : names.fromWire(name));
  // Every planned function's wire name is taken, sent or not: a deferred one the client list leaves out is still named
  // in the note and called by that name, and the next pass would see a custom tool of that name beside it.
  const flatNames =
    mechanism === 'client'
      ? resolveFlatCustomNames(read, () =>
          [...planned.keys(), ...(own.search ? [own.searchName] : []), ...(own.callTool ? [own.callToolName] : [])].map((name) => names.toWire(name)),
        )
      : undefined;
  const tools = read.tools.map((entry, index) => toRequestTool(entry, read, planned, originalOf, flatNames?.get(index)));
  resolvePlanMatch({
    plan,
    planned,
    body: tools,
    wording: MATCH_WORDING,
    reader: 'parseOpenAIResponsesTools(body)',
    isTransformed: () => tools.some((tool) => tool.kind === 'own'),
  });
  // Read once: the client list reveals these, and the result reports them as loaded.
  const historyReveals = resolveHistoryReveals(readHistoryToolOutputs(Array.isArray(input) ? input : [], readOpenAIResponsesHistoryItem).outputs, names, own);

  // Ask the core.
  const decided = resolveOpenAIHostedTools({
    plan,
    planned,
    tools,
    forced: resolveForcedTools(plan, readRenamedNames((rename) => transformToolChoice(source.tool_choice, rename)).map(originalOf)),
    revealed: [...resolvedOptions.revealed, ...historyReveals].map(originalOf),
    names,
    byPrefix: resolvedOptions.uncategorized === 'name-prefix',
    isDeferredAloneRejected: (name) => isOpenAIResponsesReservedNamespace(names.toWire(name)),
  });
  warnings.push(...decided.warnings);

  // Write each entry in the wire shape.
  const context: WriteContext = { read, tools, decided, names, warnings };
  const written = decided.list === undefined || flatNames === undefined ? writeGroupedTools(context) : writeClientTools(context, decided.list, flatNames);

  // Repair the history: names as sent, namespaces on replayed calls.
  const history = transformOpenAIResponsesInput(input, {
    names,
    originalOf,
    tools: written.tools,
    namespaceNames: written.namespaceNames,
    labelOf: (original) => decided.groups.get(original),
  });
  warnings.push(...history.warnings);

  // Return the body with the tools, the history, the tool choice (names as sent) and the note in `instructions`.
  const result: Record<string, unknown> = { ...source };
  if ('tools' in source || written.tools.length > 0) result.tools = written.tools;
  if ('input' in source) result.input = history.input;
  if ('tool_choice' in source) result.tool_choice = transformToolChoice(source.tool_choice, (name) => names.toWire(originalOf(name)));
  const withNote = transformInstructions(instructions, decided.guidance);
  if (withNote !== instructions) result.instructions = withNote;
  const loaded = resolveLoadedTools(input, historyReveals, originalOf);
  const added = readOpenAIResponsesAddedTools(input).map(originalOf);
  // The given plan as checked, unless the body's custom tools added to it (the session and the call check read this one).
  return {
    body: result as TransformedOpenAIResponsesBody<Body>,
    warnings,
    names,
    loaded,
    ...(added.length === 0 ? {} : { added }),
    ...(plan === forModel.plan ? {} : { plan }),
  };
}

/** How the Responses transformer's `plan-mismatch` names the body's tools. */
const MATCH_WORDING: PlanMatchWording = {
  lead: 'The plan was made for different tools than the request body holds',
  lacks: "which the body's tools lack",
  has: 'the body',
  again: (reader) => `from \`${reader}\``,
};

/** One tool of the body in neutral form, for the core's decision. */
function toRequestTool(
  entry: OpenAIResponsesBodyTool,
  read: OpenAIResponsesBodyTools,
  planned: ReadonlyMap<string, PlannedTool>,
  originalOf: (name: string) => string,
  flatName: string | undefined,
): RequestTool {
  const { tool, path } = entry;
  switch (entry.kind) {
    case 'function': {
      const definition = entry.definition as ToolDefinition;
      const name = originalOf(definition.name);
      const deferred = tool.defer_loading === true;
      return entry.namespace === undefined
        ? { kind: 'planned', name, path, definition, deferred }
        : { kind: 'planned', name, path, definition, deferred, group: entry.namespace };
    }
    case 'custom': {
      // A deferred top-level custom tool is called in a namespace of its own name, which cannot be a reserved one.
      const custom = {
        kind: 'unmanaged',
        name: flatName ?? (tool.name as string),
        path,
        deferred: tool.defer_loading === true,
        deferredAloneRejected: isOpenAIResponsesReservedNamespace(tool.name as string),
      } as const;
      return entry.namespace === undefined ? custom : { ...custom, group: entry.namespace };
    }
    case 'provider':
      // Namespaces hold only function and custom tools: another tool in one is sent at the top level, ungrouped.
      return {
        kind: 'unmanaged',
        name: String(tool.name ?? tool.server_label ?? tool.type),
        path,
        deferred: tool.defer_loading === true,
        deferredAloneRejected: false,
      };
    case 'tool-search':
      return { kind: 'search', clientExecuted: tool.execution === 'client' };
    case 'own-search-function': {
      const definition = entry.definition as ToolDefinition;
      const bodyHolds = (name: string): boolean => read.tools.some((other) => other.kind === 'function' && other.definition?.name === name);
      return isOwnToolStandIn(definition.name, planned, bodyHolds)
        ? { kind: 'planned', name: definition.name, path, definition, deferred: tool.defer_loading === true }
        : { kind: 'own' };
    }
    default:
      return assertNever(entry.kind, 'tool kind');
  }
}

/**
 * Hosted search or none: the decision's groups as namespaces, then the tools in the Responses order: top-level loaded
 * tools and other tools in body order, the namespaces sorted by the name sent, deferred top-level tools, the tool
 * search tool last.
 */
function writeGroupedTools(context: WriteContext): WrittenTools {
  const { read, tools: requestTools, decided, names, warnings } = context;
  const namespaceNames = resolveNamespaceNames(context);
  const top: unknown[] = [];
  const members = new Map<string, Record<string, unknown>[]>();
  const deferredTop: unknown[] = [];
  const movedOut: string[] = [];
  for (const [index, entry] of read.tools.entries()) {
    const request = requestTools[index] as RequestTool;
    const { form, group } = decided.forms[index] as RequestToolForm;
    if (request.kind === 'planned') {
      if (form === 'omitted') continue;
      let tool = functionTool(entry.tool, names.toWire(request.name), form === 'defer-loading');
      if (decided.compact && form === 'defer-loading' && typeof tool.description === 'string')
        tool = { ...tool, description: compactDescription(tool.description) };
      if (group !== undefined) push(members, group, tool);
      else if (form === 'defer-loading') deferredTop.push(tool);
      else top.push(tool);
    } else if (request.kind === 'unmanaged') {
      if (entry.kind === 'provider' && entry.namespace !== undefined) movedOut.push(`\`${String(entry.tool.type)}\` (${entry.path})`);
      if (group !== undefined) push(members, group, unmanagedTool(entry.tool, form));
      else top.push(unmanagedTool(entry.tool, form));
    }
  }
  if (movedOut.length > 0) {
    warnings.push({
      code: 'namespace-member-moved',
      message: `namespaces may hold only function and custom tools; ${movedOut.join(', ')} ${movedOut.length === 1 ? 'was' : 'were'} moved to the top level`,
    });
  }

  const descriptions = new Map<string, string>();
  for (const namespace of read.namespaces) {
    if (namespace.description !== undefined && !descriptions.has(namespace.name)) descriptions.set(namespace.name, namespace.description);
  }
  // Sorted by the name sent, not the label: a body an earlier transform wrote holds the names sent as labels, and must
  // come out in the same order.
  const namespaces = [...members.keys()]
    .sort((left, right) => compareText(namespaceNames.get(left) as string, namespaceNames.get(right) as string) || compareText(left, right))
    .map((label) => {
      const name = namespaceNames.get(label) as string;
      const tools = members.get(label) as Record<string, unknown>[];
      if (decided.oversized.has(label)) {
        warnings.push({
          code: 'namespace-over-recommended-size',
          message: `namespace \`${name}\` holds ${tools.length} tools; OpenAI recommends fewer than about ${RECOMMENDED_NAMESPACE_SIZE} per namespace, so tool search loads fewer unneeded schemas. Split the category`,
        });
      }
      // The body's own description wins (also under the name an earlier transform gave the namespace).
      const description = descriptions.get(label) ?? descriptions.get(name) ?? `Tools for ${label}`;
      return { type: 'namespace', name, description, tools };
    });

  const tools: unknown[] = [...top, ...namespaces, ...deferredTop];
  const search = decided.search;
  if (search === undefined) return { tools, namespaceNames };
  tools.push(search.source === 'body' ? read.tools[search.index]?.tool : search.source === 'library' ? createClientSearchTool() : { type: 'tool_search' });
  if (
    top.some((tool) => ['function', 'custom'].includes((tool as { type?: string }).type ?? '') && (tool as { name?: unknown }).name === TOOL_SEARCH_TOOL_NAME)
  ) {
    warnings.push({
      code: 'search-tool-name-conflict',
      message: "a top-level tool is named `tool_search`, next to OpenAI's tool search tool of the same name; rename it so the model can tell them apart",
    });
  }
  return { tools, namespaceNames };
}

/**
 * The namespace name sent for each group label: valid, never reserved, never the name of a top-level function or custom
 * tool (a deferred one is called in a namespace of its own name) or of an MCP server (a tool-search path of its own).
 */
function resolveNamespaceNames(context: WriteContext): Map<string, string> {
  const { read, tools, decided, names, warnings } = context;
  const { forms, omitted } = decided;
  const labels = new Set<string>();
  for (const form of forms) if (form.group !== undefined) labels.add(form.group);
  // Without namespaces there is nothing to name, nor names to check them against.
  if (labels.size === 0) return new Map();
  // A deferred function the request leaves out comes back from a search as a top-level function, called in a
  // namespace of its own name: its name is blocked whether or not this body still holds it (its own output does not).
  const blocked = [...omitted].map((name) => names.toWire(name));
  for (const [index, entry] of read.tools.entries()) {
    const request = tools[index] as RequestTool;
    if (forms[index]?.group !== undefined || forms[index]?.form === 'omitted') continue;
    if (request.kind === 'planned') blocked.push(names.toWire(request.name));
    else if (entry.kind === 'custom') blocked.push(entry.tool.name as string);
    else if (entry.kind === 'provider' && entry.tool.type === 'mcp' && typeof entry.tool.server_label === 'string') blocked.push(entry.tool.server_label);
  }
  // Labels only custom tools use are named after the functions' (they never change a function namespace's name).
  const functionLabels = new Set(decided.groups.values());
  const namespaceNames = resolveOpenAIResponsesNamespaceNames(
    [...labels].filter((label) => functionLabels.has(label)),
    blocked,
    [...labels].filter((label) => !functionLabels.has(label)),
  );
  const renamed = [...new Set(read.namespaces.map((namespace) => namespace.name))].filter((name) => labels.has(name) && namespaceNames.get(name) !== name);
  if (renamed.length > 0) {
    warnings.push({
      code: 'namespace-renamed',
      message: `namespace ${renamed.map((name) => `\`${name}\` is sent as \`${namespaceNames.get(name) as string}\``).join(', ')} (the API accepts letters, digits, \`_\` and \`-\`, and reserved or top-level function names are avoided); calls come back with the new namespace`,
    });
  }
  return namespaceNames;
}

/**
 * The client mechanism: flat. The loaded functions keep their body place and the other tools theirs; the client list's
 * other entries (`tool_search`, `call_tool`, stubs, revealed tools) follow them.
 */
function writeClientTools(context: WriteContext, list: ToolList, flatNames: ReadonlyMap<number, string>): WrittenTools {
  const { read, tools, decided, names, warnings } = context;
  const functions = new Map<string, OpenAIResponsesBodyTool>();
  const top: unknown[] = [];
  for (const [index, entry] of read.tools.entries()) {
    const request = tools[index] as RequestTool;
    const form = decided.forms[index]?.form;
    if (request.kind === 'planned') {
      functions.set(request.name, entry);
      if (form === 'loaded') top.push(functionTool(entry.tool, names.toWire(request.name), false));
    } else if (entry.kind === 'custom') {
      const name = flatNames.get(index) as string;
      top.push(unmanagedTool(name === entry.tool.name ? entry.tool : { ...entry.tool, name }, form));
    } else if (entry.kind === 'provider') top.push(unmanagedTool(entry.tool, form));
  }
  const rest = list.tools.filter((entry) => entry.status !== 'loaded').map((entry) => clientTool(entry, functions, names));
  const kept = decided.search?.source === 'body' ? [read.tools[decided.search.index]?.tool] : [];
  if (read.namespaces.length > 0) {
    const qualified = [...flatNames.entries()].filter(([index, name]) => name !== read.tools[index]?.tool.name).map(([, name]) => name);
    warnings.push({
      code: 'namespaces-flattened',
      message:
        `the client-side mechanism sends namespaced functions as top-level functions (namespace ${quote(read.namespaces.map((namespace) => namespace.name))} dissolved); their calls come back without a \`namespace\`` +
        (qualified.length === 0 ? '' : `; custom tools whose names would clash are sent as ${quote(qualified)} (\`namespace.name\`)`),
    });
  }
  return { tools: [...top, ...rest, ...kept], namespaceNames: new Map() };
}

/**
 * The tools whose schemas the history holds, by original name: those this package's results carry (function call
 * outputs) and those `tool_search_output` items loaded.
 */
function resolveLoadedTools(input: unknown, fromResults: readonly string[], originalOf: (name: string) => string): string[] {
  const fromSearches = resolveOpenAIResponsesFunctionLocations([], Array.isArray(input) ? input : []);
  return [...new Set([...fromResults, ...fromSearches.topLevel, ...fromSearches.namespaces.keys()].map(originalOf))];
}

/** The library's search tool: executed by the caller, with this package's description and `query` argument. */
function createClientSearchTool(): Record<string, unknown> {
  return { type: 'tool_search', execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: createToolSearchInputSchema() };
}

/**
 * The name each custom tool is sent under once the client mechanism flattens namespaces, by its index in
 * `read.tools`: a top-level one keeps its own name (functions and the package's own tools give way to it); a namespaced
 * one keeps its own unless a function (sent or deferred), the package's own tools or an earlier custom tool has it, and
 * then takes `namespace.name` (custom tool names are free text).
 */
function resolveFlatCustomNames(read: OpenAIResponsesBodyTools, functionNames: () => readonly string[]): Map<number, string> {
  const result = new Map<number, string>();
  // Most bodies hold no custom tool: then the function names are not even collected.
  if (!read.tools.some((entry) => entry.kind === 'custom')) return result;
  const taken = new Set(functionNames());
  // Top-level custom tools first: their names are the caller's own, and nothing outranks them.
  const order = [...read.tools.entries()]
    .filter(([, entry]) => entry.kind === 'custom')
    .sort(([a, left], [b, right]) => Number(left.namespace !== undefined) - Number(right.namespace !== undefined) || a - b);
  for (const [index, entry] of order) {
    const own = entry.tool.name as string;
    if (entry.namespace === undefined) {
      taken.add(own);
      result.set(index, own);
      continue;
    }
    let name = taken.has(own) ? `${entry.namespace}.${own}` : own;
    for (let attempt = 2; taken.has(name); attempt += 1) name = `${entry.namespace}.${own}_${attempt}`;
    taken.add(name);
    result.set(index, name);
  }
  return result;
}

/** `instructions` with the guidance note at the end, once (`resolveGuidanceText`); absent instructions get the note alone. */
function transformInstructions(instructions: string | null | undefined, guidance: string | null): string | null | undefined {
  if (typeof instructions !== 'string' || instructions.length === 0) return guidance ?? instructions;
  return resolveGuidanceText(instructions, guidance);
}

/** One `tool_search`, stub or revealed entry of the client tool list as a Responses function tool. */
function clientTool(entry: ToolListEntry, functions: ReadonlyMap<string, OpenAIResponsesBodyTool>, names: ToolNameMapping): unknown {
  const name = names.toWire(entry.name);
  switch (entry.status) {
    case 'revealed':
    case 'loaded':
      return functionTool((functions.get(entry.name) as OpenAIResponsesBodyTool).tool, name, false);
    case 'search':
    case 'call':
    case 'deferred': {
      // A stub is an open object: strict mode would reject it, and the model may still infer the right arguments.
      // Built field by field, not with conditional spreads: this runs for every deferred tool of every request.
      const stub: Record<string, unknown> = { type: 'function', name };
      if (entry.description !== undefined) stub.description = entry.description;
      stub.parameters = entry.inputSchema;
      stub.strict = false;
      const callers = entry.status === 'deferred' ? functions.get(entry.name)?.tool.allowed_callers : undefined;
      if (callers !== undefined) stub.allowed_callers = callers;
      return stub;
    }
    default:
      return assertNever(entry.status, 'tool list status');
  }
}

/** A body function tool under its wire name, with `defer_loading: true` when deferred and without it otherwise. */
function functionTool(tool: Readonly<Record<string, unknown>>, name: string, deferred: boolean): Record<string, unknown> {
  // Most tools have no `defer_loading`: a plain spread then does, at a fraction of the cost of object rest.
  const rest = 'defer_loading' in tool ? withoutDeferLoading(tool) : tool;
  return deferred ? createRecordCopy(rest, { name, defer_loading: true }) : { ...rest, name };
}

function withoutDeferLoading(tool: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const { defer_loading: _deferLoading, ...rest } = tool;
  return rest;
}

/** A tool the plan does not manage: as the caller wrote it, or without `defer_loading` when nothing sent could load it. */
function unmanagedTool(tool: Readonly<Record<string, unknown>>, form: RequestToolForm['form'] | undefined): Readonly<Record<string, unknown>> {
  return form === 'undeferred' && tool.defer_loading !== undefined ? withoutDeferLoading(tool) : tool;
}

/**
 * `tool_choice` with each function name it holds (forced, or listed in `allowed_tools`) passed through `rename` (custom
 * tools keep theirs); read with `readRenamedNames` for the names it forces.
 */
function transformToolChoice(choice: unknown, rename: (name: string) => string): unknown {
  if (typeof choice !== 'object' || choice === null) return choice;
  const record = choice as Record<string, unknown>;
  const renameTool = (tool: unknown): unknown => {
    const { type, name } = (typeof tool === 'object' && tool !== null ? tool : {}) as { type?: unknown; name?: unknown };
    if (type !== 'function' || typeof name !== 'string') return tool;
    const wire = rename(name);
    return wire === name ? tool : { ...(tool as Record<string, unknown>), name: wire };
  };
  if (record.type !== 'allowed_tools' || !Array.isArray(record.tools)) return renameTool(choice);
  const tools = resolveMappedItems(record.tools, renameTool);
  return tools === record.tools ? choice : { ...record, tools };
}

function parseOptions(options: unknown): { readonly revealed: readonly string[]; readonly uncategorized: OpenAIResponsesUncategorizedTools } {
  const given = options ?? {};
  if (!isRecord(given)) {
    throw new ToolSearchError('invalid-options', `\`options\` must be an object such as \`{ revealed, uncategorized }\`, got ${describeValue(options)}`);
  }
  const [problem] = findTransformOptionProblems(given, [REVEALED_OPTION, UNCATEGORIZED_OPTION]);
  if (problem?.kind === 'unknown') {
    throw new ToolSearchError('invalid-options', `unknown option ${quote(problem.names)}; the options are \`revealed\` and \`uncategorized\``);
  }
  if (problem !== undefined) {
    throw new ToolSearchError('invalid-options', `\`options.${problem.option.name}\` ${problem.option.rule}, got ${describeValue(problem.value)}`);
  }
  return {
    revealed: parseRevealedOption(given.revealed),
    uncategorized: (given.uncategorized as OpenAIResponsesUncategorizedTools | undefined) ?? 'top-level',
  };
}

function push(map: Map<string, Record<string, unknown>[]>, key: string, value: Record<string, unknown>): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function quote(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(', ');
}

/** Code-unit order, like the seed's byte-sorted namespaces: stable across runtimes and locales. */
function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
