import type { ModelMessage } from 'ai';
import type { OwnToolNames } from '../../tools/resolve-own-tool-names.js';
import { isRecord } from '../../records/is-record.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
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

/** What {@link transformAISDKMessages} needs. */
export interface TransformAISDKMessagesOptions {
  readonly writer: AISDKToolAdditionWriter;
  /** The names the package's own tools go by in this tool set. */
  readonly own: OwnToolNames;
  /** The catalog's definition of a deferred tool, by name (the full schema the addition carries). */
  readonly definition: (name: string) => ToolDefinition | undefined;
  /** Each tool's `strict` as the caller set it on the AI SDK tool (OpenAI's additions carry it, as `tools` would). */
  readonly strict?: (name: string) => boolean | undefined;
}

/**
 * Marks the system messages this package writes (`providerOptions.toolSearch.addition`): a provider ignores options
 * under another provider's key, and the marker lets a later step drop them and write them again from the history.
 */
const ADDITION_MARKER = 'toolSearch';

/**
 * The messages of one step with native tool additions written: after each `tool_search` result, the tools it loaded
 * that no earlier result of the conversation loaded, as the provider's tool addition (see
 * {@link AISDKToolAdditionWriter}). What is added is read from the conversation alone (the results the package's
 * search returned, in order), so every step and every run of a session writes the same additions at the same places
 * (a prompt cache keeps the history), whichever worker runs it and whatever the store holds. Idempotent: additions
 * written earlier (AI SDK 7 carries a step's messages forward) are replaced by the same ones.
 *
 * Pure: the input messages are not changed; messages without a `tool_search` result are returned as they are.
 */
export function transformAISDKMessages(messages: readonly ModelMessage[], options: TransformAISDKMessagesOptions): ModelMessage[] {
  const added = new Set<string>();
  const output: ModelMessage[] = [];
  /** Names to add by reference after the current run of tool messages (Anthropic: one system message after them). */
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    output.push({
      role: 'system',
      content: '',
      providerOptions: { anthropic: { toolChanges: pending.map((toolName) => ({ type: 'tool_addition', toolName })) }, [ADDITION_MARKER]: { addition: true } },
    });
    pending = [];
  };
  for (const message of messages) {
    if (isAddition(message)) continue;
    if (message.role !== 'tool') {
      flush();
      output.push(message);
      continue;
    }
    let changed = false;
    const content = message.content.map((part) => {
      if (part.type !== 'tool-result' || part.toolName !== options.own.searchName) return part;
      const names = resolveAISDKLoadedTools([{ role: 'tool', content: [part] }], options.own).filter((name) => !added.has(name));
      for (const name of names) added.add(name);
      if (options.writer === 'anthropic') {
        pending.push(...names);
        return part;
      }
      const tools = names.flatMap((name) => {
        const definition = options.definition(name);
        return definition === undefined ? [] : [createOpenAIAddition(definition, options.strict?.(name))];
      });
      const { additionalTools: earlier, ...openai } = isRecord(part.providerOptions?.openai) ? part.providerOptions.openai : {};
      if (tools.length === 0 && earlier === undefined) return part;
      changed = true;
      const providerOptions = { ...part.providerOptions, openai: tools.length === 0 ? openai : { ...openai, additionalTools: tools } };
      return { ...part, providerOptions } as typeof part;
    });
    output.push(changed ? ({ ...message, content } as ModelMessage) : message);
  }
  flush();
  return output;
}

/** A system message this package wrote (see {@link ADDITION_MARKER}). */
function isAddition(message: ModelMessage): boolean {
  if (message.role !== 'system' || !isRecord(message.providerOptions)) return false;
  const marker = message.providerOptions[ADDITION_MARKER];
  return isRecord(marker) && marker.addition === true;
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
