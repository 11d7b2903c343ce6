import { PLAIN_TEXT_PART_GUIDANCE } from '../../client/plain-text-part-guidance.js';
import { resolveGuidanceContent } from '../../client/resolve-guidance-text.js';
import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedListField } from '../../records/resolve-mapped-list-field.js';
import {
  readContentText,
  readNeutralHistory,
  readTurnStart,
  writeClientTools,
  writeHistoryItems,
  type HistoryPairing,
  type HistoryToolItem,
  type HistoryToolCall,
  type HistoryToolResult,
  type HistoryWalk,
  type NeutralTool,
} from '../../request/neutral-request.js';
import { resolveClientAPIRequest } from '../../request/resolve-client-api-request.js';
import type { CodecTools, WireCodec } from '../../request/wire-codec.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { parseWireToolDefinition } from '../../tools/parse-wire-tool-definition.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { GEMINI_MAX_FUNCTION_DECLARATIONS, GEMINI_TOOL_NAME_RULE, type GeminiFunctionDeclaration } from './gemini-api.js';
import { readGeminiBodyShape, type GeminiBodyShape } from './read-gemini-body-shape.js';
import { resolveGeminiParametersProblem } from './resolve-gemini-parameters-problem.js';
import type { ClientRequestWarningCode } from '../../request/request-tools.js';
import { keepWritten, type Written } from '../../request/request-decision.js';

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

type Warnings = ToolSearchWarning<GeminiWarningCode>[];

/**
 * An entry of `tools` (at its index): one with `functionDeclarations` (it may hold built-in tools too), an SDK
 * `CallableTool` (an MCP client the SDK expands itself), or a built-in tool (`googleSearch`, …); the last two pass through.
 */
interface ToolSlot {
  readonly kind: 'declarations' | 'callable' | 'other';
  readonly tool: Record<string, unknown>;
}

/** `tools` as read: its slots, and its functions in body order, as written and as read (a function's neutral `index`). */
interface GeminiTools extends CodecTools {
  readonly slots: readonly ToolSlot[];
  readonly declarations: readonly Record<string, unknown>[];
  /** The last declarations written from this read ({@link keepWritten}). */
  readonly written: { last?: Written<readonly unknown[], Warnings[number]> };
}

interface GeminiRead extends GeminiBodyShape {
  readonly tools: GeminiTools;
  readonly walk: HistoryWalk;
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
    const { settings, prefix } = readGeminiBodyShape(body);
    return readToolSlots(settings.tools, prefix);
  },
  read(body, context) {
    const shape = readGeminiBodyShape(body);
    const list = shape.settings.tools;
    const tools = context.tools !== undefined && context.tools.list === list ? context.tools.read : readToolSlots(list, shape.prefix);
    const { contents } = shape.request;
    // Only a list of contents can take the predicted load after its user content.
    const turnStart = Array.isArray(contents) ? readTurnStart(contents, readUserText) : undefined;
    // A single content answers no call of an earlier one: only a list is paired.
    const walk: HistoryWalk = { items: [], written: [] };
    const history = Array.isArray(contents)
      ? readNeutralHistory(contents, readContent, PAIRING, walk)
      : readNeutralHistory(isRecord(contents) && Array.isArray(contents.parts) ? [contents] : [], (content) => readContent(content, -1));
    return {
      tools: tools.neutral,
      otherNames: [],
      forced: readRenamedNames((rename) => transformToolConfig(shape.settings.toolConfig, rename)),
      history,
      ...(turnStart === undefined ? {} : { turnStart }),
      read: { tools, walk, ...shape },
    };
  },
  write({ read }, decided) {
    const { request, shape, settings, prefix, tools } = read;
    const { names } = decided;
    const warnings: Warnings = [];
    // Written again only when the decision, the names or the request's shape change: a session sends its catalog's
    // declarations again from request to request.
    const declarations = keepWritten(tools.written, [decided.entries, names, decided.plan, shape], warnings, (written) =>
      writeClientTools(decided, {
        body: (index, name, wireName) => writeDeclaration(index, name, wireName, read, written),
        tool: writeGeminiDeclaration,
      }),
    );
    // Every declaration goes into the first entry that had any (Vertex AI rejects several); later entries keep their
    // other tools only.
    const outputTools: unknown[] = [];
    let placed = false;
    for (const [index, { kind, tool }] of tools.slots.entries()) {
      if (kind === 'callable') {
        warnings.push({
          code: 'callable-tool-not-deferred',
          message: `\`${prefix}tools[${index}]\` is an SDK CallableTool (an MCP client), which the SDK expands itself; its functions are sent in full under their own names`,
        });
      }
      if (kind !== 'declarations') outputTools.push(tool);
      // A copy of the kept list, which is the session's.
      else if (!placed && declarations.length > 0) outputTools.push({ ...tool, functionDeclarations: declarations.slice() });
      else {
        const { functionDeclarations: _moved, ...rest } = tool;
        if (Object.keys(rest).length > 0) outputTools.push(rest);
      }
      placed ||= kind === 'declarations';
    }
    if (!placed && declarations.length > 0) outputTools.push({ functionDeclarations: declarations.slice() });

    const outputSettings: Record<string, unknown> = { ...settings };
    if (outputTools.length > 0 || settings.tools !== undefined) outputSettings.tools = outputTools;
    const toolConfig = transformToolConfig(settings.toolConfig, decided.toWire);
    if (toolConfig !== undefined) outputSettings.toolConfig = toolConfig;
    const systemInstruction = placeGuidance(settings.systemInstruction, decided.guidance, `${prefix}systemInstruction`, warnings);
    if (systemInstruction === undefined) delete outputSettings.systemInstruction;
    else outputSettings.systemInstruction = systemInstruction;

    const load = decided.predicted;
    // The predicted load: the package's `tool_search` call (with the client's thought signature) and its answer after
    // the user's content, the result as `{ output }` as the session answers a search (the client-side mechanism's text,
    // Gemini's only mechanism).
    const predicted =
      load?.output === undefined
        ? undefined
        : [
            {
              role: 'model',
              parts: [{ functionCall: { id: load.callId, name: load.searchName, args: { query: load.query } }, thoughtSignature: CLIENT_THOUGHT_SIGNATURE }],
            },
            {
              role: 'user',
              parts: [{ functionResponse: { id: load.callId, name: load.searchName, response: { output: load.output } } }],
            },
          ];
    const contents = transformContents(request.contents, read.walk, names, warnings, predicted);
    // In the REST shape the settings are the body itself, copied with their keys in place.
    const output: Record<string, unknown> = shape === 'sdk' ? { ...request, contents } : { ...outputSettings, contents };
    if (shape === 'sdk' && (Object.keys(outputSettings).length > 0 || request.config !== undefined)) output.config = outputSettings;
    if (request.contents === undefined) delete output.contents;
    return { body: output, warnings, ...(predicted === undefined ? {} : { predicted }) };
  },
};

/** A function declaration from a definition, or a stub: its schema as `parametersJsonSchema` (plain JSON Schema). */
export function writeGeminiDeclaration(name: string, description: string | undefined, parametersJsonSchema: object): GeminiFunctionDeclaration {
  // Two literals, not a conditional spread: this runs for every deferred tool of every request.
  return description === undefined ? { name, parametersJsonSchema } : { name, description, parametersJsonSchema };
}

/**
 * Gemini's placeholder thought signature for a function call the model did not write: Gemini 3 models reject a call of
 * the current turn without a signature, and Google documents this value for calls made by the client.
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
const CLIENT_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/** A user content's text, when it holds text and no function response: a turn's start when it ends the history. */
function readUserText(content: unknown): string | undefined {
  if (!isRecord(content) || content.role !== 'user' || !Array.isArray(content.parts)) return undefined;
  if (content.parts.some((part: unknown) => isRecord(part) && part.functionResponse !== undefined)) return undefined;
  return readContentText(content.parts);
}

/** The body's `tools` (at `prefix`) classified, every declaration checked; throws like `parseGeminiTools`. */
function readToolSlots(list: unknown, prefix: string): GeminiTools {
  const checkName = createRequestToolNameCheck<string>(
    (name, first, at) => `function \`${name}\` is declared twice (\`${first}\` and \`${at}\`); function names must be unique`,
  );
  const declarations: Record<string, unknown>[] = [];
  const definitions: ToolDefinition[] = [];
  const neutral: NeutralTool[] = [];
  const slots = parseRequestToolList(list, `${prefix}tools`).map((tool: unknown, index): ToolSlot => {
    const at = `${prefix}tools[${index}]`;
    if (!isRecord(tool)) throw new ToolSearchError('invalid-request', `\`${at}\` must be a tool object, got ${describeValue(tool)}`);
    if (typeof tool.tool === 'function' && typeof tool.callTool === 'function') return { kind: 'callable', tool };
    if (tool.function_declarations !== undefined) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${at}.function_declarations\` is the snake_case spelling of \`functionDeclarations\`; this package reads the camelCase fields only`,
      );
    }
    if (tool.functionDeclarations === undefined || tool.functionDeclarations === null) return { kind: 'other', tool };
    if (!Array.isArray(tool.functionDeclarations)) {
      throw new ToolSearchError('invalid-request', `\`${at}.functionDeclarations\` must be an array, got ${describeValue(tool.functionDeclarations)}`);
    }
    for (const [position, declaration] of tool.functionDeclarations.entries()) {
      const path = `${at}.functionDeclarations[${position}]`;
      const definition = parseDeclaration(declaration, path);
      if (isOwnTool(definition)) continue;
      checkName(definition.name, path);
      neutral.push({ kind: 'function', index: definitions.length, definition, deferred: false });
      declarations.push(declaration);
      definitions.push(definition);
    }
    return { kind: 'declarations', tool };
  });
  return { slots, declarations, definitions, neutral, written: {} };
}

/** A function declaration as a tool definition: its `parametersJsonSchema`, else its `parameters` as JSON Schema. */
function parseDeclaration(value: unknown, at: string): ToolDefinition {
  if (!isRecord(value)) throw new ToolSearchError('invalid-request', `\`${at}\` must be a function declaration object, got ${describeValue(value)}`);
  const { parameters, parametersJsonSchema } = value;
  const inputSchema = isRecord(parametersJsonSchema) ? parametersJsonSchema : isRecord(parameters) ? toJSONSchema(parameters) : undefined;
  // "For function with no parameters, this can be left unset" (the SDK's doc comment).
  const definition = parseWireToolDefinition({ name: value.name, description: value.description, inputSchema }, at, describeField, 'optional');
  for (const field of ['parameters', 'parametersJsonSchema'] as const) {
    if (value[field] !== undefined && value[field] !== null && !isRecord(value[field])) {
      throw new ToolSearchError('invalid-request', `${describeField(at, field, definition.name)} must be a schema object, got ${describeValue(value[field])}`);
    }
  }
  return definition;
}

/** How errors name a field of a declaration: "`tools[0].functionDeclarations[2].description` of `x`". */
const describeField = (at: string, field: string, name?: string): string => `\`${at}.${field}\`${name === undefined ? '' : ` of \`${name}\``}`;

/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMAS: ReadonlySet<string> = new Set(['items', 'anyOf', 'oneOf', 'allOf', 'not', 'additionalProperties']);

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', '$defs', 'definitions']);

/** A `parameters` schema (OpenAPI subset, types like `OBJECT`, `nullable`) written as JSON Schema, without touching the input. */
function toJSONSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJSONSchema);
  if (!isRecord(schema)) return schema;
  const result: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'type' && typeof value === 'string') {
      if (value !== 'TYPE_UNSPECIFIED') result.type = value.toLowerCase();
    } else if (keyword === 'type') {
      if (Array.isArray(value)) result.type = value.map((type) => (typeof type === 'string' ? type.toLowerCase() : type));
    } else if (SCHEMA_MAPS.has(keyword) && isRecord(value)) {
      result[keyword] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toJSONSchema(property)]));
    } else if (keyword !== 'nullable') result[keyword] = SUBSCHEMAS.has(keyword) ? toJSONSchema(value) : value;
  }
  if (schema.nullable === true && typeof result.type === 'string') result.type = [result.type, 'null'];
  else if (schema.nullable === true && Array.isArray(result.type) && !result.type.includes('null')) result.type = [...result.type, 'null'];
  return result;
}

/** A caller's declaration (at `index` in the read) sent in full under `wireName`: one schema field, in a form the request's shape accepts. */
function writeDeclaration(index: number, name: string, wireName: string, read: GeminiRead, warnings: Warnings): GeminiFunctionDeclaration {
  const declaration = read.tools.declarations[index] as Record<string, unknown>;
  const result: GeminiFunctionDeclaration = { ...declaration, name: wireName };
  if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
    delete result.parameters;
    warnings.push({
      code: 'parameters-dropped',
      message: `\`${name}\` has both \`parameters\` and \`parametersJsonSchema\`, which Gemini takes one of; \`parametersJsonSchema\` was kept`,
    });
  } else if (declaration.parameters !== undefined && declaration.parameters !== null) {
    const problem = resolveGeminiParametersProblem(declaration.parameters, read.shape);
    if (problem !== null) {
      delete result.parameters;
      result.parametersJsonSchema = (read.tools.definitions[index] as ToolDefinition).inputSchema;
      warnings.push({
        code: 'parameters-sent-as-json-schema',
        message: `\`${name}\`'s \`parameters\` cannot be sent as they are (${problem}); they were sent as \`parametersJsonSchema\` (JSON Schema) instead`,
      });
    }
  }
  return result;
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

/** Parts (or strings) of `systemInstruction`, with the note as its own part at the end: a string is text, a part is read as `{ text }`. */
const NOTE_PART_TEXT: Readonly<typeof PLAIN_TEXT_PART_GUIDANCE> = {
  read: (item: unknown): string | undefined => (typeof item === 'string' ? item : PLAIN_TEXT_PART_GUIDANCE.read(item)),
  write: (item: unknown, text: string): unknown => (typeof item === 'string' ? text : PLAIN_TEXT_PART_GUIDANCE.write(item, text)),
};

/**
 * `systemInstruction` with the note added, kept or replaced: appended to a string (with a blank line), as its own text
 * part of a content or part list (the caller's parts stay a cacheable prefix), or set as `{ parts: [{ text }] }`.
 */
function placeGuidance(value: unknown, guidance: string | null, at: string, warnings: Warnings): unknown {
  if (value === undefined || value === null) return guidance === null ? value : { parts: [{ text: guidance }] };
  const content = resolveGuidanceContent(value, guidance, NOTE_PART_TEXT);
  if (content !== undefined) return content ?? undefined;
  // A single part is read as a content of one part, and becomes one if the note changes: both the SDK and the REST API accept it.
  const parts = !isRecord(value) ? undefined : Array.isArray(value.parts) ? value.parts : typeof value.text === 'string' ? [value] : undefined;
  if (parts !== undefined) {
    const written = resolveGuidanceContent(parts, guidance, NOTE_PART_TEXT);
    if (written === parts) return value;
    if (written === null) return undefined;
    return parts === (value as Record<string, unknown>).parts ? { ...(value as object), parts: written } : { parts: written };
  }
  if (guidance !== null) {
    warnings.push({
      code: 'guidance-not-added',
      message: `\`${at}\` is ${describeValue(value)}, not a string, part, part list or content, so the tool search note was not added; the model may call deferred tools without loading them`,
    });
  }
  return value;
}

/** The keys a function response's result is found under: the documented `output`, and what loops use instead. */
const RESPONSE_KEYS = ['output', 'result', 'content'] as const;

/**
 * A content's function calls and responses; a response names the function it answers (the pairing checks it, by id
 * where both have one and by name otherwise). A `tool_search` result may sit in the `response` itself (parsed), or its
 * `output`, `result` or `content` (the Vercel AI SDK's `{ name, content }`), as JSON text, a parsed object, or a list
 * of text parts: each is handed to `resolveHistoryReveals`. A value that is no content is the write's to report; a
 * part in snake_case throws (`index` -1: the body's single content).
 */
function readContent(content: unknown, index: number): HistoryToolItem | undefined {
  if (!isRecord(content) || !Array.isArray(content.parts)) return typeof content === 'string' || isRecord(content) ? undefined : { write: true };
  const calls: HistoryToolCall[] = [];
  const results: HistoryToolResult[] = [];
  for (const [position, part] of content.parts.entries()) {
    if (!isRecord(part)) continue;
    const snake = part.function_call !== undefined ? 'function_call' : part.function_response !== undefined ? 'function_response' : undefined;
    if (snake !== undefined) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${index < 0 ? 'contents' : `contents[${index}]`}.parts[${position}].${snake}\` is a snake_case field; this package reads the camelCase fields only (\`functionCall\`, \`functionResponse\`)`,
      );
    }
    if (isRecord(part.functionCall) && typeof part.functionCall.name === 'string')
      calls.push({ id: part.functionCall.id, name: part.functionCall.name, arguments: part.functionCall.args });
    const { functionResponse: response } = part;
    if (!isRecord(response) || typeof response.name !== 'string') continue;
    const { name, response: output } = response;
    results.push({ id: response.id, name, output, path: `contents[${index}].parts[${position}]`, label: name });
    for (const key of isRecord(output) ? RESPONSE_KEYS : []) {
      const value = (output as Record<string, unknown>)[key];
      if (Array.isArray(value)) for (const item of value) results.push({ name, output: isRecord(item) && typeof item.text === 'string' ? item.text : item });
      else if (value !== undefined) results.push({ name, output: value });
    }
  }
  return { calls, results };
}

/** Gemini's pairing: a content of `functionResponse` parts answers the `functionCall` parts of the content before it. */
const PAIRING: Readonly<HistoryPairing> = {
  rule: 'previous-turn',
  byName: true,
  unpaired: (path, label) =>
    `\`${path}\` is a \`functionResponse\` for \`${label}\`, but the content before it has no \`functionCall\` it answers, and Gemini rejects the body ("Please ensure that function response turn comes immediately after a function call turn"); keep the model's content with its \`functionCall\` parts directly before the content that answers them (\`contents.push(...turn.contents)\`)`,
};

/** `contents` with every `functionCall.name` and `functionResponse.name` mapped to its wire name, then `predicted` (a list's only). */
function transformContents(contents: unknown, walk: HistoryWalk, names: ToolNameMapping, warnings: Warnings, predicted?: readonly unknown[]): unknown {
  const writePart = (part: unknown) =>
    isRecord(part) ? resolveWireNameField(resolveWireNameField(part, 'functionCall', names.toWire), 'functionResponse', names.toWire) : part;
  if (isRecord(contents) && Array.isArray(contents.parts)) return resolveMappedListField(contents, 'parts', writePart);
  if (!Array.isArray(contents)) return contents;
  return writeHistoryItems(
    contents,
    walk,
    (content: unknown, index) => {
      if (isRecord(content)) return resolveMappedListField(content, 'parts', writePart);
      warnings.push({
        code: 'unknown-content',
        message: `\`contents[${index}]\` is ${describeValue(content)}, neither a content nor a part; it was kept unchanged`,
      });
      return content;
    },
    predicted,
  );
}
