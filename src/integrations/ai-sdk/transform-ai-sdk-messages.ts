import type { ModelMessage } from 'ai';
import type { ToolPredictionSettings } from '../../config/tool-search-config.js';
import { toMatch, type ToolSearchResult } from '../../client/tool-search-result.js';
import { resolveNativeSearchResult } from '../../client/resolve-native-search-result.js';
import { isRecord } from '../../records/is-record.js';
import { readContentText } from '../../request/neutral-request.js';
import { resolveToolPrediction } from '../../request/resolve-tool-prediction.js';
import type { ToolIndex } from '../../search/create-tool-index.js';
import type { OwnToolNames } from '../../tools/resolve-own-tool-names.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import type { AISDKToolResultOutput } from './ai-sdk-tool-types.js';
import { resolveAISDKLoadedTools } from './resolve-ai-sdk-loaded-tools.js';

/**
 * How loaded tools are added to an AI SDK conversation, by the provider that writes the request:
 *
 * - `openai`: `providerOptions.openai.additionalTools` on the `tool_search` result part, which `@ai-sdk/openai` 4
 *   (4.0.96 and later) writes as an `additional_tools` input item right after that `function_call_output`;
 * - `anthropic`: an empty system message after the tool results with `providerOptions.anthropic.toolChanges` naming
 *   each tool (`{ type: 'tool_addition', toolName }`), which `@ai-sdk/anthropic` (3.0.102 / 4.0.20 and later) writes
 *   as a `system` message of `tool_addition` blocks by reference, with the `mid-conversation-tool-changes-2026-07-01`
 *   beta.
 */
export type AISDKToolAdditionWriter = 'openai' | 'anthropic';

/** What {@link transformAISDKMessages} needs: the package's tool names, and the prediction step's and the additions' options. */
export interface TransformAISDKMessagesOptions {
  /** The names the package's own tools go by in this tool set. */
  readonly own: OwnToolNames;
  /** The prediction step (the plan's deferred tools, the ranking and how results are written), when it runs. */
  readonly predict?: AISDKPredictionOptions | undefined;
  /** The native tool additions, when the plan delivers loaded tools natively. */
  readonly additions?: AISDKAdditionOptions | undefined;
}

/** The prediction step's part of {@link TransformAISDKMessagesOptions}. */
export interface AISDKPredictionOptions {
  readonly settings: ToolPredictionSettings;
  /** The `tool_search` ranking over the catalog. */
  readonly index: ToolIndex;
  /** The catalog's definitions by name. */
  readonly definition: (name: string) => ToolDefinition | undefined;
  /** Whether the plan defers a tool (only a deferred tool is predicted). */
  readonly isDeferred: (name: string) => boolean;
  /** How many tools the plan sends in full. */
  readonly notDeferred: number;
  /** Whether loaded tools reach the model natively: the result names the tools, the addition after it defines them. */
  readonly native: boolean;
  /** The `tool_search` result as the tool's `toModelOutput` gives it to the model. */
  readonly toModelOutput: (result: ToolSearchResult) => AISDKToolResultOutput;
}

/** The native additions' part of {@link TransformAISDKMessagesOptions}. */
export interface AISDKAdditionOptions {
  readonly writer: AISDKToolAdditionWriter;
  /** The catalog's definition of a deferred tool, by name (the full schema the addition carries). */
  readonly definition: (name: string) => ToolDefinition | undefined;
  /** Each tool's `strict` as the caller set it on the AI SDK tool (OpenAI's additions carry it, as `tools` would). */
  readonly strict?: (name: string) => boolean | undefined;
}

/**
 * Marks the messages this package writes (`providerOptions.toolSearch`: `predicted` loads, `addition` system messages):
 * a provider ignores options under another provider's key, and the marker lets a later step drop them and write them
 * again from the history.
 */
const MARKER = 'toolSearch';

/**
 * The messages of one step, in one walk, with the package's messages written from the conversation alone, so every step
 * and every later run of a session writes the same messages at the same places (a prompt cache keeps the history),
 * although the AI SDK returns messages without them, whichever worker runs it and whatever the store holds:
 *
 * - `predict`: after each user message, the deferred tools `resolveToolPrediction` chooses for its text that the
 *   conversation before it had not loaded or called, as the package's `tool_search` call with a `select:` of them and
 *   its result (the session API's predicted load);
 * - `additions`: after each `tool_search` result (predicted ones too), the tools it loaded that no earlier result of the
 *   conversation loaded, as the provider's tool addition (see {@link AISDKToolAdditionWriter}).
 *
 * Idempotent: messages written earlier (AI SDK 7 carries a step's messages forward) are replaced by the same ones. Pure:
 * the input messages are not changed; without a `tool_search` result or a prediction they are returned as they are.
 */
export function transformAISDKMessages(messages: readonly ModelMessage[], options: TransformAISDKMessagesOptions): ModelMessage[] {
  const { own, predict, additions } = options;
  /** What the conversation loaded or called so far (the prediction step), and what additions added. */
  const loaded = new Set<string>();
  const added = new Set<string>();
  const output: ModelMessage[] = [];
  /** Names to add by reference after the current run of tool messages (Anthropic: one system message after them). */
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    output.push({
      role: 'system',
      content: '',
      providerOptions: { anthropic: { toolChanges: pending.map((toolName) => ({ type: 'tool_addition', toolName })) }, [MARKER]: { addition: true } },
    });
    pending = [];
  };
  /** Appends a message, with the additions of its `tool_search` results. */
  const push = (message: ModelMessage): void => {
    if (additions === undefined) {
      output.push(message);
      return;
    }
    if (message.role !== 'tool') {
      flush();
      output.push(message);
      return;
    }
    let changed = false;
    const content = message.content.map((part) => {
      if (part.type !== 'tool-result' || part.toolName !== own.searchName) return part;
      const names = resolveAISDKLoadedTools([{ role: 'tool', content: [part] }], own).filter((name) => !added.has(name));
      for (const name of names) added.add(name);
      if (additions.writer === 'anthropic') {
        pending.push(...names);
        return part;
      }
      const tools = names.flatMap((name) => {
        const definition = additions.definition(name);
        return definition === undefined ? [] : [createOpenAIAddition(definition, additions.strict?.(name))];
      });
      const { additionalTools: earlier, ...openai } = isRecord(part.providerOptions?.openai) ? part.providerOptions.openai : {};
      if (tools.length === 0 && earlier === undefined) return part;
      changed = true;
      const providerOptions = { ...part.providerOptions, openai: tools.length === 0 ? openai : { ...openai, additionalTools: tools } };
      return { ...part, providerOptions } as typeof part;
    });
    output.push(changed ? ({ ...message, content } as ModelMessage) : message);
  };
  /** The user message's place among the conversation's own messages: the same on every step and run. */
  let position = 0;
  for (const message of messages) {
    if (isOwnMessage(message, predict !== undefined)) continue;
    push(message);
    if (predict === undefined) continue;
    for (const name of resolveAISDKLoadedTools([message], own)) loaded.add(name);
    for (const name of calledTools(message, own)) loaded.add(name);
    position += 1;
    for (const predicted of createPredictedLoad(message, position - 1, loaded, own, predict)) push(predicted);
  }
  flush();
  return output;
}

/**
 * The predicted load after a user message (`position`: its place among the conversation's own messages): the deferred tools `resolveToolPrediction` chooses for its text that the
 * conversation before it had not loaded or called (`loaded`, to which they are added), as the package's `tool_search`
 * call with a `select:` of them and its result; none for another message or when nothing is predicted.
 */
function createPredictedLoad(message: ModelMessage, position: number, loaded: Set<string>, own: OwnToolNames, predict: AISDKPredictionOptions): ModelMessage[] {
  if (message.role !== 'user') return [];
  const text = readContentText(message.content);
  if (text === undefined || text.trim() === '') return [];
  const { names } = resolveToolPrediction({
    text,
    index: predict.index,
    isDeferred: predict.isDeferred,
    loaded,
    notDeferred: predict.notDeferred,
    settings: predict.settings,
  });
  const definitions = names.map(predict.definition).filter((definition): definition is ToolDefinition => definition !== undefined);
  if (definitions.length === 0) return [];
  const found: ToolSearchResult = {
    status: 'found',
    tools: definitions.map((tool) => toMatch(tool)),
  };
  const result = predict.native ? resolveNativeSearchResult(found, { tools: definitions }).result : found;
  for (const tool of definitions) loaded.add(tool.name);
  const toolCallId = `predicted_${position}`;
  const providerOptions = { [MARKER]: { predicted: true } };
  const input = { query: `select:${definitions.map((tool) => tool.name).join(',')}` };
  return [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName: own.searchName, input }], providerOptions },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId, toolName: own.searchName, output: predict.toModelOutput(result) as never }], providerOptions },
  ];
}

/**
 * A message this package wrote: any marked one when the prediction step runs (it writes every kind again), else an
 * addition's system message.
 */
function isOwnMessage(message: ModelMessage, predicting: boolean): boolean {
  const marker = isRecord(message.providerOptions) ? message.providerOptions[MARKER] : undefined;
  return isRecord(marker) && (predicting || (message.role === 'system' && marker.addition === true));
}

/** The tools an assistant message calls (through `call_tool`, the tool it names). */
function calledTools(message: ModelMessage, own: OwnToolNames): string[] {
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return [];
  const names: string[] = [];
  for (const part of message.content) {
    if (part.type !== 'tool-call') continue;
    const input = part.input;
    if (part.toolName === own.callToolName && isRecord(input) && typeof input.name === 'string') names.push(input.name);
    else if (part.toolName !== own.searchName) names.push(part.toolName);
  }
  return names;
}

/** A loaded tool as `@ai-sdk/openai`'s `additionalTools` takes it: an OpenAI function tool, as its `tools` would send it. */
function createOpenAIAddition(definition: ToolDefinition, strict: boolean | undefined) {
  return {
    type: 'function' as const,
    name: definition.name,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    parameters: definition.inputSchema as Record<string, unknown>,
    ...(strict === undefined ? {} : { strict }),
  };
}
