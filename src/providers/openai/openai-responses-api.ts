/**
 * OpenAI Responses API wire types (snake_case), limited to what tool search touches: tools, the tool-search items of
 * the history and the tool choice. Field names follow the installed `openai` SDK's `resources/responses/responses.d.ts`
 * (the ground truth); a type test proves these types are assignable to the SDK's.
 *
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 * @module
 */
import type { ToolNameRule } from '../../names/tool-name-rule.js';
import { splitWords } from '../../text/split-words.js';

/** A JSON Schema object as the Responses API carries it. */
export type OpenAIResponsesJSONSchema = { [keyword: string]: unknown };

/** Who may invoke a tool: the model directly, or a program. */
export type OpenAIResponsesAllowedCaller = 'direct' | 'programmatic';

/** A function tool (`FunctionTool`), top level or inside a namespace. */
export interface OpenAIResponsesFunctionTool {
  type: 'function';
  /** `^[a-zA-Z0-9_-]+$`, 1–128 characters. */
  name: string;
  description?: string | null;
  parameters: OpenAIResponsesJSONSchema | null;
  strict: boolean | null;
  /** Whether the function is deferred and discovered through tool search. */
  defer_loading?: boolean;
  allowed_callers?: OpenAIResponsesAllowedCaller[] | null;
  output_schema?: OpenAIResponsesJSONSchema | null;
}

/** A custom (free-form input) tool (`CustomTool`). */
export interface OpenAIResponsesCustomTool {
  type: 'custom';
  name: string;
  description?: string;
  defer_loading?: boolean;
  allowed_callers?: OpenAIResponsesAllowedCaller[] | null;
  format?: { type: 'text' } | { type: 'grammar'; definition: string; syntax: 'lark' | 'regex' };
}

/**
 * A namespace (`NamespaceTool`): function and custom tools grouped under one name. With hosted tool search the model
 * sees only the namespace's name and description until it loads the namespace.
 */
export interface OpenAIResponsesNamespaceTool {
  type: 'namespace';
  name: string;
  description: string;
  /** At least one tool; only function and custom tools (no nesting). */
  tools: (OpenAIResponsesFunctionTool | OpenAIResponsesCustomTool)[];
}

/** OpenAI's tool-search tool (`ToolSearchTool`): hosted (`execution` `server`, the default) or client-executed. */
export interface OpenAIResponsesToolSearchTool {
  type: 'tool_search';
  execution?: 'server' | 'client';
  description?: string | null;
  parameters?: unknown | null;
}

/** The tools a tool-search transformer writes itself. Every other tool type passes through unchanged. */
export type OpenAIResponsesTool = OpenAIResponsesFunctionTool | OpenAIResponsesCustomTool | OpenAIResponsesNamespaceTool | OpenAIResponsesToolSearchTool;

/** A tool type this package does not rewrite (web search, file search, MCP, code interpreter, …), as it arrives. */
export interface OpenAIResponsesProviderTool {
  type: string;
  [field: string]: unknown;
}

/** One part of a function call output given as a list (text shown; images and files pass through). */
export type OpenAIResponsesFunctionCallOutputContent = { type: 'input_text'; text: string };

/**
 * What a tool search loaded, as replayed in `input` (`ResponseToolSearchOutputItemParam`). `tools` may also hold
 * entries outside the public `Tool` union (compact `tool_reference`s); they are replayed as they are. The output-only
 * `created_by` must not be sent back.
 */
export interface OpenAIResponsesToolSearchOutputItem {
  type: 'tool_search_output';
  id?: string | null;
  /** 1–64 characters when set; `null` for a hosted search. */
  call_id?: string | null;
  execution?: 'server' | 'client';
  status?: 'in_progress' | 'completed' | 'incomplete' | null;
  tools: OpenAIResponsesTool[];
}

/** A developer message in `input` (`EasyInputMessage` with `role: 'developer'`), as the package adds one. */
export interface OpenAIResponsesDeveloperMessageItem {
  type: 'message';
  role: 'developer';
  content: string;
}

/**
 * Tools added to the conversation at this point (`ResponseInputItem.AdditionalTools`): "A list of additional tools made
 * available at this item". From the next step on the model calls them as ordinary tools, and the cached prefix before
 * the item stays intact. Only the `developer` role is supported; the item cannot carry `prompt_cache_breakpoint`, and
 * `tool_choice` cannot name a tool added this way. Nothing removes an added tool: keep the item where it is on replay.
 *
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 */
export interface OpenAIResponsesAdditionalToolsItem {
  type: 'additional_tools';
  role: 'developer';
  /** Full definitions: function, custom or namespace tools. */
  tools: OpenAIResponsesTool[];
  id?: string | null;
}

/**
 * The Responses API's function name rule: `^[a-zA-Z0-9_-]+$`, at most 128 characters (OpenAPI `FunctionToolParam`).
 * Chat Completions documents 64; Azure OpenAI has been seen accepting dots, but the public API does not.
 */
export const OPENAI_RESPONSES_TOOL_NAME_RULE: ToolNameRule = Object.freeze({ label: 'OpenAI Responses', allowed: /[A-Za-z0-9_-]/, maxLength: 128 });

/**
 * The function name rule under OpenAI's hosted tool search: as {@link OPENAI_RESPONSES_TOOL_NAME_RULE}, but at most 64
 * characters. A deferred top-level function is called in a namespace named like the function itself, and a call's
 * `namespace` is limited to `^[a-zA-Z0-9_-]{1,64}$`, so under hosted search every name is kept within 64 (whether a
 * tool is deferred can change from turn to turn; its wire name should not).
 */
export const OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE: ToolNameRule = Object.freeze({
  ...OPENAI_RESPONSES_TOOL_NAME_RULE,
  label: 'OpenAI Responses (hosted tool search)',
  maxLength: 64,
});

/**
 * The rule this package applies to namespace names: `^[a-zA-Z0-9_-]{1,64}$`, the pattern of a call's `namespace`
 * (the OpenAPI spec gives a namespace tool's `name` no pattern, but every call made in it carries that name).
 */
export const OPENAI_RESPONSES_NAMESPACE_NAME_RULE: ToolNameRule = Object.freeze({
  ...OPENAI_RESPONSES_HOSTED_TOOL_NAME_RULE,
  label: 'OpenAI Responses namespace',
});

/**
 * Namespace names the API reserves, compared case-insensitively. A namespace of one of these names, or a deferred
 * top-level function of one of these names (it is called in a namespace of its own name), is rejected:
 *
 * - `tool_search`: the tool-search tool's own namespace (`tool_search.tool_search` was rejected, hermes-agent#83122).
 * - `terminal`: `Function 'terminal.terminal' is not allowed in reserved namespace 'terminal'` (headroom#1946).
 * - `functions`: not reported, but it is the default namespace of OpenAI's prompt format (`functions.<name>`), so it
 *   is avoided as a precaution; renaming a namespace costs nothing.
 */
export const OPENAI_RESPONSES_RESERVED_NAMESPACES: readonly string[] = Object.freeze(['tool_search', 'terminal', 'functions']);

/** Whether a name is one of {@link OPENAI_RESPONSES_RESERVED_NAMESPACES} (case-insensitively). */
export function isOpenAIResponsesReservedNamespace(name: string): boolean {
  return OPENAI_RESPONSES_RESERVED_NAMESPACES.includes(name.toLowerCase());
}

/**
 * The `input` item types that have an output form carrying the output-only `created_by`, which must be removed before
 * an item is replayed. The list is the one openai-node's own replay helper (`toResponseInputItems`) strips it from.
 */
export const OPENAI_RESPONSES_ITEM_TYPES_WITH_CREATED_BY: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ splitWords(
    'additional_tools apply_patch_call apply_patch_call_output code_interpreter_call compaction compaction_trigger',
    'computer_call computer_call_output custom_tool_call custom_tool_call_output file_search_call function_call',
    'function_call_output image_generation_call item_reference local_shell_call local_shell_call_output',
    'mcp_approval_request mcp_approval_response mcp_call mcp_list_tools message program program_output reasoning',
    'shell_call shell_call_output tool_search_call tool_search_output web_search_call',
  ),
);

/**
 * OpenAI recommends fewer than about 10 functions per namespace (tool search guide): a bigger group makes its search
 * load more schemas the model does not need.
 */
export const OPENAI_RESPONSES_RECOMMENDED_NAMESPACE_SIZE = 10;
