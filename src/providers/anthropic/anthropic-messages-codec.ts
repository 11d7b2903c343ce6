import { resolveGuidanceParts, resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../client/text-part-guidance.js';
import { isStubInputSchema } from '../../tools/is-stub-input-schema.js';
import { createStubInputSchema, isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { assertNever } from '../../errors/assert-never.js';
import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { isNativeDelivery } from '../../plan/is-native-delivery.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import type { ToolCatalog } from '../../catalog/tool-catalog.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { NeutralTool } from '../../request/neutral-request.js';
import type { RequestToolEntry } from '../../request/request-tool-entry.js';
import type { RequestTools } from '../../request/request-tools.js';
import { transformRequest } from '../../request/transform-request.js';
import { resolveDeferLoadingAPIRequest } from '../../request/resolve-defer-loading-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import { resolveAnthropicToolPlaces, type AnthropicBodyToolKind } from './resolve-anthropic-tool-places.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import {
  CATALOG_OPTION,
  REVEALED_OPTION,
  findTransformOptionProblems,
  parseCatalogOption,
  parseRevealedOption,
  type TransformOption,
} from '../../request/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import {
  ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA,
  ANTHROPIC_INLINE_TOOLS_BETA,
  ANTHROPIC_MAX_DEFERRED_TOOLS,
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_CHANGES_BETA,
  ANTHROPIC_TOOL_SEARCH_TOOLS,
  type AnthropicCustomTool,
  type AnthropicInputSchema,
  type AnthropicMessagesRequest,
  type AnthropicMessagesRequestLike,
  type AnthropicToolSearchToolName,
} from './anthropic-messages-api.js';
import { readAnthropicMessagesHistory, writeAnthropicMessagesHistory, type AnthropicMessagesHistory } from './anthropic-messages-history.js';
import type { AnthropicMessagesWarning, AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { parseAnthropicCustomTool } from './parse-anthropic-custom-tool.js';
import { resolveAnthropicToolDeferral } from './resolve-anthropic-tool-deferral.js';
import { resolveAnthropicToolKind, type AnthropicToolKind } from './resolve-anthropic-tool-kind.js';
import { resolveAnthropicToolSearchUse } from './resolve-anthropic-tool-search-use.js';
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

const SEARCH_TOOL_OPTION: Readonly<TransformOption> = {
  name: 'searchTool',
  rule: "must be 'bm25' or 'regex'",
  isValid: (value) => value === 'bm25' || value === 'regex',
};

/** One entry of a Messages API body's `tools`, classified. */
interface ToolEntry {
  readonly entry: Record<string, unknown>;
  readonly kind: Exclude<AnthropicToolKind, 'invalid'>;
  readonly index: number;
  /** A custom tool's definition, under the name the body gives it. */
  readonly definition?: ToolDefinition;
}

/** `tools` as read: every entry classified, and the definitions of the custom tools (the package's own left out). */
interface MessagesTools {
  readonly entries: readonly ToolEntry[];
  readonly definitions: readonly ToolDefinition[];
  /** The entries in neutral form, read with them. */
  readonly neutral: readonly NeutralTool[];
}

/** The body as the codec's `write` needs it back. */
interface MessagesRead {
  readonly request: Record<string, unknown>;
  readonly entries: readonly ToolEntry[];
  readonly history: AnthropicMessagesHistory;
  readonly searchTool: AnthropicToolSearchVariant | undefined;
}

/** The options the codec reads: the hosted search tool asked for. */
interface MessagesOptions {
  readonly searchTool?: AnthropicToolSearchVariant | undefined;
}

/**
 * Rewrites a Messages API request body for a tool search plan, just before it is sent. Pure: the input is never
 * modified, and equal inputs give byte-identical bodies. Running it on its own output (same plan and options) gives
 * the same body again.
 *
 * The caller builds its body as usual (original tool names, full schemas, the history as the API returned it, tool
 * calls mapped back to original names or not) and resolves the plan for the body's tools
 * (`parseAnthropicMessagesTools`). Which tool is sent in which form, the package's own tools, the guidance note and
 * what the history needs restored are the core's decision (`client`, `claude-hosted`, `none`; an `openai-hosted` plan or a model without hosted search is applied client-side, with a warning). What this
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
  plan: ToolSearchPlan,
  options: TransformAnthropicMessagesRequestOptions = {},
): TransformAnthropicMessagesRequestResult<Body> {
  // The body's shape is checked before the options, as the tool list's before its entries.
  const request = parseRequestBody(body, 'a Messages API request object');
  parseRequestToolList(request.tools, 'tools', 'tool definitions');
  checkSystem(request.system);
  const { revealed, searchTool, catalog } = parseOptions(options);
  return transformRequest(ANTHROPIC_MESSAGES_CODEC, body, plan, {
    revealed,
    catalog,
    options: { searchTool },
  }) as TransformAnthropicMessagesRequestResult<Body>;
}

/**
 * The custom tools of a Messages API request body as {@link ToolDefinition}s, in body order, with full schemas: the
 * list to resolve a plan for.
 *
 * Left out: tools the plan does not decide on (Anthropic's hosted search tools, web search, code execution, bash,
 * memory, text editor, computer and browser toolsets, MCP toolsets) and this package's own `tool_search` (from a
 * body the transformer already rewrote). A custom tool that already has `defer_loading: true` reads as
 * `deferrable: 'always'`, so the caller's choice survives planning. No `tools` (or `null`) reads as `[]`.
 *
 * Throws a `ToolSearchError` (`invalid-request`) naming the item when the body is not an object, `tools` is not an
 * array, an entry is not an object or has a non-string `type`, a custom tool has no name or no object
 * `input_schema`, or two custom tools share a name.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseAnthropicMessagesTools } from 'tool-search/anthropic';
 * const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body));
 * ```
 */
export function parseAnthropicMessagesTools(body: unknown): ToolDefinition[] {
  return [...readTools(parseRequestBody(body, 'a Messages API request object')).definitions];
}

/**
 * Writes tool definitions as Messages API custom tools (`{ name, description, input_schema }`), for a request
 * body's `tools`: the body you then pass to `parseAnthropicMessagesTools` and `transformAnthropicMessagesRequest`.
 *
 * The API requires `input_schema.type` to be `"object"`; a schema without a `type` gets it (MCP schemas always have
 * it). Names are kept as given: the transformer maps a name the API rejects. `category`, `deferrable` and the
 * MCP-only fields are left out. Takes an array or an MCP `tools/list` result; throws `ToolSearchError`
 * (`invalid-tools`) for a bad tool list.
 *
 * @example
 * ```ts
 * import { createAnthropicMessagesTools } from 'tool-search/anthropic';
 * const body = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages, tools: createAnthropicMessagesTools(await mcpClient.listTools()) };
 * ```
 * @see https://docs.anthropic.com/en/api/messages#body-tools
 */
export function createAnthropicMessagesTools(tools: ToolDefinitionsInput): AnthropicCustomTool[] {
  return parseToolDefinitions(tools).map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: { type: 'object', ...tool.inputSchema } as AnthropicInputSchema,
  }));
}

/**
 * The Messages API's codec: `tools` (custom tools, the hosted search tools, provider tools, toolsets), `tool_choice`,
 * `system`, the history's tool blocks and tool changes, the betas. On Amazon Bedrock (plan `platform: 'bedrock'`, or a
 * body whose `anthropic_version` is Bedrock's) the regex search tool and `anthropic_beta`.
 */
export const ANTHROPIC_MESSAGES_CODEC: Readonly<WireCodec<MessagesRead, MessagesTools, AnthropicMessagesWarningCode, MessagesOptions>> = {
  api: 'anthropic-messages',
  label: 'the Messages API',
  rule: ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  planForAPICode: 'mechanism-not-for-messages',
  decide: resolveDeferLoadingAPIRequest,
  reader: 'parseAnthropicMessagesTools(body)',
  readTools,
  read(body, context, plan) {
    const request = parseRequestBody(body, 'a Messages API request object');
    checkSystem(request.system);
    // The body's own list is read without the name check: the decision says which tool is defined twice.
    const { entries, neutral } = context.tools !== undefined && context.tools.list === request.tools ? context.tools.read : readToolList(request);
    // What the model the body goes to takes where it is served: a history from a model that took tool additions is
    // sent as text to one that does not (a session moved from Opus 4.8 to Sonnet 4.5, or to Bedrock).
    const support = resolveAnthropicToolChangeSupport(typeof request.model === 'string' ? request.model : plan.model, plan.platform ?? platformOfBody(request));
    const history = readAnthropicMessagesHistory(request.messages, support);
    return {
      tools: neutral,
      otherNames: [],
      // The hosted search tools' names belong to the tools this codec may add: a caller tool of that name is renamed.
      reservedNames: RESERVED_NAMES,
      forced: readRenamedNames((rename) => renameToolChoice(request.tool_choice, rename)),
      history: history.neutral,
      read: { request, entries, history, searchTool: context.options?.searchTool },
    };
  },
  write({ read }, decided) {
    const { request, entries, history } = read;
    const { plan, names } = decided;
    const planWarnings: AnthropicMessagesWarning[] = [];
    const warnings: AnthropicMessagesWarning[] = [];
    const mechanism = plan.mechanism;
    const onBedrock = plan.platform === 'bedrock' || (typeof request.anthropic_version === 'string' && request.anthropic_version.startsWith('bedrock-'));
    const searchTool: AnthropicToolSearchVariant = onBedrock ? 'regex' : (read.searchTool ?? 'bm25');
    if (onBedrock && read.searchTool === 'bm25' && mechanism === 'claude-hosted') {
      planWarnings.push({
        code: 'bedrock-search-tool-regex',
        message: "`searchTool: 'bm25'` was asked, but Amazon Bedrock offers the regex search tool only; `tool_search_tool_regex_20251119` is sent",
      });
    }
    const sentHistory = writeAnthropicMessagesHistory(history, decided);
    planWarnings.push(...sentHistory.warnings);

    // Write each entry in the wire shape, in the body's places.
    const written = decided.entries.map((entry) => writeEntry(entry, entries, decided));
    const searchEntries = entries.filter(({ kind }) => kind === 'tool-search');
    const historySearchTool = history.neutral.searchTool as AnthropicToolSearchToolName | undefined;
    const hostedSearchTool = decided.hostedSearch
      ? resolveSearchTool(searchEntries, mechanism === 'claude-hosted' ? (historySearchTool ?? null) : null, searchTool, warnings, onBedrock)
      : undefined;
    const placed = placeTools(entries, written, hostedSearchTool, decided);
    // Native delivery by reference declares every deferred tool too; by value none is deferred (the catalog may be larger).
    if (mechanism === 'claude-hosted' || plan.additions === 'reference') checkDeferredCount(placed.tools, decided.trailing);
    const cache = transformAnthropicToolCacheControl(placed.tools, placed);
    if (cache.moved.length > 0) warnings.push(cacheWarning(cache.moved, cache.target));

    // Check the history and `tool_choice` against the names sent (most requests have neither to check).
    // Tools the history's tool changes defined by value need not be in `tools`.
    const defined = new Set<string>(decided.historyDefined ?? []);
    const references = (history.neutral.references ?? []).map((reference) => ({ ...reference, name: sentName(reference, decided) }));
    const forcesOneTool = isRecord(request.tool_choice) && request.tool_choice.type === 'tool';
    if (references.length > 0 || forcesOneTool) {
      for (const entry of cache.tools) if (isRecord(entry) && typeof entry.name === 'string') defined.add(entry.name);
    }
    const hasMCPToolset = entries.some(({ kind }) => kind === 'mcp-toolset');
    const undefinedReferences = hasMCPToolset ? [] : references.filter((reference) => !defined.has(reference.name));
    if (undefinedReferences.length > 0) warnings.push(undefinedWarning(undefinedReferences, mechanism));

    const output: Record<string, unknown> = { ...request };
    if (request.tools !== undefined && request.tools !== null) output.tools = cache.tools;
    else if (cache.tools.length > 0) output.tools = cache.tools;
    if (sentHistory.messages !== undefined) output.messages = sentHistory.messages;
    const system = appendGuidance(request.system, decided.guidance);
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
    const toolChangesBeta = resolveToolChangesBeta(plan, history.neutral.changes ?? [], onBedrock);
    if (toolChangesBeta !== undefined) addBeta(output, onBedrock ? 'anthropic_beta' : 'betas', toolChangesBeta, 'tool-changes-beta-not-added', warnings);
    else removeToolChangesBetas(output, onBedrock ? 'anthropic_beta' : 'betas', history.support, warnings);
    return { body: output, planWarnings, warnings };
  },
};

/** A history reference under the name it is sent by (a call reached through `call_tool` is that call). */
function sentName(reference: { readonly name: string; readonly kind: string }, decided: RequestTools): string {
  const wire = decided.names.toWire(reference.name);
  return reference.kind === 'tool_use' && decided.throughCallTool?.has(wire) === true ? (decided.callToolName as string) : wire;
}

/** `tools` classified, with the custom tools' definitions (each name once); throws like {@link parseAnthropicMessagesTools}. */
function readTools(request: Record<string, unknown>): MessagesTools {
  const entries = readToolEntries(request);
  const definitions: ToolDefinition[] = [];
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `tool \`${name}\` is defined twice (\`tools[${first}]\` and \`tools[${at}]\`); the Messages API requires unique tool names`,
  );
  for (const { definition, index } of entries) {
    if (definition === undefined || isOwnTool(definition)) continue;
    checkName(definition.name, index);
    definitions.push(definition);
  }
  return { entries, definitions, neutral: entries.map(readNeutralTool) };
}

/** Every entry of `tools` classified and in neutral form. */
function readToolList(request: Record<string, unknown>): Pick<MessagesTools, 'entries' | 'neutral'> {
  const entries = readToolEntries(request);
  return { entries, neutral: entries.map(readNeutralTool) };
}

/** One classified entry of `tools` in neutral form. */
function readNeutralTool({ entry, kind, index, definition }: ToolEntry): NeutralTool {
  if (kind === 'tool-search') return { kind: 'hosted-search', index };
  if (definition !== undefined && isOwnTool(definition)) return { kind: 'own', index, name: definition.name };
  if (definition !== undefined) return { kind: 'function', index, definition, deferred: entry.defer_loading === true };
  const deferral = resolveAnthropicToolDeferral(entry);
  const name = typeof entry.name === 'string' ? entry.name : undefined;
  return {
    kind: 'other',
    index,
    ...(name === undefined ? {} : { name }),
    deferred: deferral !== 'loaded',
    partly: deferral === 'partly-deferred',
    label: describeEntry(entry),
  };
}

/** Every entry of `tools` classified; throws `invalid-request` for an entry that is not a tool. */
function readToolEntries(request: Record<string, unknown>): ToolEntry[] {
  const tools = parseRequestToolList(request.tools, 'tools', 'tool definitions');
  return tools.map((entry: unknown, index) => {
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

/** One neutral entry as a Messages API tool, keeping the caller's own fields where it has them. */
function writeEntry(entry: RequestToolEntry, entries: readonly ToolEntry[], decided: RequestTools): Record<string, unknown> {
  const { names } = decided;
  const wireName = names.toWire(entry.name);
  const index = decided.bodyIndexOf(entry.name);
  const source = index === undefined ? undefined : entries[index]?.entry;
  switch (entry.status) {
    case 'search':
    case 'call': {
      // A breakpoint an earlier pass put on it stays (the transformer run on its own output gives the same body).
      const cacheControl = entries.find(
        (own) => own.kind === 'custom' && own.definition !== undefined && isOwnTool(own.definition) && own.entry.name === wireName,
      )?.entry.cache_control;
      const tool: Record<string, unknown> = { name: wireName, description: entry.description, input_schema: entry.inputSchema };
      if (cacheControl !== undefined) tool.cache_control = cacheControl;
      return tool;
    }
    case 'loaded':
    case 'revealed':
    case 'defer-loading': {
      const deferred = entry.status === 'defer-loading';
      if (source === undefined) return fromDefinition(entry.definition, names, deferred);
      // A stub an earlier pass sent is written with the catalog's schema.
      const full = isRecord(source.input_schema) && isStubInputSchema(source.input_schema) ? decided.definitionOf?.(entry.name) : undefined;
      const withSchema: Record<string, unknown> =
        full === undefined || isStubInputSchema(full.inputSchema)
          ? source
          : { ...source, ...(full.description === undefined ? {} : { description: full.description }), input_schema: full.inputSchema };
      return withDeferral(withSchema, { name: wireName }, deferred);
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
      return assertNever(entry, 'request tool status');
  }
}

/** The written tool list, and where the caller's tool-level cache breakpoints were (see transformAnthropicToolCacheControl). */
interface PlacedTools extends AnthropicToolCacheControlContext {
  tools: unknown[];
}

/** The written entries in the body's places ({@link resolveAnthropicToolPlaces}), and the caller's breakpoints to place. */
function placeTools(
  entries: readonly ToolEntry[],
  written: readonly Record<string, unknown>[],
  hostedSearchTool: Record<string, unknown> | undefined,
  decided: RequestTools,
): PlacedTools {
  const { names, plan } = decided;
  const kinds = entries.map(({ kind, definition }): AnthropicBodyToolKind => {
    if (kind === 'tool-search') return 'hosted-search';
    if (definition === undefined) return 'other';
    return isOwnTool(definition) ? 'own' : 'tool';
  });
  // The package's own tools go by their wire names; the caller's by their original names.
  const last = entries.at(-1)?.definition;
  const lastName = last === undefined || isOwnTool(last) ? last?.name : names.fromWire(last.name);
  const { tools, last: callerLast } = resolveAnthropicToolPlaces<unknown>(kinds, decided, plan.mechanism, lastName, {
    entry: (index) => written[index],
    hostedSearch: () => hostedSearchTool,
    body(position) {
      const { entry } = entries[position] as ToolEntry;
      // Only the body's own entries can carry a deferral the request does not send (the written ones follow the decision).
      return decided.callerDeferral === 'removed' && resolveAnthropicToolDeferral(entry) !== 'loaded' ? withoutCallerDeferral(entry) : entry;
    },
  });
  // Caller tools with a breakpoint that are not sent; the names sent, as a set only when a tool has a breakpoint to place (few do).
  const hidden: PlacedTools['hidden'][number][] = [];
  const end = decided.entries.length - decided.trailing;
  let sentNames: ReadonlySet<string> | undefined;
  for (const { entry, definition } of entries) {
    if (definition === undefined || isOwnTool(definition)) continue;
    if (entry.cache_control === undefined || entry.cache_control === null) continue;
    const name = names.fromWire(definition.name);
    // A caller's own `tool_search` the package's replaced (listed as `search`) is not sent either.
    sentNames ??= new Set(
      decided.entries
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

const RESERVED_NAMES: readonly string[] = [ANTHROPIC_TOOL_SEARCH_TOOLS.bm25.name, ANTHROPIC_TOOL_SEARCH_TOOLS.regex.name];

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
function resolveToolChangesBeta(plan: ToolSearchPlan, changes: readonly { readonly form: 'value' | 'reference' }[], onBedrock: boolean): string | undefined {
  const planned = isNativeDelivery(plan) ? plan.additions : undefined;
  if (planned === undefined && changes.length === 0) return undefined;
  if (onBedrock) return ANTHROPIC_TOOL_CHANGES_BETA;
  return planned === 'value' || changes.some((change) => change.form === 'value') ? ANTHROPIC_INLINE_TOOLS_BETA : ANTHROPIC_TOOL_CHANGES_BETA;
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

function undefinedWarning(
  references: readonly { readonly name: string; readonly kind: string; readonly path: string }[],
  mechanism: ToolSearchPlan['mechanism'],
): AnthropicMessagesWarning {
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
