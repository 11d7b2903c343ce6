import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { OwnToolNames } from '../tools/resolve-own-tool-names.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * A tool of the request body that the plan manages, read into neutral form: its definition as the body holds it, and
 * whether the body already sends it with the provider's defer flag (`defer_loading: true`, as a tool an earlier pass
 * restored for the history is sent). Every API's reader gives its body's planned tools in this shape: the Messages
 * reader by the plan's name (`ReadonlyMap<string, RequestBodyTool>`), the Responses reader as the `planned`
 * {@link RequestTool}s, which extend it.
 */
export interface RequestBodyTool {
  readonly definition: ToolDefinition;
  readonly deferred: boolean;
}

/**
 * What every step of the Messages request decision reads, once {@link resolvePlanMatch} has matched the plan to the
 * body: {@link resolveHistoryRestore} and {@link resolveHostedToolList} extend it.
 */
export interface RequestDecisionContext {
  readonly plan: ToolSearchPlan;
  /** The plan's tool names (a set, or the plan's tools by name: `parsePlannedTools`). */
  readonly planned: { has(name: string): boolean };
  readonly names: Pick<ToolNameMapping, 'toWire' | 'fromWire'>;
  /** The names the package's own tools go by with this plan. */
  readonly own: OwnToolNames;
  /** The body's tools, by original name, in body order (the package's own tools left out). */
  readonly bodyTools: ReadonlyMap<string, RequestBodyTool>;
  /** Plan tools the body lacks, sent from the catalog. */
  readonly restored: ReadonlyMap<string, ToolDefinition>;
}

/** A {@link RequestTool} the plan must manage: a function tool of the body, by the plan's name. */
export interface PlannedRequestTool extends RequestBodyTool {
  readonly kind: 'planned';
  readonly name: string;
  readonly path: string;
  readonly group?: string;
}

/**
 * One tool of a request body in neutral form, in body order: what the core needs to decide how it is sent. A
 * transformer reads its body's tools into these once per request.
 *
 * - `planned` ({@link PlannedRequestTool}): a function tool, which the plan must manage, by the plan's name
 *   (`definition` is the body's, possibly under the name an earlier transform sent it by; `deferred` as the body
 *   sends it); `group` is the body group holding it (a Responses namespace).
 * - `unmanaged`: a tool the plan does not manage (a custom tool, a provider tool such as web search or an MCP server),
 *   sent as the caller wrote it; `name` names it in warnings, `deferred` says the caller deferred it itself, and
 *   `deferredAloneRejected` that the API rejects it deferred outside a group (its calls would use a reserved name).
 * - `search`: the body's own provider tool search tool; `clientExecuted` when the caller serves it.
 * - `own`: one of this package's own tools, left in the body by an earlier transform (one that stands for a planned
 *   caller tool of its name is read as that tool, `planned`).
 *
 * `path` is where the tool sits in the body (`tools[2].tools[0]`), for messages.
 */
export type RequestTool =
  | PlannedRequestTool
  | {
      readonly kind: 'unmanaged';
      readonly name: string;
      readonly path: string;
      readonly deferred: boolean;
      readonly deferredAloneRejected: boolean;
      readonly group?: string;
    }
  | { readonly kind: 'search'; readonly clientExecuted: boolean }
  | { readonly kind: 'own' };

/**
 * How one {@link RequestTool} is sent (the forms of every API are listed together on `RequestToolEntry`).
 *
 * - `loaded`: a planned tool with its full schema.
 * - `defer-loading`: a planned tool with its full schema and the provider's defer flag (hosted search loads it; the
 *   status of the same name in `RequestToolEntry`, never `ToolListEntry`'s `deferred`, which is a stub).
 * - `omitted`: a planned tool left out of the request (the library's search loads it, and the listing does not show it),
 *   or, under the client-side mechanism, one the client tool list sends in its own place (a stub, a revealed tool).
 * - `as-is`: an unmanaged tool, exactly as the caller wrote it.
 * - `undeferred`: an unmanaged tool without its defer flag (nothing sent could load it).
 * - `dropped`: not sent (a search tool other than the one chosen, the package's own tool left by an earlier pass).
 *
 * `group` is the group it is sent in (a label: a category, a body group or a shared name prefix), if any.
 */
export interface RequestToolForm {
  readonly form: 'loaded' | 'defer-loading' | 'omitted' | 'as-is' | 'undeferred' | 'dropped';
  readonly group?: string;
}
