import { parseRequestBody } from '../../records/parse-request-body.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { GEMINI_CODEC } from './gemini-codec.js';

/**
 * The function declarations of a Gemini request body, as `ToolDefinition`s with full schemas, in body order: what
 * `resolveToolSearch` needs to plan the request.
 *
 * Both shapes are read: the `@google/genai` SDK's `GenerateContentParameters` (`{ model, contents, config: { tools } }`)
 * and the REST body (`{ contents, tools }`). A body with `config` (or with `model` and no top-level `tools`,
 * `systemInstruction`, `toolConfig` or `generationConfig`) is the SDK shape; any other body is the REST shape.
 *
 * A declaration's `inputSchema` is its `parametersJsonSchema` when set, else its `parameters` written as JSON
 * Schema (types in lower case, `nullable` as a `"null"` type), else `{ type: 'object', properties: {} }`. Built-in
 * tools, SDK `CallableTool`s and this package's own `tool_search` declaration (from a transformed body) are not
 * returned.
 *
 * Throws a `ToolSearchError` (`invalid-request`) naming the item when the body is not an object, has both `config`
 * and top-level settings, uses snake_case fields (`function_declarations`, `system_instruction`, `tool_config`),
 * `tools` or `functionDeclarations` is not an array, a tool or declaration is not an object, a declaration has no
 * name, or two declarations share a name.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseGeminiTools } from 'tool-search/gemini';
 * const plan = resolveToolSearch({ id: 'gemini-2.5-pro', api: 'gemini' }, parseGeminiTools(parameters));
 * ```
 */
export function parseGeminiTools(body: unknown): ToolDefinition[] {
  return [...GEMINI_CODEC.readTools(parseRequestBody(body, 'a Gemini request object')).definitions];
}
