/** The call a {@link RunTool} function is asked to run. */
export interface RunToolCall {
  /** The call's id on the wire (`call_id`, `tool_use` id, Chat `tool_calls[].id`, Gemini `functionCall.id` or `""`). */
  readonly id: string;
  /** The session the call belongs to. */
  readonly sessionId: string;
}

/**
 * Runs one of the caller's own tools: the session API never runs them itself, it calls this with the caller's tool
 * name (mapped back from the wire, `call_tool` unwrapped) and the checked arguments, and sends what it returns back to
 * the model in the API's form. Throwing stops the turn (the error reaches the caller's loop).
 *
 * @example
 * ```ts
 * const runTool: RunTool = async (name, args) => JSON.stringify(await tools[name](args));
 * ```
 */
export type RunTool<Output = unknown> = (name: string, args: unknown, call: RunToolCall) => Output | Promise<Output>;
