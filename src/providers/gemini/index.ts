/**
 * `tool-search/gemini`: tool search on Gemini's `generateContent` (client-side), for bodies in the `@google/genai`
 * SDK shape or the REST shape.
 *
 * Session API: `createGeminiToolSearch`. Low level: `parseGeminiTools`, `transformGeminiRequest`,
 * `createGeminiFunctionDeclarations`, and `createGeminiStreamAccumulator` for `generateContentStream`.
 *
 * @packageDocumentation
 */
export { createGeminiToolSearch, type CreateGeminiToolSearchOptions, type GeminiToolSearch } from './create-gemini-tool-search.js';
export { createGeminiStreamAccumulator } from './create-gemini-stream-accumulator.js';
export type { GeminiWarningCode } from './gemini-codec.js';
export {
  createGeminiFunctionDeclarations,
  parseGeminiTools,
  transformGeminiRequest,
  type TransformGeminiRequestOptions,
  type TransformGeminiRequestResult,
} from './transform-gemini-request.js';
