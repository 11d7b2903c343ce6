import { resolveGuidanceParts, resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../client/text-part-guidance.js';
import { isStubInputSchema } from '../../tools/is-stub-input-schema.js';
import { createStubInputSchema, isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { assertNever } from '../../errors/assert-never.js';
import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { addAnthropicBeta as addBeta } from './add-anthropic-beta.js';
import { checkAnthropicDeferredCount as checkDeferredCount } from './check-anthropic-deferred-count.js';
import { checkAnthropicMessagesSystem as checkSystem } from './check-anthropic-messages-system.js';
import { createAnthropicCacheControlWarning as cacheWarning } from './create-anthropic-cache-control-warning.js';
import { createAnthropicHistoryUndefinedWarning as undefinedWarning } from './create-anthropic-history-undefined-warning.js';
import { placeAnthropicMessagesTools as placeTools } from './place-anthropic-messages-tools.js';
import { removeAnthropicToolChangesBetas as removeToolChangesBetas } from './remove-anthropic-tool-changes-betas.js';
import { resolveAnthropicSearchTool as resolveSearchTool } from './resolve-anthropic-search-tool.js';
import { resolveAnthropicToolChangesBeta as resolveToolChangesBeta } from './resolve-anthropic-tool-changes-beta.js';
import type { AnthropicToolSearchVariant } from './anthropic-messages-api.js';
import type { AnthropicMessagesToolEntry as ToolEntry } from './anthropic-messages-tool-entry.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { readContentText, readTurnStart, type NeutralTool } from '../../request/neutral-request.js';
import { createAnthropicPredictedMessages } from './create-anthropic-predicted-messages.js';
import type { RequestToolEntry } from '../../request/request-tool-entry.js';
import type { RequestTools } from '../../request/request-tools.js';
import { resolveDeferLoadingAPIRequest } from '../../request/resolve-defer-loading-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import {
  ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA,
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_SEARCH_TOOLS,
  type AnthropicToolSearchToolName,
} from './anthropic-messages-api.js';
import { readAnthropicMessagesHistory, writeAnthropicMessagesHistory, type AnthropicMessagesHistory } from './anthropic-messages-history.js';
import type { AnthropicMessagesWarning, AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { parseAnthropicCustomTool } from './parse-anthropic-custom-tool.js';
import { resolveAnthropicToolDeferral } from './resolve-anthropic-tool-deferral.js';
import { resolveAnthropicToolKind } from './resolve-anthropic-tool-kind.js';
import { resolveAnthropicToolSearchUse } from './resolve-anthropic-tool-search-use.js';
import { transformAnthropicToolCacheControl } from './transform-anthropic-tool-cache-control.js';
import { resolveAnthropicToolChangeSupport } from './resolve-anthropic-tool-change-support.js';

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
    const turnStart = Array.isArray(request.messages) ? readTurnStart(request.messages, readUserText) : undefined;
    return {
      tools: neutral,
      otherNames: [],
      // The hosted search tools' names belong to the tools this codec may add: a caller tool of that name is renamed.
      reservedNames: RESERVED_NAMES,
      forced: readRenamedNames((rename) => renameToolChoice(request.tool_choice, rename)),
      history: history.neutral,
      ...(turnStart === undefined ? {} : { turnStart }),
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
    const predicted =
      decided.predicted === undefined
        ? undefined
        : createAnthropicPredictedMessages(decided.predicted, plan, Array.isArray(request.tools) ? request.tools : [], names.toWire);
    if (predicted !== undefined) output.messages = [...(output.messages as unknown[]), ...predicted];
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
    return { body: output, planWarnings, warnings, ...(predicted === undefined ? {} : { predicted }) };
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

function describeEntry(entry: Record<string, unknown>): string {
  const label = typeof entry.name === 'string' ? entry.name : typeof entry.mcp_server_name === 'string' ? entry.mcp_server_name : String(entry.type);
  return `\`${label}\` (\`${String(entry.type)}\`)`;
}

const RESERVED_NAMES: readonly string[] = [ANTHROPIC_TOOL_SEARCH_TOOLS.bm25.name, ANTHROPIC_TOOL_SEARCH_TOOLS.regex.name];

/** The platform a body's `anthropic_version` names (`bedrock-2023-05-31`, `vertex-2023-10-16`), if any. */
function platformOfBody(request: Record<string, unknown>): 'bedrock' | 'vertex' | undefined {
  const version = typeof request.anthropic_version === 'string' ? request.anthropic_version : '';
  return version.startsWith('bedrock-') ? 'bedrock' : version.startsWith('vertex-') ? 'vertex' : undefined;
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

/** A user message's text, when it holds text and no `tool_result`: a turn's start when it ends the history. */
function readUserText(message: unknown): string | undefined {
  if (!isRecord(message) || message.role !== 'user') return undefined;
  if (Array.isArray(message.content) && message.content.some((block: unknown) => isRecord(block) && block.type === 'tool_result')) return undefined;
  return readContentText(message.content);
}
