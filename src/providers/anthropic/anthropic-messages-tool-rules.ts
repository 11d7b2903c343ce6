import type { ModelPlatform } from '../../models/model-reference.js';
import { resolveModelSupport } from '../../models/resolve-model-support.js';
import { isRecord } from '../../records/is-record.js';

/**
 * What kind of entry a Messages API `tools` item is, by its `type`.
 *
 * - `custom`: a client tool the caller runs (`type` absent, `null` or `'custom'`); the only kind the plan knows.
 * - `tool-search`: Anthropic's hosted search tool, either variant, dated or not.
 * - `toolset`: a computer or browser toolset (`computer_toolset_20260801`, …), whose members defer per member.
 * - `mcp-toolset`: an MCP connector toolset (`mcp_toolset`, beta), which defers through `default_config`/`configs`.
 * - `provider`: any other typed tool (web search, code execution, bash, memory, text editor, future tools).
 * - `invalid`: not an object, or a `type` that is not a string.
 */
export type AnthropicToolKind = 'custom' | 'tool-search' | 'toolset' | 'mcp-toolset' | 'provider' | 'invalid';

const TOOL_SEARCH_TYPE = /^tool_search_tool_(?:bm25|regex)(?:_\d{8})?$/;
const TOOLSET_TYPE = /^[a-z]+_toolset_\d{8}$/;

/** The kind of one `tools` entry; never throws. */
export function resolveAnthropicToolKind(entry: unknown): AnthropicToolKind {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'invalid';
  const type = (entry as { type?: unknown }).type;
  if (type === undefined || type === null || type === 'custom') return 'custom';
  if (typeof type !== 'string') return 'invalid';
  if (TOOL_SEARCH_TYPE.test(type)) return 'tool-search';
  if (type === 'mcp_toolset') return 'mcp-toolset';
  if (TOOLSET_TYPE.test(type)) return 'toolset';
  return 'provider';
}

/**
 * Whether a `tools` entry is deferred, as the Messages API sees it.
 *
 * - `loaded`: sent in full; it counts as the required non-deferred tool and may carry a cache breakpoint.
 * - `deferred`: `defer_loading: true` (or, for a toolset, its members defer, and a toolset loads as a unit).
 * - `partly-deferred`: an MCP toolset whose `default_config` and `configs` disagree: some tools defer, some do not.
 *   It is not all-deferred, but it must not carry `cache_control` either.
 */
export type AnthropicToolDeferral = 'loaded' | 'deferred' | 'partly-deferred';

/** The deferral of one `tools` entry (of `kind`, when the caller has read it); never throws (an unreadable entry is `loaded`). */
export function resolveAnthropicToolDeferral(entry: unknown, kind: AnthropicToolKind = resolveAnthropicToolKind(entry)): AnthropicToolDeferral {
  if (kind === 'invalid') return 'loaded';
  const record = entry as Record<string, unknown>;
  if (kind !== 'toolset' && kind !== 'mcp-toolset') return record.defer_loading === true ? 'deferred' : 'loaded';
  // Members defer one by one (every enabled member must agree for a toolset, which loads as a unit).
  const members = Object.values(isRecord(record.configs) ? record.configs : {}).filter(
    (config): config is Record<string, unknown> => isRecord(config) && config.enabled !== false,
  );
  if (kind === 'toolset') return members.some((config) => config.defer_loading === true) ? 'deferred' : 'loaded';
  const byDefault = isRecord(record.default_config) && record.default_config.defer_loading === true;
  if (members.some((config) => typeof config.defer_loading === 'boolean' && config.defer_loading !== byDefault)) return 'partly-deferred';
  return byDefault ? 'deferred' : 'loaded';
}

/**
 * One tool change as this package reads it: a `tool_addition` or `tool_removal` block of a system message, or an entry
 * of a `compaction` block's `tool_changes`.
 */
export interface AnthropicToolChange {
  /** `addition` or `removal`. */
  readonly change: 'addition' | 'removal';
  /** The tool's name as the block gives it (`tool.name`, or the definition's `name`). */
  readonly name: string;
  /** `value`: the block carries the definition (`tool_definition`); `reference`: it names the tool (`tool_reference`). */
  readonly form: 'value' | 'reference';
  /** The definition a by-value addition carries (a `tools` entry). */
  readonly definition?: Readonly<Record<string, unknown>>;
}

/**
 * The tool change a block makes; `undefined` for any other block, MCP references (`mcp_tool_reference`,
 * `mcp_toolset_reference`, whose names belong to an MCP server) and values of unknown shape. Never throws.
 */
export function resolveAnthropicToolChange(block: unknown): AnthropicToolChange | undefined {
  if (!isRecord(block)) return undefined;
  const change = block.type === 'tool_addition' ? 'addition' : block.type === 'tool_removal' ? 'removal' : undefined;
  const tool = block.tool;
  if (change === undefined || !isRecord(tool)) return undefined;
  if (tool.type === 'tool_reference') return typeof tool.name === 'string' ? { change, name: tool.name, form: 'reference' } : undefined;
  const definition = tool.definition;
  // A removal names its tool; only an addition carries a definition.
  if (change !== 'addition' || tool.type !== 'tool_definition' || !isRecord(definition) || typeof definition.name !== 'string') return undefined;
  return { change, name: definition.name, form: 'value', definition };
}

/**
 * What a history's mid-conversation system messages may hold for a model where it is served:
 *
 * - `value`: system messages with tool changes by value (`tool_definition`) and by reference: Opus 4.8 and the other
 *   models that take them, on the Claude API; also any model the package does not know (an unknown or gateway id is
 *   not second-guessed).
 * - `reference`: tool changes by reference only: the same models on Amazon Bedrock and Google Cloud, where the inline
 *   (by value) beta is not offered.
 * - `none`: no system message at all: a Claude model known not to take them, wherever it is served ("role 'system' is
 *   not supported on this model": Sonnet 5, every Claude before Opus 4.8).
 *
 * Not part of the public API: the Messages transformer rewrites what a history holds beyond it, and the preflight
 * flags it.
 */
export type AnthropicToolChangeSupport = 'value' | 'reference' | 'none';

/** The {@link AnthropicToolChangeSupport} of a model id, served on `platform` (`undefined`: the Claude API, or not known). */
export function resolveAnthropicToolChangeSupport(id: string | undefined, platform: ModelPlatform | undefined): AnthropicToolChangeSupport {
  if (id === undefined) return 'value';
  const served = resolveModelSupport({ id, platform });
  if (served.family !== 'claude') return 'value';
  // Anthropic documents system messages per model on the Claude API; a model without them lacks them everywhere.
  if (resolveModelSupport({ id: served.baseId, platform: 'anthropic' }).toolAdditions === null) return 'none';
  return platform === 'bedrock' || platform === 'vertex' || (platform === undefined && (served.gateway === 'bedrock' || served.gateway === 'vertex'))
    ? 'reference'
    : 'value';
}

/**
 * Whether a Messages API body uses tool search, read from the body alone: a hosted search tool, an entry that defers
 * (`defer_loading`, or a toolset whose members defer), or `tool_reference` blocks in the history. Bedrock needs its
 * beta for any of the three. Never throws.
 */
export function usesAnthropicToolSearch(body: Readonly<Record<string, unknown>>): boolean {
  const tools: readonly unknown[] = Array.isArray(body.tools) ? body.tools : [];
  return (
    tools.some((entry) => {
      const kind = resolveAnthropicToolKind(entry);
      return kind === 'tool-search' || resolveAnthropicToolDeferral(entry, kind) !== 'loaded';
    }) || holdsAnthropicToolReference(body.messages)
  );
}

/** Whether a body's `messages` hold `tool_reference` blocks (in a hosted search result or a client `tool_result`). */
export function holdsAnthropicToolReference(messages: unknown): boolean {
  return Array.isArray(messages) && messages.some(holdsToolReference);
}

function holdsToolReference(message: unknown): boolean {
  return (
    isRecord(message) &&
    Array.isArray(message.content) &&
    message.content.some((block: unknown) => {
      if (!isRecord(block)) return false;
      const items =
        block.type === 'tool_search_tool_result' && isRecord(block.content) ? block.content.tool_references : block.type === 'tool_result' ? block.content : [];
      return Array.isArray(items) && items.some((item: unknown) => block.type !== 'tool_result' || (isRecord(item) && item.type === 'tool_reference'));
    })
  );
}
