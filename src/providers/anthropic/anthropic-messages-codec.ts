import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { resolveGuidanceParts, resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../client/text-part-guidance.js';
import { describeValue } from '../../errors/describe-value.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { isNativeDelivery } from '../../plan/is-native-delivery.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { readContentText, readTurnStart } from '../../request/neutral-request.js';
import type { PredictedLoad } from '../../request/request-tools.js';
import { resolveDeferLoadingAPIRequest } from '../../request/resolve-defer-loading-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import {
  ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA,
  ANTHROPIC_INLINE_TOOLS_BETA,
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_CHANGES_BETA,
  ANTHROPIC_TOOL_SEARCH_TOOLS,
  type AnthropicToolSearchVariant,
} from './anthropic-messages-api.js';
import { readAnthropicMessagesHistory, writeAnthropicMessagesHistory, type AnthropicMessagesHistory } from './anthropic-messages-history.js';
import { readAnthropicMessagesTools, readSentToolNames, writeAnthropicMessagesTools, type AnthropicMessagesTools } from './anthropic-messages-tools.js';
import type { AnthropicMessagesWarning, AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { checkAnthropicMessagesSystem as checkSystem } from './check-anthropic-messages-system.js';
import { createAnthropicToolAdditionMessageFor } from './create-anthropic-tool-addition-message.js';
import { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
import { resolveAnthropicToolChangeSupport, type AnthropicToolChangeSupport } from './resolve-anthropic-tool-change-support.js';
import { resolveAnthropicToolSearchUse } from './resolve-anthropic-tool-search-use.js';

/** The body as the codec's `write` needs it back. */
interface MessagesRead {
  readonly request: Record<string, unknown>;
  readonly tools: AnthropicMessagesTools;
  readonly history: AnthropicMessagesHistory;
  readonly searchTool: AnthropicToolSearchVariant | undefined;
  /** Amazon Bedrock: the plan's platform, or the body's `anthropic_version` (`bedrock-2023-05-31`). */
  readonly onBedrock: boolean;
}

/**
 * The Messages API's codec: `tools` (custom tools, the hosted search tools, provider tools, toolsets), `tool_choice`,
 * `system`, the history's tool blocks and tool changes, the betas. On Amazon Bedrock (plan `platform: 'bedrock'`, or a
 * body whose `anthropic_version` is Bedrock's) the regex search tool and `anthropic_beta`.
 */
export const ANTHROPIC_MESSAGES_CODEC: Readonly<
  WireCodec<MessagesRead, AnthropicMessagesTools, AnthropicMessagesWarningCode, { readonly searchTool?: AnthropicToolSearchVariant | undefined }>
> = {
  api: 'anthropic-messages',
  label: 'the Messages API',
  rule: ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  planForAPICode: 'mechanism-not-for-messages',
  decide: resolveDeferLoadingAPIRequest,
  reader: 'parseAnthropicMessagesTools(body)',
  readTools: (request) => readAnthropicMessagesTools(request, true),
  read(body, context, plan) {
    const request = parseRequestBody(body, 'a Messages API request object');
    checkSystem(request.system);
    // The body's own list is read without the name check: the decision says which tool is defined twice.
    const tools = context.tools !== undefined && context.tools.list === request.tools ? context.tools.read : readAnthropicMessagesTools(request, false);
    // What the model the body goes to takes where it is served: a history from a model that took tool additions is
    // sent as text to one that does not (a session moved from Opus 4.8 to Sonnet 4.5, or to Bedrock).
    const version = typeof request.anthropic_version === 'string' ? request.anthropic_version : '';
    const bodyPlatform = version.startsWith('bedrock-') ? 'bedrock' : version.startsWith('vertex-') ? 'vertex' : undefined;
    const support = resolveAnthropicToolChangeSupport(typeof request.model === 'string' ? request.model : plan.model, plan.platform ?? bodyPlatform);
    const history = readAnthropicMessagesHistory(request.messages, support);
    const turnStart = Array.isArray(request.messages) ? readTurnStart(request.messages, readUserText) : undefined;
    return {
      tools: tools.neutral,
      otherNames: [],
      // The hosted search tools' names belong to the tools this codec may add: a caller tool of that name is renamed.
      reservedNames: RESERVED_NAMES,
      forced: readRenamedNames((rename) => renameToolChoice(request.tool_choice, rename)),
      history: history.neutral,
      ...(turnStart === undefined ? {} : { turnStart }),
      read: { request, tools, history, searchTool: context.options?.searchTool, onBedrock: plan.platform === 'bedrock' || bodyPlatform === 'bedrock' },
    };
  },
  write({ read }, decided) {
    const { request, history, onBedrock } = read;
    const { plan, names } = decided;
    const planWarnings: AnthropicMessagesWarning[] = [];
    const warnings: AnthropicMessagesWarning[] = [];
    const mechanism = plan.mechanism;
    if (onBedrock && read.searchTool === 'bm25' && mechanism === 'claude-hosted') {
      planWarnings.push({
        code: 'bedrock-search-tool-regex',
        message: "`searchTool: 'bm25'` was asked, but Amazon Bedrock offers the regex search tool only; `tool_search_tool_regex_20251119` is sent",
      });
    }
    const sentHistory = writeAnthropicMessagesHistory(history, decided);
    planWarnings.push(...sentHistory.warnings);
    // A conversation keeps the variant its hosted calls used; Bedrock offers the regex tool only.
    const historyVariant = mechanism === 'claude-hosted' ? history.neutral.searchTool : undefined;
    const variant = onBedrock
      ? 'regex'
      : historyVariant === undefined
        ? (read.searchTool ?? 'bm25')
        : historyVariant === 'tool_search_tool_regex'
          ? 'regex'
          : 'bm25';
    const tools = writeAnthropicMessagesTools(read.tools, decided, { variant, onBedrock }, warnings);

    // Check the history and `tool_choice` against the names sent (most requests have neither to check); an MCP
    // toolset's tool names are not in the body, so nothing is checked with one. Tools the history's tool changes
    // defined by value need not be in `tools`.
    const { hasMCPToolset } = read.tools;
    const references = hasMCPToolset ? [] : (history.neutral.references ?? []);
    const historyDefined = new Set<string>(decided.historyDefined ?? []);
    const forcesOneTool = isRecord(request.tool_choice) && request.tool_choice.type === 'tool';
    const sentNames = references.length > 0 || forcesOneTool ? readSentToolNames(read.tools) : undefined;
    const isDefined = (name: string): boolean => historyDefined.has(name) || sentNames?.has(name) === true;
    // Each undefined name sent, with where the history names it (a call reached through `call_tool` is that call).
    const undefinedAt = new Map<string, string[]>();
    for (const { name, kind, path } of references) {
      const wire = names.toWire(name);
      const sent = kind === 'tool_use' && decided.throughCallTool?.has(wire) === true ? (decided.callToolName as string) : wire;
      if (!isDefined(sent)) undefinedAt.set(sent, [...(undefinedAt.get(sent) ?? []), `${path} (${kind})`]);
    }
    if (undefinedAt.size > 0) {
      const list = [...undefinedAt].map(([name, paths]) => `\`${name}\` at ${paths.join(', ')}`).join('; ');
      const fix =
        mechanism === 'claude-hosted'
          ? 'Keep the tool in `tools` (it may be deferred) or pass its definition in `catalog`, and it is sent deferred.'
          : 'Keep the tool in `tools`.';
      warnings.push({
        code: 'history-tool-undefined',
        message: `the history names tools that are not in \`tools\`: ${list}. The API will reject this request ("Tool reference '${[...undefinedAt.keys()][0]}' not found in available tools"). ${fix}`,
      });
    }

    const output: Record<string, unknown> = { ...request };
    if ((request.tools !== undefined && request.tools !== null) || tools.length > 0) output.tools = tools.slice(); // a copy: the kept list is the session's
    if (sentHistory.messages !== undefined) output.messages = sentHistory.messages;
    const predicted =
      decided.predicted === undefined ? undefined : writePredicted(decided.predicted, plan, Array.isArray(request.tools) ? request.tools : [], names.toWire);
    if (predicted !== undefined) output.messages = [...(output.messages as unknown[]), ...predicted];
    const system = appendGuidance(request.system, decided.guidance);
    if (system === undefined) delete output.system;
    else output.system = system;
    const toolChoice = renameToolChoice(request.tool_choice, (name) => {
      const wire = names.toWire(name);
      if (!isDefined(wire) && !hasMCPToolset) {
        warnings.push({
          code: 'tool-choice-undefined',
          message: `\`tool_choice\` forces \`${name}\`, which is not in \`tools\`; the API will reject the request. Add the tool or change \`tool_choice\`.`,
        });
      }
      return wire;
    });
    if (toolChoice !== undefined) output.tool_choice = toolChoice;
    writeBetas(output, plan, history, onBedrock, warnings);
    return { body: output, planWarnings, warnings, ...(predicted === undefined ? {} : { predicted }) };
  },
};

/**
 * The betas the request needs, in the body's beta list (`anthropic_beta` on Amazon Bedrock, `betas`, the beta client's
 * parameter, elsewhere), appended once: Bedrock's tool search beta whenever the body uses tool search there, and the
 * beta the request's tool changes need (the plan's native additions and the history's tool changes; by value
 * `inline-tools-2026-09-15`, which covers references too, by reference `mid-conversation-tool-changes-2026-07-01`, the
 * only one on Bedrock). Without tool changes, the tool-changes betas the model cannot use where it is served are taken
 * out (a body prepared for Opus 4.8 prepared again for Claude 3.5 Haiku). A list that is not a list is left alone, with
 * a warning.
 */
function writeBetas(
  output: Record<string, unknown>,
  plan: ToolSearchPlan,
  history: AnthropicMessagesHistory,
  onBedrock: boolean,
  warnings: AnthropicMessagesWarning[],
): void {
  const field = onBedrock ? 'anthropic_beta' : 'betas';
  const add = (beta: string, code: 'bedrock-beta-not-added' | 'tool-changes-beta-not-added'): void => {
    const betas = output[field];
    if (betas === undefined || betas === null) output[field] = [beta];
    else if (!Array.isArray(betas)) {
      warnings.push({
        code,
        message: `\`${field}\` is ${describeValue(betas)}, not a list, so \`${beta}\` could not be added; the API rejects ${code === 'bedrock-beta-not-added' ? 'tool search on Amazon Bedrock' : 'tool changes'} without it. Make \`${field}\` a list`,
      });
    } else if (!betas.includes(beta)) output[field] = [...betas, beta];
  };
  if (onBedrock) {
    // Bedrock answers 400 without its tool search beta whenever the body uses tool search.
    const use = resolveAnthropicToolSearchUse(output);
    if (use.searchTools.length > 0 || use.deferred || use.toolReferences) add(ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA, 'bedrock-beta-not-added');
  }
  const planned = isNativeDelivery(plan) ? plan.additions : undefined;
  const changes = history.neutral.changes ?? [];
  if (planned !== undefined || changes.length > 0) {
    const byValue = !onBedrock && (planned === 'value' || changes.some((change) => change.form === 'value'));
    add(byValue ? ANTHROPIC_INLINE_TOOLS_BETA : ANTHROPIC_TOOL_CHANGES_BETA, 'tool-changes-beta-not-added');
    return;
  }
  removeUnusableBetas(output, field, history.support, warnings);
}

/** Takes the tool-changes betas a model cannot use where it is served out of `field`; the caller's other betas stay, in order. */
function removeUnusableBetas(output: Record<string, unknown>, field: string, support: AnthropicToolChangeSupport, warnings: AnthropicMessagesWarning[]): void {
  const betas = output[field];
  if (support === 'value' || !Array.isArray(betas)) return;
  // Both where the model takes no system message, the inline (by value) one off the Claude API.
  const unusable = support === 'none' ? [ANTHROPIC_INLINE_TOOLS_BETA, ANTHROPIC_TOOL_CHANGES_BETA] : [ANTHROPIC_INLINE_TOOLS_BETA];
  const removed = betas.filter((beta) => unusable.includes(beta as string));
  if (removed.length === 0) return;
  const kept = betas.filter((beta) => !unusable.includes(beta as string));
  // A list that held only these (the ones this transformer adds) goes with them.
  if (kept.length === 0) delete output[field];
  else output[field] = kept;
  warnings.push({
    code: 'tool-changes-sent-as-text',
    message: `\`${field}\` holds ${removed.map((beta) => `\`${String(beta)}\``).join(', ')}, which \`${String(output.model ?? 'the model')}\` cannot use ${support === 'none' ? '(it takes no system messages)' : 'off the Claude API'} and this request makes no tool change that needs; removed`,
  });
}

/**
 * The messages that carry a predicted load after the user's message, as the Messages session writes the package's own
 * answers: under native delivery one `system` message of `tool_addition` blocks, by value (the caller's entry from
 * `tools`, or the catalog's definition) or by reference, as the plan says; otherwise the package's `tool_search`
 * `tool_use` in an assistant message and a user message with its `tool_result`: `tool_reference` blocks under
 * Anthropic's hosted search with the library's ranking (the API loads the tools), the result's text on the client-side
 * mechanism. `tools` is the body's tool list as the caller gave it; `toWire` the request's names.
 */
function writePredicted(load: PredictedLoad, plan: ToolSearchPlan, tools: readonly unknown[], toWire: (name: string) => string): unknown[] {
  if (load.form === 'addition') return [createAnthropicToolAdditionMessageFor(load.definitions, tools, toWire, plan.additions ?? 'value')];
  const result =
    plan.mechanism === 'claude-hosted'
      ? createAnthropicToolSearchResult(load.callId, load.result)
      : { type: 'tool_result', tool_use_id: load.callId, content: formatToolSearchResult(load.result) };
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id: load.callId, name: load.searchName, input: { query: load.query } }] },
    { role: 'user', content: [result] },
  ];
}

const RESERVED_NAMES: readonly string[] = [ANTHROPIC_TOOL_SEARCH_TOOLS.bm25.name, ANTHROPIC_TOOL_SEARCH_TOOLS.regex.name];

/** `tool_choice` with the name it forces passed through `rename` (the same object when the name stays). */
function renameToolChoice(toolChoice: unknown, rename: (name: string) => string): unknown {
  if (!isRecord(toolChoice) || toolChoice.type !== 'tool' || typeof toolChoice.name !== 'string') return toolChoice;
  const name = rename(toolChoice.name);
  return name === toolChoice.name ? toolChoice : { ...toolChoice, name };
}

/** The system prompt with the guidance note at the end, once; a stale note an earlier transform left is replaced. */
function appendGuidance(system: unknown, guidance: string | null): unknown {
  if (system === undefined || system === null || system === '') return guidance ?? system;
  if (typeof system === 'string') return resolveGuidanceText(system, guidance);
  // checkSystem has made sure an array system prompt holds text blocks only.
  const blocks = resolveGuidanceParts(system as readonly unknown[], guidance, TEXT_PART_GUIDANCE);
  return blocks.length === 0 ? undefined : blocks;
}

/** A user message's text, when it holds text and no `tool_result`: a turn's start when it ends the history. */
function readUserText(message: unknown): string | undefined {
  if (!isRecord(message) || message.role !== 'user') return undefined;
  if (Array.isArray(message.content) && message.content.some((block: unknown) => isRecord(block) && block.type === 'tool_result')) return undefined;
  return readContentText(message.content);
}
