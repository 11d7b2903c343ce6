import type { ToolSearchResult } from '../client/tool-search-result.js';

/**
 * One call the model made, checked and mapped back to the caller's names, and what the session API made of it.
 *
 * - `run`: one of the caller's tools, to run: `name` is the caller's name (wire names mapped back, `call_tool`
 *   unwrapped to the tool it names), `arguments` parsed, and checked against the tool's full schema when `checked`
 *   (a custom, free-form tool's input is a string and never checked).
 * - `search`: the package's `tool_search`; the session API has answered it (`result`).
 * - `answer`: a call that cannot run as written (a deferred tool called blind with arguments that do not fit its
 *   schema, a tool that does not exist, a `call_tool` without a name); the session API has answered it with
 *   `result`, which names what was wrong and gives the full schema. It is not run.
 *
 * `id` is the call's id on the wire (`call_id`, the `tool_use` id, Chat's `tool_calls[].id`, Gemini's
 * `functionCall.id` or `""` when Gemini gave none).
 */
export type SessionToolCall =
  | {
      readonly type: 'run';
      readonly id: string;
      readonly name: string;
      readonly arguments: unknown;
      readonly checked: boolean;
    }
  | {
      readonly type: 'search' | 'answer';
      readonly id: string;
      readonly name: string;
      readonly result: ToolSearchResult;
    };

/** A call the caller runs itself (`type: 'run'`). */
export type SessionToolCallToRun = Extract<SessionToolCall, { readonly type: 'run' }>;

/**
 * The calls of one model response, ready for the caller's own dispatch: the session API has answered what it answers
 * itself (searches, misfits, unknown tools), and `pending` holds the calls the caller runs, in whatever way it likes
 * (in parallel, after an approval, with its own tracing and retries). `complete` takes one output per pending call and
 * gives the turn: what to append to the history, in the API's shape.
 *
 * @example
 * ```ts
 * const step = await request.step(response);
 * const outputs = await Promise.all(step.pending.map(async (call) => ((await approve(call)) ? runTool(call.name, call.arguments) : 'The user declined this call.')));
 * const turn = step.complete(outputs);
 * ```
 */
export interface SessionStep<Turn> {
  /** Every call of the response, in the response's order (a server-executed call, which needs no answer, is not one). */
  readonly calls: readonly SessionToolCall[];
  /** The calls the caller runs (`calls` of type `run`), in order: `complete` takes one output for each. */
  readonly pending: readonly SessionToolCallToRun[];
  /**
   * The turn: the response's items and the answer to every call, in the API's shape. `outputs[i]` is the output of
   * `pending[i]`, sent back as `handle` sends `runTool`'s (a string or a list of content parts as it is, anything else
   * as JSON with sorted keys; on Gemini a plain object is the `response`). Pure: calling it again gives the same turn.
   *
   * Throws a `ToolSearchError`: `invalid-options` when `outputs` is not an array with one entry per pending call;
   * `invalid-tool-output` naming the output and the place in it when one holds a value JSON cannot write (an object
   * that contains itself, a `BigInt`), on every API, before anything is written. `undefined` and strings of any length
   * are accepted.
   */
  complete(outputs: readonly unknown[]): Turn;
}
