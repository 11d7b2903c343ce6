import { assertNever } from '../../errors/assert-never.js';
import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { createStubInputSchema, isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { readRenamedNames } from '../../names/read-renamed-names.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { readContentText, readNeutralHistory, readTurnStart, type NeutralTool } from '../../request/neutral-request.js';
import type { PredictedLoad } from '../../request/request-tools.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { resolveClientAPIRequest } from '../../request/resolve-client-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { GEMINI_MAX_FUNCTION_DECLARATIONS, GEMINI_TOOL_NAME_RULE, type GeminiFunctionDeclaration } from './gemini-api.js';
import type { GeminiWarningCode } from './gemini-warning.js';
import { parseGeminiFunctionDeclaration as parseDeclaration } from './parse-gemini-function-declaration.js';
import { placeGeminiGuidance as placeGuidance } from './place-gemini-guidance.js';
import { readGeminiBodyShape as readBodyShape, type GeminiBodyShape } from './read-gemini-body-shape.js';
import { readGeminiContent as readContent } from './read-gemini-content.js';
import { transformGeminiContents as transformContents } from './transform-gemini-contents.js';
import { writeGeminiFunctionDeclaration as writeDeclaration } from './write-gemini-function-declaration.js';

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
    // Only a list of contents can take the predicted load after its user content.
    const turnStart = Array.isArray(shape.request.contents) ? readTurnStart(shape.request.contents, readUserText) : undefined;
    return {
      tools: neutral,
      otherNames: [],
      forced: readRenamedNames((rename) => transformToolConfig(shape.settings.toolConfig, rename)),
      history: readNeutralHistory(contentList(shape.request.contents), readContent),
      ...(turnStart === undefined ? {} : { turnStart }),
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

    const predicted = decided.predicted === undefined ? undefined : writePredictedContents(decided.predicted);
    const transformed = transformContents(request.contents, names, warnings);
    const contents = predicted === undefined ? transformed : [...(transformed as unknown[]), ...predicted];
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
    return { body: output, warnings, ...(predicted === undefined ? {} : { predicted }) };
  },
};

/**
 * Gemini's placeholder thought signature for a function call the model did not write: Gemini 3 models reject a call of
 * the current turn without a signature ("Function call is missing a thought_signature in functionCall parts"), and
 * Google documents this value for calls made by the client.
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
const CLIENT_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/**
 * The predicted load as the package's `tool_search` call and its answer after the user's content: a model content
 * with the `functionCall` (with the client's thought signature) and a user content with its `functionResponse`, the
 * result as `{ output }` as the session answers a search (Gemini has no tool-addition item).
 */
function writePredictedContents(load: PredictedLoad): unknown[] {
  return [
    {
      role: 'model',
      parts: [{ functionCall: { id: load.callId, name: load.searchName, args: { query: load.query } }, thoughtSignature: CLIENT_THOUGHT_SIGNATURE }],
    },
    { role: 'user', parts: [{ functionResponse: { id: load.callId, name: load.searchName, response: { output: formatToolSearchResult(load.result) } } }] },
  ];
}

/** A user content's text, when it holds text and no function response: a turn's start when it ends the history. */
function readUserText(content: unknown): string | undefined {
  if (!isRecord(content) || content.role !== 'user' || !Array.isArray(content.parts)) return undefined;
  if (content.parts.some((part: unknown) => isRecord(part) && part.functionResponse !== undefined)) return undefined;
  return readContentText(content.parts);
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

/** The items of `contents` that may be contents: the list itself, or a single content. */
function contentList(contents: unknown): readonly unknown[] {
  if (Array.isArray(contents)) return contents;
  return isRecord(contents) && Array.isArray(contents.parts) ? [contents] : [];
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
