import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { isRecord } from '../../records/is-record.js';
import { quoteNames } from '../../text/quote-names.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { resolveMappedListField } from '../../records/resolve-mapped-list-field.js';
import { resolveGuidanceContent } from '../../client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../client/text-part-guidance.js';
import {
  readContentText,
  readNeutralHistory,
  readTurnStart,
  writeClientTools,
  writeHistoryItems,
  type HistoryPairing,
  type HistoryToolCall,
  type HistoryToolItem,
  type HistoryWalk,
  type NeutralTool,
} from '../../request/neutral-request.js';
import type { ClientRequestWarningCode, PredictedLoad, RequestTools } from '../../request/request-tools.js';
import { resolveClientAPIRequest } from '../../request/resolve-client-api-request.js';
import type { CodecTools, WireCodec } from '../../request/wire-codec.js';
import { keepWritten, type Written } from '../../request/request-decision.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../tools/parse-wire-tool-definition.js';
import type { JSONSchemaObject, ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import { parseTransformRequestOptions } from '../../request/parse-transform-request-options.js';
import { transformRequest } from '../../request/transform-request.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import { OPENAI_CHAT_MAX_TOOLS, OPENAI_CHAT_TOOL_NAME_RULE, type OpenAIChatFunctionTool, type OpenAIChatRequest } from './openai-chat-api.js';
import { resolveOpenAIChatStrictSchemaProblem } from './resolve-openai-chat-strict-schema-problem.js';

/**
 * The codes of `transformOpenAIChatRequest`'s warnings; match on them, the messages are for people.
 *
 * - the client-side mechanism's codes (`hosted-mechanism-unsupported`, `listing-changed-to-names`,
 *   `tools-deferred-for-limit`, see {@link ClientRequestWarningCode}), for Chat Completions' limit of 128 tools;
 * - `hosted-tool-search-removed`: the body held a Responses-style `{ type: 'tool_search' }` tool, which Chat
 *   Completions rejects; it was removed.
 * - `defer-loading-removed`: tools carried `defer_loading`, which Chat Completions rejects; it was removed.
 * - `strict-disabled`: a tool asked for `strict: true` with a schema strict mode rejects; it was sent with
 *   `strict: false`.
 * - `legacy-functions-not-deferred`: the body uses the deprecated `functions` list; those functions were sent in
 *   full (names mapped), never deferred. Move them to `tools` to defer them.
 * - `empty-tools-removed`: `tools` was an empty array, which the API rejects; it was removed.
 * - `tool-choice-removed`: no tool is left to send, so `tool_choice` and `parallel_tool_calls` (allowed only with
 *   `tools`) were removed.
 * - `unknown-message`: a message is not an object or has a role Chat Completions does not define; it was kept
 *   unchanged (tool names in it are not mapped).
 * - `guidance-not-added`: the leading system message's content is neither a string nor a list of parts, so the
 *   tool search note could not be added to it.
 * - `too-many-tools`: more than 128 tools are sent all the same (forced by `tool_choice`, or custom tools); the API
 *   will reject the request.
 */
export type OpenAIChatWarningCode =
  | ClientRequestWarningCode
  | 'hosted-tool-search-removed'
  | 'defer-loading-removed'
  | 'strict-disabled'
  | 'legacy-functions-not-deferred'
  | 'empty-tools-removed'
  | 'tool-choice-removed'
  | 'unknown-message'
  | 'guidance-not-added'
  | 'too-many-tools';

/** What {@link transformOpenAIChatRequest} needs besides the body and the plan. */
export type TransformOpenAIChatRequestOptions = TransformRequestOptions;

/** The transformed body (in the type it came in), the warnings and the tool-name mapping. */
export type TransformOpenAIChatRequestResult<Body = OpenAIChatRequest> = TransformRequestResult<Body, OpenAIChatWarningCode>;

/**
 * Rewrites an OpenAI Chat Completions request body for a tool search plan, just before it is sent.
 *
 * Chat Completions has no hosted search: the core decides the tools (a function `tool_choice` or
 * `allowed_tools` forces), the note and the name mapping. In Chat Completions' shape:
 * - a stub is `{ type: 'function', function: { name, description, parameters: <stub>, strict: false } }` (strict mode
 *   rejects the open stub schema); loaded and revealed tools are the caller's own tool objects (their `strict` kept);
 * - the note is appended to the content of a leading `system` or `developer` message (as its own text part in a list
 *   of parts, so the caller's bytes and any `prompt_cache_breakpoint` keep their place), or is a new leading `system`
 *   message (one system message keeps chat templates of compatible servers happy);
 * - custom tools keep their positions; `defer_loading` a caller put on tools is removed, with a warning;
 * - names are mapped to `^[a-zA-Z0-9_-]{1,64}$` (`ChaDri.change_drink` → `ChaDri_change_drink`) in `tools`, the
 *   history (`tool_calls[].function.name`, the legacy `function_call` and `role: 'function'` messages), `tool_choice`
 *   and the legacy `functions`; map the model's calls back with `names.fromWire`.
 *
 * Pure, and stable on its own output; the body comes back in the type it went in (what the transformer writes is
 * valid in the `openai` SDK's types).
 *
 * Throws a `ToolSearchError`: `invalid-request` for a body that is not an object, `messages` that is not an array
 * and the cases {@link parseOpenAIChatTools} lists; `plan-mismatch` when the plan was made for other tools;
 * `invalid-options` for a plan or options of the wrong shape.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { resolveToolSearch } from 'tool-search';
 * import { parseOpenAIChatTools, transformOpenAIChatRequest } from 'tool-search/openai';
 *
 * const plan = resolveToolSearch({ id: body.model, api: 'openai-chat' }, parseOpenAIChatTools(body));
 * const { body: request, names } = transformOpenAIChatRequest(body, plan, { revealed: await store.get(sessionId) });
 * const completion = await new OpenAI().chat.completions.create(request);
 * for (const call of completion.choices[0].message.tool_calls ?? []) {
 *   if (call.type === 'function') console.log(names.fromWire(call.function.name));
 * }
 * ```
 */
export function transformOpenAIChatRequest<Body extends object = OpenAIChatRequest>(
  body: Body,
  plan: ToolSearchPlan,
  options: TransformOpenAIChatRequestOptions = {},
): TransformOpenAIChatRequestResult<Body> {
  return transformRequest(OPENAI_CHAT_CODEC, body, plan, parseTransformRequestOptions(options)) as TransformOpenAIChatRequestResult<Body>;
}

/**
 * The function tools of an OpenAI Chat Completions request body, as `ToolDefinition`s with full schemas, in body
 * order: what `resolveToolSearch` needs to plan the request.
 *
 * A function without `parameters` ("an empty parameter list" for the API) gets `{ type: 'object', properties: {} }`.
 * Custom tools, a Responses-style `{ type: 'tool_search' }` and this package's own `tool_search` function (from a
 * transformed body) are not returned.
 *
 * Throws a `ToolSearchError` (`invalid-request`) naming the item when the body is not an object, `tools` is not an
 * array, a tool is not an object or has no `type`, a function tool has no `function` object or no name, its
 * `description` is not a string or its `parameters` not an object, two function tools share a name, or a tool is a
 * Responses-API `namespace` (Chat Completions has no namespaces: send that body with the Responses transformer).
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseOpenAIChatTools } from 'tool-search/openai';
 * const plan = resolveToolSearch({ id: body.model, api: 'openai-chat' }, parseOpenAIChatTools(body));
 * ```
 */
export function parseOpenAIChatTools(body: unknown): ToolDefinition[] {
  return [...OPENAI_CHAT_CODEC.readTools(parseRequestBody(body, 'a Chat Completions request object')).definitions];
}

/**
 * Writes tool definitions as Chat Completions function tools (`{ type: 'function', function: { name, description,
 * parameters } }`), for a request body's `tools`: the body you then pass to `parseOpenAIChatTools` and
 * `transformOpenAIChatRequest`.
 *
 * `strict` is left out (Chat's default is non-strict, which any JSON Schema passes). Names are kept as given: the
 * transformer maps a name the API rejects. `category`, `deferrable` and the MCP-only fields are left out. Takes an
 * array or an MCP `tools/list` result; throws `ToolSearchError` (`invalid-tools`) for a bad tool list.
 *
 * @example
 * ```ts
 * import { createOpenAIChatTools } from 'tool-search/openai';
 * const body = { model: 'gpt-4.1', messages, tools: createOpenAIChatTools(await mcpClient.listTools()) };
 * ```
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 */
export function createOpenAIChatTools(tools: ToolDefinitionsInput): OpenAIChatFunctionTool[] {
  return parseToolDefinitions(tools).map((tool) => writeChatFunction(tool.name, tool.description, { ...tool.inputSchema }, false));
}

/** `tools` as read: the list, the definitions of its functions, the list in neutral form, the names of tools that carried `defer_loading`. */
interface ChatTools extends CodecTools {
  readonly list: readonly unknown[];
  readonly deferLoading: readonly string[];
  /** The last list written from this read ({@link keepWritten}). */
  readonly written: { last?: Written<readonly unknown[], Warnings[number]> };
}

/** The body as the codec's `write` needs it back. */
interface ChatRead {
  readonly request: Record<string, unknown>;
  readonly tools: ChatTools;
  readonly messages: readonly unknown[];
  readonly walk: HistoryWalk;
}

type Warnings = ToolSearchWarning<OpenAIChatWarningCode>[];

/** Chat Completions' codec: `tools`, `tool_choice`, the legacy `functions`, the leading system message and `tool_calls`. */
export const OPENAI_CHAT_CODEC: Readonly<WireCodec<ChatRead, ChatTools, OpenAIChatWarningCode>> = {
  api: 'openai-chat',
  label: 'OpenAI Chat Completions',
  rule: OPENAI_CHAT_TOOL_NAME_RULE,
  decide: resolveClientAPIRequest,
  maxTools: OPENAI_CHAT_MAX_TOOLS,
  overLimitCode: 'too-many-tools',
  readTools: readChatTools,
  read(body, context) {
    const request = parseRequestBody(body, 'a Chat Completions request object');
    const tools = context.tools !== undefined && context.tools.list === request.tools ? context.tools.read : readChatTools(request);
    const messages = request.messages;
    if (!Array.isArray(messages)) {
      throw new ToolSearchError('invalid-request', `\`messages\` must be an array of messages, got ${describeValue(messages)}`);
    }
    const otherNames: string[] = [];
    for (const fn of Array.isArray(request.functions) ? request.functions : []) if (isRecord(fn) && typeof fn.name === 'string') otherNames.push(fn.name);
    const turnStart = readTurnStart(messages, readUserText);
    const walk: HistoryWalk = { items: [], written: [] };
    const history = readNeutralHistory(messages, readMessage, PAIRING, walk);
    return {
      tools: tools.neutral,
      otherNames,
      forced: readRenamedNames((rename) => transformToolChoice(request.tool_choice, rename)),
      history,
      ...(turnStart === undefined ? {} : { turnStart }),
      read: { request, tools, messages, walk },
    };
  },
  write({ read: { request, tools: read, messages, walk } }, decided) {
    const { names } = decided;
    const warnings: Warnings = [];
    const tools = keepWritten(read.written, [decided.entries, names, decided.plan, decided.guidance], warnings, (written) =>
      writeTools(read, decided, written),
    );
    const output: Record<string, unknown> = { ...request };
    // The client-side mechanism's search form (Chat's only one) is the one with an output text.
    const load = decided.predicted;
    const predicted = load?.output === undefined ? undefined : writePredictedMessages(load, load.output);
    const sent = writeHistoryItems(messages, walk, (message, index) => transformMessage(message, index, names, warnings), predicted);
    // The note is placed in the walk's copy when the list is unchanged: the caller's list is not read again.
    output.messages = placeGuidance(sent === messages ? walk.items : sent, decided.guidance, warnings);
    const toolChoice = transformToolChoice(request.tool_choice, decided.toWire);
    if (toolChoice !== undefined) output.tool_choice = toolChoice;
    if (tools.length > 0)
      output.tools = tools.slice(); // a copy: the kept list is the session's
    else {
      if (Array.isArray(request.tools) && request.tools.length === 0) {
        warnings.push({ code: 'empty-tools-removed', message: '`tools` was an empty array, which Chat Completions rejects; it was removed' });
      }
      delete output.tools;
      // Both are "only allowed when tools are specified".
      const orphaned = ['tool_choice', 'parallel_tool_calls'].filter((field) => output[field] !== undefined);
      if (orphaned.length > 0) {
        for (const field of orphaned) delete output[field];
        warnings.push({
          code: 'tool-choice-removed',
          message: `no tool is left to send, and Chat Completions allows ${orphaned.map((field) => `\`${field}\``).join(' and ')} only with \`tools\`; removed`,
        });
      }
    }
    const legacyFunctions = Array.isArray(request.functions) ? request.functions : undefined;
    if (legacyFunctions !== undefined && legacyFunctions.length > 0) {
      output.functions = legacyFunctions.map((fn) => (isRecord(fn) && typeof fn.name === 'string' ? renamed(fn, 'name', names.toWire(fn.name)) : fn));
      warnings.push({
        code: 'legacy-functions-not-deferred',
        message: `the deprecated \`functions\` list (${legacyFunctions.length}) was sent in full with mapped names, never deferred; move those functions to \`tools\` to defer them`,
      });
    }
    return { body: resolveWireNameField(output, 'function_call', names.toWire), warnings, ...(predicted === undefined ? {} : { predicted }) };
  },
};

/** The decided entries in Chat Completions' shape, with the tools the plan does not know at their places. */
function writeTools(read: ChatTools, decided: RequestTools, warnings: Warnings): unknown[] {
  const tools = writeClientTools(decided, {
    body: (index, name, wireName) => writeFunction(read.list[index] as Record<string, unknown>, name, wireName, warnings),
    tool: writeChatFunction,
  });
  if (read.deferLoading.length > 0) {
    warnings.push({
      code: 'defer-loading-removed',
      message: `${quoteNames(read.deferLoading)} carried \`defer_loading\`, which Chat Completions rejects (it belongs to the Responses API); it was removed`,
    });
  }
  for (const { kind, index } of read.neutral) {
    // Provider tools the plan does not know keep their position.
    if (kind === 'other') tools.splice(Math.min(index, tools.length), 0, withoutDeferLoading(read.list[index]));
    else if (kind === 'hosted-search') {
      warnings.push({
        code: 'hosted-tool-search-removed',
        message: `\`tools[${index}]\` is a Responses-style \`{ type: 'tool_search' }\`, which Chat Completions rejects; it was removed${decided.guidance === null ? '' : ' (the client-side `tool_search` function takes its place)'}`,
      });
    }
  }
  return tools;
}

/**
 * The predicted load as the package's `tool_search` call and its answer after the user's message: an assistant message
 * with the call, and the `tool` message with the result (Chat Completions has no tool-addition item).
 */
function writePredictedMessages(load: PredictedLoad, output: string): unknown[] {
  return [
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: load.callId, type: 'function', function: { name: load.searchName, arguments: JSON.stringify({ query: load.query }) } }],
    },
    { role: 'tool', tool_call_id: load.callId, content: output },
  ];
}

/** A user message's text (its string content, or its text parts), which starts a turn when it ends the history. */
function readUserText(message: unknown): string | undefined {
  return isRecord(message) && message.role === 'user' ? readContentText(message.content) : undefined;
}

/**
 * A message's tool calls (`tool_calls`, the legacy `function_call`), or the answer it holds: a `tool` message answers
 * a call by id (the pairing checks it), a legacy `function` message names its function; the output is the content's
 * text. A message of a role Chat Completions does not define is one the write warns about.
 */
function readMessage(message: unknown, index: number): HistoryToolItem | undefined {
  if (!isRecord(message) || !KNOWN_ROLES.has(message.role)) return { write: true };
  if (message.role === 'assistant') {
    const calls: HistoryToolCall[] = [];
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      if (!isRecord(call)) continue;
      // Every call with an id pairs (a custom tool's too); a function's name is mapped.
      const name = isRecord(call.function) && typeof call.function.name === 'string' ? call.function.name : undefined;
      calls.push(name === undefined ? { id: call.id } : { id: call.id, name, arguments: (call.function as Record<string, unknown>).arguments });
    }
    if (isRecord(message.function_call) && typeof message.function_call.name === 'string')
      calls.push({ name: message.function_call.name, arguments: message.function_call.arguments });
    return { calls };
  }
  const output = Array.isArray(message.content)
    ? message.content.map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('')
    : typeof message.content === 'string'
      ? message.content
      : undefined;
  if (message.role === 'tool' && typeof message.tool_call_id === 'string') {
    return { results: [{ id: message.tool_call_id, output, path: `messages[${index}]`, label: message.tool_call_id }] };
  }
  return message.role === 'function' && typeof message.name === 'string' ? { results: [{ name: message.name, output }] } : undefined;
}

/** Chat Completions' pairing: a `tool` message answers a call of the assistant message before it (only `tool` messages between). */
const PAIRING: Readonly<HistoryPairing> = {
  rule: 'previous-turn',
  unpaired: (path, label) =>
    `\`${path}\` is a \`tool\` message for \`${label}\`, but the assistant message before it made no tool call with that id; OpenAI rejects such a body ("messages with role 'tool' must be a response to a preceeding message with 'tool_calls'"), compatible servers may not. Keep each assistant message with its \`tool_calls\` directly before its \`tool\` messages (\`messages.push(...turn.messages)\`)`,
};

const KNOWN_ROLES: ReadonlySet<unknown> = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

/** A message with the tool names it holds as sent: an assistant's calls, a legacy `function` message's name. */
function transformMessage(message: unknown, index: number, names: ToolNameMapping, warnings: Warnings): unknown {
  if (!isRecord(message) || !KNOWN_ROLES.has(message.role)) {
    const what = isRecord(message)
      ? `has role ${describeValue(message.role)}, which Chat Completions does not define`
      : `is ${describeValue(message)}, not a message object`;
    warnings.push({ code: 'unknown-message', message: `\`messages[${index}]\` ${what}; it was kept unchanged (tool names in it are not mapped)` });
    return message;
  }
  if (message.role === 'function') return typeof message.name === 'string' ? renamed(message, 'name', names.toWire(message.name)) : message;
  if (message.role !== 'assistant') return message;
  const calls = resolveMappedListField(message, 'tool_calls', (call) => renameFunction(call, names.toWire));
  return resolveWireNameField(calls, 'function_call', names.toWire);
}

/** Adds, keeps or replaces the note in the system slot; see the transformer's documentation for the placement. */
function placeGuidance(messages: readonly unknown[], guidance: string | null, warnings: Warnings): readonly unknown[] {
  const first = messages[0];
  if (isRecord(first) && (first.role === 'system' || first.role === 'developer')) {
    const content = resolveGuidanceContent(first.content, guidance, TEXT_PART_GUIDANCE);
    if (content === undefined) {
      if (guidance !== null) {
        warnings.push({
          code: 'guidance-not-added',
          message: `the leading ${first.role} message's content is ${describeValue(first.content)}, neither text nor a list of parts, so the tool search note was not added; the model may call deferred tools without loading them`,
        });
      }
      return messages;
    }
    if (content === first.content) return messages;
    // Only a note this package added can leave the content empty: the message was its own.
    return content === null ? messages.slice(1) : [{ ...first, content }, ...messages.slice(1)];
  }
  if (guidance === null) return messages;
  return [{ role: 'system', content: guidance }, ...messages];
}

/** A function tool from a definition, or a stub (`stub`: its open schema, which strict mode rejects, is sent non-strict). */
function writeChatFunction(name: string, description: string | undefined, parameters: JSONSchemaObject, stub: boolean): OpenAIChatFunctionTool {
  // Literals, not a conditional spread: this runs for every deferred tool of every request.
  const fn: OpenAIChatFunctionTool['function'] = description === undefined ? { name, parameters } : { name, description, parameters };
  if (stub) fn.strict = false;
  return { type: 'function', function: fn };
}

/** A caller's function sent in full under `wireName`, without `defer_loading`, and non-strict where strict mode rejects its schema. */
function writeFunction(given: Record<string, unknown>, name: string, wireName: string, warnings: Warnings): unknown {
  const tool = withoutDeferLoading(given) as Record<string, unknown>;
  const fn = tool.function as Record<string, unknown>;
  const result: Record<string, unknown> = { ...tool, function: renamed(fn, 'name', wireName) };
  if (fn.strict === true && fn.parameters !== undefined) {
    const problem = resolveOpenAIChatStrictSchemaProblem(fn.parameters);
    if (problem !== null) {
      result.function = { ...(result.function as Record<string, unknown>), strict: false };
      warnings.push({
        code: 'strict-disabled',
        message: `\`${name}\` asks for \`strict: true\`, but strict mode rejects its schema (${problem}); it was sent with \`strict: false\``,
      });
    }
  }
  return result;
}

/** Checks the body's `tools` and reads them in one pass; throws like {@link parseOpenAIChatTools}. */
function readChatTools(request: Record<string, unknown>): ChatTools {
  const list = parseRequestToolList(request.tools, 'tools');
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `function \`${name}\` is defined twice (\`tools[${first}]\` and \`tools[${at}]\`); function names must be unique`,
  );
  const definitions: ToolDefinition[] = [];
  const deferLoading: string[] = [];
  const neutral = list.map((tool: unknown, index): NeutralTool => {
    if (!isRecord(tool)) throw new ToolSearchError('invalid-request', `\`tools[${index}]\` must be a tool object, got ${describeValue(tool)}`);
    if (typeof tool.type !== 'string') {
      throw new ToolSearchError('invalid-request', `\`tools[${index}]\`.type must be a string such as 'function', got ${describeValue(tool.type)}`);
    }
    if (tool.type === 'namespace') {
      throw new ToolSearchError(
        'invalid-request',
        `\`tools[${index}]\` is a \`namespace\` tool, which only the Responses API accepts (Chat Completions has no namespaces); list its functions as \`{ type: 'function', function }\` tools, or send the body with \`transformOpenAIResponsesRequest\``,
      );
    }
    if (tool.type === 'tool_search') return { kind: 'hosted-search', index };
    if (tool.type === 'function' && !isRecord(tool.function)) {
      throw new ToolSearchError('invalid-request', `\`tools[${index}]\`.function must be a function definition object, got ${describeValue(tool.function)}`);
    }
    const fn = tool.function as Record<string, unknown>;
    // "Omitting `parameters` defines a function with an empty parameter list" (the API reference). By index: the path is
    // written only for an error (this runs for every tool of every request).
    const fields = tool.type === 'function' ? { name: fn.name, description: fn.description, inputSchema: fn.parameters } : undefined;
    const definition = fields === undefined ? undefined : parseWireToolDefinition(fields, index, describeField, 'optional');
    if (definition !== undefined && isOwnTool(definition)) return { kind: 'own', index };
    const inner = isRecord(tool.function) ? tool.function : isRecord(tool.custom) ? tool.custom : {};
    if ('defer_loading' in tool || 'defer_loading' in inner) deferLoading.push(typeof inner.name === 'string' ? inner.name : `tools[${index}]`);
    if (definition !== undefined) {
      checkName(definition.name, index);
      definitions.push(definition);
      return { kind: 'function', index, definition, deferred: false };
    }
    const name = tool.type === 'custom' && isRecord(tool.custom) && typeof tool.custom.name === 'string' ? tool.custom.name : undefined;
    return name === undefined ? { kind: 'other', index, deferred: false } : { kind: 'other', index, name, deferred: false };
  });
  return { list, definitions, neutral, deferLoading, written: {} };
}

/** How errors name a field of a function tool: "`tools[3]`.function.parameters of `x`". */
const describeField: DescribeWireToolField<number> = (index, field, name) =>
  `\`tools[${index}]\`.function.${field === 'inputSchema' ? 'parameters' : field}${name === undefined ? '' : ` of \`${name}\``}`;

/** `tool_choice` with each function name it names (a forced `function`, or `allowed_tools`) passed through `rename`. */
function transformToolChoice(choice: unknown, rename: (name: string) => string): unknown {
  if (!isRecord(choice) || choice.type !== 'allowed_tools' || !isRecord(choice.allowed_tools)) return renameFunction(choice, rename);
  const allowed = resolveMappedListField(choice.allowed_tools, 'tools', (tool) => renameFunction(tool, rename));
  return allowed === choice.allowed_tools ? choice : { ...choice, allowed_tools: allowed };
}

/** A `{ type: 'function', function: { name } }` item (a tool call, a forced choice, an allowed tool) with its name passed through `rename`. */
function renameFunction(item: unknown, rename: (name: string) => string): unknown {
  return isRecord(item) && item.type === 'function' ? resolveWireNameField(item, 'function', rename) : item;
}

/** The tool without `defer_loading` (on the tool or on its `function` / `custom`), or the same object. */
function withoutDeferLoading(tool: unknown): unknown {
  if (!isRecord(tool)) return tool;
  let result = tool;
  for (const field of ['function', 'custom']) {
    const inner = result[field];
    if (isRecord(inner) && 'defer_loading' in inner) result = { ...result, [field]: omitDeferLoading(inner) };
  }
  return 'defer_loading' in result ? omitDeferLoading(result) : result;
}

function omitDeferLoading({ defer_loading: _removed, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return rest;
}

/** A copy with one field replaced in its place, or the same object when the value is unchanged. */
function renamed<T extends Record<string, unknown>>(value: T, field: string, name: string): T {
  return value[field] === name ? value : { ...value, [field]: name };
}
