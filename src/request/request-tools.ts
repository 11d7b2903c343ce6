import type { ToolSearchResult } from '../client/tool-search-result.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { RequestToolEntry, RequestToolWarningCode } from './request-tool-entry.js';

/**
 * The codes of the warnings the decision gives on every API without hosted search (each transformer's own codes add to
 * them); match on them, the messages are for people.
 *
 * - `hosted-mechanism-unsupported`: the plan asks for OpenAI's or Anthropic's hosted search, which the API does not
 *   have; the same tools were deferred with the client-side mechanism instead. Resolve the plan with
 *   `{ id, api }` to say so up front.
 * - `listing-changed-to-names`: the `full` or `compact` listing would send more tools than the API accepts; deferred
 *   tools were left out of the list, named in the note and called through `call_tool` (the `names` listing).
 * - `tools-deferred-for-limit`: even so, more tools would be sent than the API accepts; the last loaded tools were
 *   deferred too (reachable through `tool_search` and `call_tool`).
 */
export type ClientRequestWarningCode = 'hosted-mechanism-unsupported' | 'listing-changed-to-names' | 'tools-deferred-for-limit';

/** The codes of the decision's warnings (each documented where the decision gives it). */
export type RequestToolsWarningCode =
  | ClientRequestWarningCode
  | RequestToolWarningCode
  | GroupedToolsWarningCode
  | 'over-tool-limit'
  | 'mechanism-not-for-messages'
  | 'plan-for-another-api'
  | 'mechanism-not-for-model'
  | 'reveal-not-for-model';

/**
 * What one request carries, decided once (`resolveRequestTools`) for its API's codec to write: every tool the plan
 * manages and every tool of the package, in send order, each in its form (`RequestToolEntry.status`), with the note,
 * the names and what the history holds. The body's other tools are not entries: the codec keeps them in their places.
 */
export interface RequestTools {
  /** The plan as applied: after the fallback from a mechanism the API or model does not carry, and the API's limit. */
  readonly plan: ToolSearchPlan;
  /**
   * The plan as this body applies it, when the body adds to the one given (a top-level custom tool named like the
   * package's own tools: `unmanagedToolNames`): the transformer returns it, for `handleToolCall`.
   */
  readonly adjustedPlan?: ToolSearchPlan;
  /** The entries in send order (the caller's names; `names.toWire` gives each one's wire name). */
  readonly entries: readonly RequestToolEntry[];
  /** How many of `entries` go before every tool of the body (the library's `tool_search` under hosted search). */
  readonly leading: number;
  /** How many of `entries` go after everything (the package's own tools defined again for the history). */
  readonly trailing: number;
  /** Whether the provider's hosted search tool is sent (never deferred), after the leading entries. */
  readonly hostedSearch: boolean;
  /** What becomes of tools the caller deferred itself: `removed` sends them without the defer flag. */
  readonly callerDeferral: CallerDeferral;
  /** The guidance note for the API's system slot, or `null`: then a note an earlier transform left is removed. */
  readonly guidance: string | null;
  /** The tool names sent and back. */
  readonly names: ToolNameMapping;
  /** A name as the body writes it (the caller's, or a wire name of a planned tool) to the name sent. */
  toWire(name: string): string;
  /** The caller's name of a tool as the body names it (the caller's name, or a wire name an earlier pass sent). */
  fromBody?(name: string): string;
  /** The body tool an entry is written from: its index in the codec's list, when the body holds it. */
  bodyIndexOf(name: string): number | undefined;
  /** The definition an entry is written from where it is not the body's (a stub the body holds, the catalog's schema). */
  definitionOf?(name: string): ToolDefinition | undefined;
  /**
   * The wire name a history call of a tool (as the body names it) is sent under: its own, or `call_tool`'s for a tool
   * the request reaches through `call_tool` (left out of the list), whose call is sent as the `call_tool` call it
   * stands for. Where absent, every call goes by its own wire name.
   */
  callName?(name: string): string;
  /** Wire names of the tools the history's tool changes defined by value: they need no entry in the tool list. */
  readonly historyDefined?: ReadonlySet<string>;
  /**
   * Where the hosted search loads deferred tools by group (Responses' namespaces): the grouping decision's own forms
   * for its writer (`GroupedRequest`, src/providers/openai/resolve-grouping-api-request.ts).
   */
  readonly grouped?: unknown;
  /** The tools whose schemas the history holds, in the caller's names, without duplicates. */
  readonly loaded: readonly string[];
  /** The tools the history added natively, in the caller's names, in order; absent when it added none. */
  readonly added?: readonly string[];
  /**
   * What the prediction step loads with this request (see {@link PredictedLoad}): the codec writes it right after the
   * newest user message. Absent when prediction is off, does not apply to the plan, or nothing cleared its rule.
   */
  readonly predicted?: PredictedLoad;
  /** The warnings about the plan itself (a mechanism the API or model does not carry), first of all. */
  readonly planWarnings: readonly ToolSearchWarning<RequestToolsWarningCode>[];
  /** The decision's warnings, in order. */
  readonly warnings: readonly ToolSearchWarning<RequestToolsWarningCode>[];
}

/**
 * The tools the prediction step loads before the model asks (`resolveToolPrediction`), decided in the core for the
 * codec to write after the newest user message, as the library's own search would have loaded them. How it is written
 * is the codec's (the wire), what is loaded never is.
 *
 * - `search`: the package's `tool_search` called with `query` (a `select:` of the predicted tools) and answered with
 *   `result`: on the client-side mechanism a function call and its text result; under hosted search with the
 *   library's ranking the API's own items (Responses: a client-executed `tool_search_call` and its `tool_search_output`;
 *   Messages: a `tool_use` answered with `tool_reference` blocks), so the provider loads the tools.
 * - `addition`: native delivery (`reveal: 'native'`): the API's tool addition alone (Responses `additional_tools`,
 *   Messages `tool_addition` blocks, by value or by reference as the plan says), with `definitions`.
 *
 * Either way the history reads it back as it reads the model's own searches: a reveal, never loaded twice.
 */
export interface PredictedLoad {
  readonly form: 'search' | 'addition';
  /** The predicted tools, best first, in the caller's names. */
  readonly names: readonly string[];
  /** Their definitions as the catalog has them (the caller's names: map them with `toWire`). */
  readonly definitions: readonly ToolDefinition[];
  /** The id of the `tool_search` call (`form: 'search'`): the same for every request of the turn, unique in the conversation. */
  readonly callId: string;
  /** The name the package's `tool_search` is sent under. */
  readonly searchName: string;
  /** The call's `query`: `select:` and the predicted tools' names as sent. */
  readonly query: string;
  /** The answer, as the package's `tool_search` gives it for `query`: the tools with their schemas, in the names sent. */
  readonly result: ToolSearchResult;
  /**
   * `result` as the function call's output text (`formatToolSearchResult`), where the answer is one: the client-side
   * mechanism's `form: 'search'` (else `undefined`). Made here, so a codec that writes it bundles no formatter of its own.
   */
  readonly output: string | undefined;
}

/**
 * A tool of the request body that the plan manages, read into neutral form: its definition as the body holds it, and
 * whether the body already sends it with the provider's defer flag (`defer_loading: true`, as a tool an earlier pass
 * restored for the history is sent). Every API's reader gives its body's planned tools in this shape: the Messages
 * reader by the plan's name (`ReadonlyMap<string, RequestBodyTool>`), the Responses reader as the `planned`
 * `RequestTool`s, which extend it.
 */
export interface RequestBodyTool {
  readonly definition: ToolDefinition;
  readonly deferred: boolean;
}

/**
 * The codes of the decision's warnings, among the Responses transformer's (`OpenAIResponsesWarningCode`); match on
 * them, the messages are for people.
 *
 * - `forced-tool-kept-loaded`: `tool_choice` names (forces, or lists in `allowed_tools`) a deferred or namespaced
 *   function; it is sent loaded at the top level (hosted, none) or revealed (client).
 * - `reserved-name-kept-loaded`: a deferred top-level function (or custom tool) is named like a reserved namespace
 *   (`terminal`), which the API rejects once deferred; it is sent with its full schema (without `defer_loading`).
 * - `deferral-removed`: `defer_loading` was removed from tools the plan does not manage (custom, MCP, …): no hosted
 *   tool search is sent (deferred tools without it are rejected), or the library's client-executed `tool_search` is
 *   sent, which cannot load them (only one tool search tool fits a request).
 * - `hosted-search-for-caller-deferral`: the plan uses the library's search but defers nothing in this request, so
 *   OpenAI's hosted tool search tool was sent for the tools the caller deferred itself (an `mcp` server, a custom
 *   tool), which need one.
 * - `tool-search-tool-removed`: the body's own `{"type":"tool_search"}` was dropped (nothing is deferred, or the
 *   mechanism is not OpenAI's hosted search, or one was sent already), because the API rejects it there.
 */
export type GroupedToolsWarningCode =
  | 'forced-tool-kept-loaded'
  | 'reserved-name-kept-loaded'
  | 'deferral-removed'
  | 'hosted-search-for-caller-deferral'
  | 'tool-search-tool-removed';

/**
 * What happens to tools the caller deferred itself (a provider tool with the defer flag, a toolset or MCP toolset
 * whose members defer), which only the provider's hosted search can load (the library's `tool_search` answers with
 * the plan's tools).
 *
 * - `kept`: nothing to do (nothing deferred, or a hosted search tool is sent).
 * - `hosted-search-added`: the provider's hosted search tool is sent for them, first in the tools.
 * - `removed`: the model has no hosted search, so nothing could ever load them: sent without the defer flag.
 */
export type CallerDeferral = 'kept' | 'hosted-search-added' | 'removed';
