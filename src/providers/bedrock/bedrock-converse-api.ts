/** Converse wire types (`ConverseCommand`), each a subset of the AWS SDK's type of the same role; other fields pass through. */
import type { ToolNameRule } from '../../names/tool-name-rule.js';

/** What Converse accepts as a tool name (`ToolSpecification.name`): `[a-zA-Z0-9_-]+`, at most 64 characters. */
export const BEDROCK_CONVERSE_TOOL_NAME_RULE: ToolNameRule = Object.freeze({ label: 'Amazon Bedrock Converse', allowed: /[A-Za-z0-9_-]/, maxLength: 64 });

/** The most `cachePoint` blocks (in `system`, `messages` and `toolConfig.tools` together) a request may hold. */
export const BEDROCK_CONVERSE_MAX_CACHE_POINTS = 4;

/** A JSON value (the SDK's `DocumentType`). */
export type BedrockConverseDocument = null | boolean | number | string | BedrockConverseDocument[] | { [key: string]: BedrockConverseDocument };

export interface BedrockConverseCachePoint {
  cachePoint: { type: 'default'; ttl?: '5m' | '1h' };
}

export interface BedrockConverseToolSpecification {
  name: string;
  description?: string;
  inputSchema: { json: { [keyword: string]: BedrockConverseDocument } };
  strict?: boolean;
}

export type BedrockConverseTool = { toolSpec: BedrockConverseToolSpecification } | BedrockConverseCachePoint | { systemTool: { name: string } };

export type BedrockConverseToolChoice = { auto: object } | { any: object } | { tool: { name: string } };

export type BedrockConverseToolResult = {
  toolResult: { toolUseId: string; content: ({ text: string } | { json: BedrockConverseDocument })[]; status?: 'success' | 'error' };
};

export type BedrockConverseContentBlock =
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: BedrockConverseDocument } }
  | BedrockConverseToolResult
  | BedrockConverseCachePoint;

export interface BedrockConverseMessage {
  role: 'user' | 'assistant';
  content: BedrockConverseContentBlock[];
}

export interface BedrockConverseRequest {
  modelId: string;
  messages?: BedrockConverseMessage[];
  system?: ({ text: string } | BedrockConverseCachePoint)[];
  toolConfig?: { tools: BedrockConverseTool[]; toolChoice?: BedrockConverseToolChoice };
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  additionalModelRequestFields?: BedrockConverseDocument;
}

/** A `ConverseCommand` output (without `$metadata`). */
export interface BedrockConverseResponse {
  output?: { message?: { role: string; content: { [member: string]: unknown }[] } };
  stopReason?: string;
  usage?: { [field: string]: unknown };
  metrics?: { [field: string]: unknown };
  [field: string]: unknown;
}

/** One event of a `ConverseStreamCommand` output's `stream` (the SDK's `ConverseStreamOutput`). */
export type BedrockConverseStreamEvent = {
  readonly [Member in 'messageStart' | 'contentBlockStart' | 'contentBlockDelta' | 'contentBlockStop' | 'messageStop' | 'metadata']?: object | undefined;
};
