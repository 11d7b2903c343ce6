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
export {
  createGeminiFunctionDeclarations,
  parseGeminiTools,
  transformGeminiRequest,
  type GeminiWarningCode,
  type TransformGeminiRequestOptions,
  type TransformGeminiRequestResult,
} from './gemini-codec.js';
export { preflightGeminiRequest, type GeminiPreflightRule } from './preflight-gemini-request.js';
export { resolveGeminiParametersProblem } from './resolve-gemini-parameters-problem.js';
