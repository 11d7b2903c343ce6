import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan, ToolSearchPlanWarningCode, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { RunTool } from './run-tool.js';

/**
 * One request a session-API factory prepared (`prepare(body, { sessionId })`): the body to send and how to answer the
 * response. Each wire API names its own response and turn types.
 */
export interface SessionRequest<Body, Code extends string, Response, Turn> {
  /** The body to send, transformed for the plan. */
  readonly body: Body;
  /** The plan it was made with (cached per agent, model and tool list). */
  readonly plan: ToolSearchPlan;
  /** The plan's and the transformer's warnings. */
  readonly warnings: readonly ToolSearchWarning<Code | ToolSearchPlanWarningCode>[];
  /** The tool names sent and back. */
  readonly names: ToolNameMapping;
  /**
   * Answers every call in the response, in order: the package's `tool_search` (in the API's form for a search
   * result), blind or misfit calls of deferred tools and unknown tools (a result that says what was wrong, with the
   * full schema; not run), and the caller's own tools through `runTool` (names mapped back, `call_tool` unwrapped,
   * arguments checked). Returns what to append to the history and whether the model is done.
   */
  handle(response: Response, runTool: RunTool): Promise<Turn>;
}

/**
 * The element type of one of a body's lists (`ListItemOf<Body, 'messages'>` is the SDK's `MessageParam` for an SDK
 * body), so the items a turn returns push into the caller's own list without casts.
 */
export type ListItemOf<Body, Key extends string> = Body extends { readonly [key in Key]?: infer List } ? (List extends readonly (infer Item)[] ? Item : never) : never;
