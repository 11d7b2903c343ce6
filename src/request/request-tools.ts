import type { ToolSearchResult } from '../client/tool-search-result.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { RequestToolEntry, RequestToolWarningCode } from './request-tool-entry.js';
import type { CallerDeferral } from './resolve-caller-deferral.js';
import type { GroupedTools, GroupedToolsWarningCode } from './resolve-grouped-tools.js';
import type { RequestTool } from './request-tool.js';

export type { GroupedToolsWarningCode } from './resolve-grouped-tools.js';
export type { RequestTool, RequestToolForm } from './request-tool.js';

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
   * Wire names of tools the request reaches through `call_tool` (left out of the list): a history call of one is
   * sent as the `call_tool` call it stands for, under `callToolName`.
   */
  readonly throughCallTool?: ReadonlySet<string>;
  readonly callToolName?: string;
  /** Wire names of the tools the history's tool changes defined by value: they need no entry in the tool list. */
  readonly historyDefined?: readonly string[];
  /**
   * Where the hosted search loads deferred tools by group (Responses' namespaces): how each body tool is sent (`forms`,
   * by the body tool's index), the groups, the search tool, and under the client mechanism the client list (the
   * `entries` then) and the names custom tools are sent under once groups are flattened.
   */
  readonly grouped?: GroupedTools & { readonly tools: readonly RequestTool[]; readonly flatNames?: ReadonlyMap<number, string> };
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
}
