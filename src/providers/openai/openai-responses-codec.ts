import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import type { ToolList, ToolListEntry } from '../../request/request-tool-entry.js';
import { resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { compactDescription } from '../../client/compact-description.js';
import { TOOL_SEARCH_TOOL_DEFINITION, TOOL_SEARCH_TOOL_NAME, createToolSearchInputSchema } from '../../tools/tool-search-tool-definition.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { readNeutralHistory, type HistoryReference, type NeutralTool } from '../../request/neutral-request.js';
import type { RequestTool, RequestToolForm } from '../../request/request-tools.js';
import type { RequestTools } from '../../request/request-tools.js';
import type { GroupedToolsWarningCode } from '../../request/request-tools.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { transformRequest } from '../../request/transform-request.js';
import { resolveGroupingAPIRequest } from '../../request/resolve-grouping-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import { REVEALED_OPTION, findTransformOptionProblems, parseRevealedOption, type TransformOption } from '../../request/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import {
  OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE,
  OPENAI_RESPONSES_RECOMMENDED_NAMESPACE_SIZE,
  OPENAI_RESPONSES_TOOL_NAME_RULE,
  isOpenAIResponsesReservedNamespace,
  type OpenAIResponsesProviderTool,
  type OpenAIResponsesTool,
} from './openai-responses-api.js';
import { readOpenAIResponsesAddedTools } from './read-openai-responses-added-tools.js';
import { readOpenAIResponsesTools, type OpenAIResponsesBodyTool, type OpenAIResponsesBodyTools } from './parse-openai-responses-tools.js';
import { resolveOpenAIResponsesNamespaceNames } from './resolve-openai-responses-namespace-names.js';
import { resolveOpenAIResponsesFunctionLocations } from './resolve-openai-responses-function-locations.js';
import {
  checkOpenAIResponsesInput,
  readOpenAIResponsesHistoryItem,
  transformOpenAIResponsesInput,
  type OpenAIResponsesInputWarningCode,
} from './transform-openai-responses-input.js';

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
 * (`GroupedToolsWarningCode`, documented there) and:
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
  | GroupedToolsWarningCode
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

const UNCATEGORIZED_OPTION: Readonly<TransformOption> = {
  name: 'uncategorized',
  rule: "must be 'top-level' or 'name-prefix'",
  isValid: (value) => value === 'top-level' || value === 'name-prefix',
};

/** The tools as written, and the namespace name sent for each group label. */
interface WrittenTools {
  readonly tools: unknown[];
  readonly namespaceNames: ReadonlyMap<string, string>;
}

/** The body as the codec's `write` needs it back. */
interface ResponsesRead {
  readonly source: Record<string, unknown>;
  readonly read: OpenAIResponsesBodyTools;
}

/** What the writers read: the body's tools as read and in neutral form (by index), the decision, the names. */
interface WriteContext {
  readonly read: OpenAIResponsesBodyTools;
  readonly tools: readonly RequestTool[];
  readonly decided: Grouped;
  readonly names: ToolNameMapping;
  readonly warnings: ToolSearchWarning<OpenAIResponsesWarningCode>[];
}

type Grouped = NonNullable<RequestTools['grouped']>;

/**
 * Rewrites an OpenAI Responses request body for a tool search plan, just before it is sent.
 *
 * Build the body as always (original tool names, full schemas, your namespaces), resolve the plan from it, transform,
 * send. Pure: the input is not changed, equal input gives byte-identical output, and the output transformed again
 * with the same plan and options comes out the same (except with the client mechanism's `names` listing, whose
 * output no longer lists the unrevealed tools: transform the original body each turn).
 *
 * Which tool is sent in which form (loaded, deferred, left out, revealed, forced; which tool search tool; the caller's
 * own deferrals) is {@link resolveGroupedTools}'s decision; a top-level custom tool named like the package's own
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
  plan: ToolSearchPlan,
  options: TransformOpenAIResponsesRequestOptions = {},
): TransformOpenAIResponsesRequestResult<Body> {
  // The body's tools are checked before the options.
  const tools = OPENAI_RESPONSES_CODEC.readTools(body as Record<string, unknown>);
  const { revealed, uncategorized } = parseOptions(options);
  return transformRequest(OPENAI_RESPONSES_CODEC, body, plan, {
    revealed,
    options: { uncategorized },
    tools: { list: (body as Record<string, unknown>).tools, read: tools },
  }) as TransformOpenAIResponsesRequestResult<Body>;
}

/** The Responses API's codec: `tools` (functions, namespaces, custom tools, tool search), `tool_choice`, `instructions`, `input`. */
export const OPENAI_RESPONSES_CODEC: Readonly<
  WireCodec<
    ResponsesRead,
    OpenAIResponsesBodyTools & { readonly definitions: readonly ToolDefinition[]; readonly neutral: readonly NeutralTool[] },
    OpenAIResponsesWarningCode,
    ResponsesOptions
  >
> = {
  api: 'openai-responses',
  label: 'the Responses API',
  rule: OPENAI_RESPONSES_TOOL_NAME_RULE,
  hostedRule: OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE,
  planForAPICode: 'plan-for-another-api',
  decide: resolveGroupingAPIRequest,
  reader: 'parseOpenAIResponsesTools(body)',
  isDeferredAloneRejected: isOpenAIResponsesReservedNamespace,
  recommendedGroupSize: OPENAI_RESPONSES_RECOMMENDED_NAMESPACE_SIZE,
  readTools(body) {
    const read = readOpenAIResponsesTools(body);
    return {
      ...read,
      definitions: read.tools.filter((entry) => entry.kind === 'function').map((entry) => entry.definition as ToolDefinition),
      // The tools in neutral form, read once with the list (a session's catalog: once per agent).
      neutral: read.tools.map((entry, index) => toNeutralTool(entry, index)),
    };
  },
  read(body, context) {
    const source = body as Record<string, unknown>;
    const kept = context.tools !== undefined && context.tools.list === source.tools ? context.tools.read : undefined;
    const read = kept ?? readOpenAIResponsesTools(body);
    const input = source.input;
    if (input !== undefined && input !== null && typeof input !== 'string') checkOpenAIResponsesInput(input);
    const instructions = source.instructions;
    if (instructions !== undefined && instructions !== null && typeof instructions !== 'string') {
      throw new ToolSearchError('invalid-request', `\`instructions\` must be a string, got ${describeValue(instructions)}`);
    }
    const items = Array.isArray(input) ? input : [];
    const tools = kept?.neutral ?? read.tools.map((entry, index) => toNeutralTool(entry, index));
    // What the history's tool search outputs and tool additions loaded, and what its additions added.
    const fromSearches = resolveOpenAIResponsesFunctionLocations([], items);
    const references: HistoryReference[] = [...fromSearches.topLevel, ...fromSearches.namespaces.keys()].map((name) => ({
      name,
      kind: 'tool_reference',
      path: 'input',
    }));
    const changes = readOpenAIResponsesAddedTools(input).map((name) => ({ change: 'addition', name, form: 'value', custom: true }) as const);
    return {
      tools,
      otherNames: [],
      forced: readRenamedNames((rename) => transformToolChoice(source.tool_choice, rename)),
      history: { ...readNeutralHistory(items, readOpenAIResponsesHistoryItem), references, changes },
      groupByPrefix: context.options?.uncategorized === 'name-prefix',
      read: { source, read },
    };
  },
  write({ read: { source, read }, tools: neutral }, decided) {
    const grouped = decided.grouped as Grouped;
    const { names } = decided;
    const warnings: ToolSearchWarning<OpenAIResponsesWarningCode>[] = [];
    // Write each entry in the wire shape.
    const context: WriteContext = { read, tools: grouped.tools, decided: grouped, names, warnings };
    const written =
      grouped.list === undefined || grouped.flatNames === undefined ? writeGroupedTools(context) : writeClientTools(context, grouped.list, grouped.flatNames);
    const originalOf = decided.fromBody ?? ((name: string) => name);
    // Repair the history: names as sent, namespaces on replayed calls.
    const history = transformOpenAIResponsesInput(source.input, {
      names,
      originalOf,
      tools: written.tools,
      namespaceNames: written.namespaceNames,
      labelOf: (original) => grouped.groups.get(original),
    });
    warnings.push(...history.warnings);
    // The body with the tools, the history, the tool choice (names as sent) and the note in `instructions`.
    const result: Record<string, unknown> = { ...source };
    if ('tools' in source || written.tools.length > 0) result.tools = written.tools;
    if ('input' in source) result.input = history.input;
    if ('tool_choice' in source) result.tool_choice = transformToolChoice(source.tool_choice, (name) => names.toWire(originalOf(name)));
    const instructions = source.instructions as string | null | undefined;
    const withNote = transformInstructions(instructions, grouped.guidance);
    if (withNote !== instructions) result.instructions = withNote;
    neutral satisfies readonly NeutralTool[];
    return { body: result, warnings };
  },
};

/** The options the codec reads. */
interface ResponsesOptions {
  readonly uncategorized?: OpenAIResponsesUncategorizedTools;
}

/** One tool of the body in neutral form, for the core's decision. */
function toNeutralTool(entry: OpenAIResponsesBodyTool, index: number): NeutralTool {
  const { tool, path } = entry;
  const group = entry.namespace === undefined ? {} : { group: entry.namespace };
  switch (entry.kind) {
    case 'function':
      return { kind: 'function', index, definition: entry.definition as ToolDefinition, deferred: tool.defer_loading === true, path, ...group };
    case 'custom':
      // A deferred top-level custom tool is called in a namespace of its own name, which cannot be a reserved one.
      return {
        kind: 'other',
        index,
        name: tool.name as string,
        path,
        deferred: tool.defer_loading === true,
        custom: true,
        deferredAloneRejected: isOpenAIResponsesReservedNamespace(tool.name as string),
        ...group,
      };
    case 'provider':
      // Namespaces hold only function and custom tools: another tool in one is sent at the top level, ungrouped.
      return { kind: 'other', index, name: String(tool.name ?? tool.server_label ?? tool.type), path, deferred: tool.defer_loading === true };
    case 'tool-search':
      return { kind: 'hosted-search', index, clientExecuted: tool.execution === 'client' };
    case 'own-search-function':
      return { kind: 'own', index, definition: entry.definition as ToolDefinition, path };
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
          message: `namespace \`${name}\` holds ${tools.length} tools; OpenAI recommends fewer than about ${OPENAI_RESPONSES_RECOMMENDED_NAMESPACE_SIZE} per namespace, so tool search loads fewer unneeded schemas. Split the category`,
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

/** The library's search tool: executed by the caller, with this package's description and `query` argument. */
function createClientSearchTool(): Record<string, unknown> {
  return { type: 'tool_search', execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: createToolSearchInputSchema() };
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
