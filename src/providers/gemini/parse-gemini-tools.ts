import { isRecord } from '../../records/is-record.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isOwnTool } from '../../client/tool-search-tool-definition.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import type { JSONSchemaObject, ToolDefinition } from '../../tools/tool-definition.js';
import type { GeminiRequestShape } from './gemini-api.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';

/** One function declaration of a Gemini body, classified. Internal: the reader and the transformer share it. */
export type GeminiDeclarationSlot =
  | { readonly kind: 'function'; readonly path: string; readonly declaration: Record<string, unknown>; readonly definition: ToolDefinition }
  | { readonly kind: 'own-search'; readonly path: string };

/**
 * One entry of a Gemini body's `tools`, classified. Internal.
 *
 * - `declarations`: a tool with `functionDeclarations` (it may hold built-in tools too, e.g. `googleSearch`).
 * - `callable`: an SDK `CallableTool` (an MCP client), resolved by the SDK itself; passed through.
 * - `other`: a built-in tool (`googleSearch`, `codeExecution`, …); passed through.
 */
export interface GeminiToolSlot {
  readonly index: number;
  readonly kind: 'declarations' | 'callable' | 'other';
  readonly tool: unknown;
  readonly declarations: readonly GeminiDeclarationSlot[];
}

/** A Gemini body checked to be an object, its shape, the object holding its settings, and its tools. Internal. */
export interface GeminiToolSlots {
  readonly request: Record<string, unknown>;
  readonly shape: GeminiRequestShape;
  /** Where `tools`, `systemInstruction` and `toolConfig` live: `config` in the SDK shape, the body in the REST shape. */
  readonly settings: Record<string, unknown>;
  /** How `settings` is named in messages: `config.` or ``. */
  readonly prefix: string;
  readonly tools: readonly GeminiToolSlot[];
}

/** The REST shape's top-level settings; in the SDK shape they live in `config`. */
const REST_SETTINGS = ['tools', 'systemInstruction', 'toolConfig', 'generationConfig'] as const;
/** snake_case spellings the REST API also accepts, which this package does not read. */
const SNAKE_CASE = { system_instruction: 'systemInstruction', tool_config: 'toolConfig', function_declarations: 'functionDeclarations' } as const;

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
  const definitions: ToolDefinition[] = [];
  for (const tool of readBodyToolsOnce(body, parseGeminiToolSlots).tools) {
    for (const slot of tool.declarations) if (slot.kind === 'function') definitions.push(slot.definition);
  }
  return definitions;
}

/** Checks the body, finds its shape and classifies its tools; throws like {@link parseGeminiTools}. Internal. */
export function parseGeminiToolSlots(body: unknown): GeminiToolSlots {
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
  const tools = parseRequestToolList(settings.tools, `${prefix}tools`);
  const checkName = createRequestToolNameCheck<string>(
    (name, first, at) => `function \`${name}\` is declared twice (\`${first}\` and \`${at}\`); function names must be unique`,
  );
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
      return { kind: 'function', path, declaration: declaration as Record<string, unknown>, definition };
    });
    return { index, kind: 'declarations', tool, declarations };
  });
  return { request, shape, settings, prefix, tools: slots };
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
