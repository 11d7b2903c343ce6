import { REVEALED_OPTION_SCHEMA, parseRevealedOption } from '../../transform/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../transform/request-transformer.js';
import { z } from 'zod';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import { createToolNameMapping, isValidToolName, type ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { resolvePlanForWireAPI } from '../../plan/resolve-plan-for-wire-api.js';
import { resolvePlanForModel } from '../../plan/resolve-plan-for-model.js';
import { createToolList, type ToolListEntry } from '../../request/resolve-tool-list.js';
import { resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { compactDescription } from '../../client/compact-description.js';
import { createToolSearchGuidance } from '../../client/tool-search-guidance.js';
import { TOOL_SEARCH_TOOL_DEFINITION, TOOL_SEARCH_TOOL_NAME, createToolSearchInputSchema } from '../../client/tool-search-tool-definition.js';
import { resolveHistoryReveals } from '../../client/tool-search-result.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import { resolveOpenAIResponsesRequestPlan } from './resolve-openai-responses-request-plan.js';
import type { PlannedTool, ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
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
  resolveOpenAIResponsesCallOutputs,
  transformOpenAIResponsesInput,
  type OpenAIResponsesInputWarningCode,
} from './transform-openai-responses-input.js';

/** What separates the guidance note from the caller's instructions. */

/** OpenAI recommends fewer than about 10 functions per namespace (tool search guide). */
const RECOMMENDED_NAMESPACE_SIZE = 10;

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
 * The codes of the transformer's warnings; match on them, the messages are for people.
 *
 * - `plan-for-another-api`: a `claude-hosted` plan was given for a Responses body; the same tools are deferred with
 *   the client-side mechanism instead.
 * - `tool-search-tool-removed`: the body's own `{"type":"tool_search"}` was dropped (nothing is deferred, or the
 *   mechanism is not OpenAI's hosted search), because the API rejects it there.
 * - `deferral-removed`: `defer_loading` was removed from tools the plan does not manage (custom, MCP, …): no hosted
 *   tool search is sent (deferred tools without it are rejected), or the library's client-executed `tool_search` is
 *   sent, which cannot load them (only one tool search tool fits a request).
 * - `hosted-search-for-caller-deferral`: the plan uses the library's search but defers nothing in this request, so
 *   OpenAI's hosted tool search tool was sent for the tools the caller deferred itself (an `mcp` server, a custom
 *   tool), which need one.
 * - `reserved-name-kept-loaded`: a deferred top-level function is named like a reserved namespace (`terminal`), which
 *   the API rejects once deferred; it is sent with its full schema instead.
 * - `forced-tool-kept-loaded`: `tool_choice` names (forces, or lists in `allowed_tools`) a deferred or namespaced
 *   function; it is sent loaded at the top level (hosted, none) or revealed (client).
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
 */
export type OpenAIResponsesWarningCode =
  | 'plan-for-another-api'
  | 'tool-search-tool-removed'
  | 'deferral-removed'
  | 'reserved-name-kept-loaded'
  | 'forced-tool-kept-loaded'
  | 'namespace-renamed'
  | 'namespace-member-moved'
  | 'namespaces-flattened'
  | 'namespace-over-recommended-size'
  | 'search-tool-name-conflict'
  | 'mechanism-not-for-model'
  | 'hosted-search-for-caller-deferral'
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

const optionsSchema = z.strictObject(
  {
    revealed: REVEALED_OPTION_SCHEMA,
    uncategorized: z.enum(['top-level', 'name-prefix'], { error: "must be 'top-level' or 'name-prefix'" }).optional(),
  },
  { error: 'must be an object such as `{ revealed, uncategorized }`' },
);

/** Separators of MCP-style qualified names, for `uncategorized: 'name-prefix'`. */
const PREFIX_SEPARATOR = /__|[./:]/;

interface ResolvedOptions {
  readonly revealed: readonly string[];
  readonly uncategorized: OpenAIResponsesUncategorizedTools;
}

interface BuiltTools {
  readonly tools: unknown[];
  readonly namespaceNames: ReadonlyMap<string, string>;
  readonly labelOf: (original: string) => string | undefined;
  readonly guidance: string | null;
}

interface BuildContext {
  readonly read: OpenAIResponsesBodyTools;
  readonly plan: ToolSearchPlan;
  readonly planned: ReadonlyMap<string, PlannedTool>;
  readonly names: ToolNameMapping;
  readonly originalOf: (name: string) => string;
  readonly options: ResolvedOptions;
  /** The planned functions `tool_choice` names (forced, or listed in `allowed_tools`), by original name. */
  readonly forced: readonly string[];
  /** The tools the package's `tool_search` results in the history loaded, as the results name them. */
  readonly historyReveals: readonly string[];
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
 * **Hosted (`openai-hosted`)**: deferred functions get `defer_loading: true`. A tool with a category (the plan's, or
 * the body namespace it sits in) goes into a `namespace` of that category, deferred or not: a loaded tool keeps its
 * full schema there, without `defer_loading`. Keeping a tool in its namespace whatever the plan decides keeps its
 * calls' `namespace` the same from turn to turn (a tool crossing the threshold does not move), keeps the caller's
 * own namespaces intact for routing, and keeps the grouping. Namespace names are made valid, at most 64 characters
 * (`File Operations` → `File_Operations`), never reserved or named like a top-level function; a description is the
 * body namespace's own, else `Tools for <category>`. Function names are kept within 64 characters here (a deferred
 * top-level function's calls carry its name as their namespace). Order: top-level loaded tools and other tools in
 * body order, then namespaces sorted by the name sent, then deferred tools without a category (see `uncategorized`), then
 * `{"type":"tool_search"}` last, only when something is deferred (the body's own tool-search tool is reused; a
 * client-executed one the body has is kept even when nothing is deferred).
 *
 * **Client (`client`)**: the tool list of `resolveToolList` in Responses form: loaded tools in full, the
 * `tool_search` function, deferred tools as functions with the stub schema and `strict: false`, revealed ones in
 * full. Namespaced functions become top-level functions; a namespaced custom tool whose name another tool already
 * has at the top level is sent as `namespace.name`; a top-level custom tool keeps its name, and one named `tool_search`
 * or `call_tool` is sent as it is while the package's own goes by `tool_search_2` (…; the plan as this body applies it,
 * `resolveOpenAIResponsesRequestPlan`, returned as the result's `plan`: pass that one to `handleToolCall`). The guidance note is appended to `instructions` once (a note an earlier transform left there
 * is replaced, or removed when nothing is deferred); in the `names` listing it names the deferred tools by their
 * wire names. A `claude-hosted` plan (a mistake on this API: warned) is applied this way too, deferring the same
 * tools.
 *
 * **None (`none`)**: full schemas, the body's own namespaces kept, `defer_loading` and a hosted tool-search tool
 * removed.
 *
 * Always: function names the API rejects are mapped (`github.create_issue` → `github_create_issue`), in `tools`,
 * `tool_choice` and the history (see below); custom tools keep their names (free text), and tools the plan does not
 * manage (web search, MCP, custom tools, …) pass through in place. A function `tool_choice` names (forced, or listed
 * in `allowed_tools`) is sent loaded, and at the top level: `tool_choice` has no `namespace` field. The history
 * (`input`) is repaired: a replayed `function_call` or `custom_tool_call` missing its `namespace` gets it back,
 * output-only `created_by` fields are removed, `tool_search_call`/`tool_search_output` items are kept. A history call
 * of a tool that is no longer in the body is kept (no documented rule rejects it, and dropping it would orphan its
 * output): a name the API would reject is made valid, its namespace restored only from the history's own tool-search
 * output.
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
  const bodyTools = readOpenAIResponsesTools(body);
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
  const planned = new Map(forModel.plan.tools.map((tool) => [tool.name, tool]));
  const read = withOwnSearchFunctionPlanned(bodyTools, planned);
  // A top-level custom tool named like one of the package's own keeps its name; the package's takes a free one.
  const plan = resolveOpenAIResponsesRequestPlan(forModel.plan, read);
  const mechanism = plan.mechanism;
  // Custom tools keep their names (the function-name pattern does not bind them); a valid one is only kept from
  // being given to a function. Under hosted search every function name fits a call's namespace (64 characters).
  const customs = read.tools.filter((entry) => entry.kind === 'custom');
  const rule = mechanism === 'openai-hosted' ? OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE : OPENAI_RESPONSES_TOOL_NAME_RULE;
  const own = resolveOwnToolsSent(plan);
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
  matchPlan(read, plan, planned, originalOf);

  // Read once: the client list reveals these, and the result reports them as loaded.
  const historyReveals = resolveHistoryReveals(resolveOpenAIResponsesCallOutputs(input), names, own);
  const context: BuildContext = {
    read,
    plan,
    planned,
    names,
    originalOf,
    options: resolvedOptions,
    forced: forcedTools(source.tool_choice, planned, originalOf),
    historyReveals,
    warnings,
  };
  let built: BuiltTools;
  switch (mechanism) {
    case 'openai-hosted':
    case 'none':
      built = buildGroupedTools(context, mechanism === 'openai-hosted');
      break;
    case 'client':
      built = buildClientTools(context);
      break;
    case 'claude-hosted':
      // resolvePlanForWireAPI has turned it into `client`.
      throw new ToolSearchError('invalid-options', 'a `claude-hosted` plan reached the Responses tool builder');
    default:
      return assertNever(mechanism, 'mechanism');
  }

  const history = transformOpenAIResponsesInput(input, {
    names,
    originalOf,
    tools: built.tools,
    namespaceNames: built.namespaceNames,
    labelOf: built.labelOf,
  });
  warnings.push(...history.warnings);

  const result: Record<string, unknown> = { ...source };
  if ('tools' in source || built.tools.length > 0) result.tools = built.tools;
  if ('input' in source) result.input = history.input;
  if ('tool_choice' in source) result.tool_choice = transformToolChoice(source.tool_choice, names, originalOf);
  const withNote = transformInstructions(instructions, built.guidance);
  if (withNote !== instructions) result.instructions = withNote;
  const loaded = resolveLoadedTools(input, historyReveals, originalOf);
  // The given plan as checked, unless the body's custom tools added to it (the session and the call check read this one).
  return { body: result as TransformedOpenAIResponsesBody<Body>, warnings, names, loaded, ...(plan === forModel.plan ? {} : { plan }) };
}

/**
 * Hosted search (`hosted`) or no deferral: tools grouped into namespaces, top-level tools in body order. With the
 * library's search, the tool search tool is executed by the caller and deferred tools the listing does not show are
 * left out (the caller's `tool_search_output` loads them).
 */
function buildGroupedTools(context: BuildContext, hosted: boolean): BuiltTools {
  const { read, plan, planned, names, originalOf, options, warnings } = context;
  const library = hosted && plan.search === 'library';
  const listed = plan.listing === 'full' || plan.listing === 'compact';
  const deferred = new Set<string>();
  if (hosted) for (const tool of planned.values()) if (tool.status === 'deferred') deferred.add(tool.name);
  // The deferred tools the request leaves out (the library's search loads them through the caller's
  // `tool_search_output`, and the listing does not show them): `deferred` itself, so what leaves it below leaves this.
  const left: ReadonlySet<string> = library && !listed ? deferred : new Set();
  // `tool_choice` names a function by its bare name (it has no `namespace`), and cannot name one that is not loaded:
  // a function it names is sent loaded, at the top level, for as long as the choice names it.
  const forced = new Set(context.forced);
  const moved = context.forced.filter(
    (name) =>
      deferred.delete(name) ||
      (hosted ? nonEmpty(planned.get(name)?.category) : undefined) !== undefined ||
      read.tools.some((entry) => entry.kind === 'function' && entry.namespace !== undefined && originalOf(entry.definition?.name as string) === name),
  );
  if (moved.length > 0) {
    warnings.push({
      code: 'forced-tool-kept-loaded',
      message: `\`tool_choice\` names ${quote(moved.map((name) => names.toWire(name)))}, which ${moved.length === 1 ? 'was' : 'were'} deferred or in a namespace; a function \`tool_choice\` names must be loaded and callable without a namespace, so ${moved.length === 1 ? 'it is' : 'they are'} sent with full schemas at the top level`,
    });
  }

  const prefixes = hosted && options.uncategorized === 'name-prefix' ? resolveSharedPrefixes([...planned.keys()]) : new Map<string, string>();
  // Each tool's group label, by position in `read.tools` (the loops below all need it), and each function's by name.
  const labels = new Map<string, string>();
  // The label the functions of each body namespace go under, for the custom tools beside them: a body namespace an
  // earlier transform renamed (`café` sent as `caf_`) still holds the tools of one label.
  const bodyNamespaceLabels = new Map<string, string>();
  const entryLabels: (string | undefined)[] = [];
  for (const entry of read.tools) {
    let label: string | undefined;
    if (entry.kind === 'function') {
      const original = originalOf(entry.definition?.name as string);
      // A deferred tool the request leaves out takes no part in naming namespaces, so its own output, which no longer
      // holds it, is named the same.
      if (!forced.has(original) && !left.has(original))
        label = hosted ? (nonEmpty(planned.get(original)?.category) ?? entry.namespace ?? prefixes.get(original)) : entry.namespace;
      if (label !== undefined) labels.set(original, label);
      if (label !== undefined && entry.namespace !== undefined && !bodyNamespaceLabels.has(entry.namespace)) bodyNamespaceLabels.set(entry.namespace, label);
    }
    entryLabels.push(label);
  }
  read.tools.forEach((entry, index) => {
    if (entry.kind === 'custom' && entry.namespace !== undefined) entryLabels[index] = bodyNamespaceLabels.get(entry.namespace) ?? entry.namespace;
  });

  // A deferred top-level function is called in a namespace of its own name, so a reserved name cannot be deferred.
  const reserved = [...deferred].filter((name) => !labels.has(name) && isOpenAIResponsesReservedNamespace(names.toWire(name)));
  if (reserved.length > 0) {
    for (const name of reserved) deferred.delete(name);
    warnings.push({
      code: 'reserved-name-kept-loaded',
      message: `${quote(reserved.map((name) => names.toWire(name)))} ${reserved.length === 1 ? 'is' : 'are'} named like a reserved namespace, and the API rejects a deferred top-level function of that name; sent with full schemas instead. Give ${reserved.length === 1 ? 'it' : 'them'} a category or another name to defer ${reserved.length === 1 ? 'it' : 'them'}`,
    });
  }

  const usedLabels = new Set(entryLabels.filter((label): label is string => label !== undefined));
  // The names a namespace must not take; without namespaces (no labels) there is nothing to check them against.
  const blocked: string[] = [];
  if (usedLabels.size > 0) {
    // A deferred function the request leaves out comes back from a search as a top-level function, called in a
    // namespace of its own name: its name is blocked whether or not this body still holds it (its own output does not).
    for (const name of left) blocked.push(names.toWire(name));
    for (const [index, entry] of read.tools.entries()) {
      if (entryLabels[index] !== undefined) continue;
      if (entry.kind === 'function' && left.has(originalOf(entry.definition?.name as string))) continue;
      if (entry.kind === 'function' || entry.kind === 'custom') blocked.push(wireName(entry, names, originalOf));
      // An MCP server label is a tool-search path of its own, like a namespace name.
      if (entry.kind === 'provider' && entry.tool.type === 'mcp' && typeof entry.tool.server_label === 'string') blocked.push(entry.tool.server_label);
    }
  }
  // Labels only custom tools use are named after the functions' (they never change a function namespace's name).
  const functionLabels = new Set(labels.values());
  const namespaceNames = resolveOpenAIResponsesNamespaceNames(
    [...usedLabels].filter((label) => functionLabels.has(label)),
    blocked,
    [...usedLabels].filter((label) => !functionLabels.has(label)),
  );
  const renamed = [...new Set(read.namespaces.map((namespace) => namespace.name))].filter((name) => usedLabels.has(name) && namespaceNames.get(name) !== name);
  if (renamed.length > 0) {
    warnings.push({
      code: 'namespace-renamed',
      message: `namespace ${renamed.map((name) => `\`${name}\` is sent as \`${namespaceNames.get(name) as string}\``).join(', ')} (the API accepts letters, digits, \`_\` and \`-\`, and reserved or top-level function names are avoided); calls come back with the new namespace`,
    });
  }

  const top: unknown[] = [];
  const members = new Map<string, Record<string, unknown>[]>();
  const deferredTop: unknown[] = [];
  const searchTools: unknown[] = [];
  const undeferred: string[] = [];
  const movedOut: string[] = [];
  // Tools the caller deferred itself (an `mcp` server, a custom tool) need OpenAI's hosted search to be loaded: the
  // library's client-executed `tool_search` loads only the plan's tools. When that one is sent, they go without
  // `defer_loading` (loaded up front, never out of reach); when it is not, the hosted search tool is sent for them.
  const librarySearchSent = library && deferred.size > 0;
  const reservedCustoms: string[] = [];
  const keepCallerDeferral = hosted && !librarySearchSent;
  for (const [index, entry] of read.tools.entries()) {
    const label = entryLabels[index];
    switch (entry.kind) {
      case 'function': {
        const original = originalOf(entry.definition?.name as string);
        if (left.has(original)) break;
        let tool = functionTool(entry.tool, names.toWire(original), deferred.has(original));
        if (library && plan.listing === 'compact' && deferred.has(original) && typeof tool.description === 'string')
          tool = { ...tool, description: compactDescription(tool.description) };
        if (label !== undefined) push(members, label, tool);
        else if (deferred.has(original)) deferredTop.push(tool);
        else top.push(tool);
        break;
      }
      case 'custom': {
        // A deferred top-level custom tool is called in a namespace of its own name, which cannot be a reserved one.
        const reservedName = label === undefined && entry.tool.defer_loading === true && isOpenAIResponsesReservedNamespace(String(entry.tool.name));
        if (reservedName && keepCallerDeferral) reservedCustoms.push(String(entry.tool.name));
        const tool = passThroughTool(entry.tool, keepCallerDeferral && !reservedName, reservedName && keepCallerDeferral ? [] : undeferred, entry);
        if (label !== undefined) push(members, label, tool);
        else top.push(tool);
        break;
      }
      case 'provider':
        if (entry.namespace !== undefined) movedOut.push(`\`${String(entry.tool.type)}\` (${entry.path})`);
        top.push(passThroughTool(entry.tool, keepCallerDeferral, undeferred, entry));
        break;
      case 'tool-search':
        searchTools.push(entry.tool);
        break;
      case 'own-search-function':
        // This package's client-side search function, left by an earlier transform; it has no place here.
        break;
      default:
        assertNever(entry.kind, 'tool kind');
    }
  }
  if (movedOut.length > 0) {
    warnings.push({
      code: 'namespace-member-moved',
      message: `namespaces may hold only function and custom tools; ${movedOut.join(', ')} ${movedOut.length === 1 ? 'was' : 'were'} moved to the top level`,
    });
  }
  reportUndeferred(undeferred, warnings, librarySearchSent ? 'library' : 'no-hosted-search');
  if (reservedCustoms.length > 0) {
    warnings.push({
      code: 'reserved-name-kept-loaded',
      message: `the custom tool${reservedCustoms.length === 1 ? '' : 's'} ${quote(reservedCustoms)} had \`defer_loading: true\` but ${reservedCustoms.length === 1 ? 'is' : 'are'} named like a reserved namespace, and the API rejects a deferred top-level tool of that name (its calls use a namespace of its own name); sent without \`defer_loading\`. Put ${reservedCustoms.length === 1 ? 'it' : 'them'} in a namespace or rename ${reservedCustoms.length === 1 ? 'it' : 'them'} to defer ${reservedCustoms.length === 1 ? 'it' : 'them'}`,
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
      if (hosted && tools.length > RECOMMENDED_NAMESPACE_SIZE && tools.some((tool) => tool.defer_loading === true)) {
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
  const anyDeferred = tools.some(isDeferredTool);
  // A client-executed tool search the caller sent is theirs to serve: kept even with nothing deferred (only the hosted
  // one needs a deferred tool). The library's search is that kind of tool, needed whenever the plan defers a tool,
  // even one the request leaves out; hosted search sends one (the body's own first) when something is deferred.
  const clientSearch = searchTools.find(isClientSearchTool);
  const hostedSearch = (): unknown => searchTools.find((tool) => !isClientSearchTool(tool)) ?? searchTools[0] ?? { type: 'tool_search' };
  let searchTool: unknown;
  if (librarySearchSent) searchTool = clientSearch ?? createClientSearchTool();
  else if (library) {
    // The plan defers nothing here, so the library's search is not sent; tools the caller deferred itself still need one.
    searchTool = clientSearch ?? (anyDeferred ? hostedSearch() : undefined);
    if (clientSearch === undefined && anyDeferred) {
      warnings.push({
        code: 'hosted-search-for-caller-deferral',
        message:
          "the plan uses the library's search but defers none of its tools in this request, and tools the caller deferred itself (`defer_loading: true` on an `mcp` server, a custom tool, …) " +
          'need a tool search tool (the API rejects them without one); OpenAI\'s hosted `{"type":"tool_search"}` was sent, which loads them',
      });
    }
  } else searchTool = hosted && anyDeferred ? hostedSearch() : clientSearch;
  if (searchTool !== undefined) tools.push(searchTool);
  if (searchTools.length > (searchTool === undefined ? 0 : 1)) {
    const why =
      searchTool !== undefined
        ? 'only one tool search tool is sent'
        : hosted
          ? 'nothing is deferred, and the API rejects `tool_search` without a deferred tool'
          : "the plan does not use OpenAI's hosted tool search";
    warnings.push({ code: 'tool-search-tool-removed', message: `the body's \`{"type":"tool_search"}\` tool was removed: ${why}` });
  }
  if (
    searchTool !== undefined &&
    top.some((tool) => ['function', 'custom'].includes((tool as { type?: string }).type ?? '') && (tool as { name?: unknown }).name === TOOL_SEARCH_TOOL_NAME)
  ) {
    warnings.push({
      code: 'search-tool-name-conflict',
      message: "a top-level tool is named `tool_search`, next to OpenAI's tool search tool of the same name; rename it so the model can tell them apart",
    });
  }
  return {
    tools,
    namespaceNames,
    labelOf: (original) => labels.get(original),
    guidance: library ? createToolSearchGuidance(plan, { names, listed }) : null,
  };
}

/**
 * The tools whose schemas the history holds, by original name: those this package's results carry (function call
 * outputs) and those `tool_search_output` items loaded.
 */
function resolveLoadedTools(input: unknown, fromResults: readonly string[], originalOf: (name: string) => string): string[] {
  const fromSearches = resolveOpenAIResponsesFunctionLocations([], Array.isArray(input) ? input : []);
  return [...new Set([...fromResults, ...fromSearches.topLevel, ...fromSearches.namespaces.keys()].map(originalOf))];
}

/** The body's own client-executed tool search tool (`execution: "client"`), kept when the library searches. */
function isClientSearchTool(tool: unknown): boolean {
  return (tool as { execution?: unknown }).execution === 'client';
}

/** The library's search tool: executed by the caller, with this package's description and `query` argument. */
function createClientSearchTool(): Record<string, unknown> {
  return { type: 'tool_search', execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: createToolSearchInputSchema() };
}

/** The client mechanism: `resolveToolList` in Responses form, flat. */
function buildClientTools(context: BuildContext): BuiltTools {
  const { read, plan, planned, names, originalOf, options, warnings } = context;
  const functions = new Map<string, OpenAIResponsesBodyTool>();
  const definitions: ToolDefinition[] = [];
  for (const entry of read.tools) {
    if (entry.kind !== 'function') continue;
    const original = originalOf(entry.definition?.name as string);
    functions.set(original, entry);
    const definition = entry.definition as ToolDefinition;
    definitions.push(original === definition.name ? definition : { ...definition, name: original });
  }
  const revealed = [...options.revealed, ...context.historyReveals].map(originalOf);
  const forced = context.forced.filter((name) => planned.get(name)?.status === 'deferred');
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
  // Every planned function's wire name is taken, sent or not: a deferred one the list leaves out is still named in the
  // note and called by that name, and the next pass would see a custom tool of that name beside it.
  const customNames = resolveFlatCustomNames(read, () => [...planned.keys(), ...list.tools.map((entry) => entry.name)].map((name) => names.toWire(name)));

  const top: unknown[] = [];
  const undeferred: string[] = [];
  const searchTools: unknown[] = [];
  for (const [index, entry] of read.tools.entries()) {
    switch (entry.kind) {
      case 'function': {
        const original = originalOf(entry.definition?.name as string);
        if (loaded.has(original)) top.push(functionTool(entry.tool, names.toWire(original), false));
        break;
      }
      case 'custom': {
        const name = customNames.get(index) as string;
        top.push(passThroughTool(name === entry.tool.name ? entry.tool : { ...entry.tool, name }, false, undeferred, entry));
        break;
      }
      case 'provider':
        top.push(passThroughTool(entry.tool, false, undeferred, entry));
        break;
      case 'tool-search':
        searchTools.push(entry.tool);
        break;
      case 'own-search-function':
        // Added again below, from the list, in its place.
        break;
      default:
        assertNever(entry.kind, 'tool kind');
    }
  }
  const rest = list.tools.filter((entry) => entry.status !== 'loaded').map((entry) => clientTool(entry, functions, names));
  reportUndeferred(undeferred, warnings, 'no-hosted-search');
  // With nothing deferred no `tool_search` function is sent, and a client-executed tool search the caller serves stays.
  const kept = list.guidance === null ? searchTools.find(isClientSearchTool) : undefined;
  if (searchTools.length > (kept === undefined ? 0 : 1)) {
    warnings.push({
      code: 'tool-search-tool-removed',
      message: 'the body\'s `{"type":"tool_search"}` tool was removed: the plan uses the client-side `tool_search` function, not OpenAI\'s hosted tool search',
    });
  }
  if (read.namespaces.length > 0) {
    const qualified = [...customNames.entries()].filter(([index, name]) => name !== read.tools[index]?.tool.name).map(([, name]) => name);
    warnings.push({
      code: 'namespaces-flattened',
      message:
        `the client-side mechanism sends namespaced functions as top-level functions (namespace ${quote(read.namespaces.map((namespace) => namespace.name))} dissolved); their calls come back without a \`namespace\`` +
        (qualified.length === 0 ? '' : `; custom tools whose names would clash are sent as ${quote(qualified)} (\`namespace.name\`)`),
    });
  }
  return { tools: [...top, ...rest, ...(kept === undefined ? [] : [kept])], namespaceNames: new Map(), labelOf: () => undefined, guidance: list.guidance };
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
      return {
        type: 'function',
        name,
        ...(entry.description === undefined ? {} : { description: entry.description }),
        parameters: entry.inputSchema,
        strict: false,
      };
    case 'deferred': {
      const callers = (functions.get(entry.name) as OpenAIResponsesBodyTool).tool.allowed_callers;
      // A stub is an open object: strict mode would reject it, and the model may still infer the right arguments.
      // Built field by field, not with conditional spreads: this runs for every deferred tool of every request.
      const stub: Record<string, unknown> = { type: 'function', name };
      if (entry.description !== undefined) stub.description = entry.description;
      stub.parameters = entry.inputSchema;
      stub.strict = false;
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

/** A tool the plan does not manage, unchanged, except that `defer_loading` goes when no hosted search is sent. */
function passThroughTool(
  tool: Readonly<Record<string, unknown>>,
  hosted: boolean,
  undeferred: string[],
  entry: OpenAIResponsesBodyTool,
): Record<string, unknown> {
  if (hosted || tool.defer_loading === undefined) return tool as Record<string, unknown>;
  const { defer_loading: deferLoading, ...rest } = tool;
  if (deferLoading === true) undeferred.push(`\`${String(tool.name ?? tool.server_label ?? tool.type)}\` (${entry.path})`);
  return rest;
}

function reportUndeferred(undeferred: readonly string[], warnings: ToolSearchWarning<OpenAIResponsesWarningCode>[], why: 'no-hosted-search' | 'library'): void {
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

function isDeferredTool(tool: unknown): boolean {
  const record = tool as { defer_loading?: unknown; type?: unknown; tools?: unknown };
  if (record.defer_loading === true) return true;
  return (
    record.type === 'namespace' && Array.isArray(record.tools) && record.tools.some((member: { defer_loading?: unknown }) => member.defer_loading === true)
  );
}

/** The name a function (its wire name) or a custom tool (its own name) is sent under. */
function wireName(entry: OpenAIResponsesBodyTool, names: ToolNameMapping, originalOf: (name: string) => string): string {
  return entry.kind === 'function' ? names.toWire(originalOf(entry.definition?.name as string)) : (entry.tool.name as string);
}

/**
 * The name prefix of every tool that shares one with at least one other tool: `github__create_issue`,
 * `github.create_issue`, `github/create_issue`, `github:create_issue` → `github`; Claude Code's
 * `mcp__github__create_issue` → `github`. A prefix of one tool would hide its name behind a namespace for nothing.
 */
function resolveSharedPrefixes(names: readonly string[]): Map<string, string> {
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

/** The planned functions a `tool_choice` names (forced, or listed in `allowed_tools`), by original name, once each. */
function forcedTools(choice: unknown, planned: ReadonlyMap<string, PlannedTool>, originalOf: (name: string) => string): string[] {
  if (typeof choice !== 'object' || choice === null) return [];
  const record = choice as { type?: unknown; tools?: unknown };
  const named = record.type === 'allowed_tools' && Array.isArray(record.tools) ? (record.tools as unknown[]) : [choice];
  const forced = new Set<string>();
  for (const tool of named) {
    if (typeof tool !== 'object' || tool === null) continue;
    const { type, name } = tool as { type?: unknown; name?: unknown };
    if (type !== 'function' || typeof name !== 'string') continue;
    const original = originalOf(name);
    if (planned.has(original)) forced.add(original);
  }
  return [...forced];
}

/**
 * The body's tools, with this package's own `tool_search` function (an earlier client transform's) read as a function
 * when the plan has a tool of that name: the caller's `tool_search` it stood in for.
 */
function withOwnSearchFunctionPlanned(read: OpenAIResponsesBodyTools, planned: ReadonlyMap<string, PlannedTool>): OpenAIResponsesBodyTools {
  // Each of the package's own functions (`tool_search`, `call_tool`) stands for a planned caller tool of its name that
  // an earlier pass replaced, unless the body still has that caller tool itself.
  const standsIn = (entry: OpenAIResponsesBodyTool): boolean => {
    const name = entry.definition?.name;
    return (
      entry.kind === 'own-search-function' &&
      name !== undefined &&
      planned.has(name) &&
      !read.tools.some((other) => other.kind === 'function' && other.definition?.name === name)
    );
  };
  if (!read.tools.some(standsIn)) return read;
  return { ...read, tools: read.tools.map((entry) => (standsIn(entry) ? { ...entry, kind: 'function' } : entry)) };
}

/** `tool_choice` with the function names it holds mapped to wire names (custom tools keep theirs). */
function transformToolChoice(choice: unknown, names: ToolNameMapping, originalOf: (name: string) => string): unknown {
  if (typeof choice !== 'object' || choice === null) return choice;
  const record = choice as Record<string, unknown>;
  const rename = (tool: Record<string, unknown>): Record<string, unknown> => {
    if (tool.type !== 'function' || typeof tool.name !== 'string') return tool;
    const name = names.toWire(originalOf(tool.name));
    return name === tool.name ? tool : { ...tool, name };
  };
  if (record.type === 'allowed_tools' && Array.isArray(record.tools)) {
    const tools = record.tools.map((tool: unknown) => (typeof tool === 'object' && tool !== null ? rename(tool as Record<string, unknown>) : tool));
    return tools.every((tool, index) => tool === (record.tools as unknown[])[index]) ? choice : { ...record, tools };
  }
  return rename(record);
}

/** Throws `plan-mismatch` naming the tools when the plan and the body's functions differ. */
function matchPlan(
  read: OpenAIResponsesBodyTools,
  plan: ToolSearchPlan,
  planned: ReadonlyMap<string, PlannedTool>,
  originalOf: (name: string) => string,
): void {
  const found = new Map<string, string>();
  const unplanned: string[] = [];
  for (const entry of read.tools) {
    if (entry.kind !== 'function') continue;
    const name = entry.definition?.name as string;
    const original = originalOf(name);
    if (!planned.has(original)) {
      unplanned.push(`\`${name}\``);
      continue;
    }
    const first = found.get(original);
    if (first !== undefined) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${first}\` and \`${entry.path}\` are the same tool \`${original}\` (once under its original name, once under its wire name)`,
      );
    }
    found.set(original, entry.path);
  }
  // A listing that leaves deferred tools out of the request: its own output lacks them, and is read back as is.
  const searched = plan.mechanism === 'client' || (plan.mechanism === 'openai-hosted' && plan.search === 'library');
  const unlisted = searched && (plan.listing === 'names' || plan.listing === 'none');
  const missing = [...planned.values()].filter((tool) => !found.has(tool.name) && !(unlisted && tool.status === 'deferred')).map((tool) => `\`${tool.name}\``);
  if (missing.length === 0 && unplanned.length === 0) return;
  const parts = [
    missing.length > 0 ? `the plan has ${missing.join(', ')}, which the body's tools lack` : '',
    unplanned.length > 0 ? `the body has ${unplanned.join(', ')}, which the plan lacks` : '',
  ].filter((part) => part !== '');
  // The client mechanism's `names` listing leaves unrevealed tools out of its output, so that output cannot be re-read.
  const transformed = read.tools.some((entry) => entry.kind === 'own-search-function');
  const hint = transformed && unplanned.length === 0 ? ' This body looks like the output of an earlier transform: transform your original body each turn.' : '';
  throw new ToolSearchError(
    'plan-mismatch',
    `The plan was made for different tools than the request body holds: ${parts.join('; ')}. Resolve the plan again from \`parseOpenAIResponsesTools(body)\`.${hint}`,
  );
}

function parseOptions(options: unknown): ResolvedOptions {
  const parsed = optionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys') {
      throw new ToolSearchError('invalid-options', `unknown option ${quote(issue.keys)}; the options are \`revealed\` and \`uncategorized\``);
    }
    const keys = issue?.path ?? [];
    const path = keys.length > 0 ? `\`options.${keys.join('.')}\`` : '`options`';
    const value = keys.reduce<unknown>(
      (current, key) => (typeof current === 'object' && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined),
      options,
    );
    throw new ToolSearchError('invalid-options', `${path} ${issue?.message ?? 'is invalid'}, got ${describeValue(value)}`);
  }
  return { revealed: parseRevealedOption(parsed.data.revealed), uncategorized: parsed.data.uncategorized ?? 'top-level' };
}

function push(map: Map<string, Record<string, unknown>[]>, key: string, value: Record<string, unknown>): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim().length === 0 ? undefined : text;
}

function quote(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(', ');
}

/** Code-unit order, like the seed's byte-sorted namespaces: stable across runtimes and locales. */
function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
