import type { Tool } from 'ai';

/**
 * The AI SDK's tool types as this integration uses them, written so they mean the same under `ai` 6 and `ai` 7 (7 adds
 * a context type parameter to `Tool` and `ToolExecutionOptions`, and makes the latter's required): each is read off
 * `Tool` rather than imported by a name whose arity changed.
 */

/** Any AI SDK tool: a function, dynamic or provider tool. */
// biome-ignore lint/suspicious/noExplicitAny: a tool of any input and output type; `unknown` would not accept AI SDK 6's and 7's typed tools.
export type AISDKTool = Tool<any, any>;

/** What the AI SDK passes a tool's `execute` besides its input (`ToolExecutionOptions`: `messages`, `toolCallId`, …). */
export type AISDKToolExecution = Parameters<NonNullable<AISDKTool['execute']>>[1];

/** The AI SDK's conversion of a tool result for the model (what `toModelOutput` returns). */
export type AISDKToolResultOutput = Awaited<ReturnType<NonNullable<AISDKTool['toModelOutput']>>>;

/** A tool's `needsApproval` when it is a function. */
export type AISDKNeedsApproval = Extract<NonNullable<AISDKTool['needsApproval']>, (...args: never[]) => unknown>;
