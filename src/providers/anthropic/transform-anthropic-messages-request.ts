import { REVEALED_OPTION_SCHEMA, parseRevealedOption } from '../../transform/parse-transform-request-options.js';
import { isRecord } from '../../records/is-record.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../transform/request-transformer.js';
import { resolvePlanForWireAPI } from '../../plan/resolve-plan-for-wire-api.js';
import { z } from 'zod';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import { createToolNameMapping, type ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import type { PlannedTool, ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import { createToolCatalog } from '../../catalog/create-tool-catalog.js';
import type { ToolCatalog } from '../../catalog/tool-catalog.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import { createToolList, type ToolListEntry } from '../../request/resolve-tool-list.js';
import { resolveHistoryReveals } from '../../client/tool-search-result.js';
import { resolveGuidanceParts, resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import {
  CALL_TOOL_DEFINITION,
  createCallToolInputSchema,
  STUB_INPUT_SCHEMA,
  TOOL_SEARCH_TOOL_DEFINITION,
  TOOL_SEARCH_TOOL_NAME,
  createStubInputSchema,
  createToolSearchInputSchema,
  isOwnTool,
} from '../../client/tool-search-tool-definition.js';
import { createToolSearchGuidance } from '../../client/tool-search-guidance.js';
import stringify from 'fast-json-stable-stringify';
import {
  ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA,
  ANTHROPIC_MAX_DEFERRED_TOOLS,
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_SEARCH_TOOLS,
  type AnthropicMessagesRequest,
  type AnthropicMessagesRequestLike,
  type AnthropicToolSearchToolName,
} from './anthropic-messages-api.js';
import type { AnthropicMessagesWarning, AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { parseAnthropicCustomTool } from './parse-anthropic-custom-tool.js';
import { resolveAnthropicToolKind, type AnthropicToolKind } from './resolve-anthropic-tool-kind.js';
import { resolveAnthropicToolDeferral } from './resolve-anthropic-tool-deferral.js';
import { transformAnthropicMessagesHistory, type AnthropicHistoryReference } from './transform-anthropic-messages-history.js';
import { transformAnthropicToolCacheControl } from './transform-anthropic-tool-cache-control.js';
import { resolveOwnToolsSent, type OwnToolNames } from '../../plan/resolve-own-tools-sent.js';
import { resolvePlanForModel } from '../../plan/resolve-plan-for-model.js';
import { resolveModelSupport } from '../../models/resolve-model-support.js';
import { resolveAnthropicToolSearchUse } from './resolve-anthropic-tool-search-use.js';

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
   * Every tool the session may have used (original names, full schemas; an array, an MCP `tools/list` result, or a `createToolCatalog` catalog, read without parsing it again):
   * the definitions the transformer may send for a tool the body lacks. A tool the plan lists but the body dropped is sent from here; under hosted search, a
   * tool the history references (`tool_use`, `tool_reference`) but neither the body nor the plan has is sent from here
   * deferred (`defer_loading: true` costs no prompt tokens), because the API rejects a request whose history
   * references an undefined tool. Pass the same catalog on every turn.
   * @default []
   */
  readonly catalog?: ToolDefinitionsInput;
}

/** The transformed body, the warnings and the tool-name mapping. */
export type TransformAnthropicMessagesRequestResult<Body> = TransformRequestResult<Body, AnthropicMessagesWarningCode>;

const optionsSchema = z.strictObject(
  {
    revealed: REVEALED_OPTION_SCHEMA,
    searchTool: z.enum(['bm25', 'regex'], { error: "must be 'bm25' or 'regex'" }).optional(),
    catalog: z
      .custom((value) => Array.isArray(value) || (isRecord(value) && 'tools' in value), {
        error: 'must be an array of tool definitions or an MCP `tools/list` result (`{ tools }`)',
      })
      .optional(),
  },
  { error: 'must be an object' },
);

/** One custom tool of the body: its entry and its definition under the tool's original name. */
interface BodyTool {
  readonly entry: Record<string, unknown>;
  readonly definition: ToolDefinition;
}

/**
 * Rewrites a Messages API request body for a tool search plan, just before it is sent. Pure: the input is never
 * modified, and equal inputs give byte-identical bodies. Running it on its own output (same plan and options) gives
 * the same body again.
 *
 * The caller builds its body as usual (original tool names, full schemas, the history as the API returned it, tool
 * calls mapped back to original names or not) and resolves the plan for the body's tools
 * (`parseAnthropicMessagesTools`). By mechanism:
 *
 * - `claude-hosted`: the hosted search tool (`tool_search_tool_bm25_20251119`, or the regex variant by `searchTool`)
 *   goes first and is never deferred, so at least one tool is always loaded; tools the plan defers get
 *   `defer_loading: true` and keep their full definitions (the API needs them to search and to expand references);
 *   the other tools are unchanged. Nothing deferred (below the threshold): the plain list, no search tool, unless
 *   the body or the history already uses one. More than 10,000 deferred tools throws.
 * - `client`: the tool list of `resolveToolList` (loaded tools, this package's `tool_search`, deferred tools with
 *   the stub `input_schema`, revealed tools in full) in the custom tools' place, and the guidance note once at the
 *   end of `system` (a string gets it after a blank line, an array of text blocks gets one more block; existing
 *   blocks and their `cache_control` are kept). Reveals come from `options.revealed` and from the history. When the
 *   listing leaves deferred tools out and sends `call_tool` (`names`, `none`), a history `tool_use` of a deferred tool
 *   (the model called it directly, blind) is sent as the `call_tool` call it stands for, with the same id: the API
 *   rejects a `tool_use` of an undefined tool, and defining it would change the tool list from then on.
 * - `none`: every tool in full; nothing added. `openai-hosted` (a plan for OpenAI's Responses API) is a mistake on a
 *   Messages body: it is applied with the client-side mechanism (the same tools deferred), with a warning.
 *
 * On every path: tool names outside `^[a-zA-Z0-9_-]{1,64}$` are mapped (in `tools`, `tool_choice`, `tool_use` and
 * `tool_reference` blocks) and `names.fromWire` maps the model's calls back; provider tools the plan does not know
 * (web search, code execution, bash, toolsets, MCP) pass through unchanged, in place; `server_tool_use` and
 * `tool_search_tool_result` blocks are kept byte for byte; a `cache_control` breakpoint on a deferred tool moves to
 * the last tool sent in full (warning `cache-control-moved`), and one on the caller's last tool stays on the last
 * tool sent in full; a `tool_result` answering a hosted `srvtoolu_…` call is removed, `tool_reference` blocks in an
 * `is_error` result become text. Every tool the history names must stay defined: under hosted search, one the body
 * dropped is restored from `options.catalog`, deferred (no prompt cost); otherwise, and under the other mechanisms
 * (where a restored tool would be offered to the model again), a `history-tool-undefined` warning names each
 * reference that will fail. A plan tool the body dropped is sent from `options.catalog` on every mechanism.
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
  const request = checkBody(body);
  const { revealed, searchTool: askedSearchTool, catalog } = parseOptions(options);
  const warnings: AnthropicMessagesWarning[] = [];
  const forAPI = resolvePlanForWireAPI(givenPlan, 'anthropic-messages');
  if (forAPI.fallback !== null) warnings.push({ code: 'mechanism-not-for-messages', message: forAPI.fallback });
  const { plan, fallback } = resolvePlanForModel(forAPI.plan);
  if (fallback !== null) warnings.push({ code: 'mechanism-not-for-model', message: fallback });
  const mechanism = plan.mechanism;
  const onBedrock = plan.platform === 'bedrock' || (typeof request.anthropic_version === 'string' && request.anthropic_version.startsWith('bedrock-'));
  const searchTool: AnthropicToolSearchVariant = onBedrock ? 'regex' : (askedSearchTool ?? 'bm25');
  if (onBedrock && askedSearchTool === 'bm25' && mechanism === 'claude-hosted') {
    warnings.push({
      code: 'bedrock-search-tool-regex',
      message: "`searchTool: 'bm25'` was asked, but Amazon Bedrock offers the regex search tool only; `tool_search_tool_regex_20251119` is sent",
    });
  }

  const entries = Array.isArray(request.tools) ? readEntries(request.tools) : [];
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
  const bodyTools = new Map<string, BodyTool>();
  const ownSearchEntries: Record<string, unknown>[] = [];
  for (const { entry, definition } of entries) {
    if (definition === undefined) continue;
    if (isOwnTool(definition)) {
      ownSearchEntries.push(entry);
      continue;
    }
    const name = names.fromWire(definition.name);
    if (bodyTools.has(name)) {
      throw new ToolSearchError('invalid-request', `tool \`${name}\` is defined twice in \`tools\`; the Messages API requires unique tool names`);
    }
    // A client-side stub (from a body this transformer already rewrote) holds no schema; the catalog has the real one.
    const full = isStubSchema(definition.inputSchema) ? catalogByName.get(name) : undefined;
    if (full === undefined) bodyTools.set(name, { entry, definition: name === definition.name ? definition : { ...definition, name } });
    else
      bodyTools.set(name, {
        entry: { ...entry, ...(full.description === undefined ? {} : { description: full.description }), input_schema: full.inputSchema },
        definition: full,
      });
  }

  const planned = new Map(plan.tools.map((tool) => [tool.name, tool]));
  const forced = resolveForcedTool(request.tool_choice, names, planned);
  const history = transformAnthropicMessagesHistory(request.messages, names, {
    throughCallTool: resolveCalledThroughCallTool(plan, forced, names),
    callToolName: names.toWire(own.callToolName),
  });
  warnings.push(...history.warnings);
  const referenced = new Set(history.references.map((reference) => names.fromWire(reference.name)));

  // The plan and the body must describe the same tools; the catalog fills in what the body dropped.
  const restored = new Map<string, ToolDefinition>();
  const missing: string[] = [];
  const explicitReveals = [...revealed].map((name) => names.fromWire(name));
  const historyReveals = resolveHistoryReveals(history.toolOutputs, names, own).map((name) => names.fromWire(name));
  // What a listing that leaves deferred tools out still sends: reveals (in the tool-list mode), every tool the history
  // names (a `tool_use` not sent through `call_tool`, a `tool_reference` of an earlier hosted search), a forced tool.
  const visible = new Set([
    ...(plan.reveal === 'tool-list' ? [...explicitReveals, ...historyReveals] : []),
    ...referenced,
    ...(forced === null ? [] : [forced]),
  ]);
  for (const tool of plan.tools) {
    if (bodyTools.has(tool.name)) continue;
    const definition = catalogByName.get(tool.name);
    if (definition !== undefined) restored.set(tool.name, definition);
    else if (!isHiddenByListing(plan, tool, visible)) missing.push(tool.name);
  }
  const unplanned = [...bodyTools.keys()].filter((name) => {
    if (planned.has(name)) return false;
    // A tool this transformer restored for the history (deferred, in the catalog, referenced) is not the caller's.
    const { entry } = bodyTools.get(name) as BodyTool;
    return !(mechanism === 'claude-hosted' && entry.defer_loading === true && catalogByName.has(name) && referenced.has(name));
  });
  if (missing.length > 0 || unplanned.length > 0) throw planMismatch(missing, unplanned);

  const ownForHistory = resolveOwnToolsCalled(history.references, names, own, (name) => planned.has(name) || catalogByName.has(name) || bodyTools.has(name));
  const context: BuildContext = { entries, bodyTools, restored, names, catalogByName, warnings, forced, ownSearchEntries, ownForHistory };
  let built: BuiltTools;
  switch (mechanism) {
    case 'claude-hosted':
      built = buildHostedTools(context, plan, history.searchToolName, searchTool, referenced, onBedrock);
      break;
    case 'client':
      // The API rejects a history reference to a tool the request does not define: a tool the listing leaves out is sent.
      built = buildClientTools(
        context,
        plan,
        [...explicitReveals, ...historyReveals],
        plan.listing === 'names' || plan.listing === 'none' ? [...referenced] : [],
      );
      break;
    case 'none':
      built = buildFullTools(context);
      break;
    case 'openai-hosted':
      // resolvePlanForWireAPI has turned it into `client`.
      throw new ToolSearchError('invalid-options', 'an `openai-hosted` plan reached the Messages tool builder');
    default:
      return assertNever(mechanism, 'mechanism');
  }
  if (restored.size > 0 || built.restoredForHistory.length > 0) warnings.push(restoredWarning(restored, built.restoredForHistory, mechanism));
  if (mechanism !== 'claude-hosted') built = resolveCallerDeferral(built, plan, searchTool, warnings);
  // The package's own tools the history called that this plan does not send (the session moved to another model, the
  // tools shrank below the threshold, the provider's search): defined again, so the history's `tool_use` blocks hold.
  const ownRestored = restoreOwnToolsForHistory(built.tools, context);
  if (ownRestored.length > 0) warnings.push(ownRestoredWarning(ownRestored, mechanism));

  const cache = transformAnthropicToolCacheControl(built.tools, { callerLast: built.callerLast, hidden: built.hidden });
  if (cache.moved.length > 0) warnings.push(cacheWarning(cache.moved, cache.target));

  // The names sent, against which the history's references and a forced tool are checked (most requests have neither).
  const defined = new Set<string>();
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
  const system = appendGuidance(request.system, built.guidance);
  if (system === undefined) delete output.system;
  else output.system = system;
  const toolChoice = transformToolChoice(request.tool_choice, names, defined, hasMCPToolset, warnings);
  if (toolChoice !== undefined) output.tool_choice = toolChoice;
  if (onBedrock) addBedrockBeta(output, warnings);
  // What the history holds schemas of: the package's results (text), and tools the API loaded from references.
  const loadedByReference = history.references.filter((reference) => reference.kind === 'tool_reference').map((reference) => names.fromWire(reference.name));
  return { body: output as Body, warnings, names, loaded: [...new Set([...historyReveals, ...loadedByReference])] };
}

/** Shared inputs of the three tool-list builders. */
interface BuildContext {
  readonly entries: readonly ToolEntry[];
  readonly bodyTools: ReadonlyMap<string, BodyTool>;
  /** Plan tools the body lacks, sent from the catalog. */
  readonly restored: ReadonlyMap<string, ToolDefinition>;
  readonly names: ToolNameMapping;
  readonly catalogByName: ReadonlyMap<string, ToolDefinition>;
  readonly warnings: AnthropicMessagesWarning[];
  readonly forced: string | null;
  readonly ownSearchEntries: readonly Record<string, unknown>[];
  /** The package's own tools the history calls (`tool_use`), by wire name, which the request must define. */
  readonly ownForHistory: ReadonlyMap<string, 'search' | 'call'>;
}

/** A tool list before its cache breakpoints are placed. */
interface BuiltTools {
  readonly tools: unknown[];
  /** The index of the entry made from the caller's last tool, or `-1`. */
  readonly callerLast: number;
  /** Caller tools with a breakpoint that are not sent. */
  readonly hidden: { name: string; cacheControl: unknown; callerLast: boolean }[];
  /** Tools added (deferred) only because the history references them. */
  readonly restoredForHistory: readonly string[];
  /** The client-side guidance note, or `null`. */
  readonly guidance: string | null;
}

interface ToolEntry {
  readonly entry: Record<string, unknown>;
  readonly kind: Exclude<AnthropicToolKind, 'invalid'>;
  readonly index: number;
  /** A custom tool's definition, under the name the body gives it. */
  readonly definition?: ToolDefinition;
}

function buildHostedTools(
  context: BuildContext,
  plan: ToolSearchPlan,
  historySearchTool: AnthropicToolSearchToolName | null,
  variant: AnthropicToolSearchVariant,
  referenced: ReadonlySet<string>,
  onBedrock: boolean,
): BuiltTools {
  const { entries, names, warnings, forced, catalogByName, bodyTools, restored, ownSearchEntries } = context;
  const deferredNames = new Set(plan.tools.filter((tool) => tool.status === 'deferred').map((tool) => tool.name));
  if (forced !== null && deferredNames.delete(forced)) warnings.push(forcedWarning(forced, 'sent without `defer_loading`'));

  const plannedNames = new Set(plan.tools.map((tool) => tool.name));
  const searchEntries = entries.filter(({ kind }) => kind === 'tool-search');

  // Tools the history references but nothing defines: send them deferred, from the catalog, in catalog order.
  const restoredForHistory: string[] = [];
  if (catalogByName.size > 0 && referenced.size > 0) {
    const defined = new Set([...bodyTools.keys(), ...restored.keys()]);
    const sentNames = new Set<string>();
    // The package's own tools an earlier pass added are not the caller's: they are dropped or added again below.
    for (const { entry, definition } of entries)
      if (typeof entry.name === 'string' && (definition === undefined || !isOwnTool(definition))) sentNames.add(entry.name);
    for (const tool of catalogByName.values()) {
      if (referenced.has(tool.name) && !defined.has(tool.name) && !sentNames.has(names.toWire(tool.name))) restoredForHistory.push(tool.name);
    }
  }

  const deferredProvider = entries.some(({ kind, entry }) => kind !== 'custom' && kind !== 'tool-search' && resolveAnthropicToolDeferral(entry) === 'deferred');
  // The library's search is the package's `tool_search` (its results are `tool_reference` blocks the API expands);
  // the hosted search tool stays only where the body or the history already uses it.
  const library = plan.search === 'library';
  // Tools restored deferred for the history (now, or on an earlier pass, whose output this body may be) need a tool
  // that is not deferred beside them: the library's search serves, as the hosted one does under the provider's search.
  const restoredEarlier = [...bodyTools.keys()].some((name) => !plannedNames.has(name));
  const includeLibrarySearch = library && (deferredNames.size > 0 || restoredForHistory.length > 0 || restoredEarlier);
  // Tools the caller deferred itself (an MCP toolset, a toolset whose members defer) are loaded by the hosted search tool
  // only: the library's `tool_search` answers with the plan's tools. Under the library's search it is sent beside it.
  const includeSearch = library
    ? historySearchTool !== null || searchEntries.length > 0 || deferredProvider
    : deferredNames.size > 0 || deferredProvider || restoredForHistory.length > 0 || historySearchTool !== null || searchEntries.length > 0;
  if (library && includeLibrarySearch && deferredProvider && historySearchTool === null && searchEntries.length === 0) {
    warnings.push({
      code: 'hosted-search-for-caller-deferral',
      message:
        "the body defers tools of its own (a toolset or MCP toolset whose members defer, or a provider tool with `defer_loading`), which the library's `tool_search` cannot load " +
        "(it answers with the plan's tools); Anthropic's hosted search tool was sent beside it, so they can be found",
    });
  }
  const tools: unknown[] = [];
  let callerLast = -1;
  if (includeLibrarySearch) {
    // `tool_search_2` (…) where the caller has a `tool_search` of its own, which is sent as it is.
    const searchName = names.toWire(resolveOwnToolsSent(plan).searchName);
    const own = ownSearchEntries.find((entry) => entry.name === searchName);
    const searchTool: Record<string, unknown> = {
      name: searchName,
      description: TOOL_SEARCH_TOOL_DEFINITION.description,
      input_schema: createToolSearchInputSchema(),
    };
    if (own?.cache_control !== undefined) searchTool.cache_control = own.cache_control;
    tools.push(searchTool);
  }
  if (includeSearch) tools.push(resolveSearchTool(searchEntries, historySearchTool, variant, warnings, onBedrock));
  if (!includeLibrarySearch) dropOwnSearchTool(context, 'claude-hosted');

  entries.forEach(({ entry, kind, definition }, position) => {
    const isLast = position === entries.length - 1;
    if (kind === 'tool-search') {
      // The hosted search tool sits first, after the library's `tool_search` when that is sent too.
      if (isLast && includeSearch) callerLast = includeLibrarySearch ? 1 : 0;
      return;
    }
    if (definition === undefined) {
      if (isLast) callerLast = tools.length;
      tools.push(entry);
      return;
    }
    if (isOwnTool(definition)) return;
    const name = names.fromWire(definition.name);
    // A tool restored for the history on an earlier pass stays deferred; every other tool follows the plan.
    const deferred = deferredNames.has(name) || !plannedNames.has(name);
    if (isLast) callerLast = tools.length;
    tools.push(withDeferral(bodyTools.get(name)?.entry ?? entry, { name: names.toWire(name) }, deferred));
  });
  // A catalog tool the request does not plan, named like the package's `tool_search` that is sent (a history `tool_use`
  // of that name): the package's defines the name, so the history's reference holds, and two tools cannot share it.
  const searchWire = includeLibrarySearch ? names.toWire(resolveOwnToolsSent(plan).searchName) : undefined;
  const standsIn = (name: string): boolean => names.toWire(name) === searchWire;
  for (const [name, definition] of restored) if (!standsIn(name)) tools.push(fromDefinition(definition, names, deferredNames.has(name)));
  for (const name of restoredForHistory) if (!standsIn(name)) tools.push(fromDefinition(catalogByName.get(name) as ToolDefinition, names, true));

  // Counting needs every entry's kind; only a list longer than the limit can hold too many deferred tools.
  const deferredCount = tools.length <= ANTHROPIC_MAX_DEFERRED_TOOLS ? 0 : tools.filter((entry) => resolveAnthropicToolDeferral(entry) === 'deferred').length;
  if (deferredCount > ANTHROPIC_MAX_DEFERRED_TOOLS) {
    throw new ToolSearchError(
      'too-many-deferred-tools',
      `The request would defer ${deferredCount} tools; the Messages API accepts at most ${ANTHROPIC_MAX_DEFERRED_TOOLS} tools with ` +
        '`defer_loading: true` per request. Send fewer tools (e.g. only the servers this agent needs) or split the catalog across agents.',
    );
  }
  // Deferred definitions are not rendered, so the note names the tools the library's search can load.
  const guidance = includeLibrarySearch ? createToolSearchGuidance(plan, { names, listed: false }) : null;
  return { tools, callerLast, hidden: [], restoredForHistory, guidance };
}

function buildClientTools(context: BuildContext, plan: ToolSearchPlan, reveals: readonly string[], mustDefine: readonly string[]): BuiltTools {
  const { entries, names, warnings, forced, bodyTools, restored } = context;
  const definitions = plan.tools.map((tool) => {
    const fromBody = bodyTools.get(tool.name);
    return fromBody?.definition ?? restored.get(tool.name) ?? placeholder(tool.name);
  });
  const forcedNames = [...mustDefine];
  if (forced !== null && plan.tools.some((tool) => tool.name === forced && tool.status === 'deferred')) {
    if (plan.reveal !== 'tool-list' || !reveals.includes(forced)) warnings.push(forcedWarning(forced, 'revealed, so it is sent with its full schema'));
    forcedNames.push(forced);
  }
  const list = createToolList(plan, definitions, { revealed: reveals, forced: forcedNames, names });
  const sent = list.tools.map((entry) => toClientEntry(entry, context));

  for (const { kind } of entries) {
    if (kind === 'tool-search') {
      warnings.push({
        code: 'hosted-search-tool-kept',
        message:
          "the body has Anthropic's hosted search tool, but the plan uses the client-side `tool_search` (the model or its gateway " +
          'does not support hosted search); the hosted tool was sent as given, and the API may reject it. Remove it from the body.',
      });
      break;
    }
  }

  // Custom tools fill the custom tools' places; provider tools keep theirs; extra entries follow the last custom place.
  const tools: unknown[] = [];
  const slots = entries.filter(({ kind }) => kind === 'custom').length;
  let next = 0;
  let seenSlots = 0;
  for (const { entry, kind } of entries) {
    if (kind !== 'custom') {
      tools.push(entry);
      continue;
    }
    seenSlots += 1;
    if (next < sent.length) tools.push(sent[next++]);
    if (seenSlots === slots) while (next < sent.length) tools.push(sent[next++]);
  }
  while (next < sent.length) tools.push(sent[next++]);

  // The caller's last tool: its breakpoint means "cache every tool".
  const lastEntry = entries[entries.length - 1];
  let callerLast = -1;
  const hidden: BuiltTools['hidden'] = [];
  if (lastEntry !== undefined) {
    if (lastEntry.definition !== undefined) {
      const name = isOwnTool(lastEntry.definition) ? lastEntry.definition.name : names.fromWire(lastEntry.definition.name);
      const wire = names.toWire(name);
      callerLast = list.tools.some((entry) => entry.name === name) ? tools.findIndex((entry) => isRecord(entry) && entry.name === wire) : -1;
    } else callerLast = tools.indexOf(lastEntry.entry);
  }
  // The names sent, as a set only when a tool has a breakpoint to place (few do).
  let sentNames: ReadonlySet<string> | undefined;
  for (const [name, { entry }] of bodyTools) {
    if (entry.cache_control === undefined || entry.cache_control === null) continue;
    // A caller's own `tool_search` the package's replaced (listed as `search`) is not sent either.
    sentNames ??= new Set(list.tools.filter((listed) => listed.status !== 'search').map((listed) => listed.name));
    if (sentNames.has(name)) continue;
    hidden.push({ name: names.toWire(name), cacheControl: entry.cache_control, callerLast: entry === lastEntry?.entry });
  }
  // The note names hidden tools in the `names` listing: name them as the model sees them.
  return { tools, callerLast, hidden, restoredForHistory: [], guidance: list.guidance };
}

function buildFullTools(context: BuildContext): BuiltTools {
  const { entries, names, restored } = context;
  dropOwnSearchTool(context, 'none');
  const tools: unknown[] = [];
  let callerLast = -1;
  entries.forEach(({ entry, definition }, position) => {
    if (definition !== undefined) {
      if (isOwnTool(definition)) return;
      if (position === entries.length - 1) callerLast = tools.length;
      const name = names.fromWire(definition.name);
      tools.push(withDeferral(context.bodyTools.get(name)?.entry ?? entry, { name: names.toWire(name) }, false));
      return;
    }
    if (position === entries.length - 1) callerLast = tools.length;
    tools.push(entry);
  });
  for (const definition of restored.values()) tools.push(fromDefinition(definition, names, false));
  return { tools, callerLast, hidden: [], restoredForHistory: [], guidance: null };
}

/**
 * Under the client-side mechanism or none, tools the caller deferred itself (a provider tool with `defer_loading`, a
 * toolset or MCP toolset whose members defer) are loaded by nothing this package sends. A model with hosted search
 * gets Anthropic's hosted search tool for them, first in the list; another gets them without `defer_loading` (loaded
 * up front), since nothing could ever load them. Either way with a warning.
 */
function resolveCallerDeferral(built: BuiltTools, plan: ToolSearchPlan, variant: AnthropicToolSearchVariant, warnings: AnthropicMessagesWarning[]): BuiltTools {
  const deferred: string[] = [];
  let hasSearchTool = false;
  for (const entry of built.tools) {
    const kind = resolveAnthropicToolKind(entry);
    if (kind === 'tool-search') hasSearchTool = true;
    else if (kind !== 'custom' && kind !== 'invalid' && resolveAnthropicToolDeferral(entry) !== 'loaded')
      deferred.push(describeEntry(entry as Record<string, unknown>));
  }
  if (deferred.length === 0) return built;
  const support = resolveModelSupport(plan.platform === undefined ? plan.model : { id: plan.model, platform: plan.platform });
  if (support.claudeHosted) {
    if (hasSearchTool) return built;
    warnings.push({
      code: 'hosted-search-for-caller-deferral',
      message: `${deferred.join(', ')} defer${deferred.length === 1 ? 's' : ''} tools of the body's own, which nothing this package sends under the \`${plan.mechanism}\` mechanism can load; Anthropic's hosted search tool was sent for them, first in \`tools\``,
    });
    return { ...built, tools: [{ ...ANTHROPIC_TOOL_SEARCH_TOOLS[variant] }, ...built.tools], callerLast: built.callerLast < 0 ? -1 : built.callerLast + 1 };
  }
  warnings.push({
    code: 'caller-deferral-removed',
    message: `${deferred.join(', ')} defer${deferred.length === 1 ? 's' : ''} tools of the body's own, but \`${plan.model}\` has no hosted tool search to load them (nothing else can); sent without \`defer_loading\`, loaded up front`,
  });
  return {
    ...built,
    tools: built.tools.map((entry) => (resolveAnthropicToolDeferral(entry) === 'loaded' ? entry : withoutCallerDeferral(entry as Record<string, unknown>))),
  };
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

/** One client-side tool list entry as a Messages API tool, keeping the caller's own fields where it has them. */
function toClientEntry(entry: ToolListEntry, context: BuildContext): Record<string, unknown> {
  const { names, bodyTools, ownSearchEntries } = context;
  const wireName = names.toWire(entry.name);
  const source =
    entry.status === 'search' || entry.status === 'call' ? ownSearchEntries.find((own) => own.name === entry.name) : bodyTools.get(entry.name)?.entry;
  const cacheControl = source?.cache_control === undefined ? {} : { cache_control: source.cache_control };
  switch (entry.status) {
    case 'search':
    case 'call':
      return { name: wireName, description: entry.description, input_schema: entry.inputSchema, ...cacheControl };
    case 'loaded':
    case 'revealed': {
      if (source === undefined) return fromDefinition(entry.definition, names, false);
      return withDeferral(source, { name: wireName, input_schema: entry.inputSchema }, false);
    }
    case 'deferred': {
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
      return assertNever(entry.status, 'tool list status');
  }
}

const STUB_SIGNATURE = stringify(STUB_INPUT_SCHEMA);

/**
 * Whether a schema serializes like the client-side stub. The cheap look at `type` and `additionalProperties` comes
 * first: serializing every tool's full schema to tell that it is not a stub was half the cost of a transform. Only a
 * schema that could be the stub (or that serializes itself, through `toJSON`) is serialized.
 */
function isStubSchema(schema: Readonly<Record<string, unknown>>): boolean {
  const { type, additionalProperties } = schema;
  const couldBeStub =
    typeof schema.toJSON === 'function' ||
    ((type === STUB_INPUT_SCHEMA.type || isObject(type)) && (additionalProperties === true || isObject(additionalProperties)));
  return couldBeStub && stringify(schema) === STUB_SIGNATURE;
}

/** A value `stringify` may serialize as something else (through its own `toJSON`). */
function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
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
  if (onBedrock) {
    const bm25 = searchEntries.filter(({ entry }) => typeof entry.type === 'string' && entry.type.startsWith('tool_search_tool_bm25'));
    if (bm25.length > 0) {
      warnings.push({
        code: 'bedrock-search-tool-regex',
        message: `the body has the BM25 search tool (${bm25.map(({ index }) => `\`tools[${index}]\``).join(', ')}), which Amazon Bedrock does not offer; \`tool_search_tool_regex_20251119\` is sent in its place`,
      });
    }
    const regexEntries = searchEntries.filter((entry) => !bm25.includes(entry));
    const kept = regexEntries.length > 0 ? resolveSearchTool(regexEntries, null, 'regex', warnings, false) : undefined;
    if (kept !== undefined) return kept;
    const first = bm25[0]?.entry;
    // The BM25 entry's other fields (`cache_control`, `allowed_callers`) stay; `defer_loading` never does.
    if (first === undefined) return { ...ANTHROPIC_TOOL_SEARCH_TOOLS.regex };
    const { defer_loading: _removed, ...rest } = first;
    return { ...rest, ...ANTHROPIC_TOOL_SEARCH_TOOLS.regex };
  }
  const [first, ...rest] = searchEntries;
  if (rest.length > 0) {
    warnings.push({
      code: 'search-tool-duplicated',
      message: `the body has ${searchEntries.length} hosted search tools (${searchEntries.map(({ index }) => `\`tools[${index}]\``).join(', ')}); the first was kept and the others removed`,
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
  if (historySearchTool === 'tool_search_tool_regex') return { ...ANTHROPIC_TOOL_SEARCH_TOOLS.regex };
  if (historySearchTool === 'tool_search_tool_bm25') return { ...ANTHROPIC_TOOL_SEARCH_TOOLS.bm25 };
  return { ...ANTHROPIC_TOOL_SEARCH_TOOLS[variant] };
}

/**
 * Adds Bedrock's tool search beta to `anthropic_beta` when the body uses tool search (Bedrock answers 400 without it):
 * appended to the caller's list once, or a new list. A value that is not a list is left alone, with a warning.
 */
function addBedrockBeta(output: Record<string, unknown>, warnings: AnthropicMessagesWarning[]): void {
  const use = resolveAnthropicToolSearchUse(output);
  if (use.searchTools.length === 0 && !use.deferred && !use.toolReferences) return;
  const betas = output.anthropic_beta;
  if (betas === undefined || betas === null) output.anthropic_beta = [ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA];
  else if (!Array.isArray(betas)) {
    warnings.push({
      code: 'bedrock-beta-not-added',
      message: `\`anthropic_beta\` is ${describeValue(betas)}, not a list, so \`${ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA}\` could not be added; Amazon Bedrock rejects tool search without it. Make \`anthropic_beta\` a list`,
    });
  } else if (!betas.includes(ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA)) output.anthropic_beta = [...betas, ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA];
}

function dropOwnSearchTool(context: BuildContext, mechanism: 'claude-hosted' | 'none'): void {
  // One the history calls is defined again below (`restoreOwnToolsForHistory`): not removed.
  if (context.ownSearchEntries.every((entry) => context.ownForHistory.has(entry.name as string))) return;
  context.warnings.push({
    code: 'client-search-tool-removed',
    message: `the body has this package's \`${TOOL_SEARCH_TOOL_NAME}\` tool, but the plan's mechanism is \`${mechanism}\`, not \`client\`; it was removed`,
  });
}

/**
 * The package's own tools the history calls, by wire name: under the names this plan gives them, or under a name an
 * earlier plan gave them (`tool_search_2` next to a caller's `tool_search` that is gone now) that no tool of the
 * plan or the catalog has.
 */
function resolveOwnToolsCalled(
  references: readonly AnthropicHistoryReference[],
  names: ToolNameMapping,
  own: OwnToolNames,
  known: (name: string) => boolean,
): ReadonlyMap<string, 'search' | 'call'> {
  const current = new Map<string, 'search' | 'call'>([
    [names.toWire(own.searchName), 'search'],
    [names.toWire(own.callToolName), 'call'],
  ]);
  const called = new Map<string, 'search' | 'call'>();
  for (const reference of references) {
    if (reference.kind !== 'tool_use') continue;
    const kind =
      current.get(reference.name) ??
      (known(names.fromWire(reference.name)) ? undefined : OWN_NAME_KINDS.get(reference.name.replace(/_(?:[2-9]|[1-9]\d+)$/, '')));
    if (kind !== undefined) called.set(reference.name, kind);
  }
  return called;
}

const OWN_NAME_KINDS = new Map<string, 'search' | 'call'>([
  [TOOL_SEARCH_TOOL_NAME, 'search'],
  ['call_tool', 'call'],
]);

/**
 * Appends the package's own tools the history calls that `tools` does not define, as the package defines them (the
 * API rejects a `tool_use` of an undefined tool); returns their names. A later call of one is answered as before (the
 * session searches, or unwraps `call_tool`).
 */
function restoreOwnToolsForHistory(tools: unknown[], context: BuildContext): string[] {
  const { ownForHistory: called, ownSearchEntries } = context;
  if (called.size === 0) return [];
  const restored: string[] = [];
  for (const [name, kind] of called) {
    const { description, schema } =
      kind === 'search'
        ? { description: TOOL_SEARCH_TOOL_DEFINITION.description, schema: createToolSearchInputSchema }
        : { description: CALL_TOOL_DEFINITION.description, schema: createCallToolInputSchema };
    if (tools.some((entry) => isRecord(entry) && entry.name === name)) continue;
    // A breakpoint an earlier pass moved onto it stays (the transformer run on its own output gives the same body).
    const cacheControl = ownSearchEntries.find((entry) => entry.name === name)?.cache_control;
    tools.push(
      cacheControl === undefined ? { name, description, input_schema: schema() } : { name, description, input_schema: schema(), cache_control: cacheControl },
    );
    restored.push(name);
  }
  return restored;
}

function ownRestoredWarning(restored: readonly string[], mechanism: ToolSearchPlan['mechanism']): AnthropicMessagesWarning {
  const list = restored.map((name) => `\`${name}\``).join(' and ');
  return {
    code: 'own-tool-restored',
    message:
      `the history calls this package's ${list}, which the plan (mechanism \`${mechanism}\`) does not send; ${restored.length === 1 ? 'it was' : 'they were'} ` +
      'defined again, because the API rejects a `tool_use` of a tool `tools` does not define. Nothing to do on your side.',
  };
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

/** A definition for a deferred tool the `names` listing does not send (its schema is never used). */
function placeholder(name: string): ToolDefinition {
  return { name, inputSchema: STUB_INPUT_SCHEMA };
}

/** Whether the `names` listing leaves a tool out of the request, so its definition is not needed. */
/**
 * The wire names of the deferred tools the client-side list leaves out while it sends `call_tool` (the `names` and
 * `none` listings with reveals in the conversation), or `undefined` when there are none. A history `tool_use` of one
 * of them (a model calling a deferred tool directly, blind) is sent as the `call_tool` call it stands for: the API
 * rejects a `tool_use` of a tool `tools` does not define, and defining the tool would change the tool list, and so
 * lose the prompt cache, from that request on.
 */
function resolveCalledThroughCallTool(plan: ToolSearchPlan, forced: string | null, names: ToolNameMapping): ReadonlySet<string> | undefined {
  if (!resolveOwnToolsSent(plan).callTool) return undefined;
  const unlisted = new Set<string>();
  for (const tool of plan.tools) if (tool.status === 'deferred' && tool.name !== forced) unlisted.add(names.toWire(tool.name));
  return unlisted.size === 0 ? undefined : unlisted;
}

function isHiddenByListing(plan: ToolSearchPlan, tool: PlannedTool, visible: ReadonlySet<string>): boolean {
  const unlisted = plan.listing === 'names' || plan.listing === 'none';
  return plan.mechanism === 'client' && unlisted && tool.status === 'deferred' && !visible.has(tool.name);
}

/** The plan tool `tool_choice` forces, by original name, or `null`. */
function resolveForcedTool(toolChoice: unknown, names: ToolNameMapping, planned: ReadonlyMap<string, PlannedTool>): string | null {
  if (!isRecord(toolChoice) || toolChoice.type !== 'tool' || typeof toolChoice.name !== 'string') return null;
  const name = names.fromWire(toolChoice.name);
  return planned.has(name) ? name : null;
}

function transformToolChoice(
  toolChoice: unknown,
  names: ToolNameMapping,
  defined: ReadonlySet<string>,
  unknowable: boolean,
  warnings: AnthropicMessagesWarning[],
): unknown {
  if (!isRecord(toolChoice) || toolChoice.type !== 'tool' || typeof toolChoice.name !== 'string') return toolChoice;
  const wire = names.toWire(toolChoice.name);
  if (!defined.has(wire) && !unknowable) {
    warnings.push({
      code: 'tool-choice-undefined',
      message: `\`tool_choice\` forces \`${toolChoice.name}\`, which is not in \`tools\`; the API will reject the request. Add the tool or change \`tool_choice\`.`,
    });
  }
  return wire === toolChoice.name ? toolChoice : { ...toolChoice, name: wire };
}

/** The system prompt with the guidance note at the end, once; a stale note an earlier transform left is replaced. */
function appendGuidance(system: unknown, guidance: string | null): unknown {
  if (system === undefined || system === null || system === '') return guidance ?? system;
  if (typeof system === 'string') return resolveGuidanceText(system, guidance);
  // checkBody has made sure an array system prompt holds text blocks only.
  const blocks = resolveGuidanceParts(system as readonly Record<string, unknown>[], guidance, {
    read: (block) => (typeof block.text === 'string' ? block.text : undefined),
    write: (block, text) => (block === null ? { type: 'text', text } : { ...block, text }),
  });
  return blocks.length === 0 ? undefined : blocks;
}

function readEntries(tools: readonly unknown[]): ToolEntry[] {
  return tools.map((entry, index) => {
    const kind = resolveAnthropicToolKind(entry);
    if (kind === 'invalid') {
      const detail =
        typeof entry === 'object' && entry !== null && !Array.isArray(entry)
          ? `a \`type\` of ${describeValue((entry as { type?: unknown }).type)}`
          : describeValue(entry);
      throw new ToolSearchError(
        'invalid-request',
        `\`tools[${index}]\` must be a tool object with a string \`type\` (or none, for a custom tool), got ${detail}`,
      );
    }
    const record = entry as Record<string, unknown>;
    if (kind !== 'custom') return { entry: record, kind, index };
    return { entry: record, kind, index, definition: parseAnthropicCustomTool(record, index) };
  });
}

function checkBody(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) {
    throw new ToolSearchError('invalid-request', `The request body must be a Messages API request object, got ${describeValue(body)}`);
  }
  const { tools, system } = body;
  if (tools !== undefined && tools !== null && !Array.isArray(tools)) {
    throw new ToolSearchError('invalid-request', `\`tools\` must be an array of tool definitions, got ${describeValue(tools)}`);
  }
  if (system !== undefined && system !== null && typeof system !== 'string') {
    const textBlocks = Array.isArray(system) && system.every((block: unknown) => isRecord(block) && block.type === 'text' && typeof block.text === 'string');
    if (!textBlocks) {
      throw new ToolSearchError('invalid-request', `\`system\` must be a string or an array of text blocks, got ${describeValue(system)}`);
    }
  }
  return body;
}

function parseOptions(options: unknown): { revealed: string[]; searchTool: AnthropicToolSearchVariant | undefined; catalog: ToolCatalog } {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const path = issue.path.length > 0 ? `\`${issue.path.join('.')}\` ` : '';
      const given =
        issue.path.length > 0 ? ` (got ${describeValue((options as Record<string, unknown>)[String(issue.path[0])])})` : ` (got ${describeValue(options)})`;
      return issue.code === 'unrecognized_keys'
        ? `unknown option${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `\`${key}\``).join(', ')}`
        : `${path}${issue.message}${given}`;
    });
    throw new ToolSearchError('invalid-options', `Invalid options for transformAnthropicMessagesRequest: ${issues.join('; ')}`);
  }
  const revealed = parseRevealedOption(parsed.data.revealed, '`revealed`');
  let catalog: ToolCatalog;
  try {
    // A session's catalog (`createToolCatalog`) is read as it is; a plain list is checked on each call.
    catalog = createToolCatalog((parsed.data.catalog ?? []) as ToolDefinitionsInput);
  } catch (error) {
    throw new ToolSearchError('invalid-options', `\`catalog\`: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return { revealed, searchTool: parsed.data.searchTool, catalog };
}

function planMismatch(missing: readonly string[], unplanned: readonly string[]): ToolSearchError {
  const parts = [
    missing.length > 0
      ? `the plan has ${missing.map((name) => `\`${name}\``).join(', ')}, which the body's \`tools\` lacks (pass its definition in \`catalog\` to send it anyway)`
      : '',
    unplanned.length > 0 ? `the body's \`tools\` has ${unplanned.map((name) => `\`${name}\``).join(', ')}, which the plan lacks` : '',
  ].filter((part) => part !== '');
  return new ToolSearchError(
    'plan-mismatch',
    `The plan was made for different tools than the request holds: ${parts.join('; ')}. Resolve the plan again with parseAnthropicMessagesTools(body).`,
  );
}

function forcedWarning(name: string, outcome: string): AnthropicMessagesWarning {
  return {
    code: 'forced-tool-loaded',
    message: `\`tool_choice\` forces \`${name}\`, which the plan defers; a forced tool needs its schema, so it was ${outcome}`,
  };
}

function restoredWarning(
  restored: ReadonlyMap<string, ToolDefinition>,
  forHistory: readonly string[],
  mechanism: ToolSearchPlan['mechanism'],
): AnthropicMessagesWarning {
  const parts: string[] = [];
  if (restored.size > 0) {
    parts.push(
      `${[...restored.keys()].map((name) => `\`${name}\``).join(', ')} ${restored.size === 1 ? 'is' : 'are'} in the plan but not in the body's \`tools\``,
    );
  }
  if (forHistory.length > 0) {
    parts.push(
      `the history references ${forHistory.map((name) => `\`${name}\``).join(', ')}, which the body no longer defines (the API rejects a ` +
        `reference to an undefined tool), so ${forHistory.length === 1 ? 'it was' : 'they were'} sent deferred`,
    );
  }
  return { code: 'tool-restored', message: `${parts.join('; ')}: sent from \`catalog\` (mechanism \`${mechanism}\`)` };
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
