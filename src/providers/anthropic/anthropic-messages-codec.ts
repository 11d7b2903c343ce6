import { resolveGuidanceParts, resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../client/text-part-guidance.js';
import { describeValue } from '../../errors/describe-value.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { isNativeDelivery } from '../../plan/is-native-delivery.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { quoteNames } from '../../text/quote-names.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { readContentText, readTurnStart } from '../../request/neutral-request.js';
import type { PredictedLoad } from '../../request/request-tools.js';
import { resolveDeferLoadingAPIRequest } from '../../request/resolve-defer-loading-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { transformRequest } from '../../request/transform-request.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import {
  CATALOG_OPTION,
  PREDICT_OPTION,
  parsePredictOption,
  REVEALED_OPTION,
  findTransformOptionProblems,
  parseCatalogOption,
  parseRevealedOption,
  type TransformOption,
} from '../../request/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import {
  ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA,
  ANTHROPIC_INLINE_TOOLS_BETA,
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_CHANGES_BETA,
  ANTHROPIC_TOOL_SEARCH_TOOL_NAMES,
  type AnthropicMessagesRequest,
  type AnthropicMessagesRequestLike,
  type AnthropicToolSearchVariant,
} from './anthropic-messages-api.js';
import { readAnthropicMessagesHistory, writeAnthropicMessagesHistory, type AnthropicMessagesHistory } from './anthropic-messages-history.js';
import { readAnthropicMessagesTools, readSentToolNames, writeAnthropicMessagesTools, type AnthropicMessagesTools } from './anthropic-messages-tools.js';
import type { AnthropicMessagesWarning, AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { createAnthropicToolAdditionMessageFor } from './create-anthropic-tool-addition-message.js';
import { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
import { resolveAnthropicToolChangeSupport, type AnthropicToolChangeSupport, usesAnthropicToolSearch } from './anthropic-messages-tool-rules.js';

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
      reservedNames: ANTHROPIC_TOOL_SEARCH_TOOL_NAMES,
      forced: readRenamedNames((rename) => renameToolChoice(request.tool_choice, rename)),
      history: history.neutral,
      turnStart,
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
    // A conversation keeps the variant its hosted calls used (`tool_search_tool_regex`: `regex`); Bedrock offers the regex tool only.
    const historyVariant = mechanism === 'claude-hosted' ? history.neutral.searchTool?.replace('tool_search_tool_', '') : undefined;
    const variant = onBedrock ? 'regex' : ((historyVariant ?? read.searchTool ?? 'bm25') as AnthropicToolSearchVariant);
    const tools = writeAnthropicMessagesTools(read.tools, decided, { variant, onBedrock }, warnings);

    // Check the history and `tool_choice` against the names sent (most requests have neither to check); an MCP
    // toolset's tool names are not in the body, so nothing is checked with one. Tools the history's tool changes
    // defined by value need not be in `tools`.
    const { hasMCPToolset } = read.tools;
    const references = hasMCPToolset ? [] : (history.neutral.references ?? []);
    const forcesOneTool = isRecord(request.tool_choice) && request.tool_choice.type === 'tool';
    const sentNames = references.length > 0 || forcesOneTool ? readSentToolNames(read.tools) : undefined;
    const isDefined = (name: string): boolean => decided.historyDefined?.has(name) === true || sentNames?.has(name) === true;
    // Each undefined name sent, with where the history names it (a call reached through `call_tool` is that call).
    const undefinedAt = new Map<string, string[]>();
    for (const { name, kind, path } of references) {
      const sent = kind === 'tool_use' ? (decided.callName as (name: string) => string)(name) : names.toWire(name);
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
    return { body: output, planWarnings, warnings, predicted };
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
    if (usesAnthropicToolSearch(output)) add(ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA, 'bedrock-beta-not-added');
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
    message: `\`${field}\` holds ${quoteNames(removed.map(String))}, which \`${String(output.model ?? 'the model')}\` cannot use ${support === 'none' ? '(it takes no system messages)' : 'off the Claude API'} and this request makes no tool change that needs; removed`,
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
  // The client-side mechanism's load carries its text; Anthropic's hosted search's none.
  const result =
    load.output === undefined
      ? createAnthropicToolSearchResult(load.callId, load.result)
      : { type: 'tool_result', tool_use_id: load.callId, content: load.output };
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id: load.callId, name: load.searchName, input: { query: load.query } }] },
    { role: 'user', content: [result] },
  ];
}

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

/** What {@link transformAnthropicMessagesRequest} needs besides the body and the plan. */
export interface TransformAnthropicMessagesRequestOptions extends TransformRequestOptions {
  /**
   * The hosted search tool added under the `claude-hosted` mechanism. A search tool already in the body, or the one
   * the history's hosted search calls used, takes precedence, so a conversation never switches variants. On Amazon
   * Bedrock (plan `platform: 'bedrock'`, or a body whose `anthropic_version` is Bedrock's) it is always `regex`:
   * Bedrock offers no BM25 tool (`bm25` asked there is sent as `regex`, with a warning).
   * @default 'bm25' ('regex' on Bedrock)
   */
  readonly searchTool?: AnthropicToolSearchVariant;
  /**
   * Every tool the session may have used (original names, full schemas; an array, an MCP `tools/list` result, or a
   * `createToolCatalog` catalog, read without parsing it again): what the request sends for a tool the body lacks, a
   * plan tool the body dropped or, under hosted search, one the history references (sent deferred, since the API
   * rejects a history that references an undefined tool; see `resolveHistoryRestore`). Pass the same catalog on every turn.
   * @default []
   */
  readonly catalog?: ToolDefinitionsInput;
}

/** The transformed body, the warnings and the tool-name mapping. */
export type TransformAnthropicMessagesRequestResult<Body> = TransformRequestResult<Body, AnthropicMessagesWarningCode>;

/** The `searchTool` option, as the transformer and the session factory check it. Not part of the public API. */
export const SEARCH_TOOL_OPTION: Readonly<TransformOption> = {
  name: 'searchTool',
  rule: "must be 'bm25' or 'regex'",
  isValid: (value) => value === 'bm25' || value === 'regex',
};

/**
 * Rewrites a Messages API request body for a tool search plan, just before it is sent. Pure: the input is never
 * modified, and equal inputs give byte-identical bodies. Running it on its own output (same plan and options) gives
 * the same body again.
 *
 * The caller builds its body as usual (original tool names, full schemas, the history as the API returned it, tool
 * calls mapped back to original names or not) and resolves the plan for the body's tools
 * (`parseAnthropicMessagesTools`). Which tool is sent in which form, the package's own tools, the guidance note and
 * what the history needs restored are the core's decision (`client`, `claude-hosted`, `none`; an `openai-hosted` plan or a model without hosted search is applied client-side, with a warning). What this
 * transformer adds is the Messages wire:
 *
 * - deferred tools keep their full definitions with `defer_loading: true`; client stubs get the stub `input_schema`;
 *   the hosted search tool (`tool_search_tool_bm25_20251119`, or the regex variant by `searchTool`; the body's own or
 *   the history's variant first) is never deferred. More than 10,000 deferred tools throws.
 * - the guidance note goes once at the end of `system` (after a blank line, or as one more text block; existing
 *   blocks and their `cache_control` are kept).
 * - names outside `^[a-zA-Z0-9_-]{1,64}$` are mapped in `tools`, `tool_choice`, `tool_use` and `tool_reference`
 *   blocks (`names.fromWire` maps calls back); provider tools, toolsets and MCP toolsets pass through in place.
 * - the history is repaired: `server_tool_use` and
 *   `tool_search_tool_result` blocks are kept byte for byte, a `tool_result` answering a hosted `srvtoolu_…` call is
 *   removed, `tool_reference` blocks in an `is_error` result become text, a blind `tool_use` of a tool reached
 *   through `call_tool` becomes that call. A reference the request cannot define warns `history-tool-undefined`.
 * - `cache_control` breakpoints move where the API accepts them: to the last tool sent in full.
 * - on Amazon Bedrock the regex search tool and the tool search beta in `anthropic_beta`.
 * - native delivery (`plan.reveal === 'native'`): by value (the Claude API) no deferred tool is sent, so the request
 *   does not grow with the catalog and no deferred-tools limit applies; by reference (Bedrock, Google Cloud) every
 *   deferred tool is declared with `defer_loading: true` and no hosted search tool is sent. The history's mid-conversation
 *   system messages (`tool_addition`, `tool_removal`) and `compaction` blocks' `tool_changes` are kept byte for byte
 *   and read into what the history added (a tool added by value needs no entry in `tools`).
 * - the tool-changes beta, whenever the plan is native or the history holds tool changes: `inline-tools-2026-09-15`
 *   when anything is added by value, else `mid-conversation-tool-changes-2026-07-01`, appended once to the body's
 *   `betas` (the beta client's parameter: send the body with `client.beta.messages.create`, which sends it as the
 *   `anthropic-beta` header; a client of your own sends that header and drops `betas`), or to `anthropic_beta` on
 *   Amazon Bedrock.
 *
 * Throws a `ToolSearchError`: `invalid-request` for a body that is not an object or whose `tools`, `messages` or
 * `system` has the wrong type, or a custom tool without a name or schema; `plan-mismatch` naming the tools when the
 * plan was made for other tools; `invalid-options` for bad options; `too-many-deferred-tools` above 10,000 deferred
 * tools.
 *
 * @example
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { resolveToolSearch } from 'tool-search';
 * import { parseAnthropicMessagesTools, transformAnthropicMessagesRequest } from 'tool-search/anthropic';
 *
 * const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body));
 * const { body: request, names } = transformAnthropicMessagesRequest(body, plan, { revealed: await store.get(sessionId) });
 * const message = await new Anthropic().messages.create(request);
 * for (const block of message.content) if (block.type === 'tool_use') run(names.fromWire(block.name), block.input);
 * ```
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
 */
export function transformAnthropicMessagesRequest<Body extends AnthropicMessagesRequestLike = AnthropicMessagesRequest>(
  body: Body,
  plan: ToolSearchPlan,
  options: TransformAnthropicMessagesRequestOptions = {},
): TransformAnthropicMessagesRequestResult<Body> {
  if (!isRecord(options as unknown)) {
    throw new ToolSearchError('invalid-options', `Invalid options for transformAnthropicMessagesRequest: must be an object (got ${describeValue(options)})`);
  }
  const problems = findTransformOptionProblems(options, [REVEALED_OPTION, SEARCH_TOOL_OPTION, CATALOG_OPTION, PREDICT_OPTION]).map((problem) =>
    problem.kind === 'unknown'
      ? `unknown option${problem.names.length > 1 ? 's' : ''} ${quoteNames(problem.names)}`
      : `\`${problem.option.name}\` ${problem.option.rule} (got ${describeValue(problem.value)})`,
  );
  if (problems.length > 0) throw new ToolSearchError('invalid-options', `Invalid options for transformAnthropicMessagesRequest: ${problems.join('; ')}`);
  return transformRequest(ANTHROPIC_MESSAGES_CODEC, body, plan, {
    revealed: parseRevealedOption(options.revealed, '`revealed`'),
    catalog: parseCatalogOption(options.catalog),
    options: { searchTool: options.searchTool },
    predict: parsePredictOption(options.predict),
  }) as TransformAnthropicMessagesRequestResult<Body>;
}

/**
 * The custom tools of a Messages API request body as {@link ToolDefinition}s, in body order, with full schemas: the
 * list to resolve a plan for.
 *
 * Left out: tools the plan does not decide on (Anthropic's hosted search tools, web search, code execution, bash,
 * memory, text editor, computer and browser toolsets, MCP toolsets) and this package's own `tool_search` (from a
 * body the transformer already rewrote). A custom tool that already has `defer_loading: true` reads as
 * `deferrable: 'always'`, so the caller's choice survives planning. No `tools` (or `null`) reads as `[]`.
 *
 * Throws a `ToolSearchError` (`invalid-request`) naming the item when the body is not an object, `tools` is not an
 * array, an entry is not an object or has a non-string `type`, a custom tool has no name or no object
 * `input_schema`, or two custom tools share a name.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseAnthropicMessagesTools } from 'tool-search/anthropic';
 * const plan = resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body));
 * ```
 */
export function parseAnthropicMessagesTools(body: unknown): ToolDefinition[] {
  return [...ANTHROPIC_MESSAGES_CODEC.readTools(parseRequestBody(body, 'a Messages API request object')).definitions];
}

/** Throws unless `system` is absent, a string or a list of text blocks (where the guidance note can go). */
function checkSystem(system: unknown): void {
  if (system === undefined || system === null || typeof system === 'string') return;
  if (Array.isArray(system) && system.every((block: unknown) => isRecord(block) && block.type === 'text' && typeof block.text === 'string')) return;
  throw new ToolSearchError('invalid-request', `\`system\` must be a string or an array of text blocks, got ${describeValue(system)}`);
}
