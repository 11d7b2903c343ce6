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
 * How deferred tools appear in the client-side tool list (hosted mechanisms are not affected).
 *
 * - `full` (the seed's behaviour): name, whole description, stub schema.
 * - `compact`: name, the description's first sentence (bounded), stub schema; `tool_search` returns the rest.
 * - `names`: deferred tools leave the tool list; the guidance note lists their names; a revealed tool joins the list.
 */
export type ToolListing = 'full' | 'compact' | 'names';

/** The listing modes, for validation and docs. */
export const TOOL_LISTINGS: readonly ToolListing[] = ['full', 'compact', 'names'];

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
  /** How deferred tools are listed by the client-side mechanism. */
  readonly listing: ToolListing;
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
  /** How the client-side mechanism lists deferred tools. @default 'full' */
  readonly listing?: ToolListing;
}

/** The seed's capability ids (everruns), accepted unchanged. */
export type SeedCapabilityId = 'auto_tool_search' | 'openai_tool_search' | 'claude_tool_search' | 'tool_search';

/** The seed's per-capability `config` object. `listing` is this package's addition. */
export interface SeedCapabilityConfig {
  readonly threshold?: number;
  readonly never_defer?: readonly string[];
  readonly listing?: ToolListing;
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
