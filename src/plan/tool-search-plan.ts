import type { ToolListing, ToolRevealMode, ToolSearchMechanismChoice, ToolSearchRanking } from '../config/tool-search-config.js';
import type { ModelPlatform, WireAPI } from '../models/model-reference.js';
import type { ToolAdditionForm } from '../models/resolve-model-support.js';

/**
 * The mechanism a plan applies.
 *
 * - `openai-hosted`: OpenAI's hosted tool search (namespaces, `defer_loading`, `{"type":"tool_search"}`).
 * - `claude-hosted`: Anthropic's hosted tool search (`defer_loading`, the `tool_search_tool_bm25` server tool).
 * - `client`: this package's `tool_search` tool, stub schemas and a session reveal set.
 * - `none`: no deferral; full schemas are sent.
 */
export type ToolSearchMechanism = 'openai-hosted' | 'claude-hosted' | 'client' | 'none';

/** The mechanisms a plan may hold, for validation and tests. */
export const TOOL_SEARCH_MECHANISMS: readonly ToolSearchMechanism[] = ['openai-hosted', 'claude-hosted', 'client', 'none'];

/**
 * Why a tool is deferred.
 *
 * - `threshold-reached`: its policy is `automatic` and the tool count meets the threshold.
 * - `policy-always`: its policy is `always`, so it is deferred even below the threshold.
 * - `tool-limit`: the API caps the number of tools (OpenAI Chat Completions: 128) and the request would exceed it, so
 *   the transformer deferred it for that request (never in a plan `resolveToolSearch` returns).
 */
export type DeferredReason = 'threshold-reached' | 'policy-always' | 'tool-limit';

/**
 * Why a tool keeps its full schema.
 *
 * - `no-mechanism`: the plan's mechanism is `none`.
 * - `below-threshold`: its policy is `automatic` and the tool count is below the threshold.
 * - `policy-never`: its policy is `never`.
 * - `never-defer-list`: its name is on the configuration's never-defer list.
 * - `search-tool`: it is named like one of the tools this package adds (`tool_search`, `call_tool`); it is sent as it
 *   is, and the package's own tool of that name goes by another name.
 */
export type LoadedReason = 'no-mechanism' | 'below-threshold' | 'policy-never' | 'never-defer-list' | 'search-tool';

/** One tool's place in the plan. */
export type PlannedTool =
  | { readonly name: string; readonly status: 'deferred'; readonly reason: DeferredReason; readonly category?: string }
  | { readonly name: string; readonly status: 'loaded'; readonly reason: LoadedReason; readonly category?: string };

/**
 * The codes of the plan's warnings; match on them, the messages are for people.
 *
 * - `mechanism-unsupported`: an explicitly requested mechanism does not apply to this model or API.
 * - `unknown-never-defer-name`: the never-defer list names a tool that is not in the tool list.
 * - `own-tool-renamed`: the tool list has its own `tool_search` (or `call_tool`), which is sent as it is, and the
 *   package's own tool of that name is sent under another name (`tool_search_2`, …) that the guidance note gives.
 * - `platform-transport`: Anthropic's hosted search on Vertex AI or Foundry, where older docs asked for a beta header
 *   that this package does not write: the transport's part. (On Bedrock the beta goes in the body, and the Messages
 *   transformer writes it.)
 * - `unknown-model`: the model id is not one the package recognises (`claude-sonnet-4.5`, `gpt5.4`, a gateway's
 *   alias) while a hosted mechanism could apply, so it got the client-side mechanism; the message names the nearest
 *   known id when one is close.
 * - `below-threshold`: the tool list is shorter than the threshold, so its `automatic` tools keep their full schemas
 *   (with none deferred, the request is sent as it would be without tool search).
 * - `reveal-unsupported`: an explicitly requested `reveal: 'native'` does not apply to this model, platform or API (a
 *   Claude model before Opus 4.8, Sonnet 5, Claude on Foundry, Chat Completions, Gemini, Converse), or, by reference
 *   (Bedrock, Vertex AI), the plan defers more than Anthropic takes with tool changes (10,000 tools, 4 MB), so loaded
 *   schemas stay in the `tool_search` result (`conversation`).
 * - `hosted-search-too-large`: `mechanism: 'auto'` chose the client-side `tool_search` over Anthropic's hosted search
 *   for the catalog's size: past the 10,000 deferred tools one request takes, or, on a model that takes tool additions
 *   by value, past 1 MB of deferred definitions that hosted search would upload with every request (loaded tools are
 *   then added natively by value). Not a failure: the message says why, for logs and the command line.
 */
export type ToolSearchPlanWarningCode =
  | 'hosted-search-too-large'
  | 'mechanism-unsupported'
  | 'unknown-never-defer-name'
  | 'own-tool-renamed'
  | 'platform-transport'
  | 'unknown-model'
  | 'below-threshold'
  | 'reveal-unsupported';

/**
 * Something the caller asked for that could not be done exactly, as data: what was asked, why it could not be done,
 * and what happened instead. Library code never logs; it returns these. Each producer (the plan, each transformer)
 * documents its own codes.
 */
export interface ToolSearchWarning<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
}

/**
 * What `resolveToolSearch` decided for one model and one tool list. Plain JSON: it can be logged, stored, compared
 * and sent across processes. Equal inputs give deep-equal plans.
 */
export interface ToolSearchPlan {
  /** The model id the plan was made for, as given. */
  readonly model: string;
  /** The wire API named by the caller, or `null` when the caller gave a bare model id. */
  readonly api: WireAPI | null;
  /** The platform named by the caller; absent when the caller named none. */
  readonly platform?: ModelPlatform;
  /** The mechanism that applies. */
  readonly mechanism: ToolSearchMechanism;
  /** The threshold used: the chosen mechanism's, or the first preference's when none applies. */
  readonly threshold: number;
  /** The tool count compared with the threshold: the number of tools the plan was made for. */
  readonly toolCount: number;
  /**
   * How deferred tools are shown up front when the library's `tool_search` finds them (the configuration's `auto`
   * resolved for this tool list). A provider's own search (`search: 'provider'`) ignores it.
   */
  readonly listing: ToolListing;
  /**
   * Where the client-side mechanism puts a loaded schema (hosted mechanisms load into the conversation): the
   * configuration's `auto` resolved for this model, API and platform. `native` only ever with the `client` mechanism,
   * on `openai-responses`, `anthropic-messages` or a plan made without `api`.
   */
  readonly reveal: ToolRevealMode;
  /**
   * How the native delivery carries a loaded tool; present exactly when {@link ToolSearchPlan.reveal} is `native`.
   *
   * - `value`: the loaded definitions themselves go in the addition (OpenAI Responses `additional_tools`; Anthropic's
   *   `tool_definition` additions on the Claude API), and deferred tools are not sent at all.
   * - `reference`: deferred tools are sent in `tools` with `defer_loading: true` (and no hosted search tool) and the
   *   addition names them (Anthropic's `tool_reference` additions on Bedrock and Vertex AI).
   */
  readonly additions?: ToolAdditionForm;
  /**
   * Who ranks tools when the model searches: `library` for the client-side mechanism (and `none`), the configured
   * choice for a hosted mechanism.
   */
  readonly search: ToolSearchRanking;
  /** The mechanisms the configuration allowed, in the order they were tried. */
  readonly allowed: readonly ToolSearchMechanismChoice[];
  /** Every tool, in input order, with its status and the reason for it. */
  readonly tools: readonly PlannedTool[];
  /**
   * Names of the request's tools the plan does not manage that the package's own tools must not take: the top-level
   * custom tools of an OpenAI Responses body when one holds a name those would take (`tool_search`, `call_tool`; its
   * transformer and session write them; see `resolveOwnToolsSent`). Absent: none.
   */
  readonly unmanagedToolNames?: readonly string[];
  /** What could not be done as asked. Empty when everything went as configured. */
  readonly warnings: readonly ToolSearchWarning<ToolSearchPlanWarningCode>[];
}
