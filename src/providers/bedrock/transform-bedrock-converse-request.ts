import { parseTransformRequestOptions } from '../../transform/parse-transform-request-options.js';
import { isRecord } from '../../records/is-record.js';
import type { TransformRequestOptions, TransformRequestResult } from '../../transform/request-transformer.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { resolveClientRequest, type ClientRequestWarningCode, type ClientWireAPI } from '../../request/resolve-client-request.js';
import type { ToolListEntry } from '../../request/resolve-tool-list.js';
import { resolveGuidanceParts } from '../../client/resolve-guidance-text.js';
import { PLAIN_TEXT_PART_GUIDANCE } from '../../client/plain-text-part-guidance.js';
import { readHistoryToolOutputs, type HistoryToolItem } from '../../request/read-history-tool-outputs.js';
import { createStubInputSchema } from '../../client/tool-search-tool-definition.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { resolveMappedListField } from '../../records/resolve-mapped-list-field.js';
import { writeBedrockConverseTool } from './create-bedrock-converse-tools.js';
import { BEDROCK_CONVERSE_TOOL_NAME_RULE, type BedrockConverseRequest } from './bedrock-converse-api.js';
import { parseBedrockConverseToolSlots, type BedrockConverseToolSlot } from './parse-bedrock-converse-tools.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';
import { resolveToolCacheBreakpoints, type ToolCacheBreakpoint } from '../../cache/resolve-tool-cache-breakpoints.js';

/**
 * The codes of {@link transformBedrockConverseRequest}'s warnings: the client-side mechanism's
 * ({@link ClientRequestWarningCode}: `hosted-mechanism-unsupported` for a plan with a hosted search, which Converse
 * does not carry), and `empty-tools-removed`: no tool is left to send and Converse rejects an empty
 * `toolConfig.tools`, so `toolConfig` (with its `toolChoice`) was removed.
 */
export type BedrockConverseWarningCode = ClientRequestWarningCode | 'empty-tools-removed';

/** What {@link transformBedrockConverseRequest} needs besides the body and the plan. */
export type TransformBedrockConverseRequestOptions = TransformRequestOptions;

/** The transformed body (in the type it came in), the warnings and the tool-name mapping. */
export type TransformBedrockConverseRequestResult<Body = BedrockConverseRequest> = TransformRequestResult<Body, BedrockConverseWarningCode>;

/**
 * Rewrites an Amazon Bedrock Converse request (`ConverseCommand`'s input) for a tool search plan, just before it is
 * sent. Converse has no hosted search: {@link resolveClientRequest} decides the tools (the one `toolChoice: { tool }`
 * forces), the note and the name mapping, with the reveals the history's `toolResult` blocks hold. In Converse's shape:
 * - deferred tools are `{ toolSpec: { name, description, inputSchema: { json: <stub> } } }`; loaded and revealed tools
 *   are the caller's own entries; the package's `tool_search` (and `call_tool`) are added;
 * - the guidance note is the last text block of `system` before its trailing `cachePoint` blocks, so the cached
 *   system prefix holds it and stays byte-identical from turn to turn;
 * - a `cachePoint` in `toolConfig.tools` marks the tool right before it and goes where the core's rule for breakpoints
 *   says ({@link resolveToolCacheBreakpoints}): right after a loaded tool it marks, or once at the end of the list (the
 *   target: every tool cached). None is added, so the checkpoints never outnumber the caller's. System tools keep their places;
 * - tool names, `toolUse.name` in the history and `toolChoice.tool.name` are mapped to `[a-zA-Z0-9_-]{1,64}`; map the
 *   model's calls back with `names.fromWire`.
 *
 * Pure, and stable on its own output. Throws a `ToolSearchError`: `invalid-request` for the cases
 * {@link parseBedrockConverseTools} lists and `messages` or `system` that is not a list; `plan-mismatch` when the plan
 * was made for other tools; `invalid-options` for bad options.
 *
 * @example
 * ```ts
 * import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
 * import { resolveToolSearch } from 'tool-search';
 * import { parseBedrockConverseTools, transformBedrockConverseRequest } from 'tool-search/bedrock';
 *
 * const plan = resolveToolSearch({ id: body.modelId, api: 'bedrock-converse' }, parseBedrockConverseTools(body));
 * const { body: input, names } = transformBedrockConverseRequest(body, plan, { revealed: await store.get(sessionId) });
 * const response = await new BedrockRuntimeClient({}).send(new ConverseCommand(input));
 * ```
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use.html
 */
export function transformBedrockConverseRequest<Body extends object = BedrockConverseRequest>(
  body: Body,
  givenPlan: ToolSearchPlan,
  options: TransformBedrockConverseRequestOptions = {},
): TransformBedrockConverseRequestResult<Body> {
  const { revealed } = parseTransformRequestOptions(options);
  const { request, slots } = readBodyToolsOnce(body, parseBedrockConverseToolSlots);
  const messages = parseRequestToolList(request.messages, 'messages', 'messages');
  const system = parseRequestToolList(request.system, 'system', 'system blocks');

  // The body in neutral form: its tools, the one `toolChoice` forces, the history's calls and results.
  const toolConfig = isRecord(request.toolConfig) ? request.toolConfig : undefined;
  const choice = isRecord(toolConfig?.toolChoice) ? toolConfig.toolChoice : undefined;
  const forced = isRecord(choice?.tool) && typeof choice.tool.name === 'string' ? [choice.tool.name] : [];
  const functions = slots.filter((slot): slot is ToolSlot => slot.kind === 'tool');
  const history = readHistoryToolOutputs(messages, readMessage);
  const client = resolveClientRequest(
    givenPlan,
    { functions, others: [], otherNames: [], forced, historyNames: history.names, historyOutputs: history.outputs, revealed },
    BEDROCK_CONVERSE_WIRE_API,
  );
  const { names, warnings } = client;

  const output: Record<string, unknown> = { ...request };
  const tools = placeToolConfigEntries(client.tools, client.entries, slots, client.toWire);
  if (tools.length > 0) {
    output.toolConfig = { ...toolConfig, tools };
    if (choice !== undefined) (output.toolConfig as Record<string, unknown>).toolChoice = resolveWireNameField(choice, 'tool', client.toWire);
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
  const blocks = [...resolveGuidanceParts(system.slice(0, end), client.guidance, PLAIN_TEXT_PART_GUIDANCE), ...system.slice(end)];
  if (blocks.length > 0) output.system = blocks;
  else delete output.system;
  // Every `toolUse.name` in wire names; a message without one that changes is kept as it is.
  const writeBlock = (block: unknown) => (isRecord(block) ? resolveWireNameField(block, 'toolUse', names.toWire) : block);
  const writeMessage = (message: unknown) => (isRecord(message) ? resolveMappedListField(message, 'content', writeBlock) : message);
  if (request.messages !== undefined) output.messages = resolveMappedItems(messages, writeMessage);
  return { body: output as Body, warnings, names, loaded: client.loaded };
}

type ToolSlot = Extract<BedrockConverseToolSlot, { kind: 'tool' }>;

/** How Converse writes each entry the core decided: the caller's own `toolSpec`, the package's tools, a stub. */
const BEDROCK_CONVERSE_WIRE_API: ClientWireAPI<ToolSlot, unknown, BedrockConverseWarningCode> = {
  api: 'bedrock-converse',
  rule: BEDROCK_CONVERSE_TOOL_NAME_RULE,
  label: 'Amazon Bedrock Converse',
  writeFunction(slot, _entry, name) {
    const spec = slot.tool.toolSpec as Record<string, unknown>;
    return spec.name === name ? slot.tool : { ...slot.tool, toolSpec: { ...spec, name } };
  },
  writeOwnTool: (entry, name) => writeBedrockConverseTool(name, entry.description, entry.inputSchema),
  writeStub: (entry, name) => writeBedrockConverseTool(name, entry.description, createStubInputSchema()),
};

/** The written tool list with the caller's checkpoints ({@link resolveToolCacheBreakpoints}) and system tools in place. */
function placeToolConfigEntries(
  written: readonly unknown[],
  entries: readonly ToolListEntry[],
  slots: readonly BedrockConverseToolSlot[],
  toWire: (name: string) => string,
): unknown[] {
  // A checkpoint marks the caller's tool right before it; one after the last tool (the package's own count, so the
  // transformer's own output reads the same), before any tool or after another means "cache every tool".
  const breakpoints: (ToolCacheBreakpoint & { point: unknown })[] = [];
  const lastTool = slots.reduce((last, slot) => (slot.kind === 'tool' || slot.kind === 'own' ? slot.index : last), -1);
  let marks: string | undefined;
  let wireNames: string[] | undefined;
  for (const slot of slots) {
    if (slot.kind === 'tool') marks = toWire(slot.definition.name);
    if (slot.kind !== 'cache-point') continue;
    const callerLast = marks === undefined || slot.index > lastTool;
    wireNames ??= entries.map((entry) => toWire(entry.name));
    breakpoints.push({ at: callerLast ? -1 : wireNames.indexOf(marks as string), callerLast, point: slot.tool });
    marks = undefined;
  }
  // Only the loaded prefix keeps its bytes from turn to turn (reveals in the tool list change what follows it).
  const { kept, carried } = resolveToolCacheBreakpoints(breakpoints, (index) => entries[index]?.status === 'loaded', entries.length);
  const tools: unknown[] = [];
  for (const [index, tool] of written.entries()) {
    tools.push(tool);
    if (kept.has(index)) tools.push(kept.get(index)?.point);
  }
  for (const slot of slots) if (slot.kind === 'other') tools.splice(Math.min(slot.index, tools.length), 0, slot.tool);
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
