/**
 * `tool-search/gemini`: the Gemini `generateContent` transformer (client-side tool search), its reader and its
 * preflight check, for bodies in the `@google/genai` SDK shape or the REST shape.
 *
 * @packageDocumentation
 */
export {
  GEMINI_MAX_FUNCTION_DECLARATIONS,
  GEMINI_TOOL_NAME_RULE,
  type GeminiContent,
  type GeminiContentListUnion,
  type GeminiContentUnion,
  type GeminiFunctionCall,
  type GeminiFunctionCallingConfig,
  type GeminiFunctionDeclaration,
  type GeminiFunctionResponse,
  type GeminiGenerateContentConfig,
  type GeminiGenerateContentParameters,
  type GeminiGenerateContentRequest,
  type GeminiPart,
  type GeminiPartUnion,
  type GeminiRequestShape,
  type GeminiTool,
  type GeminiToolConfig,
} from './gemini-api.js';
export {
  createGeminiToolSearch,
  type CreateGeminiToolSearchOptions,
  type GeminiSessionTool,
  type GeminiToolSearch,
  type GeminiToolSearchRequest,
  type GeminiTurn,
} from './create-gemini-tool-search.js';
export { parseGeminiTools } from './parse-gemini-tools.js';
export { createGeminiFunctionDeclarations } from './create-gemini-function-declarations.js';
export {
  transformGeminiRequest,
  type TransformGeminiRequestResult,
  type GeminiWarningCode,
  type TransformGeminiRequestOptions,
} from './transform-gemini-request.js';
export { preflightGeminiRequest, type GeminiPreflightRule } from './preflight-gemini-request.js';
export { resolveGeminiParametersProblem } from './resolve-gemini-parameters-problem.js';
