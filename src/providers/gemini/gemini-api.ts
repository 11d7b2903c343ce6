/**
 * Gemini `generateContent` wire types, the subset this package reads and writes, in both shapes a body comes in: the
 * `@google/genai` SDK's `GenerateContentParameters` (`{ model, contents, config: { tools, systemInstruction,
 * toolConfig } }`) and the REST body (`{ contents, tools, systemInstruction, toolConfig, generationConfig }`). Field
 * names are the API's camelCase JSON names (a snake_case body is refused rather than misread). Each type is a subset of
 * the SDK's type of the same role, so the SDK accepts its values (a type test proves it); other fields pass through.
 *
 * @see https://ai.google.dev/api/generate-content
 */
import type { ToolNameRule } from '../../names/tool-name-rule.js';

/**
 * The function names this package sends to Gemini: letters, digits, `_`, `.` and `-`, starting with a letter or `_`,
 * at most 64 characters. The SDK's doc comment allows colons and 128 characters, but the API's 400 says 64 ("Invalid
 * function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots
 * (.), colons (:), or dashes (-), with a maximum length of 64"), and other Google endpoints reject colons: this rule is
 * what all of them accept; colons are mapped to `_`.
 */
export const GEMINI_TOOL_NAME_RULE: ToolNameRule = Object.freeze({ label: 'Gemini', allowed: /[A-Za-z0-9_.-]/, first: /[A-Za-z_]/, maxLength: 64 });

/** `sdk` (`@google/genai`'s `GenerateContentParameters`) or `rest` (the JSON body as the API receives it). */
export type GeminiRequestShape = 'sdk' | 'rest';

/** "At most 512 function declarations can be specified". */
export const GEMINI_MAX_FUNCTION_DECLARATIONS = 512;

/** `tools[].functionDeclarations[]`: `parameters` (an OpenAPI 3.0 subset) and `parametersJsonSchema` exclude each other. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: { [keyword: string]: unknown };
  parametersJsonSchema?: unknown;
  [field: string]: unknown;
}

/** Function declarations, or a built-in tool (`googleSearch`, `codeExecution`, …) passed through. */
export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  [field: string]: unknown;
}

export interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { name?: string; args?: Record<string, unknown>; id?: string; [field: string]: unknown };
  /** `response` holds the output (`{ output }` or `{ error }`). */
  functionResponse?: { name?: string; response?: Record<string, unknown>; id?: string; [field: string]: unknown };
  [field: string]: unknown;
}

/** One turn: `role` is `user` or `model`. */
export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
  [field: string]: unknown;
}

/** The SDK's `ContentUnion`, e.g. for `systemInstruction`. */
export type GeminiContentUnion = GeminiContent | (GeminiPart | string)[] | GeminiPart | string;

/** The SDK's `ContentListUnion`, for `contents`. */
export type GeminiContentListUnion = GeminiContent | GeminiContent[] | GeminiPart | string | (GeminiPart | string)[];

export interface GeminiToolConfig {
  functionCallingConfig?: { allowedFunctionNames?: string[]; [field: string]: unknown };
  [field: string]: unknown;
}

/** The SDK shape: `ai.models.generateContent(parameters)`. */
export interface GeminiGenerateContentParameters {
  model: string;
  contents: GeminiContentListUnion;
  config?: { systemInstruction?: GeminiContentUnion; tools?: GeminiTool[]; toolConfig?: GeminiToolConfig; [field: string]: unknown };
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

/** A `generateContent` response, or one chunk of `streamGenerateContent` (the same shape, holding the parts that came). */
export interface GeminiGenerateContentResponse {
  candidates?: { content?: GeminiContent; finishReason?: string; index?: number; [field: string]: unknown }[];
  usageMetadata?: { [field: string]: unknown };
  modelVersion?: string;
  responseId?: string;
  [field: string]: unknown;
}

/** What a session's `step` takes as a Gemini response or stream chunk (the SDK's `GenerateContentResponse`, or the REST JSON). */
export interface GeminiGenerateContentResponseLike {
  readonly candidates?: readonly { readonly content?: object | undefined; readonly finishReason?: string | undefined }[] | undefined;
}
