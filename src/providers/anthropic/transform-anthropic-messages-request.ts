import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { transformRequest } from '../../request/transform-request.js';
import type { ToolDefinitionsInput } from '../../tools/tool-definition.js';
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
import type { AnthropicMessagesRequest, AnthropicMessagesRequestLike } from './anthropic-messages-api.js';
import type { AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { ANTHROPIC_MESSAGES_CODEC } from './anthropic-messages-codec.js';
import type { AnthropicToolSearchVariant } from './anthropic-messages-api.js';
import { checkAnthropicMessagesSystem } from './check-anthropic-messages-system.js';

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

const SEARCH_TOOL_OPTION: Readonly<TransformOption> = {
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
  // The body's shape is checked before the options, as the tool list's before its entries.
  const request = parseRequestBody(body, 'a Messages API request object');
  parseRequestToolList(request.tools, 'tools', 'tool definitions');
  checkAnthropicMessagesSystem(request.system);
  if (!isRecord(options as unknown)) {
    throw new ToolSearchError('invalid-options', `Invalid options for transformAnthropicMessagesRequest: must be an object (got ${describeValue(options)})`);
  }
  const problems = findTransformOptionProblems(options, [REVEALED_OPTION, SEARCH_TOOL_OPTION, CATALOG_OPTION, PREDICT_OPTION]).map((problem) =>
    problem.kind === 'unknown'
      ? `unknown option${problem.names.length > 1 ? 's' : ''} ${problem.names.map((key) => `\`${key}\``).join(', ')}`
      : `\`${problem.option.name}\` ${problem.option.rule} (got ${describeValue(problem.value)})`,
  );
  if (problems.length > 0) throw new ToolSearchError('invalid-options', `Invalid options for transformAnthropicMessagesRequest: ${problems.join('; ')}`);
  const predict = parsePredictOption(options.predict);
  return transformRequest(ANTHROPIC_MESSAGES_CODEC, body, plan, {
    revealed: parseRevealedOption(options.revealed, '`revealed`'),
    catalog: parseCatalogOption(options.catalog),
    options: { searchTool: options.searchTool },
    ...(predict === undefined ? {} : { predict }),
  }) as TransformAnthropicMessagesRequestResult<Body>;
}
