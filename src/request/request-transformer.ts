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
}
