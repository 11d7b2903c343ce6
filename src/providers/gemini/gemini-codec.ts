import { assertNever } from '../../errors/assert-never.js';
import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { PLAIN_TEXT_PART_GUIDANCE } from '../../client/plain-text-part-guidance.js';
import { resolveGuidanceContent, resolveGuidanceParts } from '../../client/resolve-guidance-text.js';
import { createStubInputSchema, isOwnTool } from '../../tools/tool-search-tool-definition.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { resolveMappedListField } from '../../records/resolve-mapped-list-field.js';
import { readNeutralHistory, type HistoryToolItem, type NeutralTool } from '../../request/neutral-request.js';
import type { ClientRequestWarningCode } from '../../request/request-tools.js';
import { parseTransformRequestOptions } from '../../request/parse-transform-request-options.js';
import { transformRequest } from '../../request/transform-request.js';
import { resolveClientAPIRequest } from '../../request/resolve-client-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import type { JSONSchemaObject, ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import {
  GEMINI_MAX_FUNCTION_DECLARATIONS,
  GEMINI_TOOL_NAME_RULE,
  type GeminiFunctionDeclaration,
  type GeminiGenerateContentParameters,
  type GeminiRequestShape,
} from './gemini-api.js';
import { resolveGeminiParametersProblem } from './resolve-gemini-parameters-problem.js';

/**
 * The codes of {@link transformGeminiRequest}'s warnings; match on them, the messages are for people.
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

/** What {@link transformGeminiRequest} needs besides the body and the plan. */
export type TransformGeminiRequestOptions = TransformRequestOptions;

/** The transformed body (in the shape it came in), the warnings and the tool-name mapping. */
export type TransformGeminiRequestResult<Body = GeminiGenerateContentParameters> = TransformRequestResult<Body, GeminiWarningCode>;

/** One function declaration of a Gemini body, classified. Internal: the reader and the transformer share it. */
type GeminiDeclarationSlot =
  | { readonly kind: 'function'; readonly path: string; readonly declaration: Record<string, unknown>; readonly definition: ToolDefinition }
  | { readonly kind: 'own-search'; readonly path: string };

/**
 * One entry of a Gemini body's `tools`, classified. Internal.
 *
 * - `declarations`: a tool with `functionDeclarations` (it may hold built-in tools too, e.g. `googleSearch`).
 * - `callable`: an SDK `CallableTool` (an MCP client), resolved by the SDK itself; passed through.
 * - `other`: a built-in tool (`googleSearch`, `codeExecution`, …); passed through.
 */
interface GeminiToolSlot {
  readonly index: number;
  readonly kind: 'declarations' | 'callable' | 'other';
  readonly tool: unknown;
  readonly declarations: readonly GeminiDeclarationSlot[];
}

/** A Gemini body checked to be an object, its shape, and the object holding its settings. */
interface GeminiBodyShape {
  readonly request: Record<string, unknown>;
  readonly shape: GeminiRequestShape;
  /** Where `tools`, `systemInstruction` and `toolConfig` live: `config` in the SDK shape, the body in the REST shape. */
  readonly settings: Record<string, unknown>;
  /** How `settings` is named in messages: `config.` or ``. */
  readonly prefix: string;
}

/** The body's tools as read: their slots, and the definitions of their functions. */
interface GeminiTools {
  readonly slots: readonly GeminiToolSlot[];
  readonly definitions: readonly ToolDefinition[];
  /** The functions in neutral form (a function's `index` is its place in `functions`), read with the slots. */
  readonly neutral: readonly NeutralTool[];
  /** The function declarations, in body order. */
  readonly functions: readonly FunctionSlot[];
}

/** The body as the codec's `write` needs it back. */
type FunctionSlot = Extract<GeminiDeclarationSlot, { kind: 'function' }>;

interface GeminiRead extends GeminiBodyShape {
  readonly slots: readonly GeminiToolSlot[];
  /** The function declarations, in body order: a function's `index` in the neutral request is its place here. */
  readonly functions: readonly FunctionSlot[];
}

/** The REST shape's top-level settings; in the SDK shape they live in `config`. */
const REST_SETTINGS = ['tools', 'systemInstruction', 'toolConfig', 'generationConfig'] as const;
/** snake_case spellings the REST API also accepts, which this package does not read. */
const SNAKE_CASE = { system_instruction: 'systemInstruction', tool_config: 'toolConfig', function_declarations: 'functionDeclarations' } as const;

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
  const shape = readBodyShape(body);
  return [...readToolSlots(shape.settings.tools, shape.prefix).definitions];
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
  return parseToolDefinitions(tools).map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parametersJsonSchema: { ...tool.inputSchema },
  }));
}

/** Gemini's codec, in both request shapes (the SDK's `config`, or the REST body): `tools`, `toolConfig`, `systemInstruction`, `contents`. */
export const GEMINI_CODEC: Readonly<WireCodec<GeminiRead, GeminiTools, GeminiWarningCode>> = {
  api: 'gemini',
  label: 'Gemini',
  rule: GEMINI_TOOL_NAME_RULE,
  decide: resolveClientAPIRequest,
  maxTools: GEMINI_MAX_FUNCTION_DECLARATIONS,
  overLimitCode: 'too-many-function-declarations',
  readTools(body) {
    const { settings, prefix } = readBodyShape(body);
    return readToolSlots(settings.tools, prefix);
  },
  read(body, context) {
    const shape = readBodyShape(body);
    const list = shape.settings.tools;
    const { slots, neutral, functions } = context.tools !== undefined && context.tools.list === list ? context.tools.read : readToolSlots(list, shape.prefix);
    return {
      tools: neutral,
      otherNames: [],
      forced: readRenamedNames((rename) => transformToolConfig(shape.settings.toolConfig, rename)),
      history: readNeutralHistory(contentList(shape.request.contents), readContent),
      read: { ...shape, slots, functions },
    };
  },
  write({ read }, decided) {
    const { request, shape, settings, prefix, slots, functions } = read;
    const { names } = decided;
    const warnings: ToolSearchWarning<GeminiWarningCode>[] = [];
    const declarations = decided.entries.map((entry): GeminiFunctionDeclaration => {
      const wireName = names.toWire(entry.name);
      switch (entry.status) {
        case 'loaded':
        case 'revealed':
        case 'defer-loading':
          return writeDeclaration(functions[decided.bodyIndexOf(entry.name) as number] as FunctionSlot, entry.name, wireName, shape, warnings);
        case 'search':
        case 'call':
          return { name: wireName, description: entry.description as string, parametersJsonSchema: entry.inputSchema };
        case 'deferred':
          // Two literals, not a conditional spread: this runs for every deferred tool of every request.
          return entry.description === undefined
            ? { name: wireName, parametersJsonSchema: createStubInputSchema() }
            : { name: wireName, description: entry.description, parametersJsonSchema: createStubInputSchema() };
        default:
          return assertNever(entry, 'request tool status');
      }
    });
    const outputTools: unknown[] = [];
    let placed = false;
    for (const tool of slots) {
      switch (tool.kind) {
        case 'callable':
          warnings.push({
            code: 'callable-tool-not-deferred',
            message: `\`${prefix}tools[${tool.index}]\` is an SDK CallableTool (an MCP client), which the SDK expands itself; its functions are sent in full under their own names`,
          });
          outputTools.push(tool.tool);
          break;
        case 'other':
          outputTools.push(tool.tool);
          break;
        case 'declarations': {
          // Every declaration goes into the first entry that had any; later entries keep their other tools only.
          const { functionDeclarations: _moved, ...rest } = tool.tool as Record<string, unknown>;
          if (!placed && declarations.length > 0) outputTools.push({ ...(tool.tool as Record<string, unknown>), functionDeclarations: declarations });
          else if (Object.keys(rest).length > 0) outputTools.push(rest);
          placed = true;
          break;
        }
        default:
          assertNever(tool.kind, 'tool kind');
      }
    }
    if (!placed && declarations.length > 0) outputTools.push({ functionDeclarations: declarations });

    const outputSettings: Record<string, unknown> = { ...settings };
    if (outputTools.length > 0 || settings.tools !== undefined) outputSettings.tools = outputTools;
    const toolConfig = transformToolConfig(settings.toolConfig, decided.toWire);
    if (toolConfig !== undefined) outputSettings.toolConfig = toolConfig;
    const systemInstruction = placeGuidance(settings.systemInstruction, decided.guidance, `${prefix}systemInstruction`, warnings);
    if (systemInstruction === undefined) delete outputSettings.systemInstruction;
    else outputSettings.systemInstruction = systemInstruction;

    const contents = transformContents(request.contents, names, warnings);
    let output: Record<string, unknown>;
    switch (shape) {
      case 'sdk': {
        output = { ...request, contents };
        if (Object.keys(outputSettings).length > 0 || request.config !== undefined) output.config = outputSettings;
        break;
      }
      case 'rest':
        // The settings are the body itself here, copied with their keys in place.
        output = { ...outputSettings, contents };
        break;
      default:
        return assertNever(shape, 'request shape');
    }
    if (request.contents === undefined) delete output.contents;
    return { body: output, warnings };
  },
};

/** The shape of a Gemini body (`sdk`: settings in `config`; `rest`: at the top level); throws like {@link parseGeminiTools}. */
export function readGeminiRequestShape(body: unknown): GeminiRequestShape {
  return readBodyShape(body).shape;
}

/** Checks the body and finds its shape; throws like {@link parseGeminiTools}. */
function readBodyShape(body: unknown): GeminiBodyShape {
  const request = parseRequestBody(body, 'a Gemini request object');
  const topLevel = REST_SETTINGS.filter((field) => request[field] !== undefined);
  let shape: GeminiRequestShape;
  let settings: Record<string, unknown>;
  if (request.config !== undefined && request.config !== null) {
    if (!isRecord(request.config)) {
      throw new ToolSearchError('invalid-request', `\`config\` must be an object (the SDK's GenerateContentConfig), got ${describeValue(request.config)}`);
    }
    if (topLevel.length > 0) {
      throw new ToolSearchError(
        'invalid-request',
        `The body has both \`config\` (the @google/genai SDK shape) and top-level ${topLevel.map((field) => `\`${field}\``).join(', ')} (the REST shape); put them in one place`,
      );
    }
    shape = 'sdk';
    settings = request.config;
  } else {
    shape = typeof request.model === 'string' && topLevel.length === 0 ? 'sdk' : 'rest';
    settings = shape === 'sdk' ? {} : request;
  }
  const prefix = shape === 'sdk' ? 'config.' : '';
  for (const [snake, camel] of Object.entries(SNAKE_CASE)) {
    if (snake !== 'function_declarations' && (settings[snake] !== undefined || request[snake] !== undefined)) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${snake}\` is the snake_case spelling of \`${camel}\`; this package reads the camelCase fields only (as the SDK and the REST reference write them)`,
      );
    }
  }
  return { request, shape, settings, prefix };
}

/** The body's `tools` (at `prefix`) classified, every declaration checked; throws like {@link parseGeminiTools}. */
function readToolSlots(list: unknown, prefix: string): GeminiTools {
  const tools = parseRequestToolList(list, `${prefix}tools`);
  const checkName = createRequestToolNameCheck<string>(
    (name, first, at) => `function \`${name}\` is declared twice (\`${first}\` and \`${at}\`); function names must be unique`,
  );
  const definitions: ToolDefinition[] = [];
  const slots = tools.map((tool: unknown, index): GeminiToolSlot => {
    const at = `${prefix}tools[${index}]`;
    if (!isRecord(tool)) throw new ToolSearchError('invalid-request', `\`${at}\` must be a tool object, got ${describeValue(tool)}`);
    if (typeof tool.tool === 'function' && typeof tool.callTool === 'function') return { index, kind: 'callable', tool, declarations: [] };
    if (tool.function_declarations !== undefined) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${at}.function_declarations\` is the snake_case spelling of \`functionDeclarations\`; this package reads the camelCase fields only`,
      );
    }
    if (tool.functionDeclarations === undefined || tool.functionDeclarations === null) return { index, kind: 'other', tool, declarations: [] };
    if (!Array.isArray(tool.functionDeclarations)) {
      throw new ToolSearchError('invalid-request', `\`${at}.functionDeclarations\` must be an array, got ${describeValue(tool.functionDeclarations)}`);
    }
    const declarations = tool.functionDeclarations.map((declaration: unknown, position): GeminiDeclarationSlot => {
      const path = `${at}.functionDeclarations[${position}]`;
      const definition = parseDeclaration(declaration, path);
      if (isOwnTool(definition)) return { kind: 'own-search', path };
      checkName(definition.name, path);
      definitions.push(definition);
      return { kind: 'function', path, declaration: declaration as Record<string, unknown>, definition };
    });
    return { index, kind: 'declarations', tool, declarations };
  });
  const functions: FunctionSlot[] = [];
  const neutral: NeutralTool[] = [];
  for (const slot of slots) {
    for (const declaration of slot.declarations) {
      if (declaration.kind !== 'function') continue;
      neutral.push({ kind: 'function', index: functions.length, definition: declaration.definition, deferred: false });
      functions.push(declaration);
    }
  }
  return { slots, definitions, neutral, functions };
}

function parseDeclaration(value: unknown, at: string): ToolDefinition {
  if (!isRecord(value)) throw new ToolSearchError('invalid-request', `\`${at}\` must be a function declaration object, got ${describeValue(value)}`);
  const { name, description, parameters, parametersJsonSchema } = value;
  if (typeof name !== 'string' || name.length === 0) {
    throw new ToolSearchError('invalid-request', `\`${at}.name\` must be a non-empty string, got ${describeValue(name)}`);
  }
  if (description !== undefined && typeof description !== 'string') {
    throw new ToolSearchError('invalid-request', `\`${at}.description\` of \`${name}\` must be a string, got ${describeValue(description)}`);
  }
  checkSchema(parameters, `${at}.parameters`, name);
  checkSchema(parametersJsonSchema, `${at}.parametersJsonSchema`, name);
  let inputSchema: JSONSchemaObject;
  if (isRecord(parametersJsonSchema)) inputSchema = parametersJsonSchema;
  else if (isRecord(parameters)) inputSchema = toJSONSchema(parameters) as JSONSchemaObject;
  // "For function with no parameters, this can be left unset" (the SDK's doc comment).
  else inputSchema = { type: 'object', properties: {} };
  // Two literals, not a conditional spread: this runs for every declaration of every request, and the spread costs more.
  return description === undefined ? { name, inputSchema } : { name, description, inputSchema };
}

function checkSchema(schema: unknown, at: string, name: string): void {
  if (schema !== undefined && schema !== null && !isRecord(schema)) {
    throw new ToolSearchError('invalid-request', `\`${at}\` of \`${name}\` must be a schema object, got ${describeValue(schema)}`);
  }
}

/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMAS: ReadonlySet<string> = new Set(['items', 'anyOf', 'oneOf', 'allOf', 'not', 'additionalProperties']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', '$defs', 'definitions']);

/** A `parameters` schema (OpenAPI subset, types like `OBJECT`) written as JSON Schema, without touching the input. */
function toJSONSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJSONSchema);
  if (!isRecord(schema)) return schema;
  const result: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'nullable') continue;
    if (keyword === 'type') {
      if (typeof value === 'string' && value !== 'TYPE_UNSPECIFIED') result.type = value.toLowerCase();
      else if (Array.isArray(value)) result.type = value.map((type) => (typeof type === 'string' ? type.toLowerCase() : type));
      continue;
    }
    if (SCHEMA_MAPS.has(keyword) && isRecord(value)) {
      result[keyword] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toJSONSchema(property)]));
      continue;
    }
    result[keyword] = SUBSCHEMAS.has(keyword) ? toJSONSchema(value) : value;
  }
  if (schema.nullable === true) {
    if (typeof result.type === 'string') result.type = [result.type, 'null'];
    else if (Array.isArray(result.type) && !result.type.includes('null')) result.type = [...result.type, 'null'];
  }
  return result;
}

/** A caller's declaration sent in full under `wireName`: one schema field, in a form the request's shape accepts. */
function writeDeclaration(
  slot: FunctionSlot,
  name: string,
  wireName: string,
  shape: GeminiRequestShape,
  warnings: ToolSearchWarning<GeminiWarningCode>[],
): GeminiFunctionDeclaration {
  const declaration = slot.declaration;
  const result: GeminiFunctionDeclaration = { ...declaration, name: wireName };
  if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
    delete result.parameters;
    warnings.push({
      code: 'parameters-dropped',
      message: `\`${name}\` has both \`parameters\` and \`parametersJsonSchema\`, which Gemini takes one of; \`parametersJsonSchema\` was kept`,
    });
  } else if (declaration.parameters !== undefined && declaration.parameters !== null) {
    const problem = resolveGeminiParametersProblem(declaration.parameters, shape);
    if (problem !== null) {
      delete result.parameters;
      result.parametersJsonSchema = slot.definition.inputSchema;
      warnings.push({
        code: 'parameters-sent-as-json-schema',
        message: `\`${name}\`'s \`parameters\` cannot be sent as they are (${problem}); they were sent as \`parametersJsonSchema\` (JSON Schema) instead`,
      });
    }
  }
  return result;
}

/** A content's function calls and responses; a response names the function it answers. */
function readContent(content: unknown): HistoryToolItem | undefined {
  if (!isRecord(content) || !Array.isArray(content.parts)) return undefined;
  const calls: { id?: unknown; name: string }[] = [];
  const results: { name: string; output: unknown }[] = [];
  for (const part of content.parts) {
    if (!isRecord(part)) continue;
    if (isRecord(part.functionCall) && typeof part.functionCall.name === 'string') calls.push({ name: part.functionCall.name });
    const response = part.functionResponse;
    if (isRecord(response) && typeof response.name === 'string') {
      for (const output of responseOutputs(response.response)) results.push({ name: response.name, output });
    }
  }
  return { calls, results };
}

/** The keys a function response's result is found under: the documented `output`, and what loops use instead. */
const RESPONSE_KEYS = ['output', 'result', 'content'] as const;

/**
 * Every place a `tool_search` result may sit in a `functionResponse.response`, for `resolveHistoryReveals` (which
 * ignores anything else): the response itself (the parsed result), or its `output` (documented), `result` or
 * `content` (the Vercel AI SDK sends `{ name, content }`), each as JSON text, a parsed object, or a list of text parts.
 */
function responseOutputs(response: unknown): unknown[] {
  const outputs = [response];
  if (!isRecord(response)) return outputs;
  for (const key of RESPONSE_KEYS) {
    const value = response[key];
    if (Array.isArray(value)) {
      for (const item of value) outputs.push(isRecord(item) && typeof item.text === 'string' ? item.text : item);
    } else if (value !== undefined) outputs.push(value);
  }
  return outputs;
}

/** The items of `contents` that may be contents: the list itself, or a single content. */
function contentList(contents: unknown): readonly unknown[] {
  if (Array.isArray(contents)) return contents;
  return isRecord(contents) && Array.isArray(contents.parts) ? [contents] : [];
}

function transformContents(contents: unknown, names: ToolNameMapping, warnings: ToolSearchWarning<GeminiWarningCode>[]): unknown {
  if (isRecord(contents) && Array.isArray(contents.parts)) return transformContent(contents, 'contents', names);
  if (!Array.isArray(contents)) return contents;
  return resolveMappedItems(contents, (content: unknown, index) => {
    if (typeof content === 'string' || (isRecord(content) && !Array.isArray(content.parts))) return content;
    if (!isRecord(content)) {
      warnings.push({
        code: 'unknown-content',
        message: `\`contents[${index}]\` is ${describeValue(content)}, neither a content nor a part; it was kept unchanged`,
      });
      return content;
    }
    return transformContent(content, `contents[${index}]`, names);
  });
}

function transformContent(content: Record<string, unknown>, at: string, names: ToolNameMapping): Record<string, unknown> {
  return resolveMappedListField(content, 'parts', (part: unknown, index) => {
    if (!isRecord(part)) return part;
    for (const snake of ['function_call', 'function_response']) {
      if (part[snake] !== undefined) {
        throw new ToolSearchError(
          'invalid-request',
          `\`${at}.parts[${index}].${snake}\` is a snake_case field; this package reads the camelCase fields only (\`functionCall\`, \`functionResponse\`)`,
        );
      }
    }
    return resolveWireNameField(resolveWireNameField(part, 'functionCall', names.toWire), 'functionResponse', names.toWire);
  });
}

/** `toolConfig` with each of `functionCallingConfig.allowedFunctionNames` passed through `rename`. */
function transformToolConfig(toolConfig: unknown, rename: (name: string) => string): unknown {
  if (!isRecord(toolConfig) || !isRecord(toolConfig.functionCallingConfig) || !Array.isArray(toolConfig.functionCallingConfig.allowedFunctionNames)) {
    return toolConfig;
  }
  const config = toolConfig.functionCallingConfig;
  const allowed = (config.allowedFunctionNames as unknown[]).map((name) => (typeof name === 'string' ? rename(name) : name));
  return { ...toolConfig, functionCallingConfig: { ...config, allowedFunctionNames: allowed } };
}

/** Adds, keeps or replaces the note in `systemInstruction`; see the transformer's documentation for the placement. */
function placeGuidance(value: unknown, guidance: string | null, at: string, warnings: ToolSearchWarning<GeminiWarningCode>[]): unknown {
  if (value === undefined || value === null) return guidance === null ? value : { parts: [{ text: guidance }] };
  const content = resolveGuidanceContent(value, guidance, NOTE_PART_TEXT);
  if (content !== undefined) return content ?? undefined;
  if (isRecord(value) && Array.isArray(value.parts)) {
    const parts = resolveGuidanceContent(value.parts, guidance, NOTE_PART_TEXT);
    if (parts === value.parts) return value;
    return parts === null ? undefined : { ...value, parts };
  }
  if (isRecord(value) && typeof value.text === 'string') {
    const items = resolveGuidanceParts([value], guidance, NOTE_PART_TEXT);
    if (items.length === 1 && items[0] === value) return value;
    // A single part becomes a content, which both the SDK and the REST API accept.
    return items.length === 0 ? undefined : { parts: items };
  }
  if (guidance !== null) {
    warnings.push({
      code: 'guidance-not-added',
      message: `\`${at}\` is ${describeValue(value)}, not a string, part, part list or content, so the tool search note was not added; the model may call deferred tools without loading them`,
    });
  }
  return value;
}

/** Parts (or strings) of `systemInstruction`, with the note as its own part at the end: a string is text, a part is read as `{ text }`. */
const NOTE_PART_TEXT: Readonly<typeof PLAIN_TEXT_PART_GUIDANCE> = {
  read: (item: unknown): string | undefined => (typeof item === 'string' ? item : PLAIN_TEXT_PART_GUIDANCE.read(item)),
  write: (item: unknown, text: string): unknown => (typeof item === 'string' ? text : PLAIN_TEXT_PART_GUIDANCE.write(item, text)),
};
