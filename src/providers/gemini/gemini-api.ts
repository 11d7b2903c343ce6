/**
 * Gemini `generateContent` wire types, the subset this package reads and writes, in both shapes a body comes in:
 *
 * - the `@google/genai` SDK's `GenerateContentParameters` (`{ model, contents, config: { tools, systemInstruction,
 *   toolConfig } }`), what TypeScript callers build and pass to `ai.models.generateContent`;
 * - the REST body (`{ contents, tools, systemInstruction, toolConfig, generationConfig }`, model in the URL), what a
 *   gateway sees on `POST /v1beta/models/{model}:generateContent`.
 *
 * Field names are the API's JSON names (camelCase; the REST API also accepts snake_case, which this package does not
 * read: it refuses such a body rather than miss its tools). Each type is a subset of the SDK's type of the same role,
 * so values of these types are accepted by the SDK (a type test proves it); other fields pass through at run time.
 *
 * @see https://ai.google.dev/api/generate-content
 */
import type { ToolNameRule } from '../../names/tool-name-rule.js';

/**
 * The function names this package sends to Gemini, and the rule `preflightGeminiRequest` checks: letters, digits,
 * `_`, `.` and `-`, starting with a letter or `_`, at most 64 characters. The SDK's doc comment allows colons and 128
 * characters, but the API's own 400 says 64 ("Invalid function name. Must start with a letter or an underscore. Must
 * be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64"),
 * and other Google endpoints answer the same 400 without colons ("… underscores, dots and dashes, with a maximum
 * length of 64", late 2025), as do older Vertex AI docs. This rule is what all of them accept; colons are mapped to
 * `_`.
 */
export const GEMINI_TOOL_NAME_RULE: ToolNameRule = Object.freeze({
  label: 'Gemini',
  allowed: /[A-Za-z0-9_.-]/,
  first: /[A-Za-z_]/,
  maxLength: 64,
});

/**
 * Which shape a Gemini body is in: `sdk` (`@google/genai`'s `GenerateContentParameters`, converted by the SDK
 * before sending) or `rest` (the JSON body as the API receives it).
 */
export type GeminiRequestShape = 'sdk' | 'rest';

/** The most function declarations one request may hold ("At most 512 function declarations can be specified"). */
export const GEMINI_MAX_FUNCTION_DECLARATIONS = 512;

/** A function declaration (`tools[].functionDeclarations[]`). `parameters` and `parametersJsonSchema` exclude each other. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** An OpenAPI 3.0 schema subset: no `additionalProperties`, `$ref`, `oneOf`, `allOf` or `const`. */
  parameters?: { [keyword: string]: unknown };
  /** A JSON Schema (v1beta); what this package uses for stubs and the `tool_search` function. */
  parametersJsonSchema?: unknown;
  [field: string]: unknown;
}

/** A tool: function declarations, or a built-in tool (`googleSearch`, `codeExecution`, …) passed through. */
export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  [field: string]: unknown;
}

/** A function call the model made. */
export interface GeminiFunctionCall {
  name?: string;
  args?: Record<string, unknown>;
  id?: string;
  [field: string]: unknown;
}

/** A function result sent back to the model; `response` holds the output (`{ output }` or `{ error }`). */
export interface GeminiFunctionResponse {
  name?: string;
  response?: Record<string, unknown>;
  id?: string;
  [field: string]: unknown;
}

/** A part of a content. */
export interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
  [field: string]: unknown;
}

/** One turn: `role` is `user` or `model`. */
export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
  [field: string]: unknown;
}

/** A part or a string (the SDK's `PartUnion`). */
export type GeminiPartUnion = GeminiPart | string;

/** What the SDK accepts as one content (`ContentUnion`), e.g. for `systemInstruction`. */
export type GeminiContentUnion = GeminiContent | GeminiPartUnion[] | GeminiPartUnion;

/** What the SDK accepts as `contents` (`ContentListUnion`). */
export type GeminiContentListUnion = GeminiContent | GeminiContent[] | GeminiPartUnion | GeminiPartUnion[];

/** `toolConfig.functionCallingConfig`; `mode` and other fields pass through. */
export interface GeminiFunctionCallingConfig {
  allowedFunctionNames?: string[];
  [field: string]: unknown;
}

/** `toolConfig`. */
export interface GeminiToolConfig {
  functionCallingConfig?: GeminiFunctionCallingConfig;
  [field: string]: unknown;
}

/** The SDK's `GenerateContentConfig`, the fields this package reads or writes. */
export interface GeminiGenerateContentConfig {
  systemInstruction?: GeminiContentUnion;
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  [field: string]: unknown;
}

/** The SDK shape: `ai.models.generateContent(parameters)`. */
export interface GeminiGenerateContentParameters {
  model: string;
  contents: GeminiContentListUnion;
  config?: GeminiGenerateContentConfig;
  [field: string]: unknown;
}

/** The REST shape: the JSON body of `POST /v1beta/models/{model}:generateContent`. */
export interface GeminiGenerateContentRequest {
  contents: GeminiContent[];
  systemInstruction?: GeminiContent;
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  [field: string]: unknown;
}

/**
 * One candidate answer of a response: the model's content and why it stopped (`finishReason`, on the last chunk of a
 * stream); other fields (`safetyRatings`, `citationMetadata`, `groundingMetadata`, …) pass through.
 */
export interface GeminiCandidate {
  content?: GeminiContent;
  finishReason?: string;
  index?: number;
  [field: string]: unknown;
}

/**
 * A `generateContent` response (the SDK's `GenerateContentResponse`), or one chunk of `streamGenerateContent` (the
 * SDK's `generateContentStream` yields one per chunk): the same shape, a chunk holding the parts that arrived.
 */
export interface GeminiGenerateContentResponse {
  candidates?: GeminiCandidate[];
  usageMetadata?: { [field: string]: unknown };
  modelVersion?: string;
  responseId?: string;
  [field: string]: unknown;
}

/**
 * What a session's `step` takes as a Gemini response, and a chunk of its stream (the SDK's `GenerateContentResponse`
 * or the REST JSON): the fields it reads.
 */
export interface GeminiGenerateContentResponseLike {
  readonly candidates?: readonly { readonly content?: object | undefined; readonly finishReason?: string | undefined }[] | undefined;
}
