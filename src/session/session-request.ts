import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan, ToolSearchPlanWarningCode, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { RunTool } from './run-tool.js';
import type { SessionStep } from './session-step.js';
import type { SessionStreamOptions } from './session-stream-options.js';
import type { ToolSearch } from './create-tool-search.js';

/**
 * The codes of the warnings `prepare` adds to the plan's and the transformer's.
 *
 * - `unpaired-tool-result`: the history holds a tool result whose call is not where the API requires it (Chat
 *   Completions: a `tool` message that answers no `tool_calls` entry of the assistant message before it). OpenAI
 *   answers such a body with a 400; compatible servers differ, so it is sent. On the other APIs this is an error.
 */
export type SessionWarningCode = 'unpaired-tool-result';

/**
 * One request a session-API factory prepared (`prepare(body, { sessionId })`): the body to send and how to answer the
 * response. Each wire API names its own response and turn types.
 */
export interface SessionRequest<Body, Code extends string, Response, Turn> {
  /** The body to send, transformed for the plan. */
  readonly body: Body;
  /** The plan it was made with (cached per agent, model and tool list). */
  readonly plan: ToolSearchPlan;
  /** The plan's, the transformer's and the session's own warnings. */
  readonly warnings: readonly ToolSearchWarning<Code | ToolSearchPlanWarningCode | SessionWarningCode>[];
  /** The tool names sent and back. */
  readonly names: ToolNameMapping;
  /**
   * Reads every call of the response and answers what the library answers itself: the package's `tool_search` (in
   * the API's form for a search result), blind or misfit calls of deferred tools and unknown tools (a result that says
   * what was wrong, with the full schema; not run). The caller's own tools come back in `pending` (names mapped back,
   * `call_tool` unwrapped, arguments checked) for the caller to run however it likes; `complete(outputs)` then gives
   * the turn. Dispatch-neutral: nothing of the caller's runs here.
   *
   * `response` is the API's response, or its stream as the SDK gives it (the stream of `create({ ..., stream: true })`,
   * the SDK's helper stream, Gemini's `generateContentStream` iterator, Converse's `ConverseStreamCommand` output):
   * `step` reads it to the end, rebuilding the response the request would have returned without streaming, and hands
   * each piece of answer text to `options.onText` as it arrives. Pass a stream as soon as you create it (an SDK
   * helper stream delivers each event once, to the listeners present).
   *
   * Throws a `ToolSearchError` (`invalid-request`) when `response` is not the API's response or stream, or the stream
   * ended early; an error of the stream itself (the SDK's) reaches the caller as it is.
   */
  step(response: Response, options?: SessionStreamOptions): Promise<SessionStep<Turn>>;
  /**
   * The sequential convenience over {@link SessionRequest.step}: runs each pending call through `runTool`, one after
   * another in the response's order, and completes the step. Returns what to append to the history and whether the
   * model is done. An exception from `runTool` ends the turn and reaches the caller (use `step` to decide per call).
   * A stream is read as `step` reads it, with the same `options`.
   */
  handle(response: Response, runTool: RunTool, options?: SessionStreamOptions): Promise<Turn>;
}

/**
 * The element type of one of a body's lists (`ListItemOf<Body, 'messages'>` is the SDK's `MessageParam` for an SDK
 * body), so the items a turn returns push into the caller's own list without casts.
 */
export type ListItemOf<Body, Key extends string> = Body extends { readonly [key in Key]?: infer List }
  ? List extends readonly (infer Item)[]
    ? Item
    : never
  : never;

/**
 * What a response adds to the history: for each of the turn's lists (`Lists`, such as `messages`) the items to append
 * (each of the body's history item type, `Item`), and `done`, `true` when the model finished its turn.
 */
export type SessionTurn<Item, Lists extends string> = { readonly [List in Lists]: Item[] } & { readonly done: boolean };

/**
 * What a session-API factory returns (`createOpenAIChatToolSearch`, …): the provider-neutral core, and `prepare` typed
 * for the API's bodies (`Bound`) and responses, whose turn holds lists (`Lists`) of the items of the body's `History`
 * list.
 */
export interface SessionToolSearchFor<Code extends string, Response, History extends string, Bound extends object = object, Lists extends string = History> {
  /** The provider-neutral core (plans, `tool_search`, the call check, the store). */
  readonly toolSearch: ToolSearch;
  /** Prepares one request of a session: the plan (cached), the transformed body, and `step`/`handle` for the response. */
  prepare<Body extends Bound>(
    body: Body,
    options: { readonly sessionId: string },
  ): Promise<SessionRequest<Body, Code, Response, SessionTurn<ListItemOf<Body, History>, Lists>>>;
}
