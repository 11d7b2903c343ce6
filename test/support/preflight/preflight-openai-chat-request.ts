import { isRecord } from '../../../src/records/is-record.js';
import { quoteNames } from '../../../src/text/quote-names.js';
import { describeValue } from '../../../src/errors/describe-value.js';
import type { PreflightResult, PreflightRuleMessages, PreflightToolNames, ReportPreflightRule, SharedPreflightRule } from './preflight-result.js';
import { preflightRequestBody } from './preflight-request-body.js';
import { OPENAI_CHAT_MAX_TOOLS, OPENAI_CHAT_TOOL_NAME_RULE } from '../../../src/providers/openai/openai-chat-api.js';
import { resolveOpenAIChatStrictSchemaProblem } from '../../../src/providers/openai/resolve-openai-chat-strict-schema-problem.js';

/**
 * The rules {@link preflightOpenAIChatRequest} checks, by stable id. Sources: [sdk] the `openai` SDK's types and
 * doc comments (generated from the OpenAPI spec), [doc] OpenAI's guides, [obs] 400s reported in public issues. With
 * the rules every preflight checks ({@link SharedPreflightRule}):
 *
 * - `invalid-body`: the body, `messages`, `tools` or a tool is not the shape the API requires.
 * - `invalid-tool-name`: a function name does not match `^[a-zA-Z0-9_-]{1,64}$` [sdk `FunctionDefinition.name`;
 *   obs "string does not match pattern"] (in `tools` and the legacy `functions`).
 * - `duplicate-tool-name`: two function tools share a name; the model cannot tell them apart.
 * - `unsupported-tool-field`: a tool carries `defer_loading`, which no Chat Completions schema has (it belongs to
 *   the Responses API) [sdk].
 * - `unsupported-tool-type`: a `namespace` or `tool_search` tool, which only the Responses API accepts [sdk].
 * - `strict-schema-unsupported`: `strict: true` with a schema strict mode rejects: the root is not an object schema,
 *   or an object schema lacks `additionalProperties: false` or leaves a property out of `required` (a permissive
 *   stub is the common case) [doc Structured Outputs].
 * - `empty-tools`: `tools` is an empty array [obs "empty array. Expected an array with minimum length 1"].
 * - `too-many-tools`: `tools` holds more than 128 entries [obs 400 `array_above_max_length`: "array too long. Expected
 *   an array with maximum length 128"].
 * - `tool-choice-without-tools`: `tool_choice` or `parallel_tool_calls` is set but there are no tools [obs "'tool_choice'
 *   is only allowed when 'tools' are specified", "'parallel_tool_calls' is only allowed when 'tools' are specified"].
 * - `tool-choice-unknown-tool`: `tool_choice` (or `allowed_tools`) names a function that is not in `tools` [obs].
 * - `tool-message-without-call`: a `tool` message does not answer a `tool_calls[].id` of the assistant message
 *   right before it (other tool messages aside) [obs "messages with role 'tool' must be a response to a preceding
 *   message with 'tool_calls'"].
 * - `tool-call-without-result`: an assistant message's tool calls are not all answered by the `tool` messages that
 *   follow it [obs "An assistant message with 'tool_calls' must be followed by tool messages responding to each
 *   'tool_call_id'"].
 */
export type OpenAIChatPreflightRule = SharedPreflightRule | keyof typeof MESSAGES;

/** The message of each rule of the Chat Completions API's own. */
const MESSAGES = {
  'unsupported-tool-field': () => '`defer_loading` is not a Chat Completions field (it belongs to the Responses API)',
  'unsupported-tool-type': (type: string) => `Chat Completions has no \`${type}\` tools; they belong to the Responses API`,
  'strict-schema-unsupported': (name: unknown, problem: string) => `\`${String(name)}\` has \`strict: true\`, but strict mode rejects its schema: ${problem}`,
  'empty-tools': () => '`tools` is an empty array; omit it instead (the API requires at least one tool)',
  'too-many-tools': (length: number) =>
    `Invalid 'tools': array too long. Expected an array with maximum length ${OPENAI_CHAT_MAX_TOOLS}, but got an array with length ${length} instead. (array_above_max_length)`,
  'tool-choice-without-tools': (field: string) => `\`${field}\` is only allowed when \`tools\` are given`,
  'tool-choice-unknown-tool': (name: unknown) => `\`tool_choice\` names ${describeValue(name)}, which is not a function in \`tools\``,
  'tool-message-without-call': (id: unknown) => `tool message ${describeValue(id)} does not answer a tool call of the assistant message before it`,
  'tool-call-without-result': (ids: readonly string[]) => `tool calls ${quoteNames(ids)} have no \`tool\` message answering them`,
} as const satisfies PreflightRuleMessages;

/**
 * Checks an OpenAI Chat Completions request body against the documented HTTP 400 rules for tools and tool calls
 * (see {@link OpenAIChatPreflightRule} for each rule and its source). Never throws: a body that cannot be read gives
 * an `invalid-body` violation. Every body `transformOpenAIChatRequest` returns passes it.
 *
 * Not part of the public API (no entry exports it): the tests' local servers check every body they receive with it
 * (test/support/local-server.ts).
 */
export function preflightOpenAIChatRequest(body: unknown): PreflightResult {
  return preflightRequestBody(body, MESSAGES, 'a request object', (request, report) => {
    const names = report.names(OPENAI_CHAT_TOOL_NAME_RULE, NAME_MESSAGES);
    checkTools(request.tools, names, report);
    // The legacy `functions` are their own scope: only the name rule applies to them.
    const legacy = report.names(OPENAI_CHAT_TOOL_NAME_RULE, NAME_MESSAGES);
    for (const [index, fn] of (Array.isArray(request.functions) ? request.functions : []).entries())
      legacy.checkName(isRecord(fn) ? fn.name : undefined, `functions[${index}]`);
    checkToolChoice(request.tool_choice, request.tools, names, report);
    if (request.parallel_tool_calls !== undefined && request.parallel_tool_calls !== null && (!Array.isArray(request.tools) || request.tools.length === 0)) {
      report('tool-choice-without-tools', 'parallel_tool_calls', 'parallel_tool_calls');
    }
    if (report.array(request.messages, 'messages')) checkToolCallPairs(request.messages, report);
  });
}

type Report = ReportPreflightRule<typeof MESSAGES>;

const NAME_MESSAGES = {
  invalid: (name: unknown) => `function name ${describeValue(name)} does not match '^[a-zA-Z0-9_-]{1,64}$'`,
  duplicate: (name: string, first: string) => `function \`${name}\` is also defined at \`${first}\``,
} as const;

function checkTools(tools: unknown, names: PreflightToolNames, report: Report): void {
  if (tools === undefined || !report.array(tools, 'tools')) return;
  if (tools.length === 0) report('empty-tools', 'tools');
  if (tools.length > OPENAI_CHAT_MAX_TOOLS) report('too-many-tools', 'tools', tools.length);
  tools.forEach((tool: unknown, index) => {
    const at = `tools[${index}]`;
    if (!report.record(tool, at, 'a tool')) return;
    if (tool.type === 'namespace' || tool.type === 'tool_search') {
      report('unsupported-tool-type', `${at}.type`, tool.type);
      return;
    }
    if ('defer_loading' in tool) report('unsupported-tool-field', `${at}.defer_loading`);
    const inner = tool.type === 'function' ? tool.function : tool.type === 'custom' ? tool.custom : undefined;
    if (isRecord(inner) && 'defer_loading' in inner)
      report('unsupported-tool-field', `${at}.${tool.type === 'function' ? 'function' : 'custom'}.defer_loading`);
    if (tool.type !== 'function') return;
    if (!isRecord(inner)) {
      report('invalid-body', `${at}.function`, `a function tool needs a \`function\` object, got ${describeValue(inner)}`);
      return;
    }
    const name = inner.name;
    names.check(name, at, `${at}.function.name`);
    if (inner.strict === true && inner.parameters !== undefined) {
      const problem = resolveOpenAIChatStrictSchemaProblem(inner.parameters);
      if (problem !== null) report('strict-schema-unsupported', `${at}.function.parameters`, name, problem);
    }
  });
}

function checkToolChoice(choice: unknown, tools: unknown, names: PreflightToolNames, report: Report): void {
  if (choice === undefined || choice === null) return;
  if (!Array.isArray(tools) || tools.length === 0) {
    report('tool-choice-without-tools', 'tool_choice', 'tool_choice');
    return;
  }
  if (!isRecord(choice)) return;
  const checkNamed = (name: unknown, path: string): void => {
    if (!names.has(name)) report('tool-choice-unknown-tool', path, name);
  };
  if (choice.type === 'function' && isRecord(choice.function)) checkNamed(choice.function.name, 'tool_choice.function.name');
  if (choice.type === 'allowed_tools' && isRecord(choice.allowed_tools) && Array.isArray(choice.allowed_tools.tools)) {
    for (const [index, tool] of choice.allowed_tools.tools.entries())
      if (isRecord(tool) && tool.type === 'function' && isRecord(tool.function))
        checkNamed(tool.function.name, `tool_choice.allowed_tools.tools[${index}].function.name`);
  }
}

/**
 * The call/result pairing: a `tool` message answers a call of the assistant message right before it (only other tool
 * messages between), and every call is answered before the next message of another kind (or the end).
 */
function checkToolCallPairs(messages: readonly unknown[], report: Report): void {
  let pending = new Set<string>();
  let caller = '';
  const endTurn = (): void => {
    if (pending.size > 0) report('tool-call-without-result', `${caller}.tool_calls`, [...pending]);
  };
  messages.forEach((message: unknown, index) => {
    if (!report.record(message, `messages[${index}]`, 'a message')) return;
    if (message.role === 'tool') {
      if (typeof message.tool_call_id !== 'string' || !pending.delete(message.tool_call_id))
        report('tool-message-without-call', `messages[${index}].tool_call_id`, message.tool_call_id);
      return;
    }
    endTurn();
    caller = `messages[${index}]`;
    const calls = message.role === 'assistant' && Array.isArray(message.tool_calls) ? message.tool_calls : [];
    pending = new Set(calls.flatMap((call: unknown) => (isRecord(call) && typeof call.id === 'string' ? [call.id] : [])));
  });
  endTurn();
}
