import { parseTransformRequestOptions } from '../../transform/parse-transform-request-options.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { resolveMappedListField } from '../../records/resolve-mapped-list-field.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../transform/request-transformer.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { resolveClientRequest, type ClientRequestWarningCode, type ClientWireAPI } from '../../request/resolve-client-request.js';
import { resolveGuidanceContent, resolveGuidanceParts } from '../../client/resolve-guidance-text.js';
import { PLAIN_TEXT_PART_GUIDANCE } from '../../client/plain-text-part-guidance.js';
import { readNeutralHistory as readHistoryToolOutputs, type HistoryToolItem } from '../../request/neutral-request.js';
import { createStubInputSchema } from '../../client/tool-search-tool-definition.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import {
  GEMINI_MAX_FUNCTION_DECLARATIONS,
  GEMINI_TOOL_NAME_RULE,
  type GeminiFunctionDeclaration,
  type GeminiGenerateContentParameters,
  type GeminiRequestShape,
} from './gemini-api.js';
import { parseGeminiToolSlots, type GeminiDeclarationSlot } from './parse-gemini-tools.js';
import { resolveGeminiParametersProblem } from './resolve-gemini-parameters-problem.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';

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

/**
 * Rewrites a Gemini `generateContent` request for a tool search plan, just before it is sent. Takes the
 * `@google/genai` SDK shape (`{ model, contents, config }`) or the REST body (`{ contents, tools, … }`) and returns
 * the same shape (see {@link parseGeminiTools} for how the shape is told).
 *
 * Gemini has no hosted search: {@link resolveClientRequest} decides the tools (the functions
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
  givenPlan: ToolSearchPlan,
  options: TransformGeminiRequestOptions = {},
): TransformGeminiRequestResult<Body> {
  const { revealed } = parseTransformRequestOptions(options);
  const { request, shape, settings, prefix, tools } = readBodyToolsOnce(body, parseGeminiToolSlots);

  // The body in neutral form: the function declarations, forced names, the history.
  const functions: FunctionSlot[] = [];
  for (const tool of tools) for (const slot of tool.declarations) if (slot.kind === 'function') functions.push(slot);
  const forced = readRenamedNames((rename) => transformToolConfig(settings.toolConfig, rename));
  const history = readHistoryToolOutputs(contentList(request.contents), readContent);

  const client = resolveClientRequest(
    givenPlan,
    { functions, others: [], otherNames: [], forced, historyNames: history.names, historyOutputs: history.outputs, revealed },
    GEMINI_WIRE_APIS[shape],
  );
  const { names, tools: declarations, warnings } = client;
  const outputTools: unknown[] = [];
  let placed = false;
  for (const tool of tools) {
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
  const toolConfig = transformToolConfig(settings.toolConfig, client.toWire);
  if (toolConfig !== undefined) outputSettings.toolConfig = toolConfig;
  const systemInstruction = placeGuidance(settings.systemInstruction, client.guidance, `${prefix}systemInstruction`, warnings);
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
  return { body: output as Body, warnings, names, loaded: client.loaded };
}

type FunctionSlot = Extract<GeminiDeclarationSlot, { kind: 'function' }>;

/** How Gemini writes the client mechanism's entries, in each request shape; see {@link transformGeminiRequest}. */
function createGeminiWireAPI(shape: GeminiRequestShape): ClientWireAPI<FunctionSlot, GeminiFunctionDeclaration, GeminiWarningCode> {
  return {
    api: 'gemini',
    rule: GEMINI_TOOL_NAME_RULE,
    maxTools: GEMINI_MAX_FUNCTION_DECLARATIONS,
    label: 'Gemini',
    overLimitCode: 'too-many-function-declarations',
    writeFunction(slot, entry, wireName, warnings) {
      const declaration = slot.declaration;
      const result: GeminiFunctionDeclaration = { ...declaration, name: wireName };
      if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
        delete result.parameters;
        warnings.push({
          code: 'parameters-dropped',
          message: `\`${entry.name}\` has both \`parameters\` and \`parametersJsonSchema\`, which Gemini takes one of; \`parametersJsonSchema\` was kept`,
        });
      } else if (declaration.parameters !== undefined && declaration.parameters !== null) {
        const problem = resolveGeminiParametersProblem(declaration.parameters, shape);
        if (problem !== null) {
          delete result.parameters;
          result.parametersJsonSchema = slot.definition.inputSchema;
          warnings.push({
            code: 'parameters-sent-as-json-schema',
            message: `\`${entry.name}\`'s \`parameters\` cannot be sent as they are (${problem}); they were sent as \`parametersJsonSchema\` (JSON Schema) instead`,
          });
        }
      }
      return result;
    },
    writeOwnTool: (entry, wireName) => ({ name: wireName, description: entry.description as string, parametersJsonSchema: entry.inputSchema }),
    // Two literals, not a conditional spread: this runs for every deferred tool of every request.
    writeStub: (entry, wireName) =>
      entry.description === undefined
        ? { name: wireName, parametersJsonSchema: createStubInputSchema() }
        : { name: wireName, description: entry.description, parametersJsonSchema: createStubInputSchema() },
  };
}

const GEMINI_WIRE_APIS: Readonly<Record<GeminiRequestShape, ClientWireAPI<FunctionSlot, GeminiFunctionDeclaration, GeminiWarningCode>>> = {
  sdk: createGeminiWireAPI('sdk'),
  rest: createGeminiWireAPI('rest'),
};

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
const NOTE_PART_TEXT = {
  read: (item: unknown): string | undefined => (typeof item === 'string' ? item : PLAIN_TEXT_PART_GUIDANCE.read(item)),
  write: (item: unknown, text: string): unknown => (typeof item === 'string' ? text : PLAIN_TEXT_PART_GUIDANCE.write(item, text)),
};
