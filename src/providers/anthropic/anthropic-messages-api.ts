/**
 * The Anthropic Messages API wire format, as far as tool search touches it (snake_case, as sent over HTTP).
 *
 * These types mirror `@anthropic-ai/sdk` (`resources/messages/messages.d.ts`) field for field, and a type test
 * proves each is assignable to its SDK counterpart, so a body built from them is a valid `MessageCreateParams`. They
 * describe what this package reads and writes; everything else in a body (images, documents, thinking blocks, other
 * server tools, …) passes through the transformer untouched whatever its shape.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
 * @packageDocumentation
 */
import type { ToolNameRule } from '../../names/tool-name-rule.js';
import { CLAUDE_REQUEST_LIMITS } from '../../plan/resolve-hosted-search-size.js';

/** A prompt-cache breakpoint (`CacheControlEphemeral`). */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  /** @default '5m' */
  ttl?: '5m' | '1h';
}

/** What may carry a prompt-cache breakpoint: tools and content blocks. */
interface AnthropicCacheable {
  cache_control?: AnthropicCacheControl | null;
}

/** A custom tool's `input_schema`: a JSON Schema object. */
export interface AnthropicInputSchema {
  type: 'object';
  properties?: unknown | null;
  required?: Array<string> | null;
  [keyword: string]: unknown;
}

/** Who may call a tool directly or from code execution. */
export type AnthropicAllowedCaller = 'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521';

/** A custom (client) tool (`Tool`). */
export interface AnthropicCustomTool extends AnthropicCacheable {
  name: string;
  description?: string;
  input_schema: AnthropicInputSchema;
  type?: 'custom' | null;
  /** Loaded only when tool search returns a `tool_reference` to it. Never together with `cache_control`. */
  defer_loading?: boolean;
  strict?: boolean;
  input_examples?: Array<{ [key: string]: unknown }>;
  eager_input_streaming?: boolean | null;
  allowed_callers?: Array<AnthropicAllowedCaller>;
}

/** One of Anthropic's hosted search tools, by its name (`tool_search_tool_bm25`) and dated type. */
interface AnthropicHostedSearchTool<Name extends string, Date extends string> extends AnthropicCacheable {
  type: `${Name}_${Date}` | Name;
  name: Name;
  /** Must never be `true` on the search tool. */
  defer_loading?: boolean;
  allowed_callers?: Array<AnthropicAllowedCaller>;
  strict?: boolean;
}

/**
 * Either hosted search tool: BM25 (`ToolSearchToolBm25_20251119`, natural-language queries) or regex
 * (`ToolSearchToolRegex20251119`, Python `re.search()` patterns).
 */
export type AnthropicToolSearchTool =
  | AnthropicHostedSearchTool<'tool_search_tool_bm25', '20251119'>
  | AnthropicHostedSearchTool<'tool_search_tool_regex', '20251119'>;

/** The tool entries this package writes. A body may hold any other `ToolUnion` member; those pass through. */
export type AnthropicTool = AnthropicCustomTool | AnthropicToolSearchTool;

/** A text block (`TextBlockParam`), in messages and in `system`. */
export interface AnthropicTextBlock extends AnthropicCacheable {
  type: 'text';
  text: string;
}

/** A reference that makes the API load a deferred tool's definition (`ToolReferenceBlockParam`). */
export interface AnthropicToolReferenceBlock extends AnthropicCacheable {
  type: 'tool_reference';
  tool_name: string;
}

/** The model's call of a custom tool (`ToolUseBlockParam`). */
export interface AnthropicToolUseBlock extends AnthropicCacheable {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
  /** Set on a computer or browser toolset member's call; such names are not custom tool names. */
  toolset_name?: string | null;
}

/** The answer to a `tool_use` (`ToolResultBlockParam`). Client-side search answers with `tool_reference` blocks. */
export interface AnthropicToolResultBlock extends AnthropicCacheable {
  type: 'tool_result';
  tool_use_id: string;
  /** With `is_error: true`, every block must be text. */
  content?: string | Array<AnthropicTextBlock | AnthropicToolReferenceBlock>;
  is_error?: boolean;
}

/** A hosted search call (`ServerToolUseBlockParam`); its `srvtoolu_…` id is never answered with a `tool_result`. */
export interface AnthropicServerToolUseBlock extends AnthropicCacheable {
  type: 'server_tool_use';
  id: string;
  name: AnthropicToolSearchTool['name'];
  /** `{ query, limit? }` for BM25, `{ pattern, limit? }` for regex. */
  input: unknown;
}

/**
 * The hosted search's result (`ToolSearchToolResultBlockParam`), echoed back byte for byte on later turns: its matches
 * (empty when nothing matched) or its failure, returned with HTTP 200 (the SDK lists these codes; treat `error_code` as
 * an open string when reading responses, the documented set has changed before).
 */
export interface AnthropicToolSearchToolResultBlock extends AnthropicCacheable {
  type: 'tool_search_tool_result';
  tool_use_id: string;
  content:
    | { type: 'tool_search_tool_search_result'; tool_references: Array<AnthropicToolReferenceBlock> }
    | {
        type: 'tool_search_tool_result_error';
        error_code: 'invalid_tool_input' | 'unavailable' | 'too_many_requests' | 'execution_time_exceeded';
        error_message?: string | null;
      };
}

/** The content blocks this package reads or writes in `messages`. */
export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicServerToolUseBlock
  | AnthropicToolSearchToolResultBlock;

/**
 * A tool named in a tool change (`BetaToolChangeToolReference`): one declared in `tools` or defined by an earlier
 * `tool_addition`, by the name the model calls it (`name`, where a tool search `tool_reference` block has `tool_name`).
 */
interface AnthropicToolChangeReference {
  type: 'tool_reference';
  name: string;
}

/**
 * Makes a tool available from this point of the conversation on (`BetaRequestToolAdditionBlock`), in a
 * `role: 'system'` message: by reference, or by value (`BetaToolChangeToolDefinitionParam`: `definition` is a `tools`
 * entry, which then need not be in `tools` at all; needs the `inline-tools-2026-09-15` beta, Claude API only).
 * `cache_control` goes on the block or in the definition, never both.
 */
export interface AnthropicToolAdditionBlock extends AnthropicCacheable {
  type: 'tool_addition';
  tool: AnthropicToolChangeReference | { type: 'tool_definition'; definition: AnthropicTool };
}

/** Withdraws a tool from this point of the conversation on (`BetaRequestToolRemovalBlock`). */
export interface AnthropicToolRemovalBlock extends AnthropicCacheable {
  type: 'tool_removal';
  tool: AnthropicToolChangeReference;
}

/**
 * A mid-conversation system message (`BetaSystemMessageParam`), here carrying tool changes. Allowed after a user
 * turn (a `tool_result` turn counts) or an assistant turn ending in a server tool result; never first, never between a
 * `tool_use` and its `tool_result`, not right after `pause_turn`.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
export interface AnthropicSystemMessage {
  role: 'system';
  content: string | Array<AnthropicTextBlock | AnthropicToolAdditionBlock | AnthropicToolRemovalBlock>;
}

/**
 * A compacted stretch of the conversation (`BetaCompactionBlockParam`), sent back first in `messages` as the API
 * returned it. `tool_changes` take `tools` to the tool set in effect at the end of the stretch; sent back unchanged
 * (the API checks them: `compaction_tool_changes_mismatch`).
 */
export interface AnthropicCompactionBlock extends AnthropicCacheable {
  type: 'compaction';
  content?: string | null;
  encrypted_content?: string | null;
  signature?: string | null;
  tool_changes?: Array<AnthropicToolAdditionBlock | AnthropicToolRemovalBlock> | null;
}

/** A turn of `role` (`MessageParam`); pass an assistant turn's `content` back as the response gave it. */
interface AnthropicTurn<Role extends 'user' | 'assistant'> {
  role: Role;
  content: string | Array<AnthropicContentBlock>;
}

/** One turn of the history. */
export type AnthropicMessage = AnthropicTurn<'user'> | AnthropicTurn<'assistant'>;

/**
 * One turn of a history sent to the beta Messages API (`BetaMessageParam`, `client.beta.messages.create`): a turn,
 * or a system message with tool changes.
 */
export type AnthropicBetaMessage = AnthropicMessage | AnthropicSystemMessage;

/** How the model should use the tools (`ToolChoice`); `{ type: 'tool', name }` names one tool. */
export type AnthropicToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

/** A Messages API request body, restricted to the parts this package reads or writes. */
export interface AnthropicMessagesRequest {
  model: string;
  max_tokens: number;
  messages: Array<AnthropicMessage>;
  system?: string | Array<AnthropicTextBlock>;
  tools?: Array<AnthropicTool>;
  tool_choice?: AnthropicToolChoice;
}

/**
 * What the transformer accepts as a body: any object whose `tools`, `messages`, `system` and `tool_choice` have the
 * Messages API's shape, such as the SDK's `MessageCreateParamsNonStreaming` or {@link AnthropicMessagesRequest}.
 */
export interface AnthropicMessagesRequestLike {
  readonly tools?: readonly unknown[] | null;
  readonly messages?: readonly unknown[];
  readonly system?: unknown;
  readonly tool_choice?: unknown;
}

/**
 * The Messages API's rule for every tool name: `^[a-zA-Z0-9_-]{1,64}$`. Some API errors quote `{1,128}`; 64 is the
 * documented, safe limit.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools
 */
export const ANTHROPIC_MESSAGES_TOOL_NAME_RULE: ToolNameRule = Object.freeze({ label: 'Anthropic Messages', allowed: /[a-zA-Z0-9_-]/, maxLength: 64 });

/**
 * The beta Amazon Bedrock needs for tool search (`defer_loading`, the hosted search tools, `tool_reference` blocks),
 * in the InvokeModel body's `anthropic_beta` list: without it Bedrock answers 400 (the AI SDK's Bedrock provider and
 * LiteLLM send it). Bedrock offers the regex search tool only, not BM25.
 */
export const ANTHROPIC_BEDROCK_TOOL_SEARCH_BETA = 'tool-search-tool-2025-10-19';

/** The most tools with `defer_loading: true` one request may carry ("Limits": 10,000). */
export const ANTHROPIC_MAX_DEFERRED_TOOLS: number = CLAUDE_REQUEST_LIMITS.deferredTools;

/**
 * The beta for tool changes by value (`tool_definition`) and by reference, on the Claude API only. On the Claude API
 * the body carries it in `betas`, the beta client's parameter, which `client.beta.messages.create` sends as the
 * `anthropic-beta` header.
 */
export const ANTHROPIC_INLINE_TOOLS_BETA = 'inline-tools-2026-09-15';

/**
 * The beta for tool changes by reference (`tool_reference` to a deferred `tools` entry), on the Claude API, Amazon
 * Bedrock (in the body's `anthropic_beta`) and Google Cloud.
 */
export const ANTHROPIC_TOOL_CHANGES_BETA = 'mid-conversation-tool-changes-2026-07-01';

/**
 * The most tools one request may have deferred or added by tool changes, and the most bytes of their definitions
 * (`available_tools_limit_exceeded`: "10,000 … or 4 MB"). The bytes are the definitions' JSON in UTF-8 (not its length
 * in UTF-16 code units, which counts CJK text at a third), and 4 MB is read as 4,000,000 bytes: the documented figure
 * does not say which megabyte, and the smaller one keeps every request the preflight passes within both.
 */
export const ANTHROPIC_MAX_AVAILABLE_TOOLS: { readonly count: number; readonly bytes: number } = Object.freeze({
  count: CLAUDE_REQUEST_LIMITS.deferredTools,
  bytes: CLAUDE_REQUEST_LIMITS.toolChangeBytes,
});

/** The hosted search tools, as the transformer adds them (the dated, documented types). */
export const ANTHROPIC_TOOL_SEARCH_TOOLS: {
  readonly bm25: AnthropicHostedSearchTool<'tool_search_tool_bm25', '20251119'>;
  readonly regex: AnthropicHostedSearchTool<'tool_search_tool_regex', '20251119'>;
} = Object.freeze({
  bm25: Object.freeze({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }),
  regex: Object.freeze({ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }),
});

/**
 * The names of Anthropic's hosted search tools (a `server_tool_use` of one is a hosted search call), those of
 * {@link ANTHROPIC_TOOL_SEARCH_TOOLS}: written out, so a bundle that does not use the list drops it.
 */
export const ANTHROPIC_TOOL_SEARCH_TOOL_NAMES: readonly string[] = ['tool_search_tool_bm25', 'tool_search_tool_regex'];

/** Which of Anthropic's hosted search tools to add: natural-language queries (`bm25`) or regex patterns (`regex`). */
export type AnthropicToolSearchVariant = 'bm25' | 'regex';
