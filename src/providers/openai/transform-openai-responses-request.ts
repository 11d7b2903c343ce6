import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { transformRequest } from '../../request/transform-request.js';
import {
  PREDICT_OPTION,
  REVEALED_OPTION,
  findTransformOptionProblems,
  parsePredictOption,
  parseRevealedOption,
  type TransformOption,
} from '../../request/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import type { OpenAIResponsesProviderTool, OpenAIResponsesTool } from './openai-responses-api.js';
import { OPENAI_RESPONSES_CODEC, type OpenAIResponsesUncategorizedTools } from './openai-responses-codec.js';
import type { OpenAIResponsesWarningCode } from './openai-responses-warning.js';
import { quoteNames } from '../../text/quote-names.js';

/** Options of {@link transformOpenAIResponsesRequest}. */
export interface TransformOpenAIResponsesRequestOptions extends TransformRequestOptions {
  /**
   * Hosted mechanism: where tools without a category go. See {@link OpenAIResponsesUncategorizedTools}.
   * @default 'top-level'
   */
  readonly uncategorized?: OpenAIResponsesUncategorizedTools;
}

type BodyToolOf<Body> = Body extends { readonly tools?: ReadonlyArray<infer Tool> | null } ? Tool : OpenAIResponsesProviderTool;

/**
 * The body a transform returns: the caller's body type, with `tools` holding the tools this package writes plus the
 * caller's other tool types (passed through), and `instructions` possibly extended by the guidance note.
 */
export type TransformedOpenAIResponsesBody<Body> = Omit<Body, 'tools' | 'instructions'> & {
  tools?: (OpenAIResponsesTool | Exclude<BodyToolOf<Body>, { type: 'function' | 'custom' | 'namespace' | 'tool_search' }>)[];
  instructions?: string | null;
};

/** What {@link transformOpenAIResponsesRequest} returns: the body to send, the warnings and the tool-name mapping. */
export type TransformOpenAIResponsesRequestResult<Body> = TransformRequestResult<TransformedOpenAIResponsesBody<Body>, OpenAIResponsesWarningCode>;

const UNCATEGORIZED_OPTION: Readonly<TransformOption> = {
  name: 'uncategorized',
  rule: "must be 'top-level' or 'name-prefix'",
  isValid: (value) => value === 'top-level' || value === 'name-prefix',
};

/**
 * Rewrites an OpenAI Responses request body for a tool search plan, just before it is sent.
 *
 * Build the body as always (original tool names, full schemas, your namespaces), resolve the plan from it, transform,
 * send. Pure: the input is not changed, equal input gives byte-identical output, and the output transformed again
 * with the same plan and options comes out the same (except with the client mechanism's `names` listing, whose
 * output no longer lists the unrevealed tools: transform the original body each turn).
 *
 * Which tool is sent in which form (loaded, deferred, left out, revealed, forced; which tool search tool; the caller's
 * own deferrals) is the grouping decision's (`resolveGroupingAPIRequest`); a top-level custom tool named like the package's own
 * tools is {@link resolvePlanWithUnmanagedNames}' (the result's `plan`: pass that one to `handleToolCall`). This
 * transformer writes it in the Responses wire:
 *
 * - **Hosted (`openai-hosted`)** and **none**: a deferred function gets `defer_loading: true` (removed otherwise). A
 *   tool with a group (its category, or the body namespace it sits in) goes into a `namespace`, deferred or not, so
 *   its calls' `namespace` stays the same from turn to turn. Namespace names are made valid, at most 64 characters
 *   (`File Operations` → `File_Operations`), never reserved or named like a top-level function; a description is the
 *   body namespace's own, else `Tools for <category>`. Function names are kept within 64 characters (a deferred
 *   top-level function's calls carry its name as their namespace). Order: top-level loaded tools and other tools in
 *   body order, then namespaces sorted by the name sent, then deferred tools without a category (see
 *   `uncategorized`), then the tool search tool (`{"type":"tool_search"}`, the body's own, or the library's
 *   client-executed one) last.
 * - **Client (`client`)**: the client tool list as Responses functions: stubs with the stub schema and `strict: false`.
 *   Namespaced functions become top-level functions; a namespaced custom tool whose name another tool already has at
 *   the top level is sent as `namespace.name`. The guidance note is appended to `instructions` once (a note an earlier
 *   transform left there is replaced, or removed when nothing is deferred). A `claude-hosted` plan (a mistake on this
 *   API: warned) is applied this way too. With native delivery (`reveal: 'native'`) the list is the loaded tools and
 *   `tool_search` only (no `call_tool`, no deferred tool): what a search loads reaches the model as an
 *   `additional_tools` item after its result (`createOpenAIResponsesAdditionalTools`; the session API writes it), so
 *   the tools and the instructions stay byte-identical on every request of a session.
 *
 * Always: function names the API rejects are mapped (`github.create_issue` → `github_create_issue`), in `tools`,
 * `tool_choice` and the history; custom tools keep their names (free text), and tools the plan does not manage (web
 * search, MCP, custom tools, …) pass through in place. The history (`input`) is repaired
 * (`transformOpenAIResponsesInput`): a replayed call missing its `namespace` gets it back, output-only
 * `created_by` fields are removed, `tool_search_call`/`tool_search_output`/`additional_tools` items are kept in place
 * (names the API would reject mapped, as in calls). The result's `loaded` includes the tools those items loaded or added.
 *
 * Throws a `ToolSearchError`: `invalid-request` for a body that is not an object, `tools` not an array, a tool
 * without a type or name, two tools of one name in one scope, `input` neither a string nor a list of objects,
 * `instructions` not a string;
 * `plan-mismatch` when the plan was made for other tools than the body's functions; `invalid-options` for a bad
 * plan or options.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseOpenAIResponsesTools, transformOpenAIResponsesRequest } from 'tool-search/openai';
 * const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, parseOpenAIResponsesTools(body));
 * const { body: request, names } = transformOpenAIResponsesRequest(body, plan);
 * const response = await openai.responses.create(request);
 * ```
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 */
export function transformOpenAIResponsesRequest<Body extends object>(
  body: Body,
  plan: ToolSearchPlan,
  options: TransformOpenAIResponsesRequestOptions = {},
): TransformOpenAIResponsesRequestResult<Body> {
  // The body's tools are checked before the options.
  const tools = OPENAI_RESPONSES_CODEC.readTools(body as Record<string, unknown>);
  const { revealed, uncategorized, predict } = parseTransformOpenAIResponsesOptions(options);
  return transformRequest(OPENAI_RESPONSES_CODEC, body, plan, {
    revealed,
    options: { uncategorized },
    ...(predict === undefined ? {} : { predict }),
    tools: { list: (body as Record<string, unknown>).tools, read: tools },
  }) as TransformOpenAIResponsesRequestResult<Body>;
}

function parseTransformOpenAIResponsesOptions(options: unknown) {
  const given = options ?? {};
  if (!isRecord(given)) {
    throw new ToolSearchError('invalid-options', `\`options\` must be an object such as \`{ revealed, uncategorized }\`, got ${describeValue(options)}`);
  }
  const [problem] = findTransformOptionProblems(given, [REVEALED_OPTION, UNCATEGORIZED_OPTION, PREDICT_OPTION]);
  if (problem?.kind === 'unknown') {
    throw new ToolSearchError(
      'invalid-options',
      `unknown option ${quoteNames(problem.names)}; the options are \`revealed\`, \`uncategorized\` and \`predict\``,
    );
  }
  if (problem !== undefined) {
    throw new ToolSearchError('invalid-options', `\`options.${problem.option.name}\` ${problem.option.rule}, got ${describeValue(problem.value)}`);
  }
  return {
    revealed: parseRevealedOption(given.revealed),
    uncategorized: (given.uncategorized as OpenAIResponsesUncategorizedTools | undefined) ?? 'top-level',
    predict: parsePredictOption(given.predict),
  };
}
