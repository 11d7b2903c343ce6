/**
 * Rebuilds one response from its stream: each event goes to `push`, and once the stream has ended `response()` gives
 * the response the same request would have returned without streaming (text, tool calls with their input parsed,
 * reasoning, usage and stop reason), ready for `request.step` / `request.handle` or your own history.
 *
 * `push` returns the text the event adds to the model's answer (`''` when it adds none: a tool call, reasoning, usage),
 * so a loop shows the answer as it is written without a second reading of the event.
 *
 * @example
 * ```ts
 * import { createGeminiStreamAccumulator } from 'tool-search/gemini';
 *
 * const accumulator = createGeminiStreamAccumulator();
 * for await (const chunk of await ai.models.generateContentStream(body)) process.stdout.write(accumulator.push(chunk));
 * const response = accumulator.response(); // what `ai.models.generateContent(body)` would have returned
 * ```
 */
export interface StreamAccumulator<Event, Response> {
  /**
   * Adds one event (a chunk) of the stream, in order; returns the answer text it carries. Throws a `ToolSearchError`
   * (`invalid-request`) for a value that is not one of the API's stream events.
   */
  push(event: Event): string;
  /**
   * The whole response. Throws a `ToolSearchError` (`invalid-request`) when the stream has not ended (its last event
   * is missing: the connection was cut) or a tool call's input is not JSON once complete.
   */
  response(): Response;
}
