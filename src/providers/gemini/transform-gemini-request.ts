import { parseTransformRequestOptions } from '../../transform/parse-transform-request-options.js';
import { isRecord } from '../../records/is-record.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../transform/request-transformer.js';
import { resolvePlanForWireAPI } from '../../plan/resolve-plan-for-wire-api.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { ToolListEntry } from '../../request/resolve-tool-list.js';
import { createToolListWithinLimit } from '../../request/create-tool-list-within-limit.js';
import { resolveGuidanceParts, resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { resolveHistoryReveals, type HistoryToolOutput } from '../../client/tool-search-result.js';
import { createStubInputSchema } from '../../client/tool-search-tool-definition.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import { createToolNameMapping, type ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import {
  GEMINI_MAX_FUNCTION_DECLARATIONS,
  GEMINI_TOOL_NAME_RULE,
  type GeminiFunctionDeclaration,
  type GeminiGenerateContentParameters,
  type GeminiRequestShape,
} from './gemini-api.js';
import { parseGeminiToolSlots, type GeminiDeclarationSlot } from './parse-gemini-tools.js';
import { resolveGeminiParametersProblem } from './resolve-gemini-parameters-problem.js';

/**
 * The codes of {@link transformGeminiRequest}'s warnings; match on them, the messages are for people.
 *
 * - `hosted-mechanism-unsupported`: the plan asks for OpenAI's or Anthropic's hosted search, which Gemini does not
 *   have; the same tools were deferred with the client-side mechanism instead. Resolve the plan with
 *   `{ id, api: 'gemini' }` to say so up front.
 * - `parameters-dropped`: a declaration had both `parameters` and `parametersJsonSchema` (the API takes one); the
 *   `parameters` were dropped and `parametersJsonSchema` kept.
 * - `parameters-sent-as-json-schema`: a declaration's `parameters` use what Gemini's `parameters` cannot express
 *   (`$ref`, `oneOf`, `const`, …, or `additionalProperties` and type lists in the REST shape); they were sent as
 *   `parametersJsonSchema` (JSON Schema) instead.
 * - `listing-changed-to-names`: the deferred stubs would take the request over Gemini's 512 function declarations;
 *   deferred tools were left out of the list, named in the note and called through `call_tool` (the `names` listing).
 * - `tools-deferred-for-limit`: even so, more than 512 declarations would be sent; the last loaded tools were
 *   deferred too (reachable through `tool_search` and `call_tool`).
 * - `too-many-function-declarations`: more than 512 declarations are sent all the same (tools forced by
 *   `toolConfig`); the API will reject the request.
 * - `callable-tool-not-deferred`: an SDK `CallableTool` (an MCP client) is resolved by the SDK itself; its functions
 *   are sent in full under their own names.
 * - `unknown-content`: an item of `contents` is neither a content nor a part; it was kept unchanged.
 * - `guidance-not-added`: `systemInstruction` is in a form this package cannot read, so the note was not added.
 */
export type GeminiWarningCode =
  | 'hosted-mechanism-unsupported'
  | 'parameters-dropped'
  | 'parameters-sent-as-json-schema'
  | 'listing-changed-to-names'
  | 'tools-deferred-for-limit'
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
 * Gemini has no hosted tool search, so the client-side mechanism applies (plan `client`), built on
 * `resolveToolList`:
 * - every function declaration goes into one `tools` entry (Vertex AI rejects several entries with declarations),
 *   placed where the first such entry was; built-in tools (`googleSearch`, …) keep their places;
 * - deferred tools are declared as `{ name, description, parametersJsonSchema: { type: 'object',
 *   additionalProperties: true } }`: `parameters` (an OpenAPI subset) cannot express an open object, and an object
 *   without properties there is rejected, while `parametersJsonSchema` takes plain JSON Schema (the SDK itself
 *   declares MCP tools this way). It is a `v1beta` field, the SDK's default API version. The `tool_search`
 *   declaration uses `parametersJsonSchema` too. Loaded and revealed tools keep the caller's own form
 *   (`parameters` or `parametersJsonSchema`, never both);
 * - the guidance note is added once to `systemInstruction`: appended as a separate text part to a content or part
 *   list (after the caller's parts, so their bytes stay a cacheable prefix), appended with a blank line to a string,
 *   or set as `{ parts: [{ text }] }` when there is none. It is not added again when present (the transformer run
 *   on its own output), and a note left by another plan is replaced;
 * - functions named by `toolConfig.functionCallingConfig.allowedFunctionNames` are sent with full schemas, since
 *   the model may be made to call them without a chance to search first;
 * - reveals: `options.revealed`, then those found in the history's function responses (`response` itself, or its
 *   `output`, `result` or `content`, as JSON text, a parsed object or text parts: `{ name, content }` is how the
 *   Vercel AI SDK sends a result).
 *
 * Names sent, and names in the history (`functionCall.name`, `functionResponse.name`) and in
 * `allowedFunctionNames`, are mapped to letters, digits, `_`, `.` and `-`, starting with a letter or `_`, at most 64
 * characters (see `GEMINI_TOOL_NAME_RULE`); map the model's calls back with `names.fromWire`.
 *
 * With plan `none`, or nothing deferred, every tool is sent in full (names still mapped) and nothing is added. A
 * hosted plan (`openai-hosted`, `claude-hosted`) is applied with the client-side mechanism (same deferred tools, the
 * plan's listing), with a warning.
 *
 * Pure: the input is not mutated, and equal input gives byte-identical output.
 *
 * Throws a `ToolSearchError`: `invalid-request` for the cases {@link parseGeminiTools} lists and snake_case parts
 * (`function_call`, `function_response`); `plan-mismatch` naming the tools when the plan was made for other tools;
 * `invalid-options` for a plan or options of the wrong shape.
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
  const revealedOption = parseTransformRequestOptions(options).revealed;
  const { request, shape, settings, prefix, tools } = parseGeminiToolSlots(body);
  const warnings: ToolSearchWarning<GeminiWarningCode>[] = [];
  // Gemini carries no hosted search: a hosted plan defers the same tools client-side.
  const { plan, fallback } = resolvePlanForWireAPI(givenPlan, 'gemini');
  if (fallback !== null) warnings.push({ code: 'hosted-mechanism-unsupported', message: fallback });

  // Names: one mapping over the plan's names. A body that is the transformer's own output holds wire names; they
  // are read back to the plan's names so the plan still matches.
  const planNames = plan.tools.map((entry) => entry.name);
  const planSet = new Set(planNames);
  const history = readHistory(request.contents);
  // Names the history alone still uses (calls of tools no longer sent) are mapped apart: they never change a
  // current tool's wire name.
  const own = resolveOwnToolsSent(plan);
  const names = createToolNameMapping([...planNames, own.searchName, own.callToolName], GEMINI_TOOL_NAME_RULE, { secondary: history.names });
  const canonical = (name: string): string => (planSet.has(name) || !planSet.has(names.fromWire(name)) ? name : names.fromWire(name));

  const toolConfig = transformToolConfig(settings.toolConfig, names, canonical);

  const functionSlots = new Map<string, Extract<GeminiDeclarationSlot, { kind: 'function' }>>();
  for (const tool of tools) for (const slot of tool.declarations) if (slot.kind === 'function') functionSlots.set(canonical(slot.definition.name), slot);
  const definitions: ToolDefinition[] = [];
  // A body in wire names (an earlier transform's output) is read under the plan's names; others are used as they are.
  for (const [name, { definition }] of functionSlots) definitions.push(name === definition.name ? definition : { ...definition, name });
  const loaded = resolveHistoryReveals(history.outputs, names, own);
  const revealed = [...revealedOption, ...loaded];
  const forced = toolConfig.forced;
  // At most 512 declarations: past that the listing leaves deferred tools out, and then loaded tools are deferred.
  const { list, changes } = createToolListWithinLimit(
    plan,
    definitions,
    { revealed, forced, names },
    { maxTools: GEMINI_MAX_FUNCTION_DECLARATIONS, otherEntries: 0, label: 'Gemini' },
  );
  for (const change of changes)
    warnings.push({ code: change.code === 'over-tool-limit' ? 'too-many-function-declarations' : change.code, message: change.message });

  const declarations = list.tools.map((entry) => emitDeclaration(entry, functionSlots, names, shape, warnings));
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
  if (toolConfig.value !== undefined) outputSettings.toolConfig = toolConfig.value;
  const systemInstruction = placeGuidance(settings.systemInstruction, list.guidance, `${prefix}systemInstruction`, warnings);
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
  return { body: output as Body, warnings, names, loaded: [...new Set(loaded.map((name) => names.fromWire(name)))] };
}

function emitDeclaration(
  entry: ToolListEntry,
  functionSlots: ReadonlyMap<string, Extract<GeminiDeclarationSlot, { kind: 'function' }>>,
  names: ToolNameMapping,
  shape: GeminiRequestShape,
  warnings: ToolSearchWarning<GeminiWarningCode>[],
): GeminiFunctionDeclaration {
  const wireName = names.toWire(entry.name);
  switch (entry.status) {
    case 'loaded':
    case 'revealed': {
      const slot = functionSlots.get(entry.name) as Extract<GeminiDeclarationSlot, { kind: 'function' }>;
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
    }
    case 'search':
    case 'call':
      return { name: wireName, description: entry.description as string, parametersJsonSchema: entry.inputSchema };
    case 'deferred':
      // Two literals, not a conditional spread: this runs for every deferred tool of every request.
      return entry.description === undefined
        ? { name: wireName, parametersJsonSchema: createStubInputSchema() }
        : { name: wireName, description: entry.description, parametersJsonSchema: createStubInputSchema() };
    default:
      return assertNever(entry.status, 'tool list status');
  }
}

/** Every tool name the history uses and every function response (for reveals), oldest first. */
function readHistory(contents: unknown): { names: string[]; outputs: HistoryToolOutput[] } {
  const names: string[] = [];
  const outputs: HistoryToolOutput[] = [];
  for (const content of contentList(contents)) {
    if (!isRecord(content) || !Array.isArray(content.parts)) continue;
    for (const part of content.parts) {
      if (!isRecord(part)) continue;
      if (isRecord(part.functionCall) && typeof part.functionCall.name === 'string') names.push(part.functionCall.name);
      if (isRecord(part.functionResponse) && typeof part.functionResponse.name === 'string') {
        // A response names the function it answers: only the package's own answers count as reveals.
        names.push(part.functionResponse.name);
        const answered = part.functionResponse.name;
        collectResponseOutputs(part.functionResponse.response, (output) => outputs.push({ name: answered, output }));
      }
    }
  }
  return { names, outputs };
}

/** The keys a function response's result is found under: the documented `output`, and what loops use instead. */
const RESPONSE_KEYS = ['output', 'result', 'content'] as const;

/**
 * Every place a `tool_search` result may sit in a `functionResponse.response`, for `resolveHistoryReveals` (which
 * ignores anything else): the response itself (the parsed result), or its `output` (documented), `result` or
 * `content` (the Vercel AI SDK sends `{ name, content }`), each as JSON text, a parsed object, or a list of text parts.
 */
function collectResponseOutputs(response: unknown, push: (output: unknown) => void): void {
  push(response);
  if (!isRecord(response)) return;
  for (const key of RESPONSE_KEYS) {
    const value = response[key];
    if (Array.isArray(value)) {
      for (const item of value) push(isRecord(item) && typeof item.text === 'string' ? item.text : item);
    } else if (value !== undefined) push(value);
  }
}

/** The items of `contents` that may be contents: the list itself, or a single content. */
function contentList(contents: unknown): readonly unknown[] {
  if (Array.isArray(contents)) return contents;
  return isRecord(contents) && Array.isArray(contents.parts) ? [contents] : [];
}

function transformContents(contents: unknown, names: ToolNameMapping, warnings: ToolSearchWarning<GeminiWarningCode>[]): unknown {
  if (isRecord(contents) && Array.isArray(contents.parts)) return transformContent(contents, 'contents', names);
  if (!Array.isArray(contents)) return contents;
  let changed = false;
  const result = contents.map((content: unknown, index) => {
    if (typeof content === 'string' || (isRecord(content) && !Array.isArray(content.parts))) return content;
    if (!isRecord(content)) {
      warnings.push({
        code: 'unknown-content',
        message: `\`contents[${index}]\` is ${describeValue(content)}, neither a content nor a part; it was kept unchanged`,
      });
      return content;
    }
    const next = transformContent(content, `contents[${index}]`, names);
    changed ||= next !== content;
    return next;
  });
  return changed ? result : contents;
}

function transformContent(content: Record<string, unknown>, at: string, names: ToolNameMapping): Record<string, unknown> {
  const parts = content.parts as unknown[];
  let changed = false;
  const result = parts.map((part: unknown, index) => {
    if (!isRecord(part)) return part;
    for (const snake of ['function_call', 'function_response']) {
      if (part[snake] !== undefined) {
        throw new ToolSearchError(
          'invalid-request',
          `\`${at}.parts[${index}].${snake}\` is a snake_case field; this package reads the camelCase fields only (\`functionCall\`, \`functionResponse\`)`,
        );
      }
    }
    let next = part;
    for (const field of ['functionCall', 'functionResponse']) {
      const call = part[field];
      if (isRecord(call) && typeof call.name === 'string') {
        const wireName = names.toWire(call.name);
        if (wireName !== call.name) next = { ...next, [field]: { ...call, name: wireName } };
      }
    }
    changed ||= next !== part;
    return next;
  });
  return changed ? { ...content, parts: result } : content;
}

function transformToolConfig(toolConfig: unknown, names: ToolNameMapping, canonical: (name: string) => string): { value: unknown; forced: string[] } {
  if (!isRecord(toolConfig) || !isRecord(toolConfig.functionCallingConfig) || !Array.isArray(toolConfig.functionCallingConfig.allowedFunctionNames)) {
    return { value: toolConfig, forced: [] };
  }
  const config = toolConfig.functionCallingConfig;
  const forced: string[] = [];
  const allowed = (config.allowedFunctionNames as unknown[]).map((name) => {
    if (typeof name !== 'string') return name;
    const original = canonical(name);
    forced.push(original);
    return names.toWire(original);
  });
  return { value: { ...toolConfig, functionCallingConfig: { ...config, allowedFunctionNames: allowed } }, forced };
}

/** Adds, keeps or replaces the note in `systemInstruction`; see the transformer's documentation for the placement. */
function placeGuidance(value: unknown, guidance: string | null, at: string, warnings: ToolSearchWarning<GeminiWarningCode>[]): unknown {
  if (value === undefined || value === null) return guidance === null ? value : { parts: [{ text: guidance }] };
  if (typeof value === 'string') {
    const text = resolveGuidanceText(value, guidance);
    return text === '' && text !== value ? undefined : text;
  }
  if (Array.isArray(value)) {
    const items = resolveGuidanceParts(value, guidance, NOTE_PART_TEXT);
    return items.length === 0 && items !== value ? undefined : items;
  }
  if (isRecord(value) && Array.isArray(value.parts)) {
    const parts = resolveGuidanceParts(value.parts, guidance, NOTE_PART_TEXT);
    if (parts === value.parts) return value;
    return parts.length === 0 ? undefined : { ...value, parts };
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

/** Parts (or strings) of `systemInstruction`, with the note as its own part at the end. */
const NOTE_PART_TEXT = {
  read: (item: unknown): string | undefined => (typeof item === 'string' ? item : isRecord(item) && typeof item.text === 'string' ? item.text : undefined),
  write: (item: unknown, text: string): unknown =>
    item === null ? { text } : typeof item === 'string' ? text : { ...(item as Record<string, unknown>), text },
};
