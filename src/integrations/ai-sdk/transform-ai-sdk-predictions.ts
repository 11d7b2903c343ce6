import type { ModelMessage } from 'ai';
import type { ToolPredictionSettings } from '../../config/tool-search-config.js';
import type { ToolSearchResult } from '../../client/tool-search-result.js';
import { resolveNativeSearchResult } from '../../client/resolve-native-search-result.js';
import { isRecord } from '../../records/is-record.js';
import { readContentText } from '../../request/neutral-request.js';
import { resolveToolPrediction } from '../../request/resolve-tool-prediction.js';
import type { ToolIndex } from '../../search/create-tool-index.js';
import type { OwnToolNames } from '../../tools/resolve-own-tool-names.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import type { AISDKToolResultOutput } from './ai-sdk-tool-types.js';
import { resolveAISDKLoadedTools } from './resolve-ai-sdk-loaded-tools.js';

/** What {@link transformAISDKPredictions} needs: the plan's deferred tools, the ranking and how results are written. */
export interface TransformAISDKPredictionsOptions {
  readonly settings: ToolPredictionSettings;
  /** The `tool_search` ranking over the catalog. */
  readonly index: ToolIndex;
  /** The catalog's definitions by name. */
  readonly definition: (name: string) => ToolDefinition | undefined;
  /** Whether the plan defers a tool (only a deferred tool is predicted). */
  readonly isDeferred: (name: string) => boolean;
  /** How many tools the plan sends in full. */
  readonly notDeferred: number;
  /** The names the package's own tools go by in this tool set. */
  readonly own: OwnToolNames;
  /** Whether loaded tools reach the model natively: the result names the tools, the addition after it defines them. */
  readonly native: boolean;
  /** The `tool_search` result as the tool's `toModelOutput` gives it to the model. */
  readonly toModelOutput: (result: ToolSearchResult) => AISDKToolResultOutput;
}

/**
 * Marks the messages this package writes (`providerOptions.toolSearch`), as for the tool additions: a provider ignores
 * options under another provider's key, and the marker lets a later step drop them and write them again.
 */
const MARKER = 'toolSearch';

/**
 * The messages of one step with the prediction step's loads written: after each user message, the deferred tools
 * `resolveToolPrediction` chooses for its text that the conversation before it had not loaded or called, as the
 * package's `tool_search` call with a `select:` of them and its result (the session API's predicted load). What is
 * predicted is read from the conversation alone, so every step and every later run of a session writes the same
 * messages at the same places (a prompt cache keeps the history), although the AI SDK returns messages without them.
 * Idempotent: predictions written earlier (AI SDK 7 carries a step's messages forward) are replaced by the same ones.
 *
 * Pure: the input messages are not changed.
 */
export function transformAISDKPredictions(messages: readonly ModelMessage[], options: TransformAISDKPredictionsOptions): ModelMessage[] {
  const { own } = options;
  const loaded = new Set<string>();
  const output: ModelMessage[] = [];
  let position = 0;
  for (const message of messages) {
    if (isOwnMessage(message)) continue;
    output.push(message);
    for (const name of resolveAISDKLoadedTools([message], own)) loaded.add(name);
    for (const name of calledTools(message, own)) loaded.add(name);
    position += 1;
    if (message.role !== 'user') continue;
    const text = readContentText(message.content);
    if (text === undefined || text.trim() === '') continue;
    const { names } = resolveToolPrediction({
      text,
      index: options.index,
      isDeferred: options.isDeferred,
      loaded,
      notDeferred: options.notDeferred,
      settings: options.settings,
    });
    const definitions = names.map(options.definition).filter((definition): definition is ToolDefinition => definition !== undefined);
    if (definitions.length === 0) continue;
    const found: ToolSearchResult = {
      status: 'found',
      tools: definitions.map((tool) => ({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        inputSchema: tool.inputSchema,
      })),
    };
    const result = options.native ? resolveNativeSearchResult(found, { tools: definitions }).result : found;
    // The user message's place among the conversation's own messages: the same on every step and run.
    const toolCallId = `predicted_${position - 1}`;
    const providerOptions = { [MARKER]: { predicted: true } };
    const input = { query: `select:${definitions.map((tool) => tool.name).join(',')}` };
    output.push(
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName: own.searchName, input }], providerOptions },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId, toolName: own.searchName, output: options.toModelOutput(result) as never }],
        providerOptions,
      },
    );
    for (const tool of definitions) loaded.add(tool.name);
  }
  return output;
}

/** A message this package wrote (a predicted load, a tool addition): dropped, and written again from the rest. */
function isOwnMessage(message: ModelMessage): boolean {
  return isRecord(message.providerOptions) && isRecord(message.providerOptions[MARKER]);
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
