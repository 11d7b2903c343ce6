import type { ClientRequestWarningCode } from '../../request/request-tools.js';

/**
 * The codes of `transformGeminiRequest`'s warnings; match on them, the messages are for people.
 *
 * - the client-side mechanism's codes (`hosted-mechanism-unsupported`, `listing-changed-to-names`,
 *   `tools-deferred-for-limit`, see {@link ClientRequestWarningCode}), for Gemini's limit of 512 function declarations;
 * - `parameters-dropped`: a declaration had both `parameters` and `parametersJsonSchema` (the API takes one); the
 *   `parameters` were dropped and `parametersJsonSchema` kept.
 * - `parameters-sent-as-json-schema`: a declaration's `parameters` use what Gemini's `parameters` cannot express
 *   (`$ref`, `oneOf`, `const`, …, or `additionalProperties` and type lists in the REST shape); they were sent as
 *   `parametersJsonSchema` (JSON Schema) instead.
 * - `too-many-function-declarations`: more than 512 declarations are sent all the same (tools forced by
 *   `toolConfig`); the API will reject the request.
 * - `callable-tool-not-deferred`: an SDK `CallableTool` (an MCP client) is resolved by the SDK itself; its functions
 *   are sent in full under their own names.
 * - `unknown-content`: an item of `contents` is neither a content nor a part; it was kept unchanged.
 * - `guidance-not-added`: `systemInstruction` is in a form this package cannot read, so the note was not added.
 */
export type GeminiWarningCode =
  | ClientRequestWarningCode
  | 'parameters-dropped'
  | 'parameters-sent-as-json-schema'
  | 'too-many-function-declarations'
  | 'callable-tool-not-deferred'
  | 'unknown-content'
  | 'guidance-not-added';
