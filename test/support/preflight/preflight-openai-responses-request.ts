import { isRecord } from '../../../src/records/is-record.js';
import { describeValue } from '../../../src/errors/describe-value.js';
import { isValidToolName } from '../../../src/names/create-tool-name-mapping.js';
import type { PreflightResult, PreflightToolNames, PreflightRuleMessages, ReportPreflightRule, SharedPreflightRule } from './preflight-result.js';
import { preflightRequestBody } from './preflight-request-body.js';
import {
  OPENAI_RESPONSES_ITEM_TYPES_WITH_CREATED_BY,
  OPENAI_RESPONSES_NAMESPACE_NAME_RULE,
  OPENAI_RESPONSES_TOOL_NAME_RULE,
  isOpenAIResponsesReservedNamespace,
} from '../../../src/providers/openai/openai-responses-api.js';
import { resolveOpenAIResponsesToolLocations } from '../../../src/providers/openai/resolve-openai-responses-function-locations.js';
import { resolveModelSupport } from '../../../src/models/resolve-model-support.js';
import { quoteNames } from '../../../src/text/quote-names.js';

/**
 * The rules {@link preflightOpenAIResponsesRequest} checks, by stable id. Each is an HTTP 400 of the Responses API
 * (the provider's message quoted where it is known) unless marked otherwise, with the rules every preflight checks
 * ({@link SharedPreflightRule}).
 *
 * - `invalid-body`: the body is not an object.
 * - `invalid-tools`: `tools` is not an array, or a tool is not an object with a `type`.
 * - `invalid-tool-name`: a function name does not match `^[a-zA-Z0-9_-]+$` or is longer than 128
 *   (`Invalid 'tools[0].name': string does not match pattern`), or a custom tool has no name (a custom tool's name is
 *   free text: the function-name pattern does not apply to it). Tools an `additional_tools` item adds follow the same
 *   rules, and every namespace rule below applies to their namespaces too.
 * - `duplicate-tool-name`: two top-level tools, two tools of one namespace, or two tools of one `additional_tools`
 *   item share a name (conservative for the item).
 * - `invalid-namespace-name`: a namespace name is not `^[a-zA-Z0-9_-]{1,64}$`, the pattern of the `namespace` of every
 *   call made in it (the namespace tool's own `name` has no documented pattern).
 * - `duplicate-namespace-name`: two namespaces share a name (conservative).
 * - `namespace-without-description`: a namespace has no `description` string (required).
 * - `namespace-without-tools`: a namespace's `tools` is missing or empty (at least one is required).
 * - `namespace-member-type`: a namespace holds a tool other than function and custom tools.
 * - `namespace-defer-loading`: `defer_loading` set on a namespace itself; it belongs on the functions inside.
 * - `namespace-reserved-name`: a namespace is named like a reserved namespace (`tool_search`, `terminal`, …).
 * - `namespace-named-like-deferred-function`: a namespace shares its name with a deferred top-level function, whose
 *   calls use a namespace of its own name.
 * - `deferred-function-reserved-name`: a deferred top-level function is named like a reserved namespace
 *   (`Function 'terminal.terminal' is not allowed in reserved namespace 'terminal'`).
 * - `deferred-function-name-length`: a deferred top-level function's name is longer than 64 characters; its calls
 *   carry the name as their `namespace`, which is at most 64.
 * - `deferred-without-tool-search`: a tool has `defer_loading: true` and there is no tool search tool
 *   (`Deferred tools require tools.tool_search.`).
 * - `tool-search-without-deferred`: a hosted tool search tool and nothing deferred
 *   (`tools.tool_search requires at least one deferred tool.`). Not checked for `execution: "client"`, where it is
 *   unverified.
 * - `duplicate-tool-search`: more than one tool search tool (conservative).
 * - `tool-choice-deferred-function`: `tool_choice` forces a deferred function, or `allowed_tools` lists one (rejected by
 *   OpenAI's Agents SDK; the model cannot call a function it has not loaded).
 * - `tool-choice-namespaced-function`: `tool_choice` (or `allowed_tools`) names a function that is only in a
 *   namespace; `ToolChoiceFunction` has no `namespace` field, so only a top-level function can be named
 *   (conservative).
 * - `tool-choice-tool-search`: `tool_choice` forces the tool search tool ("Responses does not support forcing the
 *   built-in tool_search tool", OpenAI's Agents SDK).
 * - `function-call-missing-namespace`: a replayed `function_call` or `custom_tool_call` has no `namespace` but its
 *   tool is not in the default namespace (`Missing namespace for function_call '<name>'`).
 * - `function-call-invalid-namespace`: a replayed `function_call` or `custom_tool_call` has a `namespace` outside
 *   `^[a-zA-Z0-9_-]{1,64}$`.
 * - `function-call-invalid-name`: a replayed `function_call` has a name no function can have (an unmapped original
 *   name, or `namespace.name` folded into one), so it cannot match a tool (conservative).
 * - `tool-search-call-id-length`: a `tool_search_call` or `tool_search_output` in `input` has a `call_id` that is not
 *   1–64 characters.
 * - `output-only-field`: an `input` item carries the output-only `created_by`.
 * - `additional-tools-role`: an `additional_tools` item's `role` is not `developer` ("Only `developer` is supported",
 *   the SDK's `ResponseInputItem.AdditionalTools`; the API's message is not known).
 * - `additional-tools-invalid`: an `additional_tools` item has no `tools` list (required), or a tool in it is not an
 *   object with a `type`.
 * - `additional-tools-cache-breakpoint`: an `additional_tools` item carries `prompt_cache_breakpoint`, which the item
 *   cannot carry (OpenAI's prompt-caching guide, GPT-5.6 and later; the API's message is not known).
 * - `tool-choice-added-tool`: `tool_choice` forces, or `allowed_tools` lists, a tool that only an `additional_tools`
 *   item of `input` adds (not a top-level tool of `tools`), which OpenAI documents `tool_choice` cannot name (the
 *   API's message is not known).
 * - `tool-search-unsupported-model`: a `tool_search` tool is sent to an OpenAI model known not to support it (before
 *   GPT-5.4, or a `-nano` model: `gpt-5.4-nano` answers it with a 400). Unknown and gateway model ids are not checked.
 */
export type OpenAIResponsesPreflightRule = SharedPreflightRule | keyof typeof MESSAGES;

/** A value as the API's messages quote it (JSON); one JSON cannot write (a BigInt) described instead, so the preflight stays total. */
function quoteValue(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch {
    return describeValue(value);
  }
}

/** The message of each rule of the Responses API's own. */
const MESSAGES = {
  // Each worded where it is checked: a list that is not one, an entry that is not a tool.
  'invalid-tools': (message: string) => message,
  'additional-tools-invalid': (message: string) => message,
  'deferred-without-tool-search': () => "Invalid Value: 'tools.defer_loading'. Deferred tools require tools.tool_search.",
  'tool-search-without-deferred': () => "Invalid Value: 'tools.tool_search'. tools.tool_search requires at least one deferred tool.",
  'duplicate-tool-search': () => 'Only one tool search tool may be sent.',
  'namespace-named-like-deferred-function': (name: string) =>
    `Namespace '${name}' has the name of a deferred top-level function, which is called in a namespace of its own name; rename the namespace.`,
  'deferred-function-reserved-name': (name: string) =>
    `Invalid Value: 'tools'. Function '${name}.${name}' is not allowed in reserved namespace '${name}'. A deferred top-level function is called in a namespace of its own name; rename it or put it in a namespace.`,
  'deferred-function-name-length': (name: string) =>
    `Deferred function '${name}' is ${name.length} characters long; its calls carry its name as their \`namespace\`, which is at most ${OPENAI_RESPONSES_NAMESPACE_NAME_RULE.maxLength}. Shorten it or put it in a namespace.`,
  'invalid-namespace-name': (name: unknown) =>
    `Namespace names must be 1–${OPENAI_RESPONSES_NAMESPACE_NAME_RULE.maxLength} letters, digits, '_' or '-' (the pattern of a call's \`namespace\`), got ${quoteValue(name)}.`,
  'duplicate-namespace-name': (name: string, first: string, path: string) => `Namespace '${name}' is declared by ${first} and ${path}; merge them.`,
  'namespace-reserved-name': (name: string) => `Namespace '${name}' is a reserved namespace; choose another name.`,
  'namespace-without-description': (name: unknown) => `Namespace ${quoteValue(name)} must have a \`description\` string.`,
  'namespace-defer-loading': (name: unknown) =>
    `\`defer_loading\` applies to the functions inside a namespace, not to the namespace ${quoteValue(name)}; set it on each function.`,
  'namespace-without-tools': (name: unknown) => `Namespace ${quoteValue(name)} must hold at least one function or custom tool.`,
  'namespace-member-type': (path: string, member: unknown) =>
    `Namespaces hold only function and custom tools; ${path} is ${isRecord(member) ? quoteValue(member.type) : 'not a tool'}.`,
  'tool-choice-tool-search': () => 'The tool search tool cannot be forced with `tool_choice`.',
  'tool-choice-added-tool': (name: string) =>
    `\`tool_choice\` names '${name}', which only an \`additional_tools\` item adds; \`tool_choice\` and \`allowed_tools\` cannot name a tool added that way. Leave it out of \`tool_choice\`, or send it in \`tools\`.`,
  'tool-choice-deferred-function': (name: string) =>
    `\`tool_choice\` names '${name}', a deferred function; a deferred function cannot be forced. Send it without \`defer_loading\`.`,
  'tool-choice-namespaced-function': (name: string, namespaces: readonly string[]) =>
    `\`tool_choice\` names '${name}', which is only in namespace ${quoteNames(namespaces, "'")}; \`tool_choice\` has no \`namespace\` field, so send the function at the top level.`,
  'function-call-missing-namespace': (type: string, name: string, namespaces: readonly string[]) =>
    `Missing namespace for ${type} '${name}'. It does not exist in the default namespace. Round-trip the model's ${type} item with its namespace field included (it lives in ${quoteNames(namespaces, "'")}).`,
  'function-call-invalid-namespace': (path: string, namespace: string) =>
    `Invalid '${path}.namespace': expected '^[a-zA-Z0-9_-]{1,64}$', got ${quoteValue(namespace)}.`,
  'function-call-invalid-name': (name: string) =>
    `function_call name '${name}' is not a valid function name, so it cannot match a tool${name.includes('.') ? ' (keep the namespace in `namespace`, not folded into `name`)' : ''}.`,
  'tool-search-call-id-length': (path: string, callId: unknown) =>
    `Invalid '${path}.call_id': expected a string of 1–${MAX_CALL_ID_LENGTH} characters, got ${typeof callId === 'string' ? `${callId.length} characters` : quoteValue(callId)}.`,
  'output-only-field': (path: string) =>
    `Unknown parameter: '${path}.created_by'. \`created_by\` is an output-only field; remove it before replaying the item.`,
  'additional-tools-role': (path: string, role: unknown) =>
    `\`${path}\` is an \`additional_tools\` item with role ${quoteValue(role)}; only \`developer\` is supported.`,
  'additional-tools-cache-breakpoint': () =>
    'An `additional_tools` item cannot carry `prompt_cache_breakpoint`; put the breakpoint on a content block instead.',
  'tool-search-unsupported-model': (model: string) =>
    `\`${model}\` does not support \`tool_search\` (OpenAI documents it from GPT-5.4 on, without the nano tier); send this model no tool search tool.`,
} as const satisfies PreflightRuleMessages;

/** The longest `call_id` the API accepts on `tool_search_call` / `tool_search_output` input items. */
const MAX_CALL_ID_LENGTH = 64;

/**
 * Checks an OpenAI Responses request body against the documented HTTP 400 rules of tool search (see
 * {@link OpenAIResponsesPreflightRule}), without sending it. Total: any value can be checked; nothing throws.
 * `transformOpenAIResponsesRequest` output always passes.
 *
 * Not part of the public API (no entry exports it): the tests' local servers check every body they receive with it
 * (test/support/local-server.ts).
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 */
export function preflightOpenAIResponsesRequest(body: unknown): PreflightResult {
  return preflightRequestBody(body, MESSAGES, 'a JSON object', (request, report) => {
    const tools = request.tools;
    if (tools !== undefined && tools !== null && !Array.isArray(tools)) report('invalid-tools', 'tools', '`tools` must be an array.');
    const list: unknown[] = Array.isArray(tools) ? tools : [];
    // The tool search tool the deferred tools need (one), and the model it is sent to.
    const { firstDeferred, searchTools } = checkToolScope(list, 'tools', 'invalid-tools', report);
    if (firstDeferred !== undefined && searchTools.length === 0) report('deferred-without-tool-search', firstDeferred);
    const hostedSearch = searchTools.find((tool) => tool.hosted);
    if (hostedSearch !== undefined && firstDeferred === undefined) report('tool-search-without-deferred', hostedSearch.path);
    for (const extra of searchTools.slice(1)) report('duplicate-tool-search', extra.path);
    const support = typeof request.model === 'string' ? resolveModelSupport(request.model) : undefined;
    if (searchTools[0] !== undefined && support?.gateway === null && /^gpt-\d/.test(support.baseId) && !support.openaiHosted)
      report('tool-search-unsupported-model', searchTools[0].path, request.model as string);
    checkToolChoice(request.tool_choice, list, request.input, report);
    checkInput(request, list, report);
  });
}

type Report = ReportPreflightRule<typeof MESSAGES>;

const INVALID_FUNCTION_NAME = (name: unknown, place: string): string =>
  `Invalid '${place}.name': function names must match '^[a-zA-Z0-9_-]+$' and be at most ${OPENAI_RESPONSES_TOOL_NAME_RULE.maxLength} characters, got ${quoteValue(name)}.`;

/** Checks a function or custom tool of a list or a namespace (`names`: that scope's) and takes its name; the name, unless it is invalid. */
type ClaimTool = (tool: Record<string, unknown>, path: string, names: PreflightToolNames) => string | undefined;

/**
 * Checks one list of tools (`tools`, or an `additional_tools` item's) and the namespaces in it: names, namespaces,
 * deferred names. `place` is the list's path; `invalid` the rule for an entry that is not a tool. Returns the first
 * deferred tool's path and the tool search tools, for the rules only `tools` answers to.
 */
function checkToolScope(list: readonly unknown[], place: string, invalid: 'invalid-tools' | 'additional-tools-invalid', report: Report) {
  const scope = { firstDeferred: undefined as string | undefined, searchTools: [] as { path: string; hosted: boolean }[] };
  const deferredFunctions = new Set<string>();
  const namespaceNames = new Map<string, string>();
  const claim: ClaimTool = (tool, path, names) => {
    // A custom tool's name is free text: only a function's name has a pattern.
    const valid = tool.type === 'custom' ? typeof tool.name === 'string' && tool.name.length > 0 : names.checkName(tool.name, path);
    if (!valid && tool.type === 'custom')
      report('invalid-tool-name', `${path}.name`, `Invalid '${path}.name': a custom tool needs a non-empty name, got ${quoteValue(tool.name)}.`);
    if (!valid) return undefined;
    names.claim(tool.name as string, path);
    if (tool.defer_loading === true) scope.firstDeferred ??= `${path}.defer_loading`;
    return tool.name as string;
  };
  const topLevelNames = report.names(OPENAI_RESPONSES_TOOL_NAME_RULE, {
    invalid: INVALID_FUNCTION_NAME,
    duplicate: (name, first, place) => `Tool name '${name}' is used by ${first} and ${place}; tool names must be unique.`,
  });
  list.forEach((tool, index) => {
    const path = `${place}[${index}]`;
    if (!isRecord(tool) || typeof tool.type !== 'string') report(invalid, path, `\`${path}\` must be a tool object with a \`type\`.`);
    else if (tool.type === 'namespace') checkNamespace(tool, path, namespaceNames, claim, report);
    else if (tool.type === 'tool_search') scope.searchTools.push({ path, hosted: tool.execution !== 'client' });
    else if (tool.type !== 'function' && tool.type !== 'custom') {
      if (tool.defer_loading === true) scope.firstDeferred ??= `${path}.defer_loading`;
    } else {
      const name = claim(tool, path, topLevelNames);
      if (name === undefined || tool.defer_loading !== true) return;
      deferredFunctions.add(name);
      // A deferred top-level tool is called in a namespace of its own name: that name must be neither reserved nor too long for a namespace.
      if (isOpenAIResponsesReservedNamespace(name)) report('deferred-function-reserved-name', `${path}.name`, name);
      if (tool.type === 'function' && name.length > OPENAI_RESPONSES_NAMESPACE_NAME_RULE.maxLength)
        report('deferred-function-name-length', `${path}.name`, name);
    }
  });
  for (const [name, path] of namespaceNames) if (deferredFunctions.has(name)) report('namespace-named-like-deferred-function', `${path}.name`, name);
  return scope;
}

/** Checks a namespace: its name (valid, unique in `namespaceNames`, not reserved), its description, and its members' types and names. */
function checkNamespace(namespace: Record<string, unknown>, path: string, namespaceNames: Map<string, string>, claim: ClaimTool, report: Report): void {
  const name = namespace.name;
  if (typeof name !== 'string' || !isValidToolName(name, OPENAI_RESPONSES_NAMESPACE_NAME_RULE)) {
    report('invalid-namespace-name', `${path}.name`, name);
  } else {
    const first = namespaceNames.get(name);
    if (first !== undefined) report('duplicate-namespace-name', `${path}.name`, name, first, path);
    else namespaceNames.set(name, path);
    if (isOpenAIResponsesReservedNamespace(name)) report('namespace-reserved-name', `${path}.name`, name);
  }
  if (typeof namespace.description !== 'string') report('namespace-without-description', `${path}.description`, name);
  if ('defer_loading' in namespace) report('namespace-defer-loading', `${path}.defer_loading`, name);
  if (!Array.isArray(namespace.tools) || namespace.tools.length === 0) {
    report('namespace-without-tools', `${path}.tools`, name);
    return;
  }
  const members = report.names(OPENAI_RESPONSES_TOOL_NAME_RULE, {
    invalid: INVALID_FUNCTION_NAME,
    duplicate: (member, first, place) => `Tool name '${member}' is used twice in namespace ${quoteValue(name)} (${first} and ${place}).`,
  });
  namespace.tools.forEach((member: unknown, index) => {
    const memberPath = `${path}.tools[${index}]`;
    if (isRecord(member) && (member.type === 'function' || member.type === 'custom')) claim(member, memberPath, members);
    else report('namespace-member-type', memberPath, memberPath, member);
  });
}

function checkToolChoice(choice: unknown, tools: readonly unknown[], input: unknown, report: Report): void {
  if (!isRecord(choice)) return;
  if (choice.type === 'tool_search') {
    report('tool-choice-tool-search', 'tool_choice');
    return;
  }
  const sent = resolveOpenAIResponsesToolLocations(tools);
  // What `additional_tools` items add: tools `tool_choice` cannot name.
  const added = resolveOpenAIResponsesToolLocations([], Array.isArray(input) ? input.filter((item) => isRecord(item) && item.type === 'additional_tools') : []);
  const listed = choice.type === 'allowed_tools' && Array.isArray(choice.tools);
  for (const [index, tool] of (listed ? (choice.tools as unknown[]) : [choice]).entries()) {
    if (!isRecord(tool) || (tool.type !== 'function' && tool.type !== 'custom') || typeof tool.name !== 'string') continue;
    const { name, type } = tool as { name: string; type: 'function' | 'custom' };
    const path = listed ? `tool_choice.tools[${index}].name` : 'tool_choice.name';
    if (sent[type].topLevel.has(name)) continue;
    if (added[type].topLevel.has(name) || added[type].namespaces.has(name)) {
      report('tool-choice-added-tool', path, name);
      continue;
    }
    if (type === 'custom') continue;
    const namespaces = sent.function.namespaces.get(name);
    if (isDeferred(tools, name)) report('tool-choice-deferred-function', path, name);
    else if (namespaces !== undefined) report('tool-choice-namespaced-function', path, name, namespaces);
  }
}

function checkInput(body: Record<string, unknown>, tools: readonly unknown[], report: Report): void {
  if (!Array.isArray(body.input)) return;
  const found = resolveOpenAIResponsesToolLocations(tools, body.input);
  const locations = { function_call: found.function, custom_tool_call: found.custom };
  body.input.forEach((item: unknown, index) => {
    if (!isRecord(item)) return;
    const path = `input[${index}]`;
    if ('created_by' in item && typeof item.type === 'string' && OPENAI_RESPONSES_ITEM_TYPES_WITH_CREATED_BY.has(item.type)) {
      report('output-only-field', `${path}.created_by`, path);
    }
    // An `additional_tools` item: its role, its tools (the rules of `tools`, in a scope of their own), no cache breakpoint.
    if (item.type === 'additional_tools') {
      if (item.role !== 'developer') report('additional-tools-role', `${path}.role`, path, item.role);
      if ('prompt_cache_breakpoint' in item) report('additional-tools-cache-breakpoint', `${path}.prompt_cache_breakpoint`);
      if (Array.isArray(item.tools)) checkToolScope(item.tools, `${path}.tools`, 'additional-tools-invalid', report);
      else report('additional-tools-invalid', `${path}.tools`, `\`${path}.tools\` must be the list of tools the item adds, got ${describeValue(item.tools)}.`);
    }
    if ((item.type === 'tool_search_call' || item.type === 'tool_search_output') && item.call_id !== undefined && item.call_id !== null) {
      const callId = item.call_id;
      if (typeof callId !== 'string' || callId.length < 1 || callId.length > MAX_CALL_ID_LENGTH)
        report('tool-search-call-id-length', `${path}.call_id`, path, callId);
    }
    if ((item.type !== 'function_call' && item.type !== 'custom_tool_call') || typeof item.name !== 'string') return;
    if (item.type === 'function_call' && !isValidToolName(item.name, OPENAI_RESPONSES_TOOL_NAME_RULE)) {
      report('function-call-invalid-name', `${path}.name`, item.name);
      return;
    }
    const namespace = item.namespace;
    if (typeof namespace === 'string' && namespace.length > 0) {
      if (!isValidToolName(namespace, OPENAI_RESPONSES_NAMESPACE_NAME_RULE)) report('function-call-invalid-namespace', `${path}.namespace`, path, namespace);
      return;
    }
    const where = locations[item.type];
    const namespaces = where.namespaces.get(item.name);
    if (!where.topLevel.has(item.name) && namespaces !== undefined)
      report('function-call-missing-namespace', `${path}.namespace`, item.type, item.name, namespaces);
  });
}

/** Whether a tool of `tools`, or of a namespace among them, is named `name` and deferred. */
function isDeferred(tools: readonly unknown[], name: string): boolean {
  const members = tools.flatMap((tool) => (isRecord(tool) && tool.type === 'namespace' && Array.isArray(tool.tools) ? tool.tools : [tool]));
  return members.some((tool: unknown) => isRecord(tool) && tool.name === name && tool.defer_loading === true);
}
