import { resolveToolCacheBreakpoints, type ToolCacheBreakpoint } from '../../cache/resolve-tool-cache-breakpoints.js';
import { assertNever } from '../../errors/assert-never.js';
import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import { isRecord } from '../../records/is-record.js';
import type { NeutralTool } from '../../request/neutral-request.js';
import type { RequestToolEntry } from '../../request/request-tool-entry.js';
import type { RequestTools } from '../../request/request-tools.js';
import { keepWritten, type Written } from '../../request/request-decision.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { isStubInputSchema } from '../../tools/is-stub-input-schema.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../tools/parse-wire-tool-definition.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { createStubInputSchema, isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { ANTHROPIC_MAX_DEFERRED_TOOLS, ANTHROPIC_TOOL_SEARCH_TOOLS, type AnthropicToolSearchVariant } from './anthropic-messages-api.js';
import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';
import { resolveAnthropicToolDeferral, resolveAnthropicToolKind, type AnthropicToolKind } from './anthropic-messages-tool-rules.js';
import { quoteNames } from '../../text/quote-names.js';

/** One entry of a Messages API body's `tools`, with a custom tool's definition under the name the body gives it. */
interface ToolEntry {
  readonly entry: Record<string, unknown>;
  readonly index: number;
  readonly definition: ToolDefinition | undefined;
}

/**
 * What one entry of the body's tool list is, for placing a request's tools (its neutral kind): a tool the plan manages
 * (`function`), the package's own `tool_search` or `call_tool` in a body this package wrote (`own`), the provider's
 * hosted search tool (`hosted-search`), or anything else (a provider tool, a toolset), passed through in place (`other`).
 */
export type AnthropicBodyToolKind = Exclude<NeutralTool['kind'], 'marker'>;

/** A Messages API body's `tools`, read once (a session reads its catalog's once per agent). */
export type AnthropicMessagesTools = ReturnType<typeof readAnthropicMessagesTools>;

/**
 * Reads a body's `tools`: every entry classified and in neutral form, the custom tools' definitions, and what writing
 * needs of the list. With `checkNames`, throws `invalid-request` for a name defined twice (otherwise the decision
 * says which tool is). Throws `invalid-request` for an entry that is not a tool or a custom tool without a name or
 * schema.
 */
export function readAnthropicMessagesTools(request: Record<string, unknown>, checkNames: boolean) {
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `tool \`${name}\` is defined twice (\`tools[${first}]\` and \`tools[${at}]\`); the Messages API requires unique tool names`,
  );
  const entries: ToolEntry[] = [];
  const neutral: NeutralTool[] = [];
  const definitions: ToolDefinition[] = [];
  // The caller's custom tools with a `cache_control` breakpoint, and the breakpoints of the package's own by name.
  const breakpoints: ToolEntry[] = [];
  const ownBreakpoints = new Map<string, unknown>();
  const searchEntries: ToolEntry[] = [];
  // An MCP toolset's tool names are not in the body.
  let hasMCPToolset = false;
  parseRequestToolList(request.tools, 'tools', 'tool definitions').forEach((value: unknown, index) => {
    const kind = resolveAnthropicToolKind(value);
    if (kind === 'invalid') {
      const detail = isRecord(value) ? `a \`type\` of ${describeValue(value.type)}` : describeValue(value);
      throw new ToolSearchError(
        'invalid-request',
        `\`tools[${index}]\` must be a tool object with a string \`type\` (or none, for a custom tool), got ${detail}`,
      );
    }
    const entry = value as Record<string, unknown>;
    const definition = kind === 'custom' ? parseCustomTool(entry, index) : undefined;
    const read: ToolEntry = { entry, index, definition };
    entries.push(read);
    if (kind === 'tool-search') searchEntries.push(read);
    hasMCPToolset ||= kind === 'mcp-toolset';
    if (definition === undefined) neutral.push(kind === 'tool-search' ? { kind: 'hosted-search', index } : readOtherTool(entry, index, kind));
    else if (isOwnTool(definition)) {
      neutral.push({ kind: 'own', index, name: definition.name });
      if (!ownBreakpoints.has(definition.name)) ownBreakpoints.set(definition.name, entry.cache_control);
    } else {
      neutral.push({ kind: 'function', index, definition, deferred: entry.defer_loading === true });
      definitions.push(definition);
      if (entry.cache_control !== undefined && entry.cache_control !== null) breakpoints.push(read);
    }
  });
  // After every entry is read: a bad entry is reported before a name defined twice.
  if (checkNames) for (const tool of neutral) if (tool.kind === 'function') checkName(tool.definition.name, tool.index);
  // The last list written from this read (see writeAnthropicMessagesTools): a session reads its agent's tools once.
  const written: { last?: Written<WrittenTools, AnthropicMessagesWarning> } = {};
  return { entries, definitions, neutral, layout: createAnthropicToolLayout(neutral), breakpoints, ownBreakpoints, searchEntries, hasMCPToolset, written };
}

/**
 * The body's tool list (its entries' kinds) as placing a request's tools needs it: only the entries sent as they are
 * (`passthrough`, each with how many managed tools and how many managed or own tools come before it), so placing costs
 * what is sent, not the size of the body's list; how many managed tools (`tools`) and managed or own tools (`slots`)
 * the body holds, and the last entry's kind.
 */
export function createAnthropicToolLayout(neutral: readonly Pick<NeutralTool, 'kind'>[]) {
  const passthrough: { readonly position: number; readonly kind: 'hosted-search' | 'other'; readonly tools: number; readonly slots: number }[] = [];
  let tools = 0;
  let slots = 0;
  neutral.forEach(({ kind }, position) => {
    if (kind === 'hosted-search' || kind === 'other') passthrough.push({ position, kind, tools, slots });
    else {
      slots += 1;
      if (kind === 'function') tools += 1;
    }
  });
  return { passthrough, tools, slots, last: neutral.at(-1)?.kind };
}

/**
 * One custom tool entry as a {@link ToolDefinition}: `deferrable: 'always'` when the body already sets
 * `defer_loading: true` (the caller's own choice is kept).
 */
function parseCustomTool(entry: Record<string, unknown>, index: number): ToolDefinition {
  // By index: the path is written only for an error (this runs for every tool of every request).
  const definition = parseWireToolDefinition(
    { name: entry.name, description: entry.description, inputSchema: entry.input_schema },
    index,
    describeField,
    'required',
  );
  if (entry.defer_loading === true) definition.deferrable = 'always';
  return definition;
}

/** How errors name a field of a custom tool: "`tools[3].input_schema` (tool `x`)". */
const describeField: DescribeWireToolField<number> = (index, field, name) =>
  `\`tools[${index}].${field === 'inputSchema' ? 'input_schema' : field}\`${name === undefined ? '' : ` (tool \`${name}\`)`}`;

/** A provider tool, toolset or MCP toolset in neutral form: whether (and how much of it) the caller deferred, and its label. */
function readOtherTool(entry: Record<string, unknown>, index: number, kind: AnthropicToolKind): NeutralTool {
  const deferral = resolveAnthropicToolDeferral(entry, kind);
  const name = typeof entry.name === 'string' ? entry.name : undefined;
  const label = name ?? (typeof entry.mcp_server_name === 'string' ? entry.mcp_server_name : String(entry.type));
  return {
    kind: 'other',
    index,
    name,
    deferred: deferral !== 'loaded',
    partly: deferral === 'partly-deferred',
    label: `\`${label}\` (\`${String(entry.type)}\`)`,
  };
}

/** The hosted search tool to send when the body has none (the history's, or the option's: `regex` on Bedrock). */
interface SearchToolChoice {
  readonly variant: AnthropicToolSearchVariant;
  readonly onBedrock: boolean;
}

/** A list written from a read, and (once asked) the names it sends. */
interface WrittenTools {
  readonly tools: readonly unknown[];
  names?: ReadonlySet<string>;
}

/**
 * The tool list sent: the decided entries in the wire's shape in the body's places ({@link resolveAnthropicToolPlaces}),
 * the hosted search tool, the caller's cache breakpoints where the API accepts them. Throws
 * `too-many-deferred-tools` when more tools would be deferred than the API accepts. Its warnings go to `warnings`.
 *
 * Written again only when the decided entries, plan, names or search tool change ({@link keepWritten}): one recalled
 * decision's entries come with its places (`leading`, `trailing`, `hostedSearch`, `callerDeferral`). The list is the
 * read's own: the body takes a copy.
 */
export function writeAnthropicMessagesTools(
  read: AnthropicMessagesTools,
  decided: RequestTools,
  search: SearchToolChoice,
  warnings: AnthropicMessagesWarning[],
): readonly unknown[] {
  const key = [decided.entries, decided.plan, decided.names, search];
  return keepWritten(read.written, key, warnings, (written): WrittenTools => ({ tools: writeToolList(read, decided, search, written) })).tools;
}

/** The names of the tools the list written last from `read` sends (the list {@link writeAnthropicMessagesTools} just gave), kept with it. */
export function readSentToolNames(read: AnthropicMessagesTools): ReadonlySet<string> {
  const kept = read.written.last?.value as WrittenTools;
  if (kept.names === undefined) {
    const names = new Set<string>();
    for (const entry of kept.tools) if (isRecord(entry) && typeof entry.name === 'string') names.add(entry.name);
    kept.names = names;
  }
  return kept.names;
}

function writeToolList(read: AnthropicMessagesTools, decided: RequestTools, search: SearchToolChoice, warnings: AnthropicMessagesWarning[]): unknown[] {
  const { entries, layout } = read;
  const { names, plan } = decided;
  const mechanism = plan.mechanism;
  // The package's own tools go by their wire names; the caller's by their original names.
  const lastTool = entries.at(-1)?.definition;
  const lastName = lastTool === undefined || isOwnTool(lastTool) ? lastTool?.name : names.fromWire(lastTool.name);
  const placed = resolveAnthropicToolPlaces<Record<string, unknown>>(layout, decided, mechanism, lastName, {
    entry: (index) => writeEntry(decided.entries[index] as RequestToolEntry, read, decided),
    hostedSearch: () => resolveSearchTool(read.searchEntries, search, warnings),
    body(position) {
      const { entry } = entries[position] as ToolEntry;
      // Only the body's own entries can carry a deferral the request does not send (the written ones follow the decision).
      return decided.callerDeferral === 'removed' && resolveAnthropicToolDeferral(entry) !== 'loaded' ? withoutCallerDeferral(entry) : entry;
    },
  });
  // Native delivery by reference declares every deferred tool too; by value none is deferred (the catalog may be larger).
  if ((mechanism === 'claude-hosted' || plan.additions === 'reference') && placed.tools.length - decided.trailing > ANTHROPIC_MAX_DEFERRED_TOOLS) {
    const deferredCount = placed.tools.filter((entry) => resolveAnthropicToolDeferral(entry) === 'deferred').length;
    if (deferredCount > ANTHROPIC_MAX_DEFERRED_TOOLS) {
      throw new ToolSearchError(
        'too-many-deferred-tools',
        `The request would defer ${deferredCount} tools; the Messages API accepts at most ${ANTHROPIC_MAX_DEFERRED_TOOLS} tools with ` +
          '`defer_loading: true` per request. Send fewer tools (e.g. only the servers this agent needs) or split the catalog across agents.',
      );
    }
  }
  // Caller tools with a breakpoint that are not sent; the names sent, as a set only when a tool has a breakpoint to place (few do).
  const sentNames =
    read.breakpoints.length === 0
      ? undefined
      : new Set(
          decided.entries
            .slice(0, decided.entries.length - decided.trailing)
            // A caller's own `tool_search` the package's replaced (listed as `search`) is not sent either.
            .filter((listed) => listed.status !== 'search')
            .map((listed) => listed.name),
        );
  const hidden = read.breakpoints.flatMap(({ entry, definition }) => {
    const name = names.fromWire((definition as ToolDefinition).name);
    return sentNames?.has(name) === true ? [] : [{ name: names.toWire(name), cacheControl: entry.cache_control, callerLast: entry === entries.at(-1)?.entry }];
  });
  const cache = transformAnthropicToolCacheControl(placed.tools, { callerLast: placed.last, hidden });
  if (cache.moved.length > 0) {
    const { moved, target } = cache;
    const outcome =
      target === null
        ? 'it was dropped, because no tool is sent in full'
        : `it was moved to \`${target}\`, the last tool sent in full, which caches the same prefix (deferred tools are left out of the cached tools section)`;
    warnings.push({
      code: 'cache-control-moved',
      message: `${quoteNames(moved)} ${moved.length === 1 ? 'has' : 'have'} a \`cache_control\` breakpoint but ${moved.length === 1 ? 'is' : 'are'} deferred or not sent; the API rejects a deferred tool with \`cache_control\` ("Tool '${moved[0] as string}' cannot both defer_loading=true cache_control set. Tools defer_loading cannot use prompt caching."), so ${outcome}`,
    });
  }
  return cache.tools;
}

/**
 * Where each tool of a request goes, as the decided tools describe it: the leading entries first, the provider's
 * hosted search tool next, then the body in order with its other entries in place. Under the client-side mechanism
 * the decided entries fill the managed tools' places (the package's own among them), extra entries after the last;
 * otherwise each managed tool is written in its place (the package's own are dropped, and under hosted search the
 * body's hosted search tool is the one sent after the leading entries) and extra entries follow. The trailing entries
 * go last. `lastName` is the body's last entry's name as the decision names it (the caller's name; the package's own
 * tools under their own), when that entry is a tool. Returns the tools and the index in them of what the body's last
 * entry became, or `-1` when it is not sent (a cache breakpoint on the caller's last tool means "cache every tool",
 * wherever that tool went). Walks the decided entries and the body's passed-through ones only. Pure.
 */
export function resolveAnthropicToolPlaces<Tool>(
  layout: ReturnType<typeof createAnthropicToolLayout>,
  list: Pick<RequestTools, 'entries' | 'leading' | 'trailing' | 'hostedSearch'>,
  mechanism: ToolSearchPlan['mechanism'],
  lastName: string | undefined,
  // How the API gives the tool for each place: an entry of the decision (written), an entry of the body, the hosted search tool.
  write: { entry(index: number): Tool; body(position: number): Tool; hostedSearch(): Tool },
): { readonly tools: Tool[]; readonly last: number } {
  const tools: Tool[] = [];
  const client = mechanism === 'client';
  const { leading } = list;
  const end = list.entries.length - list.trailing;
  // The decided entry the body's last entry became: under the client-side mechanism the caller's last tool may be sent
  // elsewhere in the list, or not at all; otherwise the last managed tool's is its own.
  let lastEntry = -1;
  if (client && (layout.last === 'function' || layout.last === 'own')) {
    const found = list.entries.findIndex((entry) => entry.name === lastName);
    if (found < end) lastEntry = found;
  } else if (!client && layout.last === 'function') lastEntry = leading + layout.tools - 1;
  let last = -1;
  let next = 0;
  const pushUntil = (stop: number): void => {
    for (; next < stop; next++) {
      if (next === lastEntry) last = tools.length;
      tools.push(write.entry(next));
    }
  };
  pushUntil(leading);
  if (list.hostedSearch) tools.push(write.hostedSearch());
  const lastPassedThrough = layout.last === 'hosted-search' || layout.last === 'other' ? layout.passthrough.at(-1)?.position : undefined;
  for (const { position, kind, tools: toolsBefore, slots } of layout.passthrough) {
    // Under the client-side mechanism each managed or own tool's place takes the next entry, the last one every entry left.
    pushUntil(client ? (slots === layout.slots && slots > 0 ? end : Math.min(leading + slots, end)) : leading + toolsBefore);
    const isLast = position === lastPassedThrough;
    if (kind === 'hosted-search' && mechanism === 'claude-hosted') {
      if (isLast && list.hostedSearch) last = leading;
      continue;
    }
    if (isLast) last = tools.length;
    tools.push(write.body(position));
  }
  pushUntil(list.entries.length);
  return { tools, last };
}

/** One neutral entry as a Messages API tool, keeping the caller's own fields where it has them. */
function writeEntry(entry: RequestToolEntry, read: AnthropicMessagesTools, decided: RequestTools): Record<string, unknown> {
  const { names } = decided;
  const wireName = names.toWire(entry.name);
  const index = decided.bodyIndexOf(entry.name);
  const source = index === undefined ? undefined : read.entries[index]?.entry;
  switch (entry.status) {
    case 'search':
    case 'call': {
      // A breakpoint an earlier pass put on it stays (the transformer run on its own output gives the same body).
      const cacheControl = read.ownBreakpoints.get(wireName);
      const tool: Record<string, unknown> = { name: wireName, description: entry.description, input_schema: entry.inputSchema };
      if (cacheControl !== undefined) tool.cache_control = cacheControl;
      return tool;
    }
    case 'loaded':
    case 'revealed':
    case 'defer-loading': {
      const deferred = entry.status === 'defer-loading';
      const { definition } = entry;
      if (source === undefined) {
        const description = definition.description === undefined ? {} : { description: definition.description };
        return { name: wireName, ...description, input_schema: definition.inputSchema, ...(deferred ? { defer_loading: true } : {}) };
      }
      // A stub an earlier pass sent is written with the catalog's schema.
      const full = isRecord(source.input_schema) && isStubInputSchema(source.input_schema) ? decided.definitionOf?.(entry.name) : undefined;
      const withSchema: Record<string, unknown> =
        full === undefined || isStubInputSchema(full.inputSchema)
          ? source
          : { ...source, ...(full.description === undefined ? {} : { description: full.description }), input_schema: full.inputSchema };
      if (!deferred) return { ...(withSchema.defer_loading === true ? withoutDeferLoading(withSchema) : withSchema), name: wireName };
      // Set on the copy, not spread into its fields: adding a key to a spread object is V8's slow path (see createRecordCopy).
      const copy = createRecordCopy(withSchema, { name: wireName });
      copy.defer_loading = true;
      return copy;
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

/** The entry without `defer_loading` (itself when it has none). */
function withoutDeferLoading<Value>(value: Value): Value {
  if (!isRecord(value) || !('defer_loading' in value)) return value;
  const { defer_loading: _removed, ...rest } = value;
  return rest as Value;
}

/** A provider tool, toolset or MCP toolset without `defer_loading` on itself, its default and its members. */
function withoutCallerDeferral(entry: Record<string, unknown>): Record<string, unknown> {
  // A copy: the caller's entry and its configs are never written.
  const result = { ...withoutDeferLoading(entry) };
  if (isRecord(result.default_config)) result.default_config = withoutDeferLoading(result.default_config);
  if (isRecord(result.configs))
    result.configs = Object.fromEntries(Object.entries(result.configs).map(([name, config]) => [name, withoutDeferLoading(config)]));
  return result;
}

/** The hosted search tool to send: the body's own (the first, without `defer_loading`), the history's variant, or the option. */
function resolveSearchTool(
  searchEntries: readonly ToolEntry[],
  { variant, onBedrock }: { readonly variant: AnthropicToolSearchVariant; readonly onBedrock: boolean },
  warnings: AnthropicMessagesWarning[],
): Record<string, unknown> {
  // Bedrock offers the regex tool only: a body's BM25 tool is sent as the regex one, and the history's variant does not count.
  const bm25 = onBedrock ? searchEntries.filter(({ entry }) => (entry.type as string).startsWith('tool_search_tool_bm25')) : [];
  if (bm25.length > 0) {
    warnings.push({
      code: 'bedrock-search-tool-regex',
      message: `the body has the BM25 search tool (${quoteNames(bm25.map(({ index }) => `tools[${index}]`))}), which Amazon Bedrock does not offer; \`tool_search_tool_regex_20251119\` is sent in its place`,
    });
  }
  const kept = bm25.length === 0 ? searchEntries : searchEntries.filter((entry) => !bm25.includes(entry));
  const [first] = kept;
  if (kept.length > 1) {
    warnings.push({
      code: 'search-tool-duplicated',
      message: `the body has ${kept.length} hosted search tools (${quoteNames(kept.map(({ index }) => `tools[${index}]`))}); the first was kept and the others removed`,
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
    return withoutDeferLoading(first.entry);
  }
  // The BM25 entry's other fields (`cache_control`, `allowed_callers`) stay; `defer_loading` never does.
  const replaced = bm25[0]?.entry;
  if (replaced !== undefined) return { ...withoutDeferLoading(replaced), ...ANTHROPIC_TOOL_SEARCH_TOOLS.regex };
  return { ...ANTHROPIC_TOOL_SEARCH_TOOLS[variant] };
}

/** A breakpoint of the caller's, with the tool it marks and its `cache_control`. */
interface AnthropicToolBreakpoint extends ToolCacheBreakpoint {
  readonly name: string;
  readonly cacheControl: unknown;
}

/**
 * Puts the tool-level `cache_control` breakpoints where the Messages API accepts them, by the core's rule
 * ({@link resolveToolCacheBreakpoints}): the target is the last tool sent in full.
 *
 * The API rejects `cache_control` on a deferred tool ("Tool 'X' cannot both defer_loading=true cache_control set.
 * Tools defer_loading cannot use prompt caching."), and on toolsets whose members defer. Deferred tools are stripped
 * from the rendered tools section before the cache key is computed, so a breakpoint on the last tool sent in full
 * caches exactly the same prefix: that is where such a breakpoint goes. A breakpoint on the caller's last tool
 * (`callerLast`, the index in `tools` of the entry made from it, or `-1`) goes to the new list's last tool sent in full
 * (the caller's intent is "cache every tool"). `hidden` are the breakpoints of caller tools that are not sent at all.
 * A target that already has a breakpoint keeps its own, so the number of breakpoints (at most 4 per request) never
 * grows. Entries are copied before they change; the input is not mutated. Returns the tools, the tools whose
 * breakpoint had to leave them (`moved`), and the tool that received one (`target`, or `null`).
 */
export function transformAnthropicToolCacheControl(
  tools: readonly unknown[],
  context: { readonly callerLast: number; readonly hidden: readonly Omit<AnthropicToolBreakpoint, 'at'>[] },
): { readonly tools: unknown[]; readonly moved: readonly string[]; readonly target: string | null } {
  const out = [...tools];
  let lastLoaded = -1;
  const breakpoints: AnthropicToolBreakpoint[] = [];
  out.forEach((entry, index) => {
    if (isRecord(entry) && resolveAnthropicToolDeferral(entry) === 'loaded') lastLoaded = index;
    if (!isRecord(entry) || entry.cache_control === undefined || entry.cache_control === null) return;
    breakpoints.push({ at: index, callerLast: index === context.callerLast, name: nameOf(entry, index), cacheControl: entry.cache_control });
  });
  for (const hidden of context.hidden) breakpoints.push({ at: -1, ...hidden });
  const holds = (index: number) => resolveAnthropicToolDeferral(out[index]) === 'loaded';
  const { kept, carried, moved } = resolveToolCacheBreakpoints(breakpoints, holds, lastLoaded);
  for (const { at } of breakpoints) {
    if (at === -1 || kept.has(at)) continue;
    const { cache_control: _removed, ...rest } = out[at] as Record<string, unknown>;
    out[at] = rest;
  }
  if (carried !== undefined) out[lastLoaded] = { ...(out[lastLoaded] as Record<string, unknown>), cache_control: carried.cacheControl };
  const target = moved.length > 0 && lastLoaded !== -1 ? nameOf(out[lastLoaded] as Record<string, unknown>, lastLoaded) : null;
  return { tools: out, moved: moved.map((breakpoint) => breakpoint.name), target };
}

function nameOf(entry: Record<string, unknown>, index: number): string {
  return typeof entry.name === 'string' ? entry.name : typeof entry.type === 'string' ? entry.type : `tools[${index}]`;
}
