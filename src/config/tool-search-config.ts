/** The default tool count at which deferral activates (the seed's `DEFAULT_TOOL_SEARCH_THRESHOLD`). */
export const DEFAULT_TOOL_SEARCH_THRESHOLD = 15;

/**
 * A tool search mechanism a configuration can ask for.
 *
 * - `openai`: OpenAI's hosted tool search (Responses API, GPT-5.4 and newer).
 * - `claude`: Anthropic's hosted tool search (Messages API, supported Claude models).
 * - `client`: this package's own `tool_search` tool; works on every model and API.
 */
export type ToolSearchMechanismChoice = 'openai' | 'claude' | 'client';

/** What the TypeScript form's `mechanism` accepts: one mechanism, or `auto` to pick per model. */
export type ToolSearchMechanismRequest = 'auto' | ToolSearchMechanismChoice;

/**
 * How deferred tools are shown to the model up front when this package's `tool_search` finds them (the client-side
 * mechanism, and hosted mechanisms whose search is the library's; a provider's own search shows them its own way).
 *
 * - `full` (the seed's behaviour): in the tool list with name, whole description and a stub schema.
 * - `compact`: in the tool list with name, the description's first sentence (bounded) and a stub schema;
 *   `tool_search` returns the rest.
 * - `names`: not in the tool list; the guidance note names them. A tool not in the list is called through the
 *   package's `call_tool` (client-side mechanism) or loaded by the provider (hosted mechanisms).
 * - `none`: not in the tool list and not named; the note says how many there are and the model finds them with
 *   `tool_search` alone (for catalogs too large to name every tool).
 */
export type ToolListing = 'full' | 'compact' | 'names' | 'none';

/** The listing modes, for validation and docs. */
export const TOOL_LISTINGS: readonly ToolListing[] = ['full', 'compact', 'names', 'none'];

/**
 * What the configuration's `listing` accepts: a listing, or `auto` for `names` while at most
 * {@link AUTO_LISTING_MAX_NAMES} tools are deferred and `none` beyond (naming ten thousand tools would cost more
 * prompt than it saves).
 */
export type ToolListingRequest = 'auto' | ToolListing;

/** Under `listing: 'auto'`, the most deferred tools the guidance note names; more get the `none` listing. */
export const AUTO_LISTING_MAX_NAMES = 1_000;

/** The listing `auto` stands for with this many deferred tools: `names` up to {@link AUTO_LISTING_MAX_NAMES}, else `none`. */
export function resolveAutoListing(deferredCount: number): 'names' | 'none' {
  return deferredCount <= AUTO_LISTING_MAX_NAMES ? 'names' : 'none';
}

/**
 * Where the client-side mechanism puts a schema that `tool_search` loaded (the plan's value, resolved per model).
 *
 * - `conversation`: only in the `tool_search` result. The tool list and the system text never change within a
 *   session, so a prompt cache keeps the whole history; deferred tools stay callable (with a stub schema, or through
 *   `call_tool`), and calls are checked against the full schema (`createToolCallCheck`).
 * - `native`: the `tool_search` result lists what it loaded, and the loaded tools' definitions are appended to the
 *   conversation right after it as the provider's own tool-addition item (OpenAI Responses `additional_tools`,
 *   Anthropic Messages `tool_addition` blocks in a `system` message). The model then calls a loaded tool by its own
 *   name as an ordinary tool; the tool list and the system text never change, so a prompt cache keeps the history.
 *   Only with the client-side mechanism on `openai-responses` or `anthropic-messages`; `call_tool` is not sent.
 * - `tool-list` (the seed's behaviour): also in the tool list from the next request on, where the revealed tool's
 *   stub is replaced by its full schema. Every reveal changes the tool list, so a prompt cache misses from there on.
 */
export type ToolRevealMode = 'conversation' | 'native' | 'tool-list';

/** The reveal modes a plan records, for validation and docs. */
export const TOOL_REVEAL_MODES: readonly ToolRevealMode[] = ['conversation', 'native', 'tool-list'];

/**
 * What the configuration's `reveal` accepts: a reveal mode, or `auto` for `native` where the provider documents tool
 * additions for the model where it is served (see `resolveModelSupport`'s `toolAdditions`) and `conversation`
 * everywhere else.
 */
export type ToolRevealChoice = 'auto' | ToolRevealMode;

/** The reveal choices a configuration accepts, for validation and docs. */
export const TOOL_REVEAL_CHOICES: readonly ToolRevealChoice[] = /* @__PURE__ */ withAutoChoice(TOOL_REVEAL_MODES);

/**
 * Who ranks tools when the model searches under a hosted mechanism (the provider loads the schemas either way).
 *
 * - `provider`: the provider's own search (OpenAI's hosted `tool_search`, Anthropic's `tool_search_tool_bm25`).
 * - `library`: this package's ranking: the search tool is executed by the caller (OpenAI `tool_search` with
 *   `execution: "client"`, answered with a `tool_search_output`; Anthropic's custom-search pattern, answered with
 *   `tool_reference` blocks), and `listing` says how deferred tools are shown.
 */
export type ToolSearchRanking = 'provider' | 'library';

/** What the configuration's `search` accepts: a ranking, or `auto` (the library's; see the README's session-cost table). */
export type ToolSearchRankingRequest = 'auto' | ToolSearchRanking;

/** The rankings a plan records, for validation and docs. */
export const TOOL_SEARCH_RANKINGS: readonly ToolSearchRanking[] = ['provider', 'library'];

/** The default {@link ToolPredictionSettings.maxTools}: chosen on the benchmark's BFCL multi-turn sessions (bench/README.md). */
export const DEFAULT_PREDICTED_TOOLS = 3;
/** The default {@link ToolPredictionSettings.minScore}: chosen on the benchmark's BFCL multi-turn sessions (bench/README.md). */
export const DEFAULT_PREDICTION_MIN_SCORE = 2;
/** The default {@link ToolPredictionSettings.minShare}: chosen on the benchmark's retrieval sets (bench/README.md). */
export const DEFAULT_PREDICTION_MIN_SHARE = 0.25;

/**
 * How the prediction step chooses what to load before a turn's first request (see `resolveToolPrediction`): the
 * catalog is ranked against the newest user message, and the best deferred tools not loaded yet are loaded, at most
 * `maxTools`, each scoring at least `minScore` (the ranking's score: a query word found in a tool's name weighs 3, in
 * its description 1, in a parameter 0.75, each times the word's rarity; see `createToolIndex`) and at least `minShare`
 * of the best deferred tool's score.
 */
export interface ToolPredictionSettings {
  /** At most this many tools are loaded per turn; a whole number ≥ 1. @default 3 */
  readonly maxTools: number;
  /** A tool is loaded only when it scores at least this much for the message; a finite number ≥ 0. @default 2 */
  readonly minScore: number;
  /**
   * A tool after the best one is loaded only when it scores at least this share of the best deferred tool's score (a
   * weaker runner-up is more often a tool the turn does not need); a number from 0 to 1, `0` keeps every tool that
   * clears `minScore`. @default 0.25
   */
  readonly minShare: number;
}

/**
 * What the configuration's `predict` accepts: `auto` (the default: on wherever this package answers the searches,
 * with the default settings), `off`, or settings of your own (each field defaults as in `auto`).
 */
export type ToolPredictionRequest = 'auto' | 'off' | { readonly maxTools?: number; readonly minScore?: number; readonly minShare?: number };

/** One mechanism the configuration allows, with the threshold that applies when it is the one chosen. */
export interface ToolSearchPreference {
  readonly mechanism: ToolSearchMechanismChoice;
  /** Minimum tool count at which `automatic` tools are deferred. */
  readonly threshold: number;
  /** `true` when the caller asked for this mechanism by name; `false` when `auto` implied it. */
  readonly explicit: boolean;
}

/**
 * A validated, fully resolved configuration, as returned by `parseToolSearchConfig`. Every form of input
 * (the seed's capability references and lists, the TypeScript options) resolves to this one shape.
 */
export interface ToolSearchConfig {
  /**
   * The mechanisms allowed, in the order they are tried: the first that the model and wire API support is used.
   * `auto` is `openai`, `claude`, `client`. An explicit `openai` or `claude` alone falls back to no deferral.
   */
  readonly preferences: readonly ToolSearchPreference[];
  /** Tool names that are never deferred, merged from every source. */
  readonly neverDefer: readonly string[];
  /** How deferred tools are listed when the library's `tool_search` finds them; `auto` is resolved per plan. */
  readonly listing: ToolListingRequest;
  /** Where the client-side mechanism puts a loaded schema; `auto` is resolved per plan. */
  readonly reveal: ToolRevealChoice;
  /** Who ranks under a hosted mechanism; `auto` is resolved per plan. */
  readonly search: ToolSearchRankingRequest;
  /**
   * The prediction step: `off`, or the settings asked for. Absent: `auto`, the default settings wherever the step
   * applies (see `resolveToolPredictionSettings`).
   */
  readonly predict?: 'off' | ToolPredictionSettings;
}

/**
 * The TypeScript form of the configuration.
 *
 * @example
 * ```ts
 * import { parseToolSearchConfig } from 'tool-search';
 * const config = parseToolSearchConfig({ mechanism: 'auto', threshold: 10, neverDefer: ['read_file'] });
 * ```
 */
export interface ToolSearchOptions {
  /**
   * Which mechanism to use. `auto` picks OpenAI's hosted search, Anthropic's hosted search or the client-side
   * `tool_search` tool per model; `openai` or `claude` on a model without support sends full schemas (with a
   * warning); `client` works on every model.
   * @default 'auto'
   */
  readonly mechanism?: ToolSearchMechanismRequest;
  /**
   * The tool count at which `automatic` tools are deferred: a whole number ≥ 0; `0` or `1` defers whenever the
   * mechanism applies. The count is the number of tools in the list the plan is made for.
   * @default 15
   */
  readonly threshold?: number;
  /** Tools kept fully loaded by name, for tools whose `deferrable` policy you do not own. @default [] */
  readonly neverDefer?: readonly string[];
  /**
   * How deferred tools are shown up front when the library's `tool_search` finds them. `auto` names them while at
   * most 1,000 are deferred and lists none beyond.
   * @default 'auto'
   */
  readonly listing?: ToolListingRequest;
  /**
   * Where the client-side mechanism puts a loaded schema: only in the `tool_search` result (`conversation`), appended
   * to the conversation as the provider's own tool addition so the model calls the tool by its name (`native`:
   * OpenAI Responses and Anthropic Messages), or also in the tool list (`tool-list`, the seed's behaviour). The first
   * two keep the tool list unchanged, so a prompt cache keeps the whole history. `auto` picks `native` where the
   * provider documents tool additions for the model where it is served (GPT-5.4 and later on OpenAI; Opus 4.8, Opus
   * 5, Opus 5.5, Sonnet 5.5, Haiku 5.5, Fable and Mythos on the Claude API) and `conversation` elsewhere (gateways,
   * Bedrock, Vertex AI, other models). An explicit `native` is honoured on any model of those two APIs except one
   * known not to support it (the plan then warns `reveal-unsupported`); it cannot be combined with the `full` or
   * `compact` listing.
   * @default 'auto'
   */
  readonly reveal?: ToolRevealChoice;
  /**
   * Who ranks tools under a hosted mechanism: the provider's search or this package's. `auto` picks the library's,
   * which measured cheaper per session on both providers (README, session cost).
   * @default 'auto'
   */
  readonly search?: ToolSearchRankingRequest;
  /**
   * Whether to load the tools a turn needs before the model asks: before a turn's first request, the catalog is ranked
   * against the newest user message and the best matches are loaded (`maxTools`, default 3, each scoring at least
   * `minScore`, default 2, and at least `minShare` of the best score, default 0.25), as if the model had called
   * `tool_search` for them: the package's `tool_search` call and its result after the user message, or the provider's
   * tool addition under native delivery. The tool list and the system text do not change. `auto` is on wherever this
   * package answers the searches (the client-side mechanism, and hosted search with the library's ranking) in the
   * session API and the AI SDK integration; the bare transformers predict only when given
   * `predict: createToolPredictor(...)`. `off` sends today's bytes.
   * @default 'auto'
   */
  readonly predict?: ToolPredictionRequest;
}

/** The seed's capability ids (everruns), accepted unchanged. */
export type SeedCapabilityId = 'auto_tool_search' | 'openai_tool_search' | 'claude_tool_search' | 'tool_search';

/** The seed's per-capability `config` object. `listing`, `reveal` and `search` are this package's additions. */
export interface SeedCapabilityConfig {
  readonly threshold?: number;
  readonly never_defer?: readonly string[];
  readonly listing?: ToolListingRequest;
  readonly reveal?: ToolRevealChoice;
  readonly search?: ToolSearchRankingRequest;
}

/** A seed capability reference: a bare id, or `{ ref, config }`. */
export type SeedCapabilityReference = SeedCapabilityId | { readonly ref: SeedCapabilityId; readonly config?: SeedCapabilityConfig };

/**
 * A seed agent configuration. Entries that are not tool search capabilities (the agent's other capabilities) are
 * ignored, so a whole agent configuration can be passed as it is.
 */
export interface SeedCapabilityList {
  readonly capabilities: readonly (SeedCapabilityReference | string | { readonly ref: string; readonly config?: unknown })[];
}

/** Every form `parseToolSearchConfig` accepts. `undefined` means all defaults. */
export type ToolSearchConfigInput = ToolSearchOptions | SeedCapabilityReference | SeedCapabilityList | ToolSearchConfig;

/**
 * `auto` followed by the given choices: what a setting with an `auto` choice accepts. A function, so a constant made
 * with it can be marked pure and dropped by a bundler when unused (an array spread at the top of a module is kept).
 */
export function withAutoChoice<Choice extends string>(choices: readonly Choice[]): readonly ('auto' | Choice)[] {
  return ['auto', ...choices];
}
