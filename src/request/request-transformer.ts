import type { ToolPredictor } from './create-tool-predictor.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';

/**
 * What every request transformer (`transformOpenAIResponsesRequest`, `transformOpenAIChatRequest`,
 * `transformAnthropicMessagesRequest`, `transformGeminiRequest`) takes besides the body and the plan; each adds its
 * API's own options.
 */
export interface TransformRequestOptions {
  /**
   * The tools `tool_search` revealed in this session, oldest first (a reveal store's `get(sessionId)`), in the
   * caller's names or the names sent. Used by the client-side mechanism; reveals found in the history's tool results
   * are added, so a reveal the store lost is restored.
   * @default []
   */
  readonly revealed?: Iterable<string>;
  /**
   * The prediction step, made with `createToolPredictor` (`createToolPredictor('auto')`, or `{ maxTools, minScore }`),
   * or `'off'`. On a turn's first request (the history ends with the user's message) the catalog is ranked against that
   * message and the best deferred tools are loaded right after it, as the package's own `tool_search` call and its
   * answer (or the API's tool addition under native delivery): the result's `predicted.items`, which are the last
   * items of the body's history. Keep them in your history, after the user's message, as the session API's turns do:
   * later requests then read them as the model's own searches, and the prompt cache keeps them. Pass `catalog` where
   * the transformer takes one, or the body's own functions are indexed on every such request. A transformer without
   * this option carries no ranking (the predictor brings it).
   * @default 'off' (the session API predicts by default)
   */
  readonly predict?: 'off' | ToolPredictor;
}

/** What every request transformer returns. */
export interface TransformRequestResult<Body, Code extends string> {
  /** The body to send: a new object (unchanged parts shared with the input, which is never modified). */
  readonly body: Body;
  /** What could not be done exactly as asked, or was repaired, as data. Empty when everything went as planned. */
  readonly warnings: readonly ToolSearchWarning<Code>[];
  /**
   * The tool names sent and back: map each tool call's name with `names.fromWire`, and pass `names` to
   * `tool_search`'s `execute` and the blind-call check, so they speak the names the model saw.
   */
  readonly names: ToolNameMapping;
  /**
   * The tools whose full schemas the history already holds (returned by an earlier `tool_search`, attached to a blind
   * call's answer, or loaded by the provider from a search result), in the caller's names, without duplicates. Pass
   * it to `tool_search`'s `execute` as `loaded`: a search then names those tools in `loadedEarlier` from the
   * conversation itself, so its result is the same in any process, whatever that process's reveal store has seen.
   */
  readonly loaded: readonly string[];
  /**
   * The tools the history added natively (Responses `additional_tools` items; Messages `tool_addition` blocks minus
   * `tool_removal`s, with `compaction` blocks' `tool_changes`), in the caller's names, in order. A session reads it so
   * a search never adds a tool twice. Absent when the history added none (and on APIs without tool additions).
   */
  readonly added?: readonly string[];
  /**
   * The plan as this body applies it, when the body adds to the one given: on Responses, a top-level custom tool named
   * `tool_search` or `call_tool` (not a planned tool) lists the body's custom tool names in `unmanagedToolNames`, and the
   * package's own tools go by `tool_search_2` (…). Pass this plan, not the given one, to `handleToolCall`.
   */
  readonly plan?: ToolSearchPlan;
  /**
   * What the prediction step loaded (the `predict` option), when it loaded anything: the tools, in the caller's names,
   * and the items written for them at the end of the body's history (after the user's message). Append `items` to
   * your history after that message: the next request of the turn then holds them where this one did.
   */
  readonly predicted?: { readonly names: readonly string[]; readonly items: readonly unknown[] };
}
