import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { readContentText, readNeutralHistory, readTurnStart, type HistoryReference, type HistoryWalk } from '../../request/neutral-request.js';
import type { PredictedLoad } from '../../request/request-tools.js';
import { resolveDeclaredFunctions, writeOpenAIResponsesAdditionalTools } from './create-openai-responses-additional-tools.js';
import { writeOpenAIToolSearchOutput } from './create-openai-tool-search-output.js';
import { createOpenAIResponsesFunction } from './create-openai-responses-tools.js';
import { resolveGroupingAPIRequest, type GroupedRequest } from './resolve-grouping-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import { OPENAI_RESPONSES_TOOL_NAME_RULE } from './openai-responses-api.js';
import type { OpenAIResponsesWarningCode } from './openai-responses-warning.js';
import { writeOpenAIResponsesTools } from './write-openai-responses-tools.js';
import { readOpenAIResponsesAddedTools } from './read-openai-responses-added-tools.js';
import { readOpenAIResponsesTools, type OpenAIResponsesBodyTools } from './parse-openai-responses-tools.js';
import { resolveOpenAIResponsesToolLocations } from './resolve-openai-responses-function-locations.js';
import { OPENAI_RESPONSES_PAIRING, readOpenAIResponsesHistoryItem, transformOpenAIResponsesInput } from './transform-openai-responses-input.js';

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

/** The body as the codec's `write` needs it back. */
interface ResponsesRead {
  readonly source: Record<string, unknown>;
  readonly read: OpenAIResponsesBodyTools;
  readonly walk: HistoryWalk;
}

/** The Responses API's codec: `tools` (functions, namespaces, custom tools, tool search), `tool_choice`, `instructions`, `input`. */
export const OPENAI_RESPONSES_CODEC: Readonly<WireCodec<ResponsesRead, OpenAIResponsesBodyTools, OpenAIResponsesWarningCode, ResponsesOptions>> = {
  api: 'openai-responses',
  label: 'the Responses API',
  rule: OPENAI_RESPONSES_TOOL_NAME_RULE,
  planForAPICode: 'plan-for-another-api',
  decide: resolveGroupingAPIRequest,
  reader: 'parseOpenAIResponsesTools(body)',
  readTools: readOpenAIResponsesTools,
  read(body, context) {
    const source = body as Record<string, unknown>;
    const kept = context.tools !== undefined && context.tools.list === source.tools ? context.tools.read : undefined;
    const read = kept ?? readOpenAIResponsesTools(body);
    const input = source.input;
    if (input !== undefined && input !== null && typeof input !== 'string' && !Array.isArray(input)) {
      throw new ToolSearchError('invalid-request', `\`input\` must be a string or an array of items, got ${describeValue(input)}`);
    }
    // The one walk of the history, which checks its items too. A stored conversation's (`previous_response_id`,
    // `conversation`) calls may be on the server: its results are not paired.
    const walk: HistoryWalk = { items: [], written: [] };
    const pairing = (source.previous_response_id ?? source.conversation ?? null) === null ? OPENAI_RESPONSES_PAIRING : undefined;
    const neutral = Array.isArray(input) ? readNeutralHistory(input, readOpenAIResponsesHistoryItem, pairing, walk) : undefined;
    const instructions = source.instructions;
    if (instructions !== undefined && instructions !== null && typeof instructions !== 'string') {
      throw new ToolSearchError('invalid-request', `\`instructions\` must be a string, got ${describeValue(instructions)}`);
    }
    // What the history's tool search outputs and tool additions loaded, and what its additions added.
    // (Both readers take only the items that load tools: `tool_search_output`, `additional_tools`.)
    const visited = walk.written.map((index) => walk.items[index]);
    const fromSearches = resolveOpenAIResponsesToolLocations([], visited).all;
    const references: HistoryReference[] = [...fromSearches.topLevel, ...fromSearches.namespaces.keys()].map((name) => ({
      name,
      kind: 'tool_reference',
      path: 'input',
    }));
    const changes = readOpenAIResponsesAddedTools(visited).map((name) => ({ change: 'addition', name, form: 'value', custom: true }) as const);
    const turnStart = readTurnStart(walk.items, readUserText, readHistoryAnchor(source));
    return {
      tools: read.neutral,
      otherNames: [],
      forced: readRenamedNames((rename) => transformToolChoice(source.tool_choice, rename)),
      history: { references, changes, ...(neutral ?? { names: [], outputs: [] }) },
      groupByPrefix: context.options?.uncategorized === 'name-prefix',
      ...(turnStart === undefined ? {} : { turnStart }),
      read: { source, read, walk },
    };
  },
  write({ read: { source, read, walk } }, decided) {
    const { names } = decided;
    const warnings: ToolSearchWarning<OpenAIResponsesWarningCode>[] = [];
    // Write each entry in the wire shape.
    const written = writeOpenAIResponsesTools(read, decided, warnings);
    const originalOf = decided.fromBody ?? ((name: string) => name);
    // Repair the history: names as sent, namespaces on replayed calls.
    const context = {
      names,
      originalOf,
      tools: written.tools,
      namespaceNames: written.namespaceNames,
      labelOf: (original: string) => (decided.grouped as GroupedRequest | undefined)?.groups.get(original),
    };
    const input = transformOpenAIResponsesInput(source.input, walk, context, warnings);
    // The body with the tools, the history, the tool choice (names as sent) and the note in `instructions`.
    const result: Record<string, unknown> = { ...source };
    if ('tools' in source || written.tools.length > 0) result.tools = written.tools.slice(); // a copy: the kept list is the session's
    if ('input' in source) result.input = input;
    const predicted =
      decided.predicted === undefined ? undefined : writePredictedItems(decided.predicted, Array.isArray(source.tools) ? source.tools : [], names);
    if (predicted !== undefined) result.input = [...(input as unknown[]), ...predicted];
    if ('tool_choice' in source) result.tool_choice = transformToolChoice(source.tool_choice, (name) => names.toWire(originalOf(name)));
    const instructions = source.instructions as string | null | undefined;
    // The guidance note at the end of `instructions`, once (`resolveGuidanceText`); absent instructions get the note alone.
    const withNote = typeof instructions === 'string' ? resolveGuidanceText(instructions, decided.guidance) : (decided.guidance ?? instructions);
    if (withNote !== instructions) result.instructions = withNote;
    return { body: result, warnings, ...(predicted === undefined ? {} : { predicted }) };
  },
};

/**
 * The input items that carry a predicted load after the user's message, as the Responses session writes the package's
 * own answers:
 *
 * - native delivery: one `additional_tools` item with the tools' definitions (the caller's declarations, from `tools`);
 * - OpenAI's hosted search with the library's ranking: a client-executed `tool_search_call` and the
 *   `tool_search_output` that loads the tools (deferred, in their namespaces, as declared);
 * - the client-side mechanism: the package's `tool_search` `function_call` and its `function_call_output`.
 *
 * `tools` is the body's tool list as the caller gave it; `toWire` the request's names.
 */
function writePredictedItems(load: PredictedLoad, tools: readonly unknown[], names: { readonly toWire: (name: string) => string }): unknown[] {
  if (load.form === 'addition') {
    // A tool the body does not declare (the catalog's) is added from its definition.
    const declared = resolveDeclaredFunctions([...tools, ...load.definitions.map(createOpenAIResponsesFunction)], names.toWire);
    const added = load.definitions.map((tool) => names.toWire(tool.name));
    return [writeOpenAIResponsesAdditionalTools(added, declared)];
  }
  // The client-side mechanism's load carries its output text; OpenAI's hosted search's none.
  if (load.output !== undefined) {
    return [
      { type: 'function_call', call_id: load.callId, name: load.searchName, arguments: JSON.stringify({ query: load.query }) },
      { type: 'function_call_output', call_id: load.callId, output: load.output },
    ];
  }
  return [
    { type: 'tool_search_call', call_id: load.callId, execution: 'client', arguments: { query: load.query }, status: 'completed' },
    writeOpenAIToolSearchOutput(load.callId, load.result, resolveDeclaredFunctions(tools, names.toWire)),
  ];
}

/** A user message's text (`{ role: 'user', content }`, typed `message` or not): a turn's start when it ends `input`. */
function readUserText(item: unknown): string | undefined {
  if (!isRecord(item) || item.role !== 'user' || (item.type !== undefined && item.type !== 'message')) return undefined;
  return readContentText(item.content);
}

/** What a body continues where OpenAI keeps the history (`previous_response_id`, `conversation`): its `input` starts anew. */
function readHistoryAnchor(source: Record<string, unknown>): string | undefined {
  const { previous_response_id: previous, conversation } = source;
  if (typeof previous === 'string') return previous;
  if (typeof conversation === 'string') return conversation;
  return isRecord(conversation) && typeof conversation.id === 'string' ? conversation.id : undefined;
}

/** The options the codec reads. */
interface ResponsesOptions {
  readonly uncategorized?: OpenAIResponsesUncategorizedTools;
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
