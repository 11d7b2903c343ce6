import { isRecord } from '../../records/is-record.js';
import { isValidToolName } from '../../names/create-tool-name-mapping.js';
import { describeValue } from '../../errors/describe-value.js';
import { findLoneSurrogates } from '../../preflight/find-lone-surrogates.js';
import type { PreflightResult, PreflightViolation } from '../../preflight/preflight-result.js';
import { OPENAI_CHAT_MAX_TOOLS, OPENAI_CHAT_TOOL_NAME_RULE } from './openai-chat-api.js';
import { resolveOpenAIChatStrictSchemaProblem } from './resolve-openai-chat-strict-schema-problem.js';

/**
 * The rules {@link preflightOpenAIChatRequest} checks, by stable id. Sources: [sdk] the `openai` SDK's types and
 * doc comments (generated from the OpenAPI spec), [doc] OpenAI's guides, [obs] 400s reported in public issues.
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
 * - `lone-surrogate`: a string or key anywhere in the body holds a UTF-16 surrogate without its other half (an emoji
 *   or CJK extension character cut in two), which JSON carries as an unpaired `\udXXX` escape [obs: Anthropic 400
 *   "no low surrogate in string"; every API parses the body as JSON].
 */
export type OpenAIChatPreflightRule =
  | 'invalid-body'
  | 'invalid-tool-name'
  | 'duplicate-tool-name'
  | 'unsupported-tool-field'
  | 'unsupported-tool-type'
  | 'strict-schema-unsupported'
  | 'empty-tools'
  | 'too-many-tools'
  | 'tool-choice-without-tools'
  | 'tool-choice-unknown-tool'
  | 'tool-message-without-call'
  | 'tool-call-without-result'
  | 'lone-surrogate';

/**
 * Checks an OpenAI Chat Completions request body against the documented HTTP 400 rules for tools and tool calls
 * (see {@link OpenAIChatPreflightRule} for each rule and its source). Never throws: a body that cannot be read gives
 * an `invalid-body` violation. Every body `transformOpenAIChatRequest` returns passes it.
 *
 * @example
 * ```ts
 * import { preflightOpenAIChatRequest } from 'tool-search/openai';
 * const { ok, violations } = preflightOpenAIChatRequest(body);
 * if (!ok) throw new Error(violations.map((v) => `${v.rule} at ${v.path}: ${v.message}`).join('\n'));
 * ```
 */
export function preflightOpenAIChatRequest(body: unknown): PreflightResult {
  const violations: PreflightViolation[] = [];
  const add = (rule: OpenAIChatPreflightRule, path: string, message: string): void => {
    violations.push({ rule, path, message });
  };
  if (!isRecord(body)) {
    add('invalid-body', '', `the body must be a request object, got ${describeValue(body)}`);
    return { ok: false, violations };
  }
  const functionNames = checkTools(body.tools, add);
  checkLegacyFunctions(body.functions, add);
  checkToolChoice(body.tool_choice, body.tools, functionNames, add);
  if (body.parallel_tool_calls !== undefined && body.parallel_tool_calls !== null && (!Array.isArray(body.tools) || body.tools.length === 0)) {
    add('tool-choice-without-tools', 'parallel_tool_calls', '`parallel_tool_calls` is only allowed when `tools` are given');
  }
  if (Array.isArray(body.messages)) checkToolCallPairs(body.messages, add);
  else add('invalid-body', 'messages', `\`messages\` must be an array, got ${describeValue(body.messages)}`);
  for (const found of findLoneSurrogates(body)) add('lone-surrogate', found.path, found.message);
  return { ok: violations.length === 0, violations };
}

type Add = (rule: OpenAIChatPreflightRule, path: string, message: string) => void;

function checkTools(tools: unknown, add: Add): Set<string> {
  const names = new Set<string>();
  if (tools === undefined) return names;
  if (!Array.isArray(tools)) {
    add('invalid-body', 'tools', `\`tools\` must be an array, got ${describeValue(tools)}`);
    return names;
  }
  if (tools.length === 0) add('empty-tools', 'tools', '`tools` is an empty array; omit it instead (the API requires at least one tool)');
  if (tools.length > OPENAI_CHAT_MAX_TOOLS) {
    add(
      'too-many-tools',
      'tools',
      `Invalid 'tools': array too long. Expected an array with maximum length ${OPENAI_CHAT_MAX_TOOLS}, but got an array with length ${tools.length} instead. (array_above_max_length)`,
    );
  }
  const first = new Map<string, number>();
  tools.forEach((tool: unknown, index) => {
    const at = `tools[${index}]`;
    if (!isRecord(tool)) {
      add('invalid-body', at, `a tool must be an object, got ${describeValue(tool)}`);
      return;
    }
    if (tool.type === 'namespace' || tool.type === 'tool_search') {
      add('unsupported-tool-type', `${at}.type`, `Chat Completions has no \`${tool.type}\` tools; they belong to the Responses API`);
      return;
    }
    if ('defer_loading' in tool)
      add('unsupported-tool-field', `${at}.defer_loading`, '`defer_loading` is not a Chat Completions field (it belongs to the Responses API)');
    const inner = tool.type === 'function' ? tool.function : tool.type === 'custom' ? tool.custom : undefined;
    const innerField = tool.type === 'function' ? 'function' : 'custom';
    if (isRecord(inner) && 'defer_loading' in inner) {
      add('unsupported-tool-field', `${at}.${innerField}.defer_loading`, '`defer_loading` is not a Chat Completions field (it belongs to the Responses API)');
    }
    if (tool.type !== 'function') return;
    if (!isRecord(inner)) {
      add('invalid-body', `${at}.function`, `a function tool needs a \`function\` object, got ${describeValue(inner)}`);
      return;
    }
    const name = inner.name;
    if (typeof name !== 'string' || !isValidToolName(name, OPENAI_CHAT_TOOL_NAME_RULE)) {
      add('invalid-tool-name', `${at}.function.name`, `function name ${describeValue(name)} does not match '^[a-zA-Z0-9_-]{1,64}$'`);
    }
    if (typeof name === 'string') {
      const earlier = first.get(name);
      if (earlier !== undefined) add('duplicate-tool-name', `${at}.function.name`, `function \`${name}\` is also defined at \`tools[${earlier}]\``);
      else first.set(name, index);
      names.add(name);
    }
    if (inner.strict === true && inner.parameters !== undefined) {
      const problem = resolveOpenAIChatStrictSchemaProblem(inner.parameters);
      if (problem !== null)
        add(
          'strict-schema-unsupported',
          `${at}.function.parameters`,
          `\`${String(name)}\` has \`strict: true\`, but strict mode rejects its schema: ${problem}`,
        );
    }
  });
  return names;
}

function checkLegacyFunctions(functions: unknown, add: Add): void {
  if (!Array.isArray(functions)) return;
  functions.forEach((fn: unknown, index) => {
    const name = isRecord(fn) ? fn.name : undefined;
    if (typeof name !== 'string' || !isValidToolName(name, OPENAI_CHAT_TOOL_NAME_RULE)) {
      add('invalid-tool-name', `functions[${index}].name`, `function name ${describeValue(name)} does not match '^[a-zA-Z0-9_-]{1,64}$'`);
    }
  });
}

function checkToolChoice(choice: unknown, tools: unknown, functionNames: ReadonlySet<string>, add: Add): void {
  if (choice === undefined || choice === null) return;
  if (!Array.isArray(tools) || tools.length === 0) {
    add('tool-choice-without-tools', 'tool_choice', '`tool_choice` is only allowed when `tools` are given');
    return;
  }
  if (!isRecord(choice)) return;
  const named: [string, unknown][] = [];
  if (choice.type === 'function' && isRecord(choice.function)) named.push(['tool_choice.function.name', choice.function.name]);
  if (choice.type === 'allowed_tools' && isRecord(choice.allowed_tools) && Array.isArray(choice.allowed_tools.tools)) {
    choice.allowed_tools.tools.forEach((tool: unknown, index) => {
      if (isRecord(tool) && tool.type === 'function' && isRecord(tool.function)) {
        named.push([`tool_choice.allowed_tools.tools[${index}].function.name`, tool.function.name]);
      }
    });
  }
  for (const [path, name] of named) {
    if (typeof name !== 'string' || !functionNames.has(name))
      add('tool-choice-unknown-tool', path, `\`tool_choice\` names ${describeValue(name)}, which is not a function in \`tools\``);
  }
}

function checkToolCallPairs(messages: readonly unknown[], add: Add): void {
  let pending = new Set<string>();
  let caller = -1;
  const unanswered = (): void => {
    if (pending.size === 0) return;
    add(
      'tool-call-without-result',
      `messages[${caller}].tool_calls`,
      `tool calls ${[...pending].map((id) => `\`${id}\``).join(', ')} have no \`tool\` message answering them`,
    );
  };
  messages.forEach((message: unknown, index) => {
    if (!isRecord(message)) {
      add('invalid-body', `messages[${index}]`, `a message must be an object, got ${describeValue(message)}`);
      return;
    }
    if (message.role === 'tool') {
      const id = message.tool_call_id;
      if (typeof id === 'string' && pending.has(id)) pending.delete(id);
      else {
        add(
          'tool-message-without-call',
          `messages[${index}].tool_call_id`,
          `tool message ${describeValue(id)} does not answer a tool call of the assistant message before it`,
        );
      }
      return;
    }
    unanswered();
    pending = new Set();
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      caller = index;
      for (const call of message.tool_calls) if (isRecord(call) && typeof call.id === 'string') pending.add(call.id);
    }
  });
  unanswered();
}
