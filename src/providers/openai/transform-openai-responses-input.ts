import type { HistoryPairing, HistoryToolItem, HistoryWalk } from '../../request/neutral-request.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { createCheckedToolNameMapping, isValidToolName, type ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { resolveToolSearchResultNames } from '../../client/resolve-tool-search-result-names.js';
import { OPENAI_RESPONSES_ITEM_TYPES_WITH_CREATED_BY, OPENAI_RESPONSES_NAMESPACE_NAME_RULE, OPENAI_RESPONSES_TOOL_NAME_RULE } from './openai-responses-api.js';
import {
  resolveOpenAIResponsesCallNamespace,
  resolveOpenAIResponsesToolLocations,
  type OpenAIResponsesFunctionLocations,
} from './resolve-openai-responses-function-locations.js';
import { quoteNames } from '../../text/quote-names.js';

/** The warnings the history pass can give. */
export type OpenAIResponsesInputWarningCode = 'function-call-namespace-restored';

/** What the history pass needs to know about the request being sent. */
export interface OpenAIResponsesInputContext {
  /** The tool names of the request (original ⇄ wire). */
  readonly names: ToolNameMapping;
  /** The original tool name a name from the history refers to (an original name, or a wire name). */
  readonly originalOf: (name: string) => string;
  /** The tools being sent, as they will be sent. */
  readonly tools: readonly unknown[];
  /** Group label (category, prefix or body namespace) → namespace name sent. */
  readonly namespaceNames: ReadonlyMap<string, string>;
  /** The group label of a tool, by original name, when it is in a namespace. */
  readonly labelOf: (original: string) => string | undefined;
}

/**
 * Rewrites a Responses history (`input`) so it matches the tools being sent:
 *
 * - `function_call` and `custom_tool_call`: a function's name becomes its wire name (also for a tool no longer in the
 *   request whose name the API would reject; a custom tool's name is kept); a missing `namespace` is restored where
 *   the tools (or the tools the history itself loaded) say the function needs one (the "Missing namespace for
 *   function_call" 400); a namespace given as the category label (`File Operations`) or as the original tool name
 *   becomes the name sent. A call whose tool is no longer in the request is kept (no documented rule rejects it, and
 *   dropping it would orphan its output) under its name; its namespace is restored only from the history's own
 *   `tool_search_output` items.
 * - `function_call_output`: the tool names inside this package's `tool_search` results become wire names, so the
 *   model reads the names it can call. Other outputs are not touched.
 * - `tool_search_call`, `tool_search_output`, `additional_tools`: kept as they are, at their place, minus `created_by`;
 *   function names inside a `tool_search_output` or `additional_tools` item the API would reject (original names a
 *   caller put there) become wire names, as in calls; valid names are never touched.
 * - Every item of a known type loses the output-only `created_by`; items of unknown types are kept unchanged.
 *
 * `input` is as the codec's `read` walked it (`walk`: its items, and the positions of those this may change); a string
 * `input` (or none) is returned unchanged. A list is returned as a new list; unchanged items are the same objects. The
 * warning goes to `warnings`.
 */
export function transformOpenAIResponsesInput(
  input: unknown,
  walk: HistoryWalk,
  context: OpenAIResponsesInputContext,
  warnings: Pick<ToolSearchWarning<OpenAIResponsesInputWarningCode>[], 'push'>,
): unknown {
  if (input === undefined || input === null || typeof input === 'string') return input;
  // The items the read walked, and those it found something to do in (the only ones visited here).
  const { items, written } = walk;
  const visited = written.map((index) => items[index] as Record<string, unknown>);
  const loading = visited.filter(isLoadingItem);
  // Where functions can be called matters only to replayed calls: each list is walked when one needs it, once.
  type Locations = ReturnType<typeof resolveOpenAIResponsesToolLocations>;
  let sent: Locations | undefined;
  let loaded: Locations | undefined;
  const sentLocations = (): Locations => (sent ??= resolveOpenAIResponsesToolLocations(context.tools));
  // Names are repaired alike in calls and in the items that load tools, so a call still names the tool it loaded; the
  // names in use are read only when one needs repairing.
  const inUse = (): OpenAIResponsesFunctionLocations[] => [sentLocations().all, resolveOpenAIResponsesToolLocations([], loading).all];
  const wireName = resolveCallWireName(visited, context, inUse);
  const validNamespace = createNamespaceRepair(inUse, context.namespaceNames);
  // Tool search outputs and tool additions first: where the history loaded a function is read under the names it is sent with.
  const searched = new Map<Record<string, unknown>, unknown>();
  for (const item of loading) searched.set(item, transformLoadingItem(withoutCreatedBy(item), context, wireName, validNamespace));
  const restored: string[] = [];
  const output = [...items];
  for (const [position, index] of written.entries()) {
    const record = visited[position] as Record<string, unknown>;
    switch (record.type) {
      case 'function_call':
      case 'custom_tool_call': {
        // A function_call names a function, a custom_tool_call a custom tool: each is looked up among its own kind.
        const kind = record.type === 'function_call' ? 'function' : 'custom';
        loaded ??= resolveOpenAIResponsesToolLocations([], [...searched.values()]);
        output[index] = transformCall(record, index, context, wireName, validNamespace, sentLocations()[kind], loaded[kind], restored);
        break;
      }
      case 'function_call_output':
        output[index] = transformCallOutput(record, context);
        break;
      case 'tool_search_output':
      case 'additional_tools':
        output[index] = searched.get(record);
        break;
      default:
        output[index] = withoutCreatedBy(record);
    }
  }
  if (restored.length > 0) {
    warnings.push({
      code: 'function-call-namespace-restored',
      message: `the history replays ${restored.join(', ')} without the \`namespace\` the API requires ("Missing namespace for function_call"); the namespace was restored. Replay output items with their \`namespace\` field to avoid this`,
    });
  }
  return output;
}

/** An item whose `tools` the model can call from then on: a `tool_search_output`, or an `additional_tools` item. */
function isLoadingItem(item: Record<string, unknown>): boolean {
  return item.type === 'tool_search_output' || item.type === 'additional_tools';
}

/** The item types the history's write may change besides dropping `created_by`: calls, their outputs, the loading items. */
const WRITTEN_TYPES: ReadonlySet<unknown> = new Set(['function_call', 'custom_tool_call', 'function_call_output', 'tool_search_output', 'additional_tools']);

/**
 * What one history item holds for the codec's read: a call (`function_call`, `custom_tool_call`), or its answer
 * (`function_call_output`, `custom_tool_call_output`; each paired), a function's output as text (a string, or each text
 * part of a list) for restoring reveals from the history (only the package's own answers count); and whether
 * {@link transformOpenAIResponsesInput} has something to do in it. Throws `invalid-request` for an item that is not an
 * object.
 */
export function readOpenAIResponsesHistoryItem(item: unknown, index: number): HistoryToolItem | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new ToolSearchError('invalid-request', `\`input[${index}]\` must be an item object, got ${describeValue(item)}`);
  }
  const { type, call_id: id, name, output } = item as { type?: unknown; call_id?: unknown; name?: unknown; output?: unknown };
  const write = WRITTEN_TYPES.has(type) || (typeof type === 'string' && 'created_by' in item && OPENAI_RESPONSES_ITEM_TYPES_WITH_CREATED_BY.has(type));
  if (typeof id !== 'string') return write ? { write } : undefined;
  if (type === 'function_call')
    return { calls: [typeof name === 'string' ? { id, name, arguments: (item as { arguments?: unknown }).arguments } : { id }], write };
  if (type === 'custom_tool_call') return { calls: [{ id }], write };
  if (type !== 'function_call_output' && type !== 'custom_tool_call_output') return write ? { write } : undefined;
  const path = `input[${index}]`;
  const label = `${type}\` for \`${id}`;
  if (type === 'custom_tool_call_output') return { results: [{ id, path, label }] };
  if (typeof output === 'string') return { results: [{ id, output, path, label }], write };
  const parts = Array.isArray(output) ? output.filter((part) => typeof part === 'object' && part !== null && typeof part.text === 'string') : [];
  return { results: [{ id, path, label }, ...parts.map((part) => ({ id, output: part.text as string }))], write };
}

/** The Responses API's pairing: an output item's call is among the items before it. */
export const OPENAI_RESPONSES_PAIRING: Readonly<HistoryPairing> = {
  rule: 'earlier',
  unpaired: (path, label) =>
    `\`${path}\` is a \`${label}\`, but no item before it is its call, and the Responses API rejects the body ("No tool call found for function call output with call_id …"); keep the response's output items in \`input\` before their answers (\`input.push(...turn.input)\`), or chain with \`previous_response_id\` and send \`turn.answers\``,
};

/**
 * The name to send for a function in the history (a call, or a tool a `tool_search_output` or `additional_tools` item
 * holds): the tool's wire name. A tool the request no longer holds keeps its name, unless the API would reject that
 * name (an original `a.b` nobody maps any more): it then gets a valid name of its own that no tool of the request or
 * the history uses, the same in calls and in the items that loaded it.
 */
function resolveCallWireName(
  items: readonly unknown[],
  context: OpenAIResponsesInputContext,
  inUse: () => readonly OpenAIResponsesFunctionLocations[],
): (name: string) => string {
  const mapped = (name: string): string => context.names.toWire(context.originalOf(name));
  const invalid = new Set<string>();
  const called: string[] = [];
  const read = (name: unknown): void => {
    if (typeof name !== 'string' || name.length === 0) return;
    const wire = mapped(name);
    if (isValidToolName(wire, OPENAI_RESPONSES_TOOL_NAME_RULE)) called.push(wire);
    else invalid.add(wire);
  };
  const shadowed = new Set<string>();
  for (const item of items) {
    const record = item as Record<string, unknown>;
    // Custom tool calls keep their names (free text, never mapped).
    if (record.type === 'function_call') read(record.name);
    else if (isLoadingItem(record) && Array.isArray(record.tools)) readLoadedNames(record.tools, read, mapped, context.originalOf, shadowed);
  }
  if (invalid.size === 0 && shadowed.size === 0) return mapped;
  const used = [...inUse().flatMap((found) => [...found.topLevel, ...found.namespaces.keys()]), ...called];
  // Every name in use is taken: an invalid name and a shadowed one get a valid name no tool of the request or the history has.
  const fallback = createCheckedToolNameMapping([...invalid, ...shadowed], OPENAI_RESPONSES_TOOL_NAME_RULE, { reserved: used });
  return (name) => {
    if (shadowed.has(name)) return fallback.toWire(name);
    const wire = mapped(name);
    return invalid.has(wire) ? fallback.toWire(wire) : wire;
  };
}

/**
 * Hands `read` each function name a loading item's tools hold (a function's, a namespace's functions', a tool
 * reference's), and adds to `shadowed` each name of one of its scopes (its functions, or one namespace's) that is read
 * as another tool's wire name while that tool is in the scope too, in its own spelling: a caller's item naming `🢁`
 * (sent as `_`) and `_` (a tool of the caller the body lacks) holds two tools, and the API rejects one name twice in a
 * scope ("duplicate-tool-name"). The tool in its own spelling keeps the wire name; the other gets a name of its own.
 */
function readLoadedNames(
  tools: readonly unknown[],
  read: (name: unknown) => void,
  mapped: (name: string) => string,
  originalOf: (name: string) => string,
  shadowed: Set<string>,
): void {
  const own = new Map<string, string>();
  const throughWire: string[] = [];
  for (const tool of tools) {
    if (typeof tool !== 'object' || tool === null) continue;
    const record = tool as Record<string, unknown>;
    if (record.type === 'namespace' && Array.isArray(record.tools)) readLoadedNames(record.tools, read, mapped, originalOf, shadowed);
    if (record.type === 'function') read(record.name);
    else if (record.type === 'tool_reference') read(record.function_name);
    const name = record.type === 'function' ? record.name : record.type === 'tool_reference' && !('namespace' in record) ? record.function_name : undefined;
    if (typeof name !== 'string' || name.length === 0) continue;
    if (originalOf(name) === name) own.set(mapped(name), name);
    else throughWire.push(name);
  }
  for (const name of throughWire) {
    const spelled = own.get(mapped(name));
    if (spelled !== undefined && spelled !== name) shadowed.add(name);
  }
}

/**
 * A call's `namespace` as the API accepts it (`^[a-zA-Z0-9_-]{1,64}$`): a valid one is kept; another (a category
 * label or an over-long name kept in the caller's spelling, for a tool the request no longer names so) gets a valid
 * name no namespace of the request uses, the same for the same text. Nor is it a group label sent under another name:
 * a second pass would read it as that label and send the label's name (`a b` must not become `a_b` while the label
 * `a_b` is sent as `a_b_namespace`).
 */
function createNamespaceRepair(
  inUse: () => readonly OpenAIResponsesFunctionLocations[],
  namespaceNames: ReadonlyMap<string, string>,
): (namespace: string) => string {
  let known: string[] | undefined;
  const repaired = new Map<string, string>();
  return (namespace) => {
    if (isValidToolName(namespace, OPENAI_RESPONSES_NAMESPACE_NAME_RULE)) return namespace;
    let result = repaired.get(namespace);
    if (result === undefined) {
      if (known === undefined) {
        known = [];
        for (const found of inUse()) for (const namespaces of found.namespaces.values()) known.push(...namespaces);
        for (const [label, name] of namespaceNames) if (label !== name) known.push(label);
      }
      result = createCheckedToolNameMapping(
        known.filter((name) => isValidToolName(name, OPENAI_RESPONSES_NAMESPACE_NAME_RULE)),
        OPENAI_RESPONSES_NAMESPACE_NAME_RULE,
        { secondary: [namespace] },
      ).toWire(namespace);
      repaired.set(namespace, result);
    }
    return result;
  };
}

function transformCall(
  item: Record<string, unknown>,
  index: number,
  context: OpenAIResponsesInputContext,
  wireName: (name: string) => string,
  validNamespace: (namespace: string) => string,
  sent: OpenAIResponsesFunctionLocations,
  loaded: OpenAIResponsesFunctionLocations,
  restored: string[],
): unknown {
  const record = withoutCreatedBy(item);
  if (typeof record.name !== 'string' || record.name.length === 0) {
    throw new ToolSearchError(
      'invalid-request',
      `\`input[${index}].name\` (a ${String(record.type)} item) must be a non-empty string, got ${describeValue(record.name)}`,
    );
  }
  const custom = record.type === 'custom_tool_call';
  const original = custom ? record.name : context.originalOf(record.name);
  const name = custom ? record.name : wireName(record.name);
  // The tools being sent decide; a tool they no longer hold is looked up where the history itself loaded it.
  const isSent = sent.topLevel.has(name) || sent.namespaces.has(name);
  const locations = isSent ? sent : loaded;
  const expected = resolveOpenAIResponsesCallNamespace(locations, name);
  const given = record.namespace;
  let namespace = given;
  if (typeof given !== 'string' || given.length === 0) {
    // Custom tools are free text, so two namespaces may each hold one of a name: a call replayed without its namespace
    // then cannot say which it was. The API rejects it either way ("Missing namespace"), so it gets the first
    // namespace holding the name, in the order the request sends them, and the warning says so.
    const candidates = expected === undefined && !locations.topLevel.has(name) ? (locations.namespaces.get(name) ?? []) : [];
    if (typeof expected === 'string') {
      namespace = expected;
      restored.push(`\`${name}\` (input[${index}])`);
    } else if (candidates.length > 1) {
      namespace = candidates[0];
      restored.push(`\`${name}\` (input[${index}]; it is in ${quoteNames(candidates)}, and the first was given)`);
    }
  } else if (given !== expected) {
    const label = context.labelOf(original);
    if (label !== undefined && given === label) namespace = context.namespaceNames.get(label) ?? given;
    // The call's own name, in the caller's spelling or as sent (an earlier pass's output), is the namespace a
    // deferred top-level function is called in; it is not read as a group label of that text.
    else if (given === original || given === name) namespace = name;
    else namespace = context.namespaceNames.get(given) ?? given;
  }
  if (typeof namespace === 'string' && namespace.length > 0) namespace = validNamespace(namespace);
  if (name === record.name && namespace === given) return record;
  const result: Record<string, unknown> = { ...record, name };
  if (namespace !== given) result.namespace = namespace;
  return result;
}

function transformCallOutput(item: Record<string, unknown>, context: OpenAIResponsesInputContext): unknown {
  const record = withoutCreatedBy(item);
  if (typeof record.output !== 'string') return record;
  const output = resolveToolSearchResultNames(record.output, (name) => context.names.toWire(context.originalOf(name)));
  return output === record.output ? record : { ...record, output };
}

/**
 * A `tool_search_output` or `additional_tools` item with the names in its tools as sent: only names the API would
 * reject change (originals a caller put into an item it built), as in calls; the server's and this package's items
 * hold wire names, which stay.
 */
function transformLoadingItem(
  item: Record<string, unknown>,
  context: OpenAIResponsesInputContext,
  wireName: (name: string) => string,
  validNamespace: (namespace: string) => string,
): unknown {
  if (!Array.isArray(item.tools)) return item;
  const functionName = (name: unknown): unknown => (typeof name === 'string' ? wireName(name) : name);
  const namespaceName = (name: unknown): unknown =>
    typeof name !== 'string' || isValidToolName(name, OPENAI_RESPONSES_NAMESPACE_NAME_RULE) ? name : validNamespace(context.namespaceNames.get(name) ?? name);
  const renameTool = (tool: unknown): unknown => {
    if (typeof tool !== 'object' || tool === null) return tool;
    const record = tool as Record<string, unknown>;
    const renamed = { ...record };
    // A custom tool's name is free text, kept as it is (as in `custom_tool_call`s).
    if (record.type === 'function') renamed.name = functionName(record.name);
    else if (record.type === 'namespace') {
      renamed.name = namespaceName(record.name);
      if (Array.isArray(record.tools)) renamed.tools = resolveMappedItems(record.tools, renameTool);
    } else if (record.type === 'tool_reference') {
      renamed.function_name = functionName(record.function_name);
      if ('namespace' in record) renamed.namespace = namespaceName(record.namespace);
    }
    return Object.keys(record).every((key) => renamed[key] === record[key]) ? tool : renamed;
  };
  const tools = resolveMappedItems(item.tools, renameTool);
  return tools === item.tools ? item : { ...item, tools };
}

function withoutCreatedBy(item: Record<string, unknown>): Record<string, unknown> {
  if (!('created_by' in item)) return item;
  const { created_by: _createdBy, ...rest } = item;
  return rest;
}
