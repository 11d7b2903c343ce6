import { resolveToolCacheBreakpoints, type ToolCacheBreakpoint } from '../../cache/resolve-tool-cache-breakpoints.js';
import { PLAIN_TEXT_PART_GUIDANCE } from '../../client/plain-text-part-guidance.js';
import { resolveGuidanceParts } from '../../client/resolve-guidance-text.js';
import { describeValue } from '../../errors/describe-value.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { resolveMappedListField } from '../../records/resolve-mapped-list-field.js';
import {
  readContentText,
  readNeutralHistory,
  readTurnStart,
  writeClientTools,
  writeHistoryItems,
  type HistoryPairing,
  type HistoryToolItem,
  type HistoryWalk,
  type NeutralTool,
} from '../../request/neutral-request.js';
import { parseTransformRequestOptions } from '../../request/parse-transform-request-options.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../request/request-transformer.js';
import type { ClientRequestWarningCode, RequestTools } from '../../request/request-tools.js';
import { resolveClientAPIRequest } from '../../request/resolve-client-api-request.js';
import { transformRequest } from '../../request/transform-request.js';
import type { CodecTools, WireCodec } from '../../request/wire-codec.js';
import { keepWritten, type Written } from '../../request/request-decision.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { parseToolDefinitions } from '../../tools/parse-tool-definitions.js';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../tools/parse-wire-tool-definition.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../../tools/tool-definition.js';
import { isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { BEDROCK_CONVERSE_TOOL_NAME_RULE, type BedrockConverseRequest, type BedrockConverseToolSpecification } from './bedrock-converse-api.js';

/** The codes of Converse's warnings: the client-side mechanism's, and `empty-tools-removed` (`toolConfig` was removed, as no tool is left). */
export type BedrockConverseWarningCode = ClientRequestWarningCode | 'empty-tools-removed';

/** What {@link transformBedrockConverseRequest} takes besides the body and the plan. */
export type TransformBedrockConverseRequestOptions = TransformRequestOptions;

/** The transformed body (in the type it came in), the warnings and the name mapping. */
export type TransformBedrockConverseRequestResult<Body = BedrockConverseRequest> = TransformRequestResult<Body, BedrockConverseWarningCode>;

/** Rewrites a Converse request for a tool search plan (stubs, `tool_search`, the note, names mapped); pure, throws a `ToolSearchError`. */
export function transformBedrockConverseRequest<Body extends object = BedrockConverseRequest>(
  body: Body,
  plan: ToolSearchPlan,
  options: TransformBedrockConverseRequestOptions = {},
): TransformBedrockConverseRequestResult<Body> {
  return transformRequest(BEDROCK_CONVERSE_CODEC, body, plan, parseTransformRequestOptions(options)) as TransformBedrockConverseRequestResult<Body>;
}

/** The `toolSpec`s of a Converse request as tool definitions, in order; throws `invalid-request` for a body it cannot read. */
export function parseBedrockConverseTools(body: unknown): ToolDefinition[] {
  return [...readToolSlots(parseRequestBody(body, 'a Converse request object')).definitions];
}

/** Tool definitions (MCP-shaped, a `tools/list` result, or a catalog) as Converse `toolConfig.tools` entries. */
export function createBedrockConverseTools(tools: ToolDefinitionsInput): { toolSpec: BedrockConverseToolSpecification }[] {
  return parseToolDefinitions(tools).map((tool) => writeTool(tool.name, tool.description, { ...tool.inputSchema }));
}

/** `toolConfig.tools` as written and read (a checkpoint is a `marker`), and the last list written from it ({@link keepWritten}). */
interface ConverseTools extends CodecTools {
  readonly list: readonly unknown[];
  readonly written: { last?: Written<readonly unknown[], never> };
}

interface ConverseRead {
  readonly request: Record<string, unknown>;
  readonly tools: ConverseTools;
  readonly messages: readonly unknown[];
  readonly system: readonly unknown[];
  readonly walk: HistoryWalk;
}

/** Converse's codec: `toolConfig.tools`, `toolConfig.toolChoice`, `system` and `toolUse`/`toolResult` blocks. */
export const BEDROCK_CONVERSE_CODEC: Readonly<WireCodec<ConverseRead, ConverseTools, BedrockConverseWarningCode>> = {
  api: 'bedrock-converse',
  label: 'Amazon Bedrock Converse',
  rule: BEDROCK_CONVERSE_TOOL_NAME_RULE,
  decide: resolveClientAPIRequest,
  readTools: readToolSlots,
  read(body, context) {
    const request = parseRequestBody(body, 'a Converse request object');
    const toolConfig = isRecord(request.toolConfig) ? request.toolConfig : {};
    const tools = context.tools !== undefined && context.tools.list === toolConfig.tools ? context.tools.read : readToolSlots(request);
    const messages = parseRequestToolList(request.messages, 'messages', 'messages');
    const system = parseRequestToolList(request.system, 'system', 'system blocks');
    const forced = isRecord(toolConfig.toolChoice) && isRecord(toolConfig.toolChoice.tool) ? toolConfig.toolChoice.tool.name : undefined;
    const turnStart = readTurnStart(messages, readUserText);
    const walk: HistoryWalk = { items: [], written: [] };
    const history = readNeutralHistory(messages, readMessage, PAIRING, walk);
    return {
      tools: tools.neutral,
      otherNames: [],
      forced: typeof forced === 'string' ? [forced] : [],
      history,
      ...(turnStart === undefined ? {} : { turnStart }),
      read: { request, tools, messages, system, walk },
    };
  },
  write({ read }, decided) {
    const { request, messages, system, walk } = read;
    const warnings: { code: BedrockConverseWarningCode; message: string }[] = [];
    const output: Record<string, unknown> = { ...request };
    const tools = keepWritten(read.tools.written, [decided.entries, decided.names, decided.plan], [], () => writeTools(read.tools, decided));
    if (tools.length > 0) {
      const toolConfig = isRecord(request.toolConfig) ? request.toolConfig : {};
      const choice = isRecord(toolConfig.toolChoice) ? { toolChoice: resolveWireNameField(toolConfig.toolChoice, 'tool', decided.toWire) } : {};
      output.toolConfig = { ...toolConfig, tools: tools.slice(), ...choice }; // a copy: the kept list is the session's
    } else if (isRecord(request.toolConfig)) {
      delete output.toolConfig;
      warnings.push({
        code: 'empty-tools-removed',
        message: 'no tool is left to send, and Converse rejects an empty `toolConfig.tools`; `toolConfig` was removed',
      });
    }
    // The note goes before the trailing checkpoints; a `system` that held only an earlier note is dropped.
    let end = system.length;
    while (end > 0 && isRecord(system[end - 1]) && (system[end - 1] as Record<string, unknown>).cachePoint !== undefined) end -= 1;
    const blocks = [...resolveGuidanceParts(system.slice(0, end), decided.guidance, PLAIN_TEXT_PART_GUIDANCE), ...system.slice(end)];
    if (blocks.length > 0) output.system = blocks;
    else delete output.system;
    const writeBlock = (block: unknown) => (isRecord(block) ? resolveWireNameField(block, 'toolUse', decided.names.toWire) : block);
    const writeMessage = (message: unknown) => (isRecord(message) ? resolveMappedListField(message, 'content', writeBlock) : message);
    const load = decided.predicted;
    // The predicted load: the package's `tool_search` call and its answer after the user's message (the client-side
    // mechanism's text, Converse's only mechanism).
    const predicted =
      load?.output === undefined
        ? undefined
        : [
            { role: 'assistant', content: [{ toolUse: { toolUseId: load.callId, name: load.searchName, input: { query: load.query } } }] },
            { role: 'user', content: [{ toolResult: { toolUseId: load.callId, content: [{ text: load.output }] } }] },
          ];
    if (request.messages !== undefined) output.messages = writeHistoryItems(messages, walk, writeMessage, predicted);
    return { body: output, warnings, ...(predicted === undefined ? {} : { predicted }) };
  },
};

function readUserText(message: unknown): string | undefined {
  if (!isRecord(message) || message.role !== 'user' || !Array.isArray(message.content)) return undefined;
  return message.content.some((block: unknown) => isRecord(block) && block.toolResult !== undefined) ? undefined : readContentText(message.content);
}

/** A message's `toolUse` calls and `toolResult` answers (each paired): text blocks (the package's answers), or a parsed `json` block. */
function readMessage(message: unknown, index: number): HistoryToolItem {
  const blocks = isRecord(message) && Array.isArray(message.content) ? message.content : [];
  const calls = blocks.flatMap((block) => {
    const use = isRecord(block) ? block.toolUse : undefined;
    return isRecord(use) ? [typeof use.name === 'string' ? { id: use.toolUseId, name: use.name, arguments: use.input } : { id: use.toolUseId }] : [];
  });
  const results = blocks.flatMap((block, position) => {
    const result = isRecord(block) ? block.toolResult : undefined;
    if (!isRecord(result)) return [];
    const id = result.toolUseId;
    const path = `messages[${index}].content[${position}]`;
    const label = describeValue(id);
    if (!Array.isArray(result.content)) return [{ id, path, label }];
    const parts = result.content.filter(isRecord);
    return [{ id, output: parts[0]?.json ?? parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join(''), path, label }];
  });
  // Only an assistant message is a turn of the model's.
  return isRecord(message) && message.role === 'assistant' ? { calls, results } : { calls, results, turn: false };
}

/** Converse's pairing: a user message answers the `toolUse` blocks of the assistant message right before it, each once. */
const PAIRING: Readonly<HistoryPairing> = {
  rule: 'previous-message',
  unpaired: (path, label) => `\`${path}\`: \`toolResult\` ${label} answers no \`toolUse\` of the assistant message before it`,
};

function readToolSlots(request: Record<string, unknown>): ConverseTools {
  const list = parseRequestToolList(isRecord(request.toolConfig) ? request.toolConfig.tools : undefined, 'toolConfig.tools');
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `tool \`${name}\` is defined twice (\`toolConfig.tools[${first}]\` and \`[${at}]\`); names must be unique`,
  );
  const definitions: ToolDefinition[] = [];
  const neutral = list.map((tool: unknown, index): NeutralTool => {
    if (isRecord(tool) && isRecord(tool.cachePoint)) return { kind: 'marker', index };
    if (!isRecord(tool) || tool.toolSpec === undefined) return { kind: 'other', index, deferred: false };
    // A `toolSpec` that is not an object has no name. By index: the path is written only for an error.
    const spec = isRecord(tool.toolSpec) ? tool.toolSpec : {};
    const inputSchema = isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined;
    const definition = parseWireToolDefinition({ name: spec.name, description: spec.description, inputSchema }, index, describeField, 'required');
    if (isOwnTool(definition)) return { kind: 'own', index };
    checkName(definition.name, index);
    definitions.push(definition);
    return { kind: 'function', index, definition, deferred: false };
  });
  return { list, definitions, neutral, written: {} };
}

const describeField: DescribeWireToolField<number> = (index, field, name) =>
  `\`toolConfig.tools[${index}]\`.toolSpec.${field === 'inputSchema' ? 'inputSchema.json' : field}${name === undefined ? '' : ` of \`${name}\``}`;

/** The decided entries as Converse tools, with the caller's checkpoints ({@link resolveToolCacheBreakpoints}) and system tools in place. */
function writeTools({ list, neutral }: ConverseTools, decided: RequestTools): unknown[] {
  const { entries, toWire } = decided;
  const written = writeClientTools(decided, {
    body(index, _name, wireName) {
      const tool = list[index] as Record<string, unknown>;
      const spec = tool.toolSpec as Record<string, unknown>;
      return spec.name === wireName ? tool : { ...tool, toolSpec: { ...spec, name: wireName } };
    },
    tool: writeTool,
  });
  // A checkpoint marks the caller's tool before it; one after the last tool, before any tool or after another: "cache every tool".
  let lastTool = -1;
  for (const tool of neutral) if (tool.kind === 'function' || tool.kind === 'own') lastTool = tool.index;
  const breakpoints: (ToolCacheBreakpoint & { point: unknown })[] = [];
  let marks: string | undefined;
  for (const tool of neutral) {
    if (tool.kind === 'function') marks = tool.definition.name;
    if (tool.kind !== 'marker') continue;
    const callerLast = marks === undefined || tool.index > lastTool;
    const at = callerLast ? -1 : entries.findIndex((entry) => toWire(entry.name) === toWire(marks as string));
    breakpoints.push({ at, callerLast, point: list[tool.index] });
    marks = undefined;
  }
  // Only the loaded prefix keeps its bytes from turn to turn (reveals in the tool list change what follows it).
  const { kept, carried } = resolveToolCacheBreakpoints(breakpoints, (index) => entries[index]?.status === 'loaded', entries.length);
  const tools: unknown[] = [];
  for (const [index, tool] of written.entries()) {
    tools.push(tool);
    if (kept.has(index)) tools.push(kept.get(index)?.point);
  }
  for (const tool of neutral) if (tool.kind === 'other') tools.splice(Math.min(tool.index, tools.length), 0, list[tool.index]);
  if (carried !== undefined && tools.length > 0) tools.push(carried.point);
  return tools;
}

function writeTool(name: string, description: string | undefined, json: object): { toolSpec: BedrockConverseToolSpecification } {
  const inputSchema = { json: json as BedrockConverseToolSpecification['inputSchema']['json'] };
  // Two literals, not a conditional spread: this runs for every deferred tool of every request.
  return description === undefined ? { toolSpec: { name, inputSchema } } : { toolSpec: { name, description, inputSchema } };
}
