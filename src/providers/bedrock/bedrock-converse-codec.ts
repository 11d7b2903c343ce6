import { resolveToolCacheBreakpoints, type ToolCacheBreakpoint } from '../../cache/resolve-tool-cache-breakpoints.js';
import { PLAIN_TEXT_PART_GUIDANCE } from '../../client/plain-text-part-guidance.js';
import { resolveGuidanceParts } from '../../client/resolve-guidance-text.js';
import { createStubInputSchema, isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import { assertNever } from '../../errors/assert-never.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { resolveMappedListField } from '../../records/resolve-mapped-list-field.js';
import { readContentText, readNeutralHistory, readTurnStart, type HistoryToolItem, type NeutralTool } from '../../request/neutral-request.js';
import type { ClientRequestWarningCode, PredictedLoad } from '../../request/request-tools.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import type { RequestTools } from '../../request/request-tools.js';
import { resolveClientAPIRequest } from '../../request/resolve-client-api-request.js';
import type { WireCodec } from '../../request/wire-codec.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../tools/parse-wire-tool-definition.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { BEDROCK_CONVERSE_TOOL_NAME_RULE } from './bedrock-converse-api.js';
import { writeBedrockConverseTool as writeTool } from './write-bedrock-converse-tool.js';

/**
 * The codes of {@link transformBedrockConverseRequest}'s warnings: the client-side mechanism's
 * ({@link ClientRequestWarningCode}: `hosted-mechanism-unsupported` for a plan with a hosted search, which Converse
 * does not carry), and `empty-tools-removed`: no tool is left to send and Converse rejects an empty
 * `toolConfig.tools`, so `toolConfig` (with its `toolChoice`) was removed.
 */
export type BedrockConverseWarningCode = ClientRequestWarningCode | 'empty-tools-removed';

/** An entry of `toolConfig.tools` as read: a tool (with its definition), the package's own tool, a cache checkpoint, another tool. */
type ToolSlot =
  | { readonly kind: 'tool'; readonly index: number; readonly tool: Record<string, unknown>; readonly definition: ToolDefinition }
  | { readonly kind: 'own' | 'cache-point' | 'other'; readonly index: number; readonly tool: unknown };

/**
 * `toolConfig.tools` as read: its slots, the definitions of its tools, the list in neutral form, the system tools (kept
 * at their places), each cache checkpoint with the caller's tool right before it, and the place of the last tool.
 */
interface ConverseTools {
  readonly slots: readonly ToolSlot[];
  readonly definitions: readonly ToolDefinition[];
  readonly neutral: readonly NeutralTool[];
  readonly others: readonly ToolSlot[];
  readonly cachePoints: readonly { readonly slot: ToolSlot; readonly marks: string | undefined }[];
  readonly lastTool: number;
}

/** The body as the codec's `write` needs it back. */
interface ConverseRead {
  readonly request: Record<string, unknown>;
  readonly tools: ConverseTools;
  readonly messages: readonly unknown[];
  readonly system: readonly unknown[];
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
    const list = isRecord(request.toolConfig) ? request.toolConfig.tools : undefined;
    const tools = context.tools !== undefined && context.tools.list === list ? context.tools.read : readToolSlots(request);
    const messages = parseRequestToolList(request.messages, 'messages', 'messages');
    const system = parseRequestToolList(request.system, 'system', 'system blocks');
    const choice = isRecord(request.toolConfig) && isRecord(request.toolConfig.toolChoice) ? request.toolConfig.toolChoice : undefined;
    const history = readNeutralHistory(messages, readMessage);
    const turnStart = readTurnStart(messages, readUserText);
    return {
      tools: tools.neutral,
      otherNames: [],
      forced: isRecord(choice?.tool) && typeof choice.tool.name === 'string' ? [choice.tool.name] : [],
      history,
      ...(turnStart === undefined ? {} : { turnStart }),
      read: { request, tools, messages, system },
    };
  },
  write({ read }, decided) {
    const { request, tools: list, messages, system } = read;
    const { names } = decided;
    const warnings: { code: BedrockConverseWarningCode; message: string }[] = [];
    const output: Record<string, unknown> = { ...request };
    const toolConfig = isRecord(request.toolConfig) ? request.toolConfig : undefined;
    const tools = writeToolConfigEntries(list, decided);
    if (tools.length > 0) {
      output.toolConfig = { ...toolConfig, tools };
      const choice = toolConfig?.toolChoice;
      if (isRecord(choice)) (output.toolConfig as Record<string, unknown>).toolChoice = resolveWireNameField(choice, 'tool', decided.toWire);
    } else if (toolConfig !== undefined) {
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
    // Every `toolUse.name` in wire names; a message without one that changes is kept as it is.
    const writeBlock = (block: unknown) => (isRecord(block) ? resolveWireNameField(block, 'toolUse', names.toWire) : block);
    const writeMessage = (message: unknown) => (isRecord(message) ? resolveMappedListField(message, 'content', writeBlock) : message);
    if (request.messages !== undefined) output.messages = resolveMappedItems(messages, writeMessage);
    const predicted = decided.predicted === undefined ? undefined : writePredictedMessages(decided.predicted);
    if (predicted !== undefined) output.messages = [...(output.messages as unknown[]), ...predicted];
    return { body: output, warnings, ...(predicted === undefined ? {} : { predicted }) };
  },
};

/**
 * The predicted load as the package's `tool_search` call and its answer after the user's message: an assistant message
 * with the `toolUse`, and a user message with its `toolResult` (Converse has no tool addition a model accepts).
 */
function writePredictedMessages(load: PredictedLoad): unknown[] {
  return [
    { role: 'assistant', content: [{ toolUse: { toolUseId: load.callId, name: load.searchName, input: { query: load.query } } }] },
    { role: 'user', content: [{ toolResult: { toolUseId: load.callId, content: [{ text: formatToolSearchResult(load.result) }] } }] },
  ];
}

/** A user message's text, when it holds text and no tool result: a turn's start when it ends the history. */
function readUserText(message: unknown): string | undefined {
  if (!isRecord(message) || message.role !== 'user' || !Array.isArray(message.content)) return undefined;
  if (message.content.some((block: unknown) => isRecord(block) && block.toolResult !== undefined)) return undefined;
  return readContentText(message.content);
}

/** `toolConfig.tools` read into slots, each `toolSpec` checked. */
function readToolSlots(request: Record<string, unknown>): ConverseTools {
  const tools = parseRequestToolList(isRecord(request.toolConfig) ? request.toolConfig.tools : undefined, 'toolConfig.tools');
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `tool \`${name}\` is defined twice (\`toolConfig.tools[${first}]\` and \`[${at}]\`); names must be unique`,
  );
  const definitions: ToolDefinition[] = [];
  const slots = tools.map((tool: unknown, index): ToolSlot => {
    if (isRecord(tool) && isRecord(tool.cachePoint)) return { kind: 'cache-point', index, tool };
    if (!isRecord(tool) || tool.toolSpec === undefined) return { kind: 'other', index, tool };
    // A `toolSpec` that is not an object has no name, which the core's rule says.
    const spec = isRecord(tool.toolSpec) ? tool.toolSpec : {};
    const inputSchema = isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined;
    // By index: the path is written only for an error (this runs for every tool of every request).
    const definition = parseWireToolDefinition({ name: spec.name, description: spec.description, inputSchema }, index, describeField, 'required');
    if (isOwnTool(definition)) return { kind: 'own', index, tool };
    checkName(definition.name, index);
    definitions.push(definition);
    return { kind: 'tool', index, tool, definition };
  });
  const others: ToolSlot[] = [];
  const cachePoints: { slot: ToolSlot; marks: string | undefined }[] = [];
  let marks: string | undefined;
  let lastTool = -1;
  for (const slot of slots) {
    if (slot.kind === 'tool' || slot.kind === 'own') lastTool = slot.index;
    if (slot.kind === 'tool') marks = slot.definition.name;
    if (slot.kind === 'other') others.push(slot);
    if (slot.kind !== 'cache-point') continue;
    cachePoints.push({ slot, marks });
    marks = undefined;
  }
  const neutral = slots.map(
    (slot): NeutralTool =>
      slot.kind === 'tool'
        ? { kind: 'function', index: slot.index, definition: slot.definition, deferred: false }
        : { kind: slot.kind === 'cache-point' ? 'marker' : slot.kind === 'own' ? 'own' : 'other', index: slot.index, deferred: false },
  );
  return { slots, definitions, neutral, others, cachePoints, lastTool };
}

const describeField: DescribeWireToolField<number> = (index, field, name) =>
  `\`toolConfig.tools[${index}]\`.toolSpec.${field === 'inputSchema' ? 'inputSchema.json' : field}${name === undefined ? '' : ` of \`${name}\``}`;

/**
 * The decided entries as Converse tools (the caller's own entry for a tool sent in full, the package's tools, stubs),
 * with the caller's checkpoints ({@link resolveToolCacheBreakpoints}) and system tools in place.
 */
function writeToolConfigEntries(read: ConverseTools, decided: RequestTools): unknown[] {
  const { slots } = read;
  const { entries, names, toWire } = decided;
  const written = entries.map((entry) => {
    const wireName = names.toWire(entry.name);
    switch (entry.status) {
      case 'loaded':
      case 'revealed':
      case 'defer-loading': {
        const slot = slots[decided.bodyIndexOf(entry.name) as number] as Extract<ToolSlot, { kind: 'tool' }>;
        const spec = slot.tool.toolSpec as Record<string, unknown>;
        return spec.name === wireName ? slot.tool : { ...slot.tool, toolSpec: { ...spec, name: wireName } };
      }
      case 'search':
      case 'call':
        return writeTool(wireName, entry.description, entry.inputSchema);
      case 'deferred':
        return writeTool(wireName, entry.description, createStubInputSchema());
      default:
        return assertNever(entry, 'request tool status');
    }
  });
  // A checkpoint marks the caller's tool right before it; one after the last tool (the package's own count, so the
  // transformer's own output reads the same), before any tool or after another means "cache every tool".
  const breakpoints: (ToolCacheBreakpoint & { point: unknown })[] = [];
  let wireNames: string[] | undefined;
  for (const { slot, marks } of read.cachePoints) {
    const callerLast = marks === undefined || slot.index > read.lastTool;
    wireNames ??= entries.map((entry) => toWire(entry.name));
    breakpoints.push({ at: callerLast ? -1 : wireNames.indexOf(toWire(marks as string)), callerLast, point: slot.tool });
  }
  // Only the loaded prefix keeps its bytes from turn to turn (reveals in the tool list change what follows it).
  const { kept, carried } = resolveToolCacheBreakpoints(breakpoints, (index) => entries[index]?.status === 'loaded', entries.length);
  const tools: unknown[] = [];
  for (const [index, tool] of written.entries()) {
    tools.push(tool);
    if (kept.has(index)) tools.push(kept.get(index)?.point);
  }
  for (const slot of read.others) tools.splice(Math.min(slot.index, tools.length), 0, slot.tool);
  if (carried !== undefined && tools.length > 0) tools.push(carried.point);
  return tools;
}

/** A message's `toolUse` calls and `toolResult` answers: text blocks (the package's answers), or a parsed `json` block. */
function readMessage(message: unknown): HistoryToolItem {
  const blocks = isRecord(message) && Array.isArray(message.content) ? message.content.filter(isRecord) : [];
  const uses = blocks.flatMap((block) => (isRecord(block.toolUse) && typeof block.toolUse.name === 'string' ? [block.toolUse] : []));
  const results = blocks.flatMap((block) => (isRecord(block.toolResult) && Array.isArray(block.toolResult.content) ? [block.toolResult] : []));
  return {
    calls: uses.map((use) => ({ id: use.toolUseId, name: use.name as string })),
    results: results.map(({ toolUseId, content }) => {
      const parts = (content as unknown[]).filter(isRecord);
      return { id: toolUseId, output: parts[0]?.json ?? parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('') };
    }),
  };
}
