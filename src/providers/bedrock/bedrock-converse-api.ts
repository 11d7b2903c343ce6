/**
 * Amazon Bedrock Converse wire types (`ConverseCommand`, `POST /model/{modelId}/converse`), the subset this package
 * reads and writes. Field names are the API's own; each type is a subset of `@aws-sdk/client-bedrock-runtime`'s type
 * of the same role (`ConverseCommandInput`, `Tool`, `ToolSpecification`, `ContentBlock`, …), so a value of these
 * types is accepted by `new ConverseCommand(body)`; fields this package does not touch pass through at run time.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */
import type { ToolNameRule } from '../../names/tool-name-rule.js';

/** What Converse accepts as a tool name (`ToolSpecification.name`): `[a-zA-Z0-9_-]+`, at most 64 characters. */
export const BEDROCK_CONVERSE_TOOL_NAME_RULE: ToolNameRule = Object.freeze({ label: 'Amazon Bedrock Converse', allowed: /[A-Za-z0-9_-]/, maxLength: 64 });

/** The most cache checkpoints (`cachePoint` blocks in `system`, `messages` and `toolConfig.tools` together) a request may hold. */
export const BEDROCK_CONVERSE_MAX_CACHE_POINTS = 4;

/** A JSON value, as Converse carries schemas, tool inputs and `json` results (the SDK's `DocumentType`). */
export type BedrockConverseDocument = null | boolean | number | string | BedrockConverseDocument[] | { [key: string]: BedrockConverseDocument };

/** A prompt-cache checkpoint: everything before it is cached (`{ cachePoint: { type: 'default' } }`). */
export interface BedrockConverseCachePoint {
  cachePoint: { type: 'default'; ttl?: '5m' | '1h' };
}

/** A tool's specification; `inputSchema.json` is a JSON Schema whose top-level type is `object`. */
export interface BedrockConverseToolSpecification {
  name: string;
  description?: string;
  inputSchema: { json: { [keyword: string]: BedrockConverseDocument } };
  strict?: boolean;
}

/** An entry of `toolConfig.tools`: a tool, a cache checkpoint, or a system-defined tool (passed through). */
export type BedrockConverseTool = { toolSpec: BedrockConverseToolSpecification } | BedrockConverseCachePoint | { systemTool: { name: string } };

/** `toolConfig.toolChoice`: `{ auto: {} }`, `{ any: {} }`, or `{ tool: { name } }`, which makes the model call that tool. */
export type BedrockConverseToolChoice = { auto: object } | { any: object } | { tool: { name: string } };

/** A tool call of the model's (`stopReason: 'tool_use'`). */
export interface BedrockConverseToolUse {
  toolUse: { toolUseId: string; name: string; input: BedrockConverseDocument };
}

/** The answer to a tool call, in the next user message. */
export interface BedrockConverseToolResult {
  toolResult: { toolUseId: string; content: ({ text: string } | { json: BedrockConverseDocument })[]; status?: 'success' | 'error' };
}

/** A block of a message's `content` (other block kinds pass through). */
export type BedrockConverseContentBlock = { text: string } | BedrockConverseToolUse | BedrockConverseToolResult | BedrockConverseCachePoint;

/** A message of the conversation. */
export interface BedrockConverseMessage {
  role: 'user' | 'assistant';
  content: BedrockConverseContentBlock[];
}

/** A Converse request, as `ConverseCommand` takes it. */
export interface BedrockConverseRequest {
  modelId: string;
  messages?: BedrockConverseMessage[];
  system?: ({ text: string } | BedrockConverseCachePoint)[];
  toolConfig?: { tools: BedrockConverseTool[]; toolChoice?: BedrockConverseToolChoice };
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  additionalModelRequestFields?: BedrockConverseDocument;
}

/**
 * A `ConverseCommand` output (the SDK's `ConverseResponse`, without `$metadata`): the model's message (its blocks:
 * `text`, `toolUse`, `reasoningContent`, …), why it stopped, usage and metrics.
 */
export interface BedrockConverseResponse {
  output?: { message?: { role: string; content: { [member: string]: unknown }[] } };
  stopReason?: string;
  usage?: { [field: string]: unknown };
  metrics?: { [field: string]: unknown };
  [field: string]: unknown;
}

/**
 * One event of a `ConverseStreamCommand` output's `stream` (the SDK's `ConverseStreamOutput`): one member is set.
 * Deltas carry text, `toolUse.input` as JSON pieces and reasoning; `messageStop` the stop reason; `metadata` the usage.
 */
export interface BedrockConverseStreamEvent {
  readonly messageStart?: object | undefined;
  readonly contentBlockStart?: object | undefined;
  readonly contentBlockDelta?: object | undefined;
  readonly contentBlockStop?: object | undefined;
  readonly messageStop?: object | undefined;
  readonly metadata?: object | undefined;
}
