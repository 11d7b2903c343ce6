import type { ToolSearchResult } from '../client/tool-search-result.js';
import type { WireAPI } from '../models/model-reference.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolShape } from '../tools/resolve-tool-shape.js';
import type { CodecTools, WireCodec } from '../request/wire-codec.js';
import type { StreamAccumulator } from './stream-accumulator.js';

/**
 * What one wire API tells {@link createSessionToolSearch} (src/session/create-session-tool-search.ts): only wire
 * details. The generic factory does the rest for every API: the options, the catalog (parsed once per agent), the
 * plan, the reveals, preparing a body again, the pairing check, and `prepare`/`step`/`handle`. A new wire API is a
 * factory that passes one adapter: its tool list, its codec (whose read pairs the history's results), what an unpaired result does and how a response's calls are read
 * and answered (and a row in `parseSessionTools`' tables, which name its tools in messages). Not part of the public API.
 *
 * @example
 * ```ts
 * // A wire API that keeps its tools in `toolConfig.tools` and answers calls with `toolResult` blocks (sketch).
 * export function createExampleToolSearch(options: SessionToolSearchOptions<ExampleTool>): ExampleToolSearch {
 *   return createSessionToolSearch<ExampleWarningCode>(options, {
 *     api: 'example',
 *     label: 'createExampleToolSearch',
 *     withJSONSchemas: (tool) => resolveJSONSchemaField(tool, 'json', 'json', ['toolSpec', 'inputSchema']),
 *     toolsOf: (body) => (isRecord(body.toolConfig) ? body.toolConfig.tools : undefined),
 *     withTools: (body, tools) => ({ ...body, toolConfig: { ...(body.toolConfig as object | undefined), tools } }),
 *     codec: EXAMPLE_CODEC,
 *  *     unpaired: 'throw',
 *     createStreamAccumulator: createExampleStreamAccumulator,
 *     readResponse: (response) => ({
 *       calls: readExampleToolUses(response).map((use) => ({
 *         id: use.toolUseId,
 *         name: use.name,
 *         arguments: use.input,
 *         write: (answer) => ({ toolResult: { toolUseId: use.toolUseId, content: writeExampleContent(answer) } }),
 *       })),
 *       finish: (results) => ({ messages: [readExampleMessage(response), { role: 'user', content: results }], done: results.length === 0 }),
 *     }),
 *   }) as ExampleToolSearch;
 * }
 * ```
 */
export interface SessionAdapter<Code extends string> {
  /** The wire API (its plans, its tool shape and messages). */
  readonly api: WireAPI;
  /** The factory's name, for messages (`createAnthropicMessagesToolSearch`). */
  readonly label: string;
  /** Whether the API's own typed tools (`resolveToolShape`'s `provider`) are taken, passed through. @default false */
  readonly providerTools?: boolean;
  /** What to say instead of the generic advice for a shape the API rejects but is close to (`gemini-declaration`). */
  readonly hints?: Partial<Readonly<Record<ToolShape, string>>>;
  /**
   * The tool with every arguments schema of a schema library (zod, …) written as JSON Schema where the API reads it
   * (`resolveJSONSchemaField(tool, 'parameters', 'parameters')`); the tool itself when none is.
   */
  withJSONSchemas(tool: Record<string, unknown>): Record<string, unknown>;
  /** The body's tool list as it is (`undefined` when it has none). @default `body.tools` */
  toolsOf?(body: Record<string, unknown>): unknown;
  /** The body with `tools` as its tool list. @default `{ ...body, tools }` */
  withTools?(body: Record<string, unknown>, tools: readonly unknown[]): Record<string, unknown>;
  /** The API's codec: how its bodies are read and written (the driver, `transformRequest`, runs it). */
  readonly codec: WireCodec<unknown, CodecTools, Code, unknown>;
  /** The codec's own options, checked (the factory's, such as Anthropic's `searchTool`). */
  readonly codecOptions?: unknown;
  /**
   * What `prepare` does with the tool results of the body's history that the API would reject as unpaired (a result
   * without its call: the codec's read finds them, `NeutralHistory.unpaired`, each described with the fix). `throw`: the API answers such a body with a 400 whatever serves it, so `prepare` throws `invalid-request`;
   * `warn`: servers of the API differ (Chat Completions' compatible servers), so `prepare` warns.
   */
  readonly unpaired: 'throw' | 'warn';
  /**
   * The tool calls of a response, in order, and how the turn is written from their answers. Throws a
   * `ToolSearchError` (`invalid-request`) when `response` is not the API's response.
   */
  readResponse(response: unknown, request: SessionResponseContext): SessionResponse<unknown, unknown>;
  /**
   * A new accumulator of the API's stream events, which rebuilds the response `readResponse` reads (the API's own
   * accumulator, in its provider folder). `step` and `handle` read a stream through it.
   */
  createStreamAccumulator(): StreamAccumulator<unknown, unknown>;
  /**
   * The stream a value handed to `step` holds, or `undefined` for a complete response: where the SDK wraps its stream
   * (Converse's `ConverseStreamCommand` output holds it in `stream`). @default the value itself when it is an async
   * iterable
   */
  streamOf?(response: unknown): AsyncIterable<unknown> | undefined;
  /**
   * Whether the body continues a history the provider keeps (Responses' `previous_response_id` or `conversation`): its
   * `input` then holds only the new items, so the transformer's `added` (what the body's history added natively)
   * misses what earlier turns added, and the factory adds the session's own record of them (kept in the reveal
   * store). @default never
   */
  isHistoryOnServer?(body: Record<string, unknown>): boolean;
  /**
   * Native delivery: the wire item(s) that add `definitions` (caller's names; map them with `context.names`) to the
   * conversation by the plan's `additions` form: one `additional_tools` input item (Responses), one `system` message of
   * `tool_addition` blocks (Messages). The factory calls it once per turn with every tool the turn's answers loaded that
   * the history had not added, in order, and hands the items to {@link SessionResponse.finish}. Absent on an API
   * without a tool-addition item.
   */
  writeAddition?(definitions: readonly ToolDefinition[], context: SessionResponseContext): readonly unknown[];
}

/** What {@link SessionAdapter.readResponse} may need of the request the response answers. */
export interface SessionResponseContext {
  readonly plan: ToolSearchPlan;
  readonly names: ToolNameMapping;
  /** The agent's tools in the API's shape (checked, schemas converted). */
  readonly catalogTools: readonly unknown[];
}

/** The calls of one response and how its turn is written. */
export interface SessionResponse<Answer, Turn> {
  readonly calls: readonly SessionResponseCall<Answer>[];
  /**
   * The turn (what to append to the history, and whether the model is done) from each call's answer, in order, and the
   * turn's native additions: the items {@link SessionAdapter.writeAddition} wrote for what the answers loaded (empty
   * when nothing was added), which the turn places after the answers where the API allows them (Responses: after the
   * `function_call_output` items; Messages: after the user message holding every `tool_result`). `predicted` are the
   * items the request added after the user's message (the prediction step's load, empty when it loaded nothing): the
   * turn's history list starts with them, before the response, so the caller's history holds them where the request
   * did (a list of new items for a history the provider keeps, such as Responses' `answers`, leaves them out: the
   * provider stored them with the request).
   */
  finish(answers: Answer[], additions: readonly unknown[], predicted: readonly unknown[]): Turn;
}

/** One tool call of a response, in neutral terms, and how its answer is written in the API's shape. */
export interface SessionResponseCall<Answer> {
  /** The call's id (`''` where the API gives none). */
  readonly id: string;
  /** The tool name as the model wrote it (the wire name). */
  readonly name: string;
  /** The arguments as the model wrote them (a JSON string or an object). */
  readonly arguments: unknown;
  /** A free-form (custom) tool call: the caller's, run as written, never the package's or checked. */
  readonly free?: boolean;
  /** The answer item: the caller's output for a call it ran, the package's result otherwise. */
  write(answer: SessionCallAnswer): Answer;
}

/** What answers one call: the caller's output (`run`), or the package's result (`search`, `answer`). */
export type SessionCallAnswer = { readonly type: 'run'; readonly output: unknown } | { readonly type: 'search' | 'answer'; readonly result: ToolSearchResult };
