/**
 * `tool-search/gemini`: the Gemini `generateContent` transformer (client-side tool search), its reader and its
 * preflight check, for bodies in the `@google/genai` SDK shape or the REST shape, the session API
 * (`createGeminiToolSearch`), and `createGeminiStreamAccumulator` for `generateContentStream`.
 *
 * @packageDocumentation
 */
export * from './gemini-api.js';
export * from './create-gemini-tool-search.js';
export { createGeminiStreamAccumulator } from './create-gemini-stream-accumulator.js';
export { createGeminiFunctionDeclarations } from './create-gemini-function-declarations.js';
export { parseGeminiTools } from './parse-gemini-tools.js';
export type { GeminiWarningCode } from './gemini-warning.js';
export { transformGeminiRequest, type TransformGeminiRequestOptions, type TransformGeminiRequestResult } from './transform-gemini-request.js';
export { preflightGeminiRequest, type GeminiPreflightRule } from './preflight-gemini-request.js';
export { resolveGeminiParametersProblem } from './resolve-gemini-parameters-problem.js';
