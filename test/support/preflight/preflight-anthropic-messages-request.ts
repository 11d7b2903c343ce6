import { isRecord } from '../../../src/records/is-record.js';
import type { PreflightResult, PreflightRuleMessages, ReportPreflightRule, SharedPreflightRule } from './preflight-result.js';
import { preflightRequestBody } from './preflight-request-body.js';
import { describeValue } from '../../../src/errors/describe-value.js';
import { resolveModelSupport } from '../../../src/models/resolve-model-support.js';
import type { ModelPlatform, ModelReference } from '../../../src/models/model-reference.js';
import {
  ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA,
  ANTHROPIC_INLINE_TOOLS_BETA,
  ANTHROPIC_MAX_AVAILABLE_TOOLS,
  ANTHROPIC_MAX_DEFERRED_TOOLS,
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_CHANGES_BETA,
} from '../../../src/providers/anthropic/anthropic-messages-api.js';
import {
  resolveAnthropicToolChange,
  holdsAnthropicToolReference,
  resolveAnthropicToolKind,
} from '../../../src/providers/anthropic/anthropic-messages-tool-rules.js';
import { resolveAnthropicToolDeferral, resolveAnthropicToolChangeSupport } from '../../../src/providers/anthropic/anthropic-messages-tool-rules.js';
import { countUTF8Bytes } from '../../../src/text/count-utf8-bytes.js';
import { readAnthropicMessagesHistory } from '../../../src/providers/anthropic/anthropic-messages-history.js';

/** The message of each rule of the Messages API's own, in the order they are checked. */
const MESSAGES = {
  'all-tools-deferred': () => 'At least one tool must have defer_loading=false. All tools cannot be deferred.',
  'search-tool-deferred': (label: string) => `the tool search tool \`${label}\` must never have \`defer_loading: true\``,
  'deferred-tool-cache-control': (label: string) =>
    `Tool '${label}' cannot both defer_loading=true cache_control set. Tools defer_loading cannot use prompt caching.`,
  'too-many-deferred-tools': (count: number) => `${count} tools have defer_loading=true; at most ${ANTHROPIC_MAX_DEFERRED_TOOLS} are allowed per request`,
  'toolset-entry-deferred': (label: string) => `the toolset \`${label}\` must not have \`defer_loading\` on the entry; set it per member in \`configs\``,
  'toolset-members-disagree': (label: string) => `the enabled members of the toolset \`${label}\` must all have the same \`defer_loading\` value`,
  'server-tool-result': (id: string) => `a \`tool_result\` answers the hosted call \`${id}\`; the API answers hosted calls itself and rejects this`,
  'undefined-tool-reference': (name: string) => `Tool reference '${name}' not found in available tools`,
  'undefined-tool-use': (name: string) => `the history calls \`${name}\`, which is not in \`tools\``,
  'error-result-tool-reference': () => "all content must be type 'text' if 'is_error' is true (found a `tool_reference`)",
  'undefined-tool-choice': (name: string) => `\`tool_choice\` forces \`${name}\`, which is not in \`tools\``,
  'tool-search-unsupported-model': (id: string, platform: ModelPlatform | undefined) =>
    `\`${id}\`${platform === undefined ? '' : ` on \`${platform}\``} does not support tool search (Anthropic documents it from Claude Opus, Sonnet and Haiku 4.5 on, not on Bedrock's Converse API); send this model no hosted search tool`,
  'bedrock-beta-missing': () =>
    `Amazon Bedrock needs \`${ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA}\` in the body's \`anthropic_beta\` list for tool search (\`defer_loading\`, the search tools, \`tool_reference\`); without it the request is rejected ("Input tag 'tool_reference' found using 'type' does not match any of the expected tags")`,
  'bedrock-bm25-search-tool': (type: string) =>
    `Amazon Bedrock offers the regex tool search tool, not BM25 (\`${type}\`); send \`tool_search_tool_regex_20251119\``,
  'system-message-first': () => "a system message cannot come first in `messages`: use the top-level 'system' parameter for instructions before the first turn",
  'system-message-placement': (problem: string) => `a system message may not come ${problem} (conservative: the exact message is not documented)`,
  'system-messages-consecutive': (index: number) =>
    `\`messages[${index - 1}]\` and \`messages[${index}]\` are system messages in a row; a system message must follow a user turn or an assistant turn that ends in a server tool result ("Consecutive system messages are not allowed": merge them into one) (conservative)`,
  'system-message-unsupported-model': (id: string | undefined) =>
    `role 'system' is not supported on this model (\`${id ?? 'the model'}\`: Anthropic documents mid-conversation system messages for Opus 4.8, Opus 5, Opus 5.5, Sonnet 5.5, Haiku 5.5, Fable 5 and Mythos 5 and later, not Sonnet 5)`,
  'undeclared-tool-change': (change: string, name: string) =>
    `the tool ${change} names \`${name}\`, which is neither in \`tools\` nor defined by an earlier \`tool_addition\`; the API rejects a tool change to an undeclared tool (conservative: the exact message is not documented)`,
  'tool-name-conflict': (name: string, type: string, earlier: string) =>
    `tool_name_conflict: the \`tool_addition\` defines \`${name}\` as a \`${type}\` tool, but \`${name}\` is already a \`${earlier}\` tool; a definition may replace a tool of its own type only`,
  'tool-change-cache-control': (name: string) =>
    `the \`tool_addition\` of \`${name}\` has \`cache_control\` on the block and in its definition; put it on one of them (conservative: the exact message is not documented)`,
  'tool-definition-unsupported-platform': (platform: ModelPlatform | undefined) =>
    `tool changes by value (\`tool_definition\`) are available on the Claude API only, not on ${platform === 'bedrock' ? 'Amazon Bedrock' : 'Google Cloud'}: declare the tool in \`tools\` with \`defer_loading: true\` and add it by reference (conservative)`,
  'tool-changes-beta-missing': (beta: string, field: string) =>
    `the history makes tool changes, which need the \`${beta}\` beta in \`${field}\`${field === 'betas' ? ' (the beta client sends it as the `anthropic-beta` header)' : ''} (conservative)`,
  'available-tools-limit-exceeded': (count: number, bytes: number) =>
    `available_tools_limit_exceeded: ${count} tools are deferred or added (at most ${ANTHROPIC_MAX_AVAILABLE_TOOLS.count}), with ${bytes} bytes of definitions as UTF-8 JSON (at most ${ANTHROPIC_MAX_AVAILABLE_TOOLS.bytes})`,
} as const satisfies PreflightRuleMessages;

/**
 * The Messages API rules {@link preflightAnthropicMessagesRequest} checks, each a documented or reported HTTP 400,
 * with the rules every preflight checks ({@link SharedPreflightRule}).
 *
 * - `invalid-body`: the body is not an object, `messages` is not an array, `tools` is not an array, a `tools`
 *   entry is not a tool object, or it is an OpenAI tool (`type: 'function'`, which the Messages API has no tag for:
 *   "Input tag 'function' found using 'type' does not match any of the expected tags").
 * - `invalid-tool-name`: a tool name outside `^[a-zA-Z0-9_-]{1,64}$` ("tools.N.custom.name: String should match
 *   pattern").
 * - `duplicate-tool-name`: two tools share a name.
 * - `all-tools-deferred`: every tool has `defer_loading: true` ("At least one tool must have defer_loading=false.
 *   All tools cannot be deferred.").
 * - `search-tool-deferred`: the hosted search tool has `defer_loading: true` ("Never set `defer_loading: true` on
 *   the tool search tool itself").
 * - `deferred-tool-cache-control`: a deferred tool, or a toolset whose members defer, carries `cache_control`
 *   ("Tool 'X' cannot both defer_loading=true cache_control set. Tools defer_loading cannot use prompt caching.").
 * - `too-many-deferred-tools`: more than 10,000 tools with `defer_loading: true`.
 * - `toolset-entry-deferred`: a computer or browser toolset entry has `defer_loading` itself (it goes per member,
 *   in `configs`).
 * - `toolset-members-disagree`: a toolset's enabled members (those listed in `configs`) have different
 *   `defer_loading` values.
 * - `server-tool-result`: a `tool_result` answers a hosted call (a `srvtoolu_…` id, or the id of a
 *   `server_tool_use` in the history) ("Don't return a `tool_result` for the `srvtoolu_...` ID").
 * - `undefined-tool-reference`: a `tool_reference` (in a `tool_search_tool_result` or a client `tool_result`)
 *   names a tool not in `tools` ("Tool reference 'X' not found in available tools").
 * - `undefined-tool-use`: a history `tool_use` names a tool not in `tools`.
 * - `error-result-tool-reference`: an `is_error: true` tool result holds a `tool_reference` ("all content must be
 *   type 'text' if 'is_error' is true").
 * - `undefined-tool-choice`: `tool_choice` forces a tool not in `tools`.
 * - `tool-search-unsupported-model`: a hosted search tool is sent to a Claude model known not to support tool search
 *   (Opus 4.1 and earlier, Sonnet 4, every 3.x model; Anthropic: "Claude Opus 4.1 and earlier models don't support
 *   the tool search tool"), or to Bedrock's Converse API. Unknown and gateway ids are not checked.
 * - `bedrock-beta-missing`: on Amazon Bedrock (InvokeModel), the body uses tool search (a hosted search tool, a
 *   deferred tool or toolset, a `tool_reference` in the history) without `tool-search-tool-2025-10-19` in its
 *   `anthropic_beta` list; Bedrock answers 400 (e.g. "Input tag 'tool_reference' found using 'type' does not match
 *   any of the expected tags").
 * - `bedrock-bm25-search-tool`: on Amazon Bedrock, the BM25 search tool, which Bedrock does not offer (regex only).
 *
 * Mid-conversation system messages and tool changes (a `role: 'system'` message in `messages` with `tool_addition` /
 * `tool_removal` blocks, a `compaction` block's `tool_changes`; see `checkToolChanges`). Where Anthropic's
 * message text is not known, the message says "conservative": the rule is documented, its wording is ours.
 *
 * - `system-message-first`: a system message is the first message ("use the top-level 'system' parameter…").
 * - `system-message-placement`: a system message that does not follow a user turn or an assistant turn ending in a
 *   server tool result (`tool_search_tool_result`, `web_search_tool_result`, …): between a `tool_use` and its
 *   `tool_result`, right after a paused turn (`pause_turn`: an assistant turn ending in a `server_tool_use`), after
 *   a plain assistant turn; or one followed by a user turn (it goes before an assistant turn or at the end); or tool
 *   changes in a message with `clear_at: 'next_user_message'`.
 * - `system-messages-consecutive`: a system message right after another (`[user, system, system]`, such as a turn's
 *   tool addition followed by the caller's own system message): a system message must follow a user turn or an
 *   assistant turn ending in a server tool result, and gateways quote Anthropic's 400 as "Consecutive system messages
 *   are not allowed … merge them" (conservative).
 * - `system-message-unsupported-model`: a system message in `messages` for a Claude model known not to take them
 *   (Sonnet 5, every model before Opus 4.8: "role 'system' is not supported on this model"). Unknown and gateway ids
 *   are not checked.
 * - `undeclared-tool-change`: a `tool_addition` or `tool_removal` by reference (`{ type: 'tool_reference', name }`)
 *   names a tool neither in `tools` nor defined by an earlier `tool_addition` by value.
 * - `tool-name-conflict`: a definition by value gives a name that a `tools` entry or an earlier definition has with
 *   another tool type (`tool_name_conflict`; the same type replaces the definition).
 * - `tool-change-cache-control`: a `tool_addition` has `cache_control` on the block and in its definition.
 * - `tool-definition-unsupported-platform`: a definition by value (`tool_definition`, beta
 *   `inline-tools-2026-09-15`) on Amazon Bedrock or Google Cloud, where only references are offered.
 * - `tool-changes-beta-missing`: the history makes tool changes without their beta: `inline-tools-2026-09-15` for
 *   definitions by value, `mid-conversation-tool-changes-2026-07-01` (or the inline one) for references only; in the
 *   body's `betas` (the beta client's parameter, sent as the `anthropic-beta` header) or, on Amazon Bedrock, in
 *   `anthropic_beta`. A caller that sends the header itself and no `betas` gets this violation.
 * - `available-tools-limit-exceeded`: with tool changes, more than 10,000 tools deferred in `tools` or added by
 *   value, or more than 4 MB of their definitions (their JSON in UTF-8 bytes, read as 4,000,000)
 *   ("available_tools_limit_exceeded"). Anthropic states the 4 MB only for tool changes; a body without them is not
 *   measured.
 *
 * With an `mcp_toolset` in `tools` the three `undefined-*` rules are not checked: the MCP server's tool names are not
 * in the body.
 */
export type AnthropicMessagesPreflightRule = SharedPreflightRule | keyof typeof MESSAGES;

/** What {@link preflightAnthropicMessagesRequest} needs besides the body. */
export interface PreflightAnthropicMessagesRequestOptions {
  /**
   * The model the body is for, with the platform that serves it: `{ id, platform: 'bedrock' }` turns on the Bedrock
   * rules (a Bedrock InvokeModel body has no `model` field). Without it, `body.model` is the model, and the platform
   * is read from `anthropic_version` (`bedrock-2023-05-31` → Bedrock, `vertex-2023-10-16` → Vertex AI).
   * @default the body's own `model` and `anthropic_version`
   */
  readonly model?: ModelReference;
}

/**
 * Checks a Messages API request body against the HTTP 400 rules that tool search can trigger (see
 * {@link AnthropicMessagesPreflightRule}), without sending it. Never throws: a body that is not even an object is
 * one `invalid-body` violation. Every body `transformAnthropicMessagesRequest` returns passes, except where it
 * warned `history-tool-undefined` or `tool-choice-undefined` (the caller's history or `tool_choice` names a tool it
 * no longer defines).
 *
 * Not part of the public API (no entry exports it): the tests' local servers check every body they receive with it
 * (test/support/local-server.ts).
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
 */
export function preflightAnthropicMessagesRequest(
  body: unknown,
  options: PreflightAnthropicMessagesRequestOptions = {},
): PreflightResult<AnthropicMessagesPreflightRule> {
  return preflightRequestBody(body, MESSAGES, 'an object', (request, report) => {
    const tools = checkTools(request.tools, report);
    const model = readModel(request, options.model);
    // With an MCP toolset every name may be defined: its tools' names are not in the body.
    const inTools = (name: string): boolean => tools.hasMCPToolset || tools.toolTypes.has(name);
    if (report.array(request.messages, 'messages')) {
      const betas = model.platform === 'bedrock' ? request.anthropic_beta : request.betas;
      const added = checkToolChanges(request.messages, tools, model, Array.isArray(betas) ? betas : [], report);
      checkHistory(request.messages, (name) => inTools(name) || added.has(name), report);
    }
    const choice = request.tool_choice;
    if (isRecord(choice) && choice.type === 'tool' && typeof choice.name === 'string' && !inTools(choice.name))
      report('undefined-tool-choice', 'tool_choice.name', choice.name);
    checkPlatform(request, model, tools, report);
  });
}

type Report = ReportPreflightRule<typeof MESSAGES>;
type Tools = ReturnType<typeof checkTools>;
type Model = ReturnType<typeof readModel>;

/**
 * Checks `tools`; returns what the tool-change rules need of them: whether they hold an MCP toolset (whose tool names
 * are not in the body), each named entry's type, the deferred ones.
 */
function checkTools(tools: unknown, report: Report) {
  const names = report.names(ANTHROPIC_MESSAGES_TOOL_NAME_RULE, {
    // The API's own wording, which names the tool the pydantic way: `tools.3.custom.name`.
    invalid: (name, place) =>
      `${place.replace(/\[(\d+)\]$/, '.$1')}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$' (got ${describeValue(name)})`,
    duplicate: (name, first, place) => `tool \`${name}\` is defined twice (\`${first}\` and \`${place}\`); tool names must be unique`,
  });
  // What tool search the list uses: its hosted search tools, whether any entry defers (Bedrock needs its beta for both).
  const searchTools: { path: string; type: string }[] = [];
  const checked = { hasMCPToolset: false, toolTypes: new Map<string, string>(), deferred: [] as unknown[], searchTools, defers: false };
  if (tools === undefined || tools === null || !report.array(tools, 'tools')) return checked;
  let allDeferred = tools.length > 0;
  tools.forEach((entry: unknown, index) => {
    const path = `tools[${index}]`;
    const kind = resolveAnthropicToolKind(entry);
    const deferral = resolveAnthropicToolDeferral(entry);
    allDeferred &&= deferral === 'deferred';
    checked.defers ||= deferral !== 'loaded';
    if (kind === 'tool-search') checked.searchTools.push({ path, type: String((entry as { type: unknown }).type) });
    if (kind === 'invalid') {
      report('invalid-body', path, `\`${path}\` must be a tool object with a string \`type\` (or none), got ${describeValue(entry)}`);
      return;
    }
    const tool = entry as Record<string, unknown>;
    if (tool.type === 'function') {
      report(
        'invalid-body',
        `${path}.type`,
        `tools.${index}: Input tag 'function' found using 'type' does not match any of the expected tags (\`${path}\` is an OpenAI tool; the Messages API takes \`{ name, description, input_schema }\`)`,
      );
      return;
    }
    if (kind === 'mcp-toolset') checked.hasMCPToolset = true;
    const name = tool.name;
    if (typeof name === 'string') {
      names.claim(name, path);
      checked.toolTypes.set(name, kind === 'custom' ? 'custom' : String(tool.type));
    }
    if (kind === 'custom') names.checkName(name, path);
    if (deferral === 'deferred') checked.deferred.push(tool);
    const label = typeof name === 'string' ? name : String(tool.type);
    if (kind === 'tool-search' && tool.defer_loading === true) report('search-tool-deferred', `${path}.defer_loading`, label);
    if (deferral !== 'loaded' && hasCacheControl(tool)) report('deferred-tool-cache-control', `${path}.cache_control`, label);
    if (kind !== 'toolset') return;
    if (tool.defer_loading !== undefined) report('toolset-entry-deferred', `${path}.defer_loading`, label);
    const enabled = Object.values(isRecord(tool.configs) ? tool.configs : {})
      .filter(isRecord)
      .filter((config) => config.enabled !== false);
    if (new Set(enabled.map((config) => config.defer_loading === true)).size > 1) report('toolset-members-disagree', `${path}.configs`, label);
  });
  if (allDeferred) report('all-tools-deferred', 'tools');
  if (checked.deferred.length > ANTHROPIC_MAX_DEFERRED_TOOLS) report('too-many-deferred-tools', 'tools', checked.deferred.length);
  return checked;
}

/** The model a body is for and the platform serving it, from the options or the body (see the `model` option). */
function readModel(body: Record<string, unknown>, given: ModelReference | undefined) {
  const version = typeof body.anthropic_version === 'string' ? body.anthropic_version : '';
  const platformOfBody: ModelPlatform | undefined = version.startsWith('bedrock-') ? 'bedrock' : version.startsWith('vertex-') ? 'vertex' : undefined;
  const reference = typeof given === 'object' && given !== null ? given : undefined;
  const id = typeof given === 'string' ? given : (reference?.id ?? (typeof body.model === 'string' ? body.model : undefined));
  return { id, platform: reference?.platform ?? platformOfBody };
}

/** The rules that depend on the model and the platform serving it. */
function checkPlatform(body: Record<string, unknown>, { id, platform }: Model, { searchTools, defers }: Tools, report: Report): void {
  if (id !== undefined && searchTools.length > 0) {
    const support = resolveModelSupport(platform === undefined ? id : { id, platform });
    if (support.family === 'claude' && !support.claudeHosted) report('tool-search-unsupported-model', searchTools[0]?.path as string, id, platform);
  }
  if (platform !== 'bedrock') return;
  for (const tool of searchTools) if (tool.type.startsWith('tool_search_tool_bm25')) report('bedrock-bm25-search-tool', `${tool.path}.type`, tool.type);
  const searches = searchTools.length > 0 || defers || holdsAnthropicToolReference(body.messages);
  if (searches && !(Array.isArray(body.anthropic_beta) && body.anthropic_beta.includes(ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA)))
    report('bedrock-beta-missing', 'anthropic_beta');
}

/**
 * Checks the history as the transformer reads it: its calls and references against the tools defined, its error
 * results holding references, its results of hosted calls.
 */
function checkHistory(messages: readonly unknown[], isDefined: (name: string) => boolean, report: Report): void {
  for (const { message, block: index, kind } of readAnthropicMessagesHistory(messages).sites) {
    const block = ((messages[message] as Record<string, unknown>).content as unknown[])[index] as Record<string, unknown>;
    const path = `messages[${message}].content[${index}]`;
    if (kind === 'tool_use' && !isDefined(block.name as string)) report('undefined-tool-use', `${path}.name`, block.name as string);
    if (kind === 'remove') report('server-tool-result', `${path}.tool_use_id`, block.tool_use_id as string);
    // The references a hosted search result or a client result holds (those of an error result are errors themselves).
    const hosted = kind === 'tool_search_tool_result';
    const references = hosted ? (block.content as Record<string, unknown>).tool_references : kind === 'tool_result' || kind === 'remove' ? block.content : [];
    (Array.isArray(references) ? references : []).forEach((item: unknown, at) => {
      if (!isRecord(item) || (!hosted && item.type !== 'tool_reference')) return;
      const itemPath = `${path}.content${hosted ? '.tool_references' : ''}[${at}]`;
      if (!hosted && block.is_error === true) report('error-result-tool-reference', itemPath);
      if (typeof item.tool_name === 'string' && !isDefined(item.tool_name)) report('undefined-tool-reference', `${itemPath}.tool_name`, item.tool_name);
    });
  }
}

/**
 * Checks a history's mid-conversation system messages and tool changes (`tool_addition`, `tool_removal` in a
 * `role: 'system'` message, a `compaction` block's `tool_changes`) against the rules of
 * {@link preflightAnthropicMessagesRequest}: `system-message-first`, `system-message-placement`, `system-messages-consecutive`,
 * `system-message-unsupported-model`, `undeclared-tool-change`, `tool-name-conflict`, `tool-change-cache-control`,
 * `tool-changes-beta-missing`, `tool-definition-unsupported-platform` and `available-tools-limit-exceeded`. Returns
 * the names the history defines by value (not in `tools`), which a `tool_use` may call. `betas` is the body's
 * `anthropic_beta` on Amazon Bedrock, its `betas` (the beta client's parameter) elsewhere.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
function checkToolChanges(messages: readonly unknown[], tools: Tools, model: Model, betas: readonly unknown[], report: Report): ReadonlyMap<string, unknown> {
  // Tools defined by value so far (a later definition replaces an earlier one), with their type and JSON size in bytes.
  const byValue = new Map<string, { type: string; bytes: number }>();
  let changes = 0;
  let valueAt: string | undefined;
  let systemSeen = false;
  // Checks the tool change a block (or a compaction's entry) makes; whether it makes one.
  const check = (block: unknown, path: string): boolean => {
    const change = resolveAnthropicToolChange(block);
    if (change === undefined) return false;
    changes += 1;
    const { name, definition } = change;
    if (definition === undefined) {
      if (!tools.hasMCPToolset && !tools.toolTypes.has(name) && !byValue.has(name)) report('undeclared-tool-change', `${path}.tool.name`, change.change, name);
      return true;
    }
    valueAt ??= path;
    const type = resolveAnthropicToolKind(definition) === 'custom' ? 'custom' : String(definition.type);
    const earlier = tools.toolTypes.get(name) ?? byValue.get(name)?.type;
    if (earlier !== undefined && earlier !== type) report('tool-name-conflict', `${path}.tool.definition.name`, name, type, earlier);
    if (!tools.toolTypes.has(name)) byValue.set(name, { type, bytes: jsonBytes(definition) });
    if (hasCacheControl(block as Record<string, unknown>) && hasCacheControl(definition)) report('tool-change-cache-control', `${path}.cache_control`, name);
    return true;
  };
  messages.forEach((message: unknown, index) => {
    if (!isRecord(message)) return;
    let holdsChanges = false;
    (Array.isArray(message.content) ? message.content : []).forEach((block: unknown, blockIndex) => {
      const path = `messages[${index}].content[${blockIndex}]`;
      if (isRecord(block) && block.type === 'compaction' && Array.isArray(block.tool_changes)) {
        for (const [at, entry] of block.tool_changes.entries()) check(entry, `${path}.tool_changes[${at}]`);
      } else if (message.role === 'system' && check(block, path)) holdsChanges = true;
    });
    if (message.role !== 'system') return;
    // The system message's place, and its model (flagged once).
    const path = `messages[${index}]`;
    if (!systemSeen && resolveAnthropicToolChangeSupport(model.id, model.platform) === 'none')
      report('system-message-unsupported-model', `${path}.role`, model.id);
    systemSeen = true;
    if ((messages[index - 1] as { role?: unknown } | undefined)?.role === 'system') report('system-messages-consecutive', path, index);
    const before = findTurn(messages, index, -1);
    if (before === undefined) report('system-message-first', path);
    const problem = before?.role === 'assistant' ? describeAssistantEnd(before.content, holdsChanges) : undefined;
    if (problem !== undefined) report('system-message-placement', path, problem);
    if ((findTurn(messages, index, 1)?.role ?? 'assistant') !== 'assistant')
      report('system-message-placement', path, 'before a user turn (only before an assistant turn, or last)');
    if (holdsChanges && message.clear_at === 'next_user_message')
      report('system-message-placement', `${path}.clear_at`, "with tool changes and `clear_at: 'next_user_message'`");
  });
  if (changes === 0) return byValue;
  const { platform } = model;
  const onCloud = platform === 'bedrock' || platform === 'vertex';
  if (valueAt !== undefined && onCloud) report('tool-definition-unsupported-platform', `${valueAt}.tool`, platform);
  const needed = valueAt !== undefined && !onCloud ? [ANTHROPIC_INLINE_TOOLS_BETA] : [ANTHROPIC_TOOL_CHANGES_BETA, ANTHROPIC_INLINE_TOOLS_BETA];
  const field = platform === 'bedrock' ? 'anthropic_beta' : 'betas';
  if (!needed.some((beta) => betas.includes(beta))) report('tool-changes-beta-missing', field, needed[0] as string, field);
  const bytes = [...tools.deferred.map(jsonBytes), ...[...byValue.values()].map((added) => added.bytes)].reduce((sum, size) => sum + size, 0);
  const count = tools.deferred.length + byValue.size;
  // Past 10,000 deferred tools alone is `too-many-deferred-tools`; this rule counts the added ones with them.
  if ((count > ANTHROPIC_MAX_AVAILABLE_TOOLS.count && byValue.size > 0) || bytes > ANTHROPIC_MAX_AVAILABLE_TOOLS.bytes)
    report('available-tools-limit-exceeded', 'messages', count, bytes);
  return byValue;
}

/** What is wrong with a system message right after this assistant turn, or `undefined` when it ends in a server tool result. */
function describeAssistantEnd(content: unknown, holdsChanges: boolean): string | undefined {
  if (!Array.isArray(content)) return 'after an assistant turn that does not end in a server tool result';
  const last: unknown = content.at(-1);
  const type = isRecord(last) && typeof last.type === 'string' ? last.type : '';
  if (type.endsWith('_tool_result') && type !== 'tool_result') return undefined;
  if (content.some((block: unknown) => isRecord(block) && block.type === 'tool_use')) {
    return 'between a `tool_use` and its `tool_result`: send the user message with every `tool_result` first';
  }
  if (type === 'server_tool_use' && holdsChanges)
    return 'right after a paused turn (`pause_turn`, a server tool call without its result): tool changes must wait';
  return 'after an assistant turn that does not end in a server tool result';
}

/** The nearest message before (`step` -1) or after (1) `index` that is not a system message. */
function findTurn(messages: readonly unknown[], index: number, step: -1 | 1): Record<string, unknown> | undefined {
  for (let at = index + step; at >= 0 && at < messages.length; at += step) {
    const message = messages[at];
    if (isRecord(message) && message.role !== 'system') return message;
  }
  return undefined;
}

function hasCacheControl(record: Readonly<Record<string, unknown>>): boolean {
  return record.cache_control !== undefined && record.cache_control !== null;
}

/**
 * A value's size as JSON in UTF-8 bytes (Anthropic's 4 MB is bytes: counted in UTF-16 code units, CJK text would count
 * a third of its size); 0 for one JSON cannot write, which the preflight reports before any rule runs.
 */
function jsonBytes(value: unknown): number {
  try {
    return countUTF8Bytes(JSON.stringify(value) ?? '');
  } catch {
    return 0;
  }
}
