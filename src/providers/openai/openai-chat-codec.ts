import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import { isOwnTool, createStubInputSchema } from '../../tools/tool-search-tool-definition.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { readContentText, readNeutralHistory, readTurnStart, type NeutralTool } from '../../request/neutral-request.js';
import type { PredictedLoad } from '../../request/request-tools.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { resolveClientAPIRequest } from '../../request/resolve-client-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../tools/parse-wire-tool-definition.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { OPENAI_CHAT_MAX_TOOLS, OPENAI_CHAT_TOOL_NAME_RULE, type OpenAIChatFunctionTool } from './openai-chat-api.js';
import { resolveOpenAIChatStrictSchemaProblem } from './resolve-openai-chat-strict-schema-problem.js';
import type { OpenAIChatWarningCode } from './openai-chat-warning.js';
import { placeOpenAIChatGuidance as placeGuidance } from './place-openai-chat-guidance.js';
import { readOpenAIChatMessage as readMessage } from './read-openai-chat-message.js';
import { transformOpenAIChatMessage as transformMessage } from './transform-openai-chat-message.js';

/**
 * One entry of a Chat Completions body's `tools`, classified.
 *
 * - `function`: a function tool, with its `ToolDefinition`.
 * - `own-search`: this package's own `tool_search` function (from a transformed body).
 * - `hosted-search`: a Responses-style `{ type: 'tool_search' }`, which Chat Completions does not accept.
 * - `other`: any other tool (`custom`, or a type this package does not know), passed through.
 */
type ToolSlot =
  | { readonly kind: 'function'; readonly index: number; readonly tool: Record<string, unknown>; readonly definition: ToolDefinition }
  | { readonly kind: 'own-search' | 'hosted-search'; readonly index: number }
  | { readonly kind: 'other'; readonly index: number; readonly tool: unknown };

/**
 * `tools` as read: its slots, the definitions of its functions, the list in neutral form, the tools that are not the
 * plan's (kept at their places), the names of tools that carried `defer_loading`, the places of hosted search tools.
 */
interface ChatTools {
  readonly slots: readonly ToolSlot[];
  readonly definitions: readonly ToolDefinition[];
  readonly neutral: readonly NeutralTool[];
  readonly others: readonly Extract<ToolSlot, { kind: 'other' }>[];
  readonly deferLoading: readonly string[];
  readonly hostedSearch: readonly number[];
}

/** The body as the codec's `write` needs it back. */
interface ChatRead {
  readonly request: Record<string, unknown>;
  readonly tools: ChatTools;
  readonly messages: readonly unknown[];
}

/** Chat Completions' codec: `tools`, `tool_choice`, the legacy `functions`, the leading system message and `tool_calls`. */
export const OPENAI_CHAT_CODEC: Readonly<WireCodec<ChatRead, ChatTools, OpenAIChatWarningCode>> = {
  api: 'openai-chat',
  label: 'OpenAI Chat Completions',
  rule: OPENAI_CHAT_TOOL_NAME_RULE,
  decide: resolveClientAPIRequest,
  maxTools: OPENAI_CHAT_MAX_TOOLS,
  overLimitCode: 'too-many-tools',
  readTools: readToolSlots,
  read(body, context) {
    const request = parseRequestBody(body, 'a Chat Completions request object');
    const tools = context.tools !== undefined && context.tools.list === request.tools ? context.tools.read : readToolSlots(request);
    const messages = request.messages;
    if (!Array.isArray(messages)) {
      throw new ToolSearchError('invalid-request', `\`messages\` must be an array of messages, got ${describeValue(messages)}`);
    }
    const otherNames: string[] = [];
    for (const fn of Array.isArray(request.functions) ? request.functions : []) if (isRecord(fn) && typeof fn.name === 'string') otherNames.push(fn.name);
    const turnStart = readTurnStart(messages, readUserText);
    return {
      tools: tools.neutral,
      otherNames,
      forced: readRenamedNames((rename) => transformToolChoice(request.tool_choice, rename)),
      history: readNeutralHistory(messages, readMessage),
      ...(turnStart === undefined ? {} : { turnStart }),
      read: { request, tools, messages },
    };
  },
  write({ read }, decided) {
    const { request, tools: list, messages } = read;
    const { slots } = list;
    const { names } = decided;
    const warnings: ToolSearchWarning<OpenAIChatWarningCode>[] = [];
    const tools: unknown[] = decided.entries.map((entry) => {
      const wireName = names.toWire(entry.name);
      switch (entry.status) {
        case 'loaded':
        case 'revealed':
        case 'defer-loading':
          return writeFunction(slots[decided.bodyIndexOf(entry.name) as number] as FunctionSlot, entry.name, wireName, warnings);
        case 'search':
        case 'call':
          return {
            type: 'function',
            function: { name: wireName, description: entry.description as string, parameters: entry.inputSchema },
          } satisfies OpenAIChatFunctionTool;
        case 'deferred':
          // The stub is an open object (`additionalProperties: true`), which strict mode rejects. Two literals, not a
          // conditional spread: this runs for every deferred tool of every request.
          return {
            type: 'function',
            function:
              entry.description === undefined
                ? { name: wireName, parameters: createStubInputSchema(), strict: false }
                : { name: wireName, description: entry.description, parameters: createStubInputSchema(), strict: false },
          } satisfies OpenAIChatFunctionTool;
        default:
          return assertNever(entry, 'request tool status');
      }
    });
    // Provider tools the plan does not know keep their position.
    for (const slot of list.others) tools.splice(Math.min(slot.index, tools.length), 0, withoutDeferLoading(slot.tool));
    const { deferLoading } = list;
    if (deferLoading.length > 0) {
      warnings.push({
        code: 'defer-loading-removed',
        message: `${deferLoading.map((name) => `\`${name}\``).join(', ')} carried \`defer_loading\`, which Chat Completions rejects (it belongs to the Responses API); it was removed`,
      });
    }
    for (const index of list.hostedSearch) {
      warnings.push({
        code: 'hosted-tool-search-removed',
        message: `\`tools[${index}]\` is a Responses-style \`{ type: 'tool_search' }\`, which Chat Completions rejects; it was removed${decided.guidance === null ? '' : ' (the client-side `tool_search` function takes its place)'}`,
      });
    }

    const output: Record<string, unknown> = { ...request };
    const predicted = decided.predicted === undefined ? undefined : writePredictedMessages(decided.predicted);
    output.messages = placeGuidance(
      [...messages.map((message, index) => transformMessage(message, index, names, warnings)), ...(predicted ?? [])],
      decided.guidance,
      warnings,
    );
    const toolChoice = transformToolChoice(request.tool_choice, decided.toWire);
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
    const legacyFunctions = Array.isArray(request.functions) ? request.functions : undefined;
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
    return { body: output, warnings, ...(predicted === undefined ? {} : { predicted }) };
  },
};

/**
 * The predicted load as the package's `tool_search` call and its answer after the user's message: an assistant message
 * with the call, and the `tool` message with the result (Chat Completions has no tool-addition item).
 */
function writePredictedMessages(load: PredictedLoad): unknown[] {
  return [
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: load.callId, type: 'function', function: { name: load.searchName, arguments: JSON.stringify({ query: load.query }) } }],
    },
    { role: 'tool', tool_call_id: load.callId, content: formatToolSearchResult(load.result) },
  ];
}

/** A user message's text (its string content, or its text parts), which starts a turn when it ends the history. */
function readUserText(message: unknown): string | undefined {
  return isRecord(message) && message.role === 'user' ? readContentText(message.content) : undefined;
}

type FunctionSlot = Extract<ToolSlot, { kind: 'function' }>;

/** A caller's function sent in full under `wireName`, without `defer_loading`, and non-strict where strict mode rejects its schema. */
function writeFunction(slot: FunctionSlot, name: string, wireName: string, warnings: ToolSearchWarning<OpenAIChatWarningCode>[]): unknown {
  const tool = withoutDeferLoading(slot.tool) as Record<string, unknown>;
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

/** Checks the body's `tools` and classifies them; throws like {@link parseOpenAIChatTools}. */
function readToolSlots(request: Record<string, unknown>): ChatTools {
  const tools = parseRequestToolList(request.tools, 'tools');
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `function \`${name}\` is defined twice (\`tools[${first}]\` and \`tools[${at}]\`); function names must be unique`,
  );
  const definitions: ToolDefinition[] = [];
  const slots = tools.map((tool: unknown, index): ToolSlot => {
    if (typeof tool !== 'object' || tool === null || Array.isArray(tool)) {
      throw new ToolSearchError('invalid-request', `${toolPath(index)} must be a tool object, got ${describeValue(tool)}`);
    }
    const entry = tool as Record<string, unknown>;
    if (typeof entry.type !== 'string') {
      throw new ToolSearchError('invalid-request', `${toolPath(index)}.type must be a string such as 'function', got ${describeValue(entry.type)}`);
    }
    if (entry.type === 'namespace') {
      throw new ToolSearchError(
        'invalid-request',
        `${toolPath(index)} is a \`namespace\` tool, which only the Responses API accepts (Chat Completions has no namespaces); list its functions as \`{ type: 'function', function }\` tools, or send the body with \`transformOpenAIResponsesRequest\``,
      );
    }
    if (entry.type === 'tool_search') return { kind: 'hosted-search', index };
    if (entry.type !== 'function') return { kind: 'other', index, tool };
    const definition = parseFunction(entry.function, index);
    if (isOwnTool(definition)) return { kind: 'own-search', index };
    checkName(definition.name, index);
    definitions.push(definition);
    return { kind: 'function', index, tool: entry, definition };
  });
  const others: Extract<ToolSlot, { kind: 'other' }>[] = [];
  const deferLoading: string[] = [];
  const hostedSearch: number[] = [];
  const neutral = slots.map((slot): NeutralTool => {
    if (slot.kind === 'function' || slot.kind === 'other') {
      const name = deferLoadingName(slot);
      if (name !== undefined) deferLoading.push(name);
    }
    switch (slot.kind) {
      case 'function':
        return { kind: 'function', index: slot.index, definition: slot.definition, deferred: false };
      case 'other': {
        others.push(slot);
        const name = customName(slot.tool);
        return name === undefined ? { kind: 'other', index: slot.index, deferred: false } : { kind: 'other', index: slot.index, name, deferred: false };
      }
      case 'hosted-search':
        hostedSearch.push(slot.index);
        return { kind: 'hosted-search', index: slot.index };
      case 'own-search':
        return { kind: 'own', index: slot.index };
      default:
        return assertNever(slot, 'tool slot');
    }
  });
  return { slots, definitions, neutral, others, deferLoading, hostedSearch };
}

/** How messages name a tool; written only when there is something to report, as this runs for every tool. */
function toolPath(index: number): string {
  return `\`tools[${index}]\``;
}

function parseFunction(value: unknown, index: number): ToolDefinition {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolSearchError('invalid-request', `${toolPath(index)}.function must be a function definition object, got ${describeValue(value)}`);
  }
  const { name, description, parameters } = value as Record<string, unknown>;
  // "Omitting `parameters` defines a function with an empty parameter list" (the API reference).
  // By index: the path is written only for an error (this runs for every tool of every request).
  return parseWireToolDefinition({ name, description, inputSchema: parameters }, index, describeField, 'optional');
}

/** How errors name a field of a function tool: "`tools[3]`.function.parameters of `x`". */
const describeField: DescribeWireToolField<number> = (index, field, name) =>
  `${toolPath(index)}.function.${field === 'inputSchema' ? 'parameters' : field}${name === undefined ? '' : ` of \`${name}\``}`;

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

/** The tool's name when it (or its `function`) carries `defer_loading`. */
function deferLoadingName(slot: Extract<ToolSlot, { kind: 'function' | 'other' }>): string | undefined {
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
