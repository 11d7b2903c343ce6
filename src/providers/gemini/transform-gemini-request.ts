import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseTransformRequestOptions } from '../../request/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import { transformRequest } from '../../request/transform-request.js';
import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { GeminiFunctionDeclaration, GeminiGenerateContentParameters } from './gemini-api.js';
import { GEMINI_CODEC, writeGeminiDeclaration, type GeminiWarningCode } from './gemini-codec.js';

/** What {@link transformGeminiRequest} needs besides the body and the plan. */
export type TransformGeminiRequestOptions = TransformRequestOptions;

/** The transformed body (in the shape it came in), the warnings and the tool-name mapping. */
export type TransformGeminiRequestResult<Body = GeminiGenerateContentParameters> = TransformRequestResult<Body, GeminiWarningCode>;

/**
 * Rewrites a Gemini `generateContent` request for a tool search plan, just before it is sent. Takes the
 * `@google/genai` SDK shape (`{ model, contents, config }`) or the REST body (`{ contents, tools, … }`) and returns
 * the same shape (see {@link parseGeminiTools} for how the shape is told).
 *
 * Gemini has no hosted search: the core decides the tools (the functions
 * `toolConfig.functionCallingConfig.allowedFunctionNames` forces), the note and the name mapping. In Gemini's shape:
 * - every function declaration goes into one `tools` entry (Vertex AI rejects several entries with declarations),
 *   placed where the first such entry was; built-in tools (`googleSearch`, …) keep their places;
 * - a stub (and `tool_search`) is `{ name, description, parametersJsonSchema: <stub> }`: `parameters` (an OpenAPI
 *   subset) cannot express an open object and rejects an object without properties, while `parametersJsonSchema`
 *   (`v1beta`, the SDK's default) takes plain JSON Schema, as the SDK declares MCP tools. Loaded and revealed tools
 *   keep the caller's own form (`parameters` or `parametersJsonSchema`, never both);
 * - the note is appended to `systemInstruction` (as its own text part to a content or part list, so the caller's
 *   parts stay a cacheable prefix; with a blank line to a string), or set as `{ parts: [{ text }] }`;
 * - reveals are read from a function response's `response`, or its `output`, `result` or `content` (the Vercel AI
 *   SDK's `{ name, content }`), as JSON text, a parsed object or text parts;
 * - names are mapped to letters, digits, `_`, `.` and `-`, starting with a letter or `_`, at most 64 characters
 *   (`GEMINI_TOOL_NAME_RULE`) in declarations, the history (`functionCall.name`, `functionResponse.name`) and
 *   `allowedFunctionNames`; map the model's calls back with `names.fromWire`.
 *
 * Pure, and stable on its own output.
 *
 * Throws a `ToolSearchError`: `invalid-request` for the cases {@link parseGeminiTools} lists and snake_case parts
 * (`function_call`, `function_response`); `plan-mismatch` when the plan was made for other tools; `invalid-options`
 * for a plan or options of the wrong shape.
 *
 * @example
 * ```ts
 * import { GoogleGenAI } from '@google/genai';
 * import { resolveToolSearch } from 'tool-search';
 * import { parseGeminiTools, transformGeminiRequest } from 'tool-search/gemini';
 *
 * const plan = resolveToolSearch({ id: parameters.model, api: 'gemini' }, parseGeminiTools(parameters));
 * const { body, names } = transformGeminiRequest(parameters, plan, { revealed: await store.get(sessionId) });
 * const response = await new GoogleGenAI({}).models.generateContent(body);
 * for (const call of response.functionCalls ?? []) console.log(names.fromWire(call.name ?? ''));
 * ```
 */
export function transformGeminiRequest<Body extends object = GeminiGenerateContentParameters>(
  body: Body,
  plan: ToolSearchPlan,
  options: TransformGeminiRequestOptions = {},
): TransformGeminiRequestResult<Body> {
  return transformRequest(GEMINI_CODEC, body, plan, parseTransformRequestOptions(options)) as TransformGeminiRequestResult<Body>;
}

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

/**
 * Writes tool definitions as Gemini function declarations (`{ name, description, parametersJsonSchema }`), for a
 * request's `tools: [{ functionDeclarations }]`: the request you then pass to `parseGeminiTools` and
 * `transformGeminiRequest`.
 *
 * The schema goes into `parametersJsonSchema`, which takes JSON Schema as it is (Gemini's `parameters` is an
 * OpenAPI subset without `additionalProperties`, `$ref` or `const`, which MCP schemas often use). Names are kept as
 * given: the transformer maps a name the API rejects. `category`, `deferrable` and the MCP-only fields are left out.
 * Takes an array or an MCP `tools/list` result; throws `ToolSearchError` (`invalid-tools`) for a bad tool list.
 *
 * @example
 * ```ts
 * import { createGeminiFunctionDeclarations } from 'tool-search/gemini';
 * const tools = [{ functionDeclarations: createGeminiFunctionDeclarations(await mcpClient.listTools()) }];
 * ```
 * @see https://ai.google.dev/api/caching#FunctionDeclaration
 */
export function createGeminiFunctionDeclarations(tools: ToolDefinitionsInput): GeminiFunctionDeclaration[] {
  return parseToolDefinitions(tools).map((tool) => writeGeminiDeclaration(tool.name, tool.description, { ...tool.inputSchema }));
}
