import type { ToolPredictor } from './tool-predictor.js';
import type { WireAPI } from '../models/model-reference.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolNameRule } from '../names/tool-name-rule.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { PlannedTool, ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { createToolListWithinLimit } from './create-tool-list-within-limit.js';
import type { resolveGroupedTools } from './resolve-grouped-tools.js';
import type { resolveRequestToolList } from './resolve-request-tool-list.js';
import type { RequestBodyTool, RequestTool } from './request-tool.js';
import type { NeutralRequest, NeutralTool } from './neutral-request.js';
import type { RequestTools, RequestToolsWarningCode } from './request-tools.js';

/** What a wire API is, for the decision: the facts that decide what a request may carry. */
export interface WireCapabilities<Code extends string> {
  /** The API, for the plan's fallback from a mechanism it does not carry. */
  readonly api: WireAPI;
  /** The API's name in messages (`OpenAI Chat Completions`). */
  readonly label: string;
  /** The tool names the API accepts. */
  readonly rule: ToolNameRule;
  /** The most entries its tool list takes; none when absent. */
  readonly maxTools?: number;
  /** The code of the warning that a request is over `maxTools` all the same; needed with `maxTools` only. */
  readonly overLimitCode?: Code;
  /** The code of the warning that the plan's mechanism is another API's. @default 'hosted-mechanism-unsupported' */
  readonly planForAPICode?: Code;
  /**
   * The decision for the API's kind (`resolveClientAPIRequest`, `resolveDeferLoadingAPIRequest`,
   * `resolveGroupingAPIRequest`): named by the codec, so a bundle holds only the decisions its APIs use.
   */
  readonly decide: RequestDecision;
  /** How a `plan-mismatch` says to resolve the plan again (`parseAnthropicMessagesTools(body)`). */
  readonly reader?: string;
  /** The names the API accepts under its hosted search, where they differ (a call's namespace holds a function's name). */
  readonly hostedRule?: ToolNameRule;
  /** The most tools the API recommends in one group of deferred tools (a bigger one is warned about). */
  readonly recommendedGroupSize?: number;
  /** Whether the API rejects a tool of this (wire) name deferred outside a group (its calls would use a reserved name). */
  isDeferredAloneRejected?(name: string): boolean;
}

/** What the decision (`resolveRequestTools`) decides from. */
export interface ResolveRequestToolsInput {
  /** The plan, checked (`parseToolSearchPlan`: the driver checks it once). */
  readonly plan: ToolSearchPlan;
  /** The body read into neutral form. */
  readonly request: NeutralRequest;
  /** The facts of the body's API. */
  readonly api: WireCapabilities<string>;
  /** The tools the session revealed (the `revealed` option), in either name form. */
  readonly revealed: readonly string[];
  /** Every tool the session may have used, for a tool the body lacks (a plan tool, or one the history names). */
  readonly catalog?: ToolCatalog;
  /** The prediction step's settings; absent: no prediction (see `resolvePredictedLoad`). */
  readonly predict?: ToolPredictor;
  /**
   * Where the decision keeps, for this plan and the body's tools, what depends on nothing else (a session's, for
   * bodies sent with the agent's tools read once): a request then costs what it sends, not the catalog's size.
   */
  readonly memo?: RequestMemo;
}

/** What one plan's decisions keep between requests (owned by the session that made the plan). */
export interface RequestMemo {
  client?: ClientMemo;
  deferLoading?: DeferLoadingMemo;
  grouping?: GroupingMemo;
}

/** What the client decision reads of a plan and the body's tools alone, whatever else the request holds. */
export interface ClientMemo {
  readonly tools: readonly NeutralTool[];
  readonly planSet: ReadonlyMap<string, PlannedTool>;
  readonly own: ReturnType<typeof resolveOwnToolsSent>;
  /** Every name the body sends, for the name mapping: the plan's, the package's own tools', the body's other tools'. */
  readonly primaryNames: readonly string[];
  readonly primary: ReadonlySet<string>;
  readonly names: ToolNameMapping;
  /** The body's functions by the plan's name, with their place in the body. */
  readonly functions: ReadonlyMap<string, { readonly index: number; readonly definition: ToolDefinition }>;
  readonly definitions: readonly ToolDefinition[];
  readonly others: number;
  /** The last tool lists made, by the reveals in them and the forced names (at most {@link MAX_KEPT_LISTS}). */
  readonly fitted: Map<string, ReturnType<typeof createToolListWithinLimit>>;
}

/** What the defer-loading decision reads of a plan and the body's tools alone, whatever else the request holds. */
export interface DeferLoadingMemo {
  /** The plan as the API and model carry it, that the rest was read for. */
  readonly plan: ToolSearchPlan;
  readonly tools: readonly NeutralTool[];
  readonly catalog: ToolCatalog | undefined;
  readonly own: ReturnType<typeof resolveOwnToolsSent>;
  readonly otherNames: readonly string[];
  readonly otherNameSet: ReadonlySet<string>;
  readonly names: ToolNameMapping;
  readonly bodyTools: ReadonlyMap<string, RequestBodyTool & { readonly index: number }>;
  readonly ownInBody: readonly string[];
  /** The tools reached through `call_tool`, by the forced names (the first {@link MAX_KEPT_LISTS} kept). */
  readonly throughCallTool: Map<string, ReadonlySet<string> | undefined>;
  /** The last decisions made, by what varies between requests (at most {@link MAX_KEPT_LISTS}). */
  readonly decisions: Map<string, ReturnType<typeof resolveRequestToolList>>;
}

/** What the grouping decision reads of a plan and the body's tools alone, whatever else the request holds. */
export interface GroupingMemo {
  /** The plan as the API and model carry it, that the rest was read for. */
  readonly plan: ToolSearchPlan;
  readonly tools: readonly NeutralTool[];
  readonly applied: ToolSearchPlan;
  readonly planned: ReadonlyMap<string, PlannedTool>;
  readonly own: ReturnType<typeof resolveOwnToolsSent>;
  readonly names: ToolNameMapping;
  readonly originalOf: (name: string) => string;
  readonly flatNames: ReadonlyMap<number, string> | undefined;
  readonly requestTools: readonly RequestTool[];
  /** The last decisions made, by the forced and revealed names (at most {@link MAX_KEPT_LISTS}). */
  readonly decisions: Map<string, ReturnType<typeof resolveGroupedTools>>;
}

/** How many tool lists a plan's memo keeps (a session's latest reveals, and a few before them). */
export const MAX_KEPT_LISTS = 4;

/**
 * One kind of API's decision, after the plan's fallbacks (`resolveRequestTools`): the request's entries, names and
 * what the history holds; warnings go to `warnings`.
 */
export type RequestDecision = (
  plan: ToolSearchPlan,
  input: ResolveRequestToolsInput,
  warnings: ToolSearchWarning<RequestToolsWarningCode>[],
) => Omit<RequestTools, 'planWarnings'>;

/** What a request without hosted search carries besides its entries. */
export const NO_HOSTED_PARTS = { leading: 0, trailing: 0, hostedSearch: false, callerDeferral: 'kept' } as const;
