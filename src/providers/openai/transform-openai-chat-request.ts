import { parseTransformRequestOptions } from '../../transform/parse-transform-request-options.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../transform/request-transformer.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { resolveClientRequest, type ClientRequestWarningCode, type ClientWireAPI, type PositionedTool } from '../../request/resolve-client-request.js';
import { resolveGuidanceContent } from '../../client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../client/text-part-guidance.js';
import { readHistoryToolOutputs, type HistoryToolItem } from '../../request/read-history-tool-outputs.js';
import { createStubInputSchema } from '../../client/tool-search-tool-definition.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { OPENAI_CHAT_MAX_TOOLS, OPENAI_CHAT_TOOL_NAME_RULE, type OpenAIChatFunctionTool, type OpenAIChatRequest } from './openai-chat-api.js';
import { parseOpenAIChatToolSlots, type OpenAIChatToolSlot } from './parse-openai-chat-tools.js';
import { resolveOpenAIChatStrictSchemaProblem } from './resolve-openai-chat-strict-schema-problem.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';

/**
 * The codes of {@link transformOpenAIChatRequest}'s warnings; match on them, the messages are for people.
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
 * Chat Completions has no hosted search: {@link resolveClientRequest} decides the tools (a function `tool_choice` or
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
  givenPlan: ToolSearchPlan,
  options: TransformOpenAIChatRequestOptions = {},
): TransformOpenAIChatRequestResult<Body> {
  const { revealed } = parseTransformRequestOptions(options);
  const { request, slots } = readBodyToolsOnce(body, parseOpenAIChatToolSlots);
  const messages = request.messages;
  if (!Array.isArray(messages)) {
    throw new ToolSearchError('invalid-request', `\`messages\` must be an array of messages, got ${describeValue(messages)}`);
  }

  // The body in neutral form: function tools, other tools at their positions, forced names, the history.
  const functions: FunctionSlot[] = [];
  const others: PositionedTool<unknown>[] = [];
  const otherNames: string[] = [];
  const deferLoading: string[] = [];
  const hostedSearch: number[] = [];
  for (const slot of slots) {
    switch (slot.kind) {
      case 'function':
        functions.push(slot);
        break;
      case 'other': {
        // Provider tools the plan does not know keep their position.
        others.push({ index: slot.index, tool: withoutDeferLoading(slot.tool) });
        const name = customName(slot.tool);
        if (name !== undefined) otherNames.push(name);
        break;
      }
      case 'hosted-search':
        hostedSearch.push(slot.index);
        break;
      case 'own-search':
        break;
      default:
        assertNever(slot, 'tool slot');
    }
    const name = slot.kind === 'function' || slot.kind === 'other' ? deferLoadingName(slot) : undefined;
    if (name !== undefined) deferLoading.push(name);
  }
  const legacyFunctions = Array.isArray(request.functions) ? request.functions : undefined;
  for (const fn of legacyFunctions ?? []) if (isRecord(fn) && typeof fn.name === 'string') otherNames.push(fn.name);
  const forced = readRenamedNames((rename) => transformToolChoice(request.tool_choice, rename));
  const history = readHistoryToolOutputs(messages, readMessage);

  const client = resolveClientRequest(
    givenPlan,
    { functions, others, otherNames, forced, historyNames: history.names, historyOutputs: history.outputs, revealed },
    OPENAI_CHAT_WIRE_API,
  );
  const { names, tools, warnings } = client;
  if (deferLoading.length > 0) {
    warnings.push({
      code: 'defer-loading-removed',
      message: `${deferLoading.map((name) => `\`${name}\``).join(', ')} carried \`defer_loading\`, which Chat Completions rejects (it belongs to the Responses API); it was removed`,
    });
  }
  for (const index of hostedSearch) {
    warnings.push({
      code: 'hosted-tool-search-removed',
      message: `\`tools[${index}]\` is a Responses-style \`{ type: 'tool_search' }\`, which Chat Completions rejects; it was removed${client.guidance === null ? '' : ' (the client-side `tool_search` function takes its place)'}`,
    });
  }

  const output: Record<string, unknown> = { ...request };
  output.messages = placeGuidance(
    messages.map((message, index) => transformMessage(message, index, names, warnings)),
    client.guidance,
    warnings,
  );
  const toolChoice = transformToolChoice(request.tool_choice, client.toWire);
  if (toolChoice !== undefined) output.tool_choice = toolChoice;
  if (tools.length > 0) output.tools = tools;
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
  if (legacyFunctions !== undefined && legacyFunctions.length > 0) {
    output.functions = legacyFunctions.map((fn) => (isRecord(fn) && typeof fn.name === 'string' ? renamed(fn, 'name', names.toWire(fn.name)) : fn));
    warnings.push({
      code: 'legacy-functions-not-deferred',
      message: `the deprecated \`functions\` list (${legacyFunctions.length}) was sent in full with mapped names, never deferred; move those functions to \`tools\` to defer them`,
    });
  }
  if (isRecord(request.function_call) && typeof request.function_call.name === 'string') {
    output.function_call = renamed(request.function_call, 'name', names.toWire(request.function_call.name));
  }
  return { body: output as Body, warnings, names, loaded: client.loaded };
}

/** How Chat Completions writes the client mechanism's entries; see {@link transformOpenAIChatRequest} for the shapes. */
type FunctionSlot = Extract<OpenAIChatToolSlot, { kind: 'function' }>;

const OPENAI_CHAT_WIRE_API: ClientWireAPI<FunctionSlot, unknown, OpenAIChatWarningCode> = {
  api: 'openai-chat',
  rule: OPENAI_CHAT_TOOL_NAME_RULE,
  maxTools: OPENAI_CHAT_MAX_TOOLS,
  label: 'OpenAI Chat Completions',
  overLimitCode: 'too-many-tools',
  writeFunction(slot, entry, wireName, warnings) {
    const tool = withoutDeferLoading(slot.tool) as Record<string, unknown>;
    const fn = tool.function as Record<string, unknown>;
    const result: Record<string, unknown> = { ...tool, function: renamed(fn, 'name', wireName) };
    if (fn.strict === true && fn.parameters !== undefined) {
      const problem = resolveOpenAIChatStrictSchemaProblem(fn.parameters);
      if (problem !== null) {
        result.function = { ...(result.function as Record<string, unknown>), strict: false };
        warnings.push({
          code: 'strict-disabled',
          message: `\`${entry.name}\` asks for \`strict: true\`, but strict mode rejects its schema (${problem}); it was sent with \`strict: false\``,
        });
      }
    }
    return result;
  },
  writeOwnTool: (entry, wireName) =>
    ({
      type: 'function',
      function: { name: wireName, description: entry.description as string, parameters: entry.inputSchema },
    }) satisfies OpenAIChatFunctionTool,
  // The stub is an open object (`additionalProperties: true`), which strict mode rejects. Two literals, not a
  // conditional spread: this runs for every deferred tool of every request.
  writeStub: (entry, wireName) =>
    ({
      type: 'function',
      function:
        entry.description === undefined
          ? { name: wireName, parameters: createStubInputSchema(), strict: false }
          : { name: wireName, description: entry.description, parameters: createStubInputSchema(), strict: false },
    }) satisfies OpenAIChatFunctionTool,
};

type KnownRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';
const KNOWN_ROLES: readonly string[] = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] satisfies KnownRole[];

function transformMessage(message: unknown, index: number, names: ToolNameMapping, warnings: ToolSearchWarning<OpenAIChatWarningCode>[]): unknown {
  if (!isRecord(message) || typeof message.role !== 'string' || !KNOWN_ROLES.includes(message.role)) {
    const what = isRecord(message)
      ? `has role ${describeValue(message.role)}, which Chat Completions does not define`
      : `is ${describeValue(message)}, not a message object`;
    warnings.push({ code: 'unknown-message', message: `\`messages[${index}]\` ${what}; it was kept unchanged (tool names in it are not mapped)` });
    return message;
  }
  const role = message.role as KnownRole;
  switch (role) {
    case 'system':
    case 'developer':
    case 'user':
    case 'tool':
      return message;
    case 'function':
      return typeof message.name === 'string' ? renamed(message, 'name', names.toWire(message.name)) : message;
    case 'assistant': {
      let result = message;
      if (Array.isArray(message.tool_calls)) {
        const calls = resolveMappedItems(message.tool_calls, (call: unknown) =>
          isRecord(call) && call.type === 'function' ? resolveWireNameField(call, 'function', names.toWire) : call,
        );
        if (calls !== message.tool_calls) result = { ...result, tool_calls: calls };
      }
      return resolveWireNameField(result, 'function_call', names.toWire);
    }
    default:
      return assertNever(role, 'message role');
  }
}

/**
 * A message's function calls (`tool_calls`, the legacy `function_call`), or the answer it holds: a `tool` message
 * answers a call by id, a legacy `function` message names its function; the output is the content's text.
 */
function readMessage(message: unknown): HistoryToolItem | undefined {
  if (!isRecord(message)) return undefined;
  if (message.role === 'assistant') {
    const calls: { id?: unknown; name: string }[] = [];
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      if (isRecord(call) && isRecord(call.function) && typeof call.function.name === 'string') calls.push({ id: call.id, name: call.function.name });
    }
    if (isRecord(message.function_call) && typeof message.function_call.name === 'string') calls.push({ name: message.function_call.name });
    return { calls };
  }
  const output = Array.isArray(message.content)
    ? message.content.map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('')
    : typeof message.content === 'string'
      ? message.content
      : undefined;
  if (message.role === 'tool' && typeof message.tool_call_id === 'string') return { results: [{ id: message.tool_call_id, output }] };
  return message.role === 'function' && typeof message.name === 'string' ? { results: [{ name: message.name, output }] } : undefined;
}

/** `tool_choice` with each function name it names (a forced `function`, or `allowed_tools`) passed through `rename`. */
function transformToolChoice(choice: unknown, rename: (name: string) => string): unknown {
  if (!isRecord(choice)) return choice;
  if (choice.type === 'function') return resolveWireNameField(choice, 'function', rename);
  if (choice.type === 'allowed_tools' && isRecord(choice.allowed_tools) && Array.isArray(choice.allowed_tools.tools)) {
    const tools = choice.allowed_tools.tools.map((tool: unknown) =>
      isRecord(tool) && tool.type === 'function' ? resolveWireNameField(tool, 'function', rename) : tool,
    );
    return { ...choice, allowed_tools: { ...choice.allowed_tools, tools } };
  }
  return choice;
}

/** Adds, keeps or replaces the note in the system slot; see the transformer's documentation for the placement. */
function placeGuidance(messages: unknown[], guidance: string | null, warnings: ToolSearchWarning<OpenAIChatWarningCode>[]): unknown[] {
  const [first, ...rest] = messages;
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
    return content === null ? rest : [{ ...first, content }, ...rest];
  }
  if (guidance === null) return messages;
  return [{ role: 'system', content: guidance }, ...messages];
}

/** The tool's name when it (or its `function`) carries `defer_loading`. */
function deferLoadingName(slot: Extract<OpenAIChatToolSlot, { kind: 'function' | 'other' }>): string | undefined {
  const tool: unknown = slot.tool;
  if (!isRecord(tool)) return undefined;
  const inner = isRecord(tool.function) ? tool.function : isRecord(tool.custom) ? tool.custom : {};
  if (!('defer_loading' in tool) && !('defer_loading' in inner)) return undefined;
  return typeof inner.name === 'string' ? inner.name : `tools[${slot.index}]`;
}

/** The tool without `defer_loading` (on the tool or on its `function` / `custom`), or the same object. */
function withoutDeferLoading(tool: unknown): unknown {
  if (!isRecord(tool)) return tool;
  let result = tool;
  if ('defer_loading' in result) {
    const { defer_loading: _removed, ...rest } = result;
    result = rest;
  }
  for (const field of ['function', 'custom']) {
    const inner = result[field];
    if (isRecord(inner) && 'defer_loading' in inner) {
      const { defer_loading: _removed, ...rest } = inner;
      result = { ...result, [field]: rest };
    }
  }
  return result;
}

function customName(tool: unknown): string | undefined {
  return isRecord(tool) && tool.type === 'custom' && isRecord(tool.custom) && typeof tool.custom.name === 'string' ? tool.custom.name : undefined;
}

/** A copy with one field replaced in its place, or the same object when the value is unchanged. */
function renamed<T extends Record<string, unknown>>(value: T, field: string, name: string): T {
  return value[field] === name ? value : { ...value, [field]: name };
}
