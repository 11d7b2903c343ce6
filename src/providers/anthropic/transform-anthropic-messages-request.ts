import { resolveGuidanceParts, resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../client/text-part-guidance.js';
import { resolveHistoryReveals } from '../../client/tool-search-result.js';
import { isStubInputSchema } from '../../client/is-stub-input-schema.js';
import { createStubInputSchema, isOwnTool } from '../../client/tool-search-tool-definition.js';
import { assertNever } from '../../errors/assert-never.js';
import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { createToolNameMapping, type ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import { resolvePlanForModel } from '../../plan/resolve-plan-for-model.js';
import { resolvePlanForWireAPI } from '../../plan/resolve-plan-for-wire-api.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import type { ToolCatalog } from '../../catalog/tool-catalog.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import type { RequestBodyTool, RequestToolEntry } from '../../request/request-tool-entry.js';
import { isNativeDelivery } from '../../request/is-native-delivery.js';
import { resolveCalledThroughCallTool } from '../../request/resolve-called-through-call-tool.js';
import { resolveForcedTools } from '../../request/resolve-forced-tools.js';
import { resolveRequestToolList, type RequestToolList } from '../../request/resolve-request-tool-list.js';
import { resolveRequestToolPlaces, type RequestBodyToolKind } from '../../request/resolve-request-tool-places.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import {
  CATALOG_OPTION,
  REVEALED_OPTION,
  findTransformOptionProblems,
  parseCatalogOption,
  parseRevealedOption,
  type TransformOption,
} from '../../transform/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../transform/request-transformer.js';
import {
  ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA,
  ANTHROPIC_INLINE_TOOLS_BETA,
  ANTHROPIC_MAX_DEFERRED_TOOLS,
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_CHANGES_BETA,
  ANTHROPIC_TOOL_SEARCH_TOOLS,
  type AnthropicMessagesRequest,
  type AnthropicMessagesRequestLike,
  type AnthropicToolSearchToolName,
} from './anthropic-messages-api.js';
import type { AnthropicMessagesWarning, AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { readAnthropicMessagesToolEntries, type AnthropicMessagesToolEntry as ToolEntry } from './parse-anthropic-messages-tools.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';
import { resolveAnthropicToolDeferral } from './resolve-anthropic-tool-deferral.js';
import { resolveAnthropicToolSearchUse } from './resolve-anthropic-tool-search-use.js';
import { transformAnthropicMessagesHistory, type AnthropicHistoryReference, type AnthropicMessagesHistory } from './transform-anthropic-messages-history.js';
import { transformAnthropicToolCacheControl, type AnthropicToolCacheControlContext } from './transform-anthropic-tool-cache-control.js';
import { resolveAnthropicToolChangeSupport, type AnthropicToolChangeSupport } from './resolve-anthropic-tool-change-support.js';

/** Which of Anthropic's hosted search tools to add: natural-language queries (`bm25`) or regex patterns (`regex`). */
export type AnthropicToolSearchVariant = 'bm25' | 'regex';

/** What {@link transformAnthropicMessagesRequest} needs besides the body and the plan. */
export interface TransformAnthropicMessagesRequestOptions extends TransformRequestOptions {
  /**
   * The hosted search tool added under the `claude-hosted` mechanism. A search tool already in the body, or the one
   * the history's hosted search calls used, takes precedence, so a conversation never switches variants. On Amazon
   * Bedrock (plan `platform: 'bedrock'`, or a body whose `anthropic_version` is Bedrock's) it is always `regex`:
   * Bedrock offers no BM25 tool (`bm25` asked there is sent as `regex`, with a warning).
   * @default 'bm25' ('regex' on Bedrock)
   */
  readonly searchTool?: AnthropicToolSearchVariant;
  /**
   * Every tool the session may have used (original names, full schemas; an array, an MCP `tools/list` result, or a
   * `createToolCatalog` catalog, read without parsing it again): what the request sends for a tool the body lacks, a
   * plan tool the body dropped or, under hosted search, one the history references (sent deferred, since the API
   * rejects a history that references an undefined tool; see `resolveHistoryRestore`). Pass the same catalog on every turn.
   * @default []
   */
  readonly catalog?: ToolDefinitionsInput;
}

/** The transformed body, the warnings and the tool-name mapping. */
export type TransformAnthropicMessagesRequestResult<Body> = TransformRequestResult<Body, AnthropicMessagesWarningCode>;

const SEARCH_TOOL_OPTION: TransformOption = {
  name: 'searchTool',
  rule: "must be 'bm25' or 'regex'",
  isValid: (value) => value === 'bm25' || value === 'regex',
};

/**
 * Rewrites a Messages API request body for a tool search plan, just before it is sent. Pure: the input is never
 * modified, and equal inputs give byte-identical bodies. Running it on its own output (same plan and options) gives
 * the same body again.
 *
 * The caller builds its body as usual (original tool names, full schemas, the history as the API returned it, tool
 * calls mapped back to original names or not) and resolves the plan for the body's tools
 * (`parseAnthropicMessagesTools`). Which tool is sent in which form, the package's own tools, the guidance note and
 * what the history needs restored are the core's decision ({@link resolveRequestToolList}: `client`, `claude-hosted`,
 * `none`; an `openai-hosted` plan or a model without hosted search is applied client-side, with a warning). What this
 * transformer adds is the Messages wire:
 *
 * - deferred tools keep their full definitions with `defer_loading: true`; client stubs get the stub `input_schema`;
 *   the hosted search tool (`tool_search_tool_bm25_20251119`, or the regex variant by `searchTool`; the body's own or
 *   the history's variant first) is never deferred. More than 10,000 deferred tools throws.
 * - the guidance note goes once at the end of `system` (after a blank line, or as one more text block; existing
 *   blocks and their `cache_control` are kept).
 * - names outside `^[a-zA-Z0-9_-]{1,64}$` are mapped in `tools`, `tool_choice`, `tool_use` and `tool_reference`
 *   blocks (`names.fromWire` maps calls back); provider tools, toolsets and MCP toolsets pass through in place.
 * - the history is repaired ({@link transformAnthropicMessagesHistory}): `server_tool_use` and
 *   `tool_search_tool_result` blocks are kept byte for byte, a `tool_result` answering a hosted `srvtoolu_…` call is
 *   removed, `tool_reference` blocks in an `is_error` result become text, a blind `tool_use` of a tool reached
 *   through `call_tool` becomes that call. A reference the request cannot define warns `history-tool-undefined`.
 * - `cache_control` breakpoints move where the API accepts them ({@link transformAnthropicToolCacheControl}).
 * - on Amazon Bedrock the regex search tool and the tool search beta in `anthropic_beta`.
 * - native delivery (`plan.reveal === 'native'`): by value (the Claude API) no deferred tool is sent, so the request
 *   does not grow with the catalog and no deferred-tools limit applies; by reference (Bedrock, Google Cloud) every
 *   deferred tool is declared with `defer_loading: true` and no hosted search tool is sent. The history's mid-conversation
 *   system messages (`tool_addition`, `tool_removal`) and `compaction` blocks' `tool_changes` are kept byte for byte
 *   and read into what the history added (a tool added by value needs no entry in `tools`).
 * - the tool-changes beta, whenever the plan is native or the history holds tool changes: `inline-tools-2026-09-15`
 *   when anything is added by value, else `mid-conversation-tool-changes-2026-07-01`, appended once to the body's
 *   `betas` (the beta client's parameter: send the body with `client.beta.messages.create`, which sends it as the
 *   `anthropic-beta` header; a client of your own sends that header and drops `betas`), or to `anthropic_beta` on
 *   Amazon Bedrock.
 *
 * Throws a `ToolSearchError`: `invalid-request` for a body that is not an object or whose `tools`, `messages` or
 * `system` has the wrong type, or a custom tool without a name or schema; `plan-mismatch` naming the tools when the
 * plan was made for other tools; `invalid-options` for bad options; `too-many-deferred-tools` above 10,000 deferred
 * tools.
 *
 * @example
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { resolveToolSearch } from 'tool-search';
 * import { parseAnthropicMessagesTools, transformAnthropicMessagesRequest } from 'tool-search/anthropic';
 *
 * const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body));
 * const { body: request, names } = transformAnthropicMessagesRequest(body, plan, { revealed: await store.get(sessionId) });
 * const message = await new Anthropic().messages.create(request);
 * for (const block of message.content) if (block.type === 'tool_use') run(names.fromWire(block.name), block.input);
 * ```
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
 */
export function transformAnthropicMessagesRequest<Body extends AnthropicMessagesRequestLike = AnthropicMessagesRequest>(
  body: Body,
  givenPlan: ToolSearchPlan,
  options: TransformAnthropicMessagesRequestOptions = {},
): TransformAnthropicMessagesRequestResult<Body> {
  // Check the body and the options.
  const request = parseRequestBody(body, 'a Messages API request object');
  // The tool list's shape is checked first; its entries are read below.
  parseRequestToolList(request.tools, 'tools', 'tool definitions');
  checkSystem(request.system);
  const { revealed, searchTool: askedSearchTool, catalog } = parseOptions(options);
  const warnings: AnthropicMessagesWarning[] = [];
  const forAPI = resolvePlanForWireAPI(givenPlan, 'anthropic-messages');
  if (forAPI.fallback !== null) warnings.push({ code: 'mechanism-not-for-messages', message: forAPI.fallback });
  const { plan, fallback, revealFallback } = resolvePlanForModel(forAPI.plan);
  if (fallback !== null) warnings.push({ code: 'mechanism-not-for-model', message: fallback });
  if (revealFallback !== null) warnings.push({ code: 'reveal-not-for-model', message: revealFallback });
  const mechanism = plan.mechanism;
  const onBedrock = plan.platform === 'bedrock' || (typeof request.anthropic_version === 'string' && request.anthropic_version.startsWith('bedrock-'));
  const searchTool: AnthropicToolSearchVariant = onBedrock ? 'regex' : (askedSearchTool ?? 'bm25');
  if (onBedrock && askedSearchTool === 'bm25' && mechanism === 'claude-hosted') {
    warnings.push({
      code: 'bedrock-search-tool-regex',
      message: "`searchTool: 'bm25'` was asked, but Amazon Bedrock offers the regex search tool only; `tool_search_tool_regex_20251119` is sent",
    });
  }

  // Read the body into neutral form: its tools, the names, a forced tool, the history (its names mapped for the wire
  // and its two mistakes the API rejects repaired, see transformAnthropicMessagesHistory), what the caller defers itself.
  const entries = readBodyToolsOnce(body, readAnthropicMessagesToolEntries);
  const providerNames: string[] = [];
  // The hosted search tools' own names are reserved below, not tools to rename.
  for (const { entry, kind } of entries) if (kind !== 'custom' && kind !== 'tool-search' && typeof entry.name === 'string') providerNames.push(entry.name);
  const own = resolveOwnToolsSent(plan);
  const names = createToolNameMapping(
    // Names this transformer may add are in the set too, so no renamed tool can take them.
    [...plan.tools.map((tool) => tool.name), ...catalog.names, ...providerNames, own.searchName, own.callToolName],
    ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
    // The hosted search tools' names belong to the tools this transformer may add: a caller tool of that name is renamed.
    { reserved: RESERVED_NAMES },
  );
  const catalogByName = catalog.byName;
  const { bodyTools, ownEntries } = readBodyTools(entries, names, catalogByName);
  const forced = resolveForcedTools(
    plan,
    readRenamedNames((rename) => renameToolChoice(request.tool_choice, rename)).map((name) => names.fromWire(name)),
  );
  // What the model the body goes to takes where it is served: a history from a model that took tool additions is
  // rewritten for one that does not (a session moved from Opus 4.8 to Sonnet 4.5, or to Bedrock).
  const toolChangeSupport = resolveAnthropicToolChangeSupport(
    typeof request.model === 'string' ? request.model : plan.model,
    plan.platform ?? platformOfBody(request),
  );
  const history = transformAnthropicMessagesHistory(request.messages, names, {
    throughCallTool: resolveCalledThroughCallTool(plan, forced.forced, names),
    callToolName: names.toWire(own.callToolName),
    toolChanges: toolChangeSupport,
  });
  warnings.push(...history.warnings);
  const historyReveals = [...resolveHistoryReveals(history.toolOutputs, names, own), ...history.addedAsText].map((name) => names.fromWire(name));
  const searchEntries = entries.filter(({ kind }) => kind === 'tool-search');
  const callerDeferred: { label: string; partly: boolean }[] = [];
  for (const { entry, kind } of entries) {
    if (kind === 'custom' || kind === 'tool-search') continue;
    const deferral = resolveAnthropicToolDeferral(entry);
    if (deferral !== 'loaded') callerDeferred.push({ label: describeEntry(entry), partly: deferral === 'partly-deferred' });
  }

  // Ask the core what the request carries.
  const decision = resolveRequestToolList({
    plan,
    names,
    bodyTools,
    catalog: catalogByName,
    forced,
    revealed: [...revealed.map((name) => names.fromWire(name)), ...historyReveals],
    referenced: new Set(history.references.map((reference) => names.fromWire(reference.name))),
    // Tools the history defined by value need no entry in `tools`; ones it changes by reference are in `referenced`.
    added: new Set(history.defined.map((name) => names.fromWire(name))),
    calls: history.references.filter((reference) => reference.kind === 'tool_use').map((reference) => reference.name),
    ownInBody: ownEntries.map((entry) => entry.name as string),
    otherNames: new Set(providerNames),
    callerDeferred,
    hostedSearchInBody: searchEntries.length > 0,
    hostedSearchInHistory: history.searchToolName !== null,
    reader: 'parseAnthropicMessagesTools(body)',
  });
  warnings.push(...decision.warnings);

  // Write each entry in the wire shape, in the body's places.
  const written = decision.entries.map((entry) => writeEntry(entry, bodyTools, ownEntries, names));
  const hostedSearchTool = decision.hostedSearch
    ? resolveSearchTool(searchEntries, mechanism === 'claude-hosted' ? history.searchToolName : null, searchTool, warnings, onBedrock)
    : undefined;
  const placed = placeTools(entries, written, hostedSearchTool, decision, { mechanism, names, bodyTools });
  // Native delivery by reference declares every deferred tool too; by value none is deferred (the catalog may be larger).
  if (mechanism === 'claude-hosted' || plan.additions === 'reference') checkDeferredCount(placed.tools, decision.trailing);
  const cache = transformAnthropicToolCacheControl(placed.tools, placed);
  if (cache.moved.length > 0) warnings.push(cacheWarning(cache.moved, cache.target));

  // Check the history and `tool_choice` against the names sent (most requests have neither to check).
  // Tools the history's tool changes defined by value need not be in `tools`.
  const defined = new Set<string>(history.defined);
  const forcesOneTool = isRecord(request.tool_choice) && request.tool_choice.type === 'tool';
  if (history.references.length > 0 || forcesOneTool) {
    for (const entry of cache.tools) if (isRecord(entry) && typeof entry.name === 'string') defined.add(entry.name);
  }
  const hasMCPToolset = entries.some(({ kind }) => kind === 'mcp-toolset');
  const undefinedReferences = hasMCPToolset ? [] : history.references.filter((reference) => !defined.has(reference.name));
  if (undefinedReferences.length > 0) warnings.push(undefinedWarning(undefinedReferences, mechanism));

  const output: Record<string, unknown> = { ...request };
  if (request.tools !== undefined && request.tools !== null) output.tools = cache.tools;
  else if (cache.tools.length > 0) output.tools = cache.tools;
  if (history.messages !== undefined) output.messages = history.messages;
  const system = appendGuidance(request.system, decision.guidance);
  if (system === undefined) delete output.system;
  else output.system = system;
  const toolChoice = renameToolChoice(request.tool_choice, (name) => {
    const wire = names.toWire(name);
    if (!defined.has(wire) && !hasMCPToolset) {
      warnings.push({
        code: 'tool-choice-undefined',
        message: `\`tool_choice\` forces \`${name}\`, which is not in \`tools\`; the API will reject the request. Add the tool or change \`tool_choice\`.`,
      });
    }
    return wire;
  });
  if (toolChoice !== undefined) output.tool_choice = toolChoice;
  if (onBedrock) {
    // Bedrock answers 400 without its tool search beta whenever the body uses tool search.
    const use = resolveAnthropicToolSearchUse(output);
    if (use.searchTools.length > 0 || use.deferred || use.toolReferences)
      addBeta(output, 'anthropic_beta', ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA, 'bedrock-beta-not-added', warnings);
  }
  const toolChangesBeta = resolveToolChangesBeta(plan, history.toolChanges, onBedrock);
  if (toolChangesBeta !== undefined) addBeta(output, onBedrock ? 'anthropic_beta' : 'betas', toolChangesBeta, 'tool-changes-beta-not-added', warnings);
  else removeToolChangesBetas(output, onBedrock ? 'anthropic_beta' : 'betas', toolChangeSupport, warnings);
  // What the history holds schemas of: the package's results (text), tools the API loaded from references, tools added.
  const loadedByReference = history.references.filter((reference) => reference.kind === 'tool_reference').map((reference) => names.fromWire(reference.name));
  const added = history.added.map((name) => names.fromWire(name));
  return {
    body: output as Body,
    warnings,
    names,
    loaded: [...new Set([...historyReveals, ...loadedByReference, ...added])],
    ...(added.length === 0 ? {} : { added }),
  };
}

/** One custom tool of the body: its entry and its definition under the tool's original name. */
interface BodyTool extends RequestBodyTool {
  readonly entry: Record<string, unknown>;
}

/**
 * The body's custom tools by original name, in body order, and the package's own tools it holds (read back from a
 * body this transformer wrote). A client-side stub (from such a body) holds no schema: the catalog has the real one.
 */
function readBodyTools(
  entries: readonly ToolEntry[],
  names: ToolNameMapping,
  catalog: ReadonlyMap<string, ToolDefinition>,
): { bodyTools: Map<string, BodyTool>; ownEntries: Record<string, unknown>[] } {
  const bodyTools = new Map<string, BodyTool>();
  const ownEntries: Record<string, unknown>[] = [];
  for (const { entry, definition } of entries) {
    if (definition === undefined) continue;
    if (isOwnTool(definition)) {
      ownEntries.push(entry);
      continue;
    }
    const name = names.fromWire(definition.name);
    if (bodyTools.has(name)) {
      throw new ToolSearchError('invalid-request', `tool \`${name}\` is defined twice in \`tools\`; the Messages API requires unique tool names`);
    }
    const deferred = entry.defer_loading === true;
    const full = isStubInputSchema(definition.inputSchema) ? catalog.get(name) : undefined;
    if (full === undefined) bodyTools.set(name, { entry, definition: name === definition.name ? definition : { ...definition, name }, deferred });
    else {
      const withSchema = { ...entry, ...(full.description === undefined ? {} : { description: full.description }), input_schema: full.inputSchema };
      bodyTools.set(name, { entry: withSchema, definition: full, deferred });
    }
  }
  return { bodyTools, ownEntries };
}

/** One neutral entry as a Messages API tool, keeping the caller's own fields where it has them. */
function writeEntry(
  entry: RequestToolEntry,
  bodyTools: ReadonlyMap<string, BodyTool>,
  ownEntries: readonly Record<string, unknown>[],
  names: ToolNameMapping,
): Record<string, unknown> {
  const wireName = names.toWire(entry.name);
  switch (entry.status) {
    case 'search':
    case 'call': {
      // A breakpoint an earlier pass put on it stays (the transformer run on its own output gives the same body).
      const cacheControl = ownEntries.find((own) => own.name === wireName)?.cache_control;
      const tool: Record<string, unknown> = { name: wireName, description: entry.description, input_schema: entry.inputSchema };
      if (cacheControl !== undefined) tool.cache_control = cacheControl;
      return tool;
    }
    case 'loaded':
    case 'revealed':
    case 'defer-loading': {
      const deferred = entry.status === 'defer-loading';
      const source = bodyTools.get(entry.name)?.entry;
      return source === undefined ? fromDefinition(entry.definition, names, deferred) : withDeferral(source, { name: wireName }, deferred);
    }
    case 'deferred': {
      const source = bodyTools.get(entry.name)?.entry;
      // A stub carries no schema-specific fields: `strict` would validate against the stub, examples would not fit it.
      // Built field by field, not with conditional spreads: this runs for every deferred tool of every request.
      const stub: Record<string, unknown> = {};
      if (source?.type !== undefined) stub.type = source.type;
      if (source?.allowed_callers !== undefined) stub.allowed_callers = source.allowed_callers;
      stub.name = wireName;
      if (entry.description !== undefined) stub.description = entry.description;
      stub.input_schema = createStubInputSchema();
      if (source?.cache_control !== undefined) stub.cache_control = source.cache_control;
      return stub;
    }
    default:
      return assertNever(entry, 'request tool status');
  }
}

/** The written tool list, and where the caller's tool-level cache breakpoints were (see transformAnthropicToolCacheControl). */
interface PlacedTools extends AnthropicToolCacheControlContext {
  tools: unknown[];
}

/** The written entries in the body's places ({@link resolveRequestToolPlaces}), and the caller's breakpoints to place. */
function placeTools(
  entries: readonly ToolEntry[],
  written: readonly Record<string, unknown>[],
  hostedSearchTool: Record<string, unknown> | undefined,
  decision: RequestToolList,
  context: { mechanism: ToolSearchPlan['mechanism']; names: ToolNameMapping; bodyTools: ReadonlyMap<string, BodyTool> },
): PlacedTools {
  const { names } = context;
  const kinds = entries.map(({ kind, definition }): RequestBodyToolKind => {
    if (kind === 'tool-search') return 'hosted-search';
    if (definition === undefined) return 'other';
    return isOwnTool(definition) ? 'own' : 'tool';
  });
  // The package's own tools go by their wire names; the caller's by their original names.
  const last = entries.at(-1)?.definition;
  const lastName = last === undefined || isOwnTool(last) ? last?.name : names.fromWire(last.name);
  const { tools, last: callerLast } = resolveRequestToolPlaces<unknown>(kinds, decision, context.mechanism, lastName, {
    entry: (index) => written[index],
    hostedSearch: () => hostedSearchTool,
    body(position) {
      const { entry } = entries[position] as ToolEntry;
      // Only the body's own entries can carry a deferral the request does not send (the written ones follow the decision).
      return decision.callerDeferral === 'removed' && resolveAnthropicToolDeferral(entry) !== 'loaded' ? withoutCallerDeferral(entry) : entry;
    },
  });
  // Caller tools with a breakpoint that are not sent; the names sent, as a set only when a tool has a breakpoint to place (few do).
  const hidden: PlacedTools['hidden'][number][] = [];
  const end = decision.entries.length - decision.trailing;
  let sentNames: ReadonlySet<string> | undefined;
  for (const [name, { entry }] of context.bodyTools) {
    if (entry.cache_control === undefined || entry.cache_control === null) continue;
    // A caller's own `tool_search` the package's replaced (listed as `search`) is not sent either.
    sentNames ??= new Set(
      decision.entries
        .slice(0, end)
        .filter((listed) => listed.status !== 'search')
        .map((listed) => listed.name),
    );
    if (sentNames.has(name)) continue;
    hidden.push({ name: names.toWire(name), cacheControl: entry.cache_control, callerLast: entry === entries.at(-1)?.entry });
  }
  return { tools, callerLast, hidden };
}

/** Throws when a request would defer more tools than the Messages API accepts (only a list longer than the limit can). */
function checkDeferredCount(tools: readonly unknown[], trailing: number): void {
  if (tools.length - trailing <= ANTHROPIC_MAX_DEFERRED_TOOLS) return;
  const deferredCount = tools.filter((entry) => resolveAnthropicToolDeferral(entry) === 'deferred').length;
  if (deferredCount <= ANTHROPIC_MAX_DEFERRED_TOOLS) return;
  throw new ToolSearchError(
    'too-many-deferred-tools',
    `The request would defer ${deferredCount} tools; the Messages API accepts at most ${ANTHROPIC_MAX_DEFERRED_TOOLS} tools with ` +
      '`defer_loading: true` per request. Send fewer tools (e.g. only the servers this agent needs) or split the catalog across agents.',
  );
}

/** A provider tool, toolset or MCP toolset without `defer_loading` on itself, its default and its members. */
function withoutCallerDeferral(entry: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (!isRecord(value) || !('defer_loading' in value)) return value;
    const { defer_loading: _removed, ...rest } = value;
    return rest;
  };
  // A copy: the caller's entry and its configs are never written.
  const result = { ...(strip(entry) as Record<string, unknown>) };
  if (isRecord(result.default_config)) result.default_config = strip(result.default_config);
  if (isRecord(result.configs)) result.configs = Object.fromEntries(Object.entries(result.configs).map(([name, config]) => [name, strip(config)]));
  return result;
}

function describeEntry(entry: Record<string, unknown>): string {
  const label = typeof entry.name === 'string' ? entry.name : typeof entry.mcp_server_name === 'string' ? entry.mcp_server_name : String(entry.type);
  return `\`${label}\` (\`${String(entry.type)}\`)`;
}

const RESERVED_NAMES = [ANTHROPIC_TOOL_SEARCH_TOOLS.bm25.name, ANTHROPIC_TOOL_SEARCH_TOOLS.regex.name];

/** The hosted search tool to send: the body's own (the first, without `defer_loading`), the history's variant, or the option. */
function resolveSearchTool(
  searchEntries: readonly ToolEntry[],
  historySearchTool: AnthropicToolSearchToolName | null,
  variant: AnthropicToolSearchVariant,
  warnings: AnthropicMessagesWarning[],
  onBedrock: boolean,
): Record<string, unknown> {
  // Bedrock offers the regex tool only: a body's BM25 tool is sent as the regex one, and the history's variant does not count.
  const bm25 = onBedrock ? searchEntries.filter(({ entry }) => (entry.type as string).startsWith('tool_search_tool_bm25')) : [];
  if (bm25.length > 0) {
    warnings.push({
      code: 'bedrock-search-tool-regex',
      message: `the body has the BM25 search tool (${bm25.map(({ index }) => `\`tools[${index}]\``).join(', ')}), which Amazon Bedrock does not offer; \`tool_search_tool_regex_20251119\` is sent in its place`,
    });
  }
  const kept = bm25.length === 0 ? searchEntries : searchEntries.filter((entry) => !bm25.includes(entry));
  const [first] = kept;
  if (kept.length > 1) {
    warnings.push({
      code: 'search-tool-duplicated',
      message: `the body has ${kept.length} hosted search tools (${kept.map(({ index }) => `\`tools[${index}]\``).join(', ')}); the first was kept and the others removed`,
    });
  }
  if (first !== undefined) {
    if (first.entry.defer_loading !== true) return first.entry;
    warnings.push({
      code: 'search-tool-deferred',
      message:
        `the hosted search tool (\`tools[${first.index}]\`) had \`defer_loading: true\`; the API requires at least one non-deferred tool ` +
        'and never a deferred search tool, so `defer_loading` was removed from it',
    });
    const { defer_loading: _removed, ...rest } = first.entry;
    return rest;
  }
  // The BM25 entry's other fields (`cache_control`, `allowed_callers`) stay; `defer_loading` never does.
  const replaced = bm25[0]?.entry;
  if (replaced !== undefined) {
    const { defer_loading: _removed, ...rest } = replaced;
    return { ...rest, ...ANTHROPIC_TOOL_SEARCH_TOOLS.regex };
  }
  if (historySearchTool !== null && !onBedrock) return { ...ANTHROPIC_TOOL_SEARCH_TOOLS[historySearchTool === 'tool_search_tool_regex' ? 'regex' : 'bm25'] };
  return { ...ANTHROPIC_TOOL_SEARCH_TOOLS[variant] };
}

/**
 * The beta the request's tool changes need, or `undefined` without any: the plan's native additions and the history's
 * tool changes, by value (`inline-tools-2026-09-15`, which covers references too) or by reference only. On Amazon
 * Bedrock only the reference beta exists.
 */
function resolveToolChangesBeta(plan: ToolSearchPlan, history: AnthropicMessagesHistory['toolChanges'], onBedrock: boolean): string | undefined {
  const planned = isNativeDelivery(plan) ? plan.additions : undefined;
  if (planned === undefined && history === null) return undefined;
  if (onBedrock) return ANTHROPIC_TOOL_CHANGES_BETA;
  return planned === 'value' || history === 'value' ? ANTHROPIC_INLINE_TOOLS_BETA : ANTHROPIC_TOOL_CHANGES_BETA;
}

/**
 * Takes out of the body's beta list the tool-changes betas a model cannot use where it is served, when the request makes
 * no tool change (a body prepared for Opus 4.8 prepared again for Claude 3.5 Haiku): both where the model takes no
 * system message, the inline (by value) one off the Claude API. The caller's other betas stay, in order.
 */
function removeToolChangesBetas(
  output: Record<string, unknown>,
  field: 'anthropic_beta' | 'betas',
  support: AnthropicToolChangeSupport,
  warnings: AnthropicMessagesWarning[],
): void {
  const betas = output[field];
  if (support === 'value' || !Array.isArray(betas)) return;
  const unusable = support === 'none' ? [ANTHROPIC_INLINE_TOOLS_BETA, ANTHROPIC_TOOL_CHANGES_BETA] : [ANTHROPIC_INLINE_TOOLS_BETA];
  const removed = betas.filter((beta) => unusable.includes(beta as string));
  if (removed.length === 0) return;
  const kept = betas.filter((beta) => !unusable.includes(beta as string));
  // A list that held only these (the ones this transformer adds) goes with them.
  if (kept.length === 0) delete output[field];
  else output[field] = kept;
  warnings.push({
    code: 'tool-changes-sent-as-text',
    message: `\`${field}\` holds ${removed.map((beta) => `\`${String(beta)}\``).join(', ')}, which \`${String(output.model ?? 'the model')}\` cannot use ${support === 'none' ? '(it takes no system messages)' : 'off the Claude API'} and this request makes no tool change that needs; removed`,
  });
}

/** The platform a body's `anthropic_version` names (`bedrock-2023-05-31`, `vertex-2023-10-16`), if any. */
function platformOfBody(request: Record<string, unknown>): 'bedrock' | 'vertex' | undefined {
  const version = typeof request.anthropic_version === 'string' ? request.anthropic_version : '';
  return version.startsWith('bedrock-') ? 'bedrock' : version.startsWith('vertex-') ? 'vertex' : undefined;
}

/**
 * Adds `beta` to the body's beta list `field` (`anthropic_beta` on Amazon Bedrock, `betas` elsewhere): appended to the
 * caller's list once, or a new list. A value that is not a list is left alone, with the `code` warning.
 */
function addBeta(
  output: Record<string, unknown>,
  field: 'anthropic_beta' | 'betas',
  beta: string,
  code: 'bedrock-beta-not-added' | 'tool-changes-beta-not-added',
  warnings: AnthropicMessagesWarning[],
): void {
  const betas = output[field];
  if (betas === undefined || betas === null) output[field] = [beta];
  else if (!Array.isArray(betas)) {
    warnings.push({
      code,
      message: `\`${field}\` is ${describeValue(betas)}, not a list, so \`${beta}\` could not be added; the API rejects ${code === 'bedrock-beta-not-added' ? 'tool search on Amazon Bedrock' : 'tool changes'} without it. Make \`${field}\` a list`,
    });
  } else if (!betas.includes(beta)) output[field] = [...betas, beta];
}

/** A copy of a tool entry with `fields` set and `defer_loading: true`, or without `defer_loading` when not deferred. */
function withDeferral(entry: Readonly<Record<string, unknown>>, fields: Readonly<Record<string, unknown>>, deferred: boolean): Record<string, unknown> {
  if (deferred) {
    // Set on the copy, not spread into `fields`: adding a key to a spread object is V8's slow path (see createRecordCopy).
    const copy = createRecordCopy(entry, fields);
    copy.defer_loading = true;
    return copy;
  }
  if (entry.defer_loading !== true) return { ...entry, ...fields };
  const { defer_loading: _removed, ...rest } = entry;
  return { ...rest, ...fields };
}

function fromDefinition(tool: ToolDefinition, names: ToolNameMapping, deferred: boolean): Record<string, unknown> {
  return {
    name: names.toWire(tool.name),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: tool.inputSchema,
    ...(deferred ? { defer_loading: true } : {}),
  };
}

/** `tool_choice` with the name it forces passed through `rename` (the same object when the name stays). */
function renameToolChoice(toolChoice: unknown, rename: (name: string) => string): unknown {
  if (!isRecord(toolChoice) || toolChoice.type !== 'tool' || typeof toolChoice.name !== 'string') return toolChoice;
  const name = rename(toolChoice.name);
  return name === toolChoice.name ? toolChoice : { ...toolChoice, name };
}

/** The system prompt with the guidance note at the end, once; a stale note an earlier transform left is replaced. */
function appendGuidance(system: unknown, guidance: string | null): unknown {
  if (system === undefined || system === null || system === '') return guidance ?? system;
  if (typeof system === 'string') return resolveGuidanceText(system, guidance);
  // checkSystem has made sure an array system prompt holds text blocks only.
  const blocks = resolveGuidanceParts(system as readonly unknown[], guidance, TEXT_PART_GUIDANCE);
  return blocks.length === 0 ? undefined : blocks;
}

/** Throws unless `system` is absent, a string or a list of text blocks (where the guidance note can go). */
function checkSystem(system: unknown): void {
  if (system === undefined || system === null || typeof system === 'string') return;
  if (Array.isArray(system) && system.every((block: unknown) => isRecord(block) && block.type === 'text' && typeof block.text === 'string')) return;
  throw new ToolSearchError('invalid-request', `\`system\` must be a string or an array of text blocks, got ${describeValue(system)}`);
}

function parseOptions(options: unknown): { revealed: string[]; searchTool: AnthropicToolSearchVariant | undefined; catalog: ToolCatalog } {
  if (!isRecord(options)) {
    throw new ToolSearchError('invalid-options', `Invalid options for transformAnthropicMessagesRequest: must be an object (got ${describeValue(options)})`);
  }
  const problems = findTransformOptionProblems(options, [REVEALED_OPTION, SEARCH_TOOL_OPTION, CATALOG_OPTION]).map((problem) =>
    problem.kind === 'unknown'
      ? `unknown option${problem.names.length > 1 ? 's' : ''} ${problem.names.map((key) => `\`${key}\``).join(', ')}`
      : `\`${problem.option.name}\` ${problem.option.rule} (got ${describeValue(problem.value)})`,
  );
  if (problems.length > 0) throw new ToolSearchError('invalid-options', `Invalid options for transformAnthropicMessagesRequest: ${problems.join('; ')}`);
  const revealed = parseRevealedOption(options.revealed, '`revealed`');
  return {
    revealed,
    searchTool: options.searchTool as AnthropicToolSearchVariant | undefined,
    catalog: parseCatalogOption(options.catalog as ToolDefinitionsInput | undefined),
  };
}

function cacheWarning(moved: readonly string[], target: string | null): AnthropicMessagesWarning {
  const tools = moved.map((name) => `\`${name}\``).join(', ');
  const outcome =
    target === null
      ? 'it was dropped, because no tool is sent in full'
      : `it was moved to \`${target}\`, the last tool sent in full, which caches the same prefix (deferred tools are left out of the cached tools section)`;
  return {
    code: 'cache-control-moved',
    message: `${tools} ${moved.length === 1 ? 'has' : 'have'} a \`cache_control\` breakpoint but ${moved.length === 1 ? 'is' : 'are'} deferred or not sent; the API rejects a deferred tool with \`cache_control\` ("Tool '${moved[0] as string}' cannot both defer_loading=true cache_control set. Tools defer_loading cannot use prompt caching."), so ${outcome}`,
  };
}

function undefinedWarning(references: readonly AnthropicHistoryReference[], mechanism: ToolSearchPlan['mechanism']): AnthropicMessagesWarning {
  const byName = new Map<string, string[]>();
  for (const reference of references) byName.set(reference.name, [...(byName.get(reference.name) ?? []), `${reference.path} (${reference.kind})`]);
  const list = [...byName].map(([name, paths]) => `\`${name}\` at ${paths.join(', ')}`).join('; ');
  const fix =
    mechanism === 'claude-hosted'
      ? 'Keep the tool in `tools` (it may be deferred) or pass its definition in `catalog`, and it is sent deferred.'
      : 'Keep the tool in `tools`.';
  return {
    code: 'history-tool-undefined',
    message: `the history names tools that are not in \`tools\`: ${list}. The API will reject this request ("Tool reference '${[...byName.keys()][0]}' not found in available tools"). ${fix}`,
  };
}
