import type { ModelMessage } from 'ai';
import { resolveRevealedTools, type HistoryToolOutput } from '../../client/tool-search-result.js';
import { DEFAULT_OWN_TOOL_NAMES, type OwnToolNames } from '../../tools/resolve-own-tool-names.js';
import { isRecord } from '../../records/is-record.js';

/**
 * The tools whose schemas an AI SDK conversation already holds, oldest first, without duplicates: what the package's
 * `tool_search` results in it loaded (text or JSON outputs, a misfit's answer), the tools Anthropic loaded from
 * `tool_reference` parts, and the definitions an OpenAI `tool_search` output carried. The AI SDK's counterpart of a
 * transformer's `loaded`: a search given it depends on the conversation alone, not on what this process's store saw,
 * so another worker (or a store that lost the session) answers with the same bytes, and a history that no longer
 * holds a schema gets it again instead of being told it was loaded earlier.
 *
 * Reads the tool results of `messages` (the `messages` of a tool's `ToolExecutionOptions`); anything else, and any
 * output that is not one of these, is ignored: only the package's own answers count (`own` names its tools, when a
 * caller's tool has taken `tool_search` or `call_tool`).
 */
export function resolveAISDKLoadedTools(messages: readonly ModelMessage[] | undefined, own: OwnToolNames = DEFAULT_OWN_TOOL_NAMES): string[] {
  const outputs: HistoryToolOutput[] = [];
  const referenced: string[] = [];
  for (const message of messages ?? []) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const part of message.content as unknown[]) {
      if (!isRecord(part) || part.type !== 'tool-result' || !isRecord(part.output) || typeof part.toolName !== 'string') continue;
      const output = part.output;
      // Only the package's own answers count: a result counts for the tool it answers (`resolveRevealedTools`).
      const name = part.toolName;
      switch (output.type) {
        case 'text':
        case 'json':
          outputs.push({ name, output: output.value });
          // A JSON output of `tool_search` is OpenAI's `tool_search` output: the definitions it loaded.
          if (output.type === 'json' && name === own.searchName && isRecord(output.value) && Array.isArray(output.value.tools)) {
            for (const loaded of output.value.tools as unknown[]) if (isRecord(loaded) && typeof loaded.name === 'string') referenced.push(loaded.name);
          }
          break;
        case 'content':
          for (const item of Array.isArray(output.value) ? (output.value as unknown[]) : []) {
            if (!isRecord(item)) continue;
            if (item.type === 'text') outputs.push({ name, output: item.text });
            const anthropic = item.type === 'custom' && isRecord(item.providerOptions) ? item.providerOptions.anthropic : undefined;
            if (isRecord(anthropic) && anthropic.type === 'tool-reference' && typeof anthropic.toolName === 'string') referenced.push(anthropic.toolName);
          }
          break;
        default:
          break;
      }
    }
  }
  return [...new Set([...resolveRevealedTools(outputs, own), ...referenced])];
}
