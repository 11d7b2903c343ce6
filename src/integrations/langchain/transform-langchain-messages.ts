import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from 'langchain';
import { resolveRevealedTools, type ToolSearchResult } from '../../client/tool-search-result.js';
import type { ToolCatalog } from '../../catalog/tool-catalog.js';
import type { ToolAdditionForm } from '../../models/resolve-model-support.js';
import type { OwnToolNames } from '../../tools/resolve-own-tool-names.js';
import { isRecord } from '../../records/is-record.js';
import { assertNever } from '../../errors/assert-never.js';
import { createOpenAIToolSearchOutput } from '../../providers/openai/create-openai-tool-search-output.js';
import { createOpenAIToolSearchNote } from '../../providers/openai/create-openai-tool-search-note.js';
import { createOpenAIResponsesAdditionalTools } from '../../providers/openai/create-openai-responses-additional-tools.js';
import { createOpenAIResponsesTools } from '../../providers/openai/create-openai-responses-tools.js';
import { createAnthropicToolSearchResult } from '../../providers/anthropic/create-anthropic-tool-search-result.js';
import { createAnthropicToolAdditionMessage } from '../../providers/anthropic/create-anthropic-tool-addition-message.js';
import { createAnthropicMessagesTools } from '../../providers/anthropic/create-anthropic-messages-tools.js';
import { pairLangChainToolMessages, readLangChainText } from './resolve-langchain-loaded-tools.js';

/**
 * How the package's answers in a LangChain conversation are written for the model's provider, where a `ToolMessage`
 * cannot say it (the chat model classes send a tool message as a plain tool result):
 *
 * - `openai-hosted`: OpenAI's hosted search with the library's ranking. A `tool_search` answer is the
 *   `tool_search_output` item that answers the model's `tool_search_call` (the API loads the tools it carries), with
 *   the developer note of what the output cannot say (`createOpenAIToolSearchNote`) when there is any.
 * - `claude-hosted`: Anthropic's hosted search with the library's ranking. A `tool_search` answer is a `tool_result`
 *   of `tool_reference` blocks (the API loads the schemas where the result sits).
 * - `native`: native delivery (`reveal: 'native'`). After each run of tool messages, the tools its answers loaded that
 *   no earlier answer loaded are added: an `additional_tools` item (`openai`), or a system message of `tool_addition`
 *   blocks (`anthropic`, by value or by reference).
 *
 * The raw items reach the API the way each class replays what its API sent: `ChatOpenAI` (Responses API) writes an AI
 * message's `response_metadata.output` items as they are, and `ChatAnthropic` writes a human message's `tool_result`
 * blocks and a system message's blocks as they are.
 */
export type LangChainAnswerForm =
  | { readonly type: 'openai-hosted' | 'claude-hosted' }
  | { readonly type: 'native'; readonly writer: 'openai' | 'anthropic'; readonly additions: ToolAdditionForm };

/** What {@link transformLangChainMessages} needs. */
export interface TransformLangChainMessagesOptions {
  readonly form: LangChainAnswerForm;
  /** The names the package's own tools go by. */
  readonly own: OwnToolNames;
  /** The agent's catalog: the definitions a native addition carries. */
  readonly catalog: ToolCatalog;
  /** The tools the plan defers: only those are ever added natively (the others are in the tool list). */
  readonly deferred: ReadonlySet<string>;
}

/**
 * The messages of one model call with the package's answers written as the provider takes them (see
 * {@link LangChainAnswerForm}). What is written is read from the conversation alone (the answers in order), so every
 * call of a thread writes the same messages at the same places (a prompt cache keeps the history), whichever process
 * runs it. Pure: the input messages are not changed, and a conversation without such answers comes back as it is.
 */
export function transformLangChainMessages(messages: readonly BaseMessage[], options: TransformLangChainMessagesOptions): BaseMessage[] {
  const { form, own } = options;
  const added = new Set<string>();
  const output: BaseMessage[] = [];
  /** Native delivery: the tools the current run of tool messages loaded, added after it. */
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0 || form.type !== 'native') return;
    output.push(createAddition(pending, form, options.catalog));
    pending = [];
  };
  for (const [message, called] of pairLangChainToolMessages(messages)) {
    if (!ToolMessage.isInstance(message)) {
      flush();
      output.push(message);
      continue;
    }
    const name = called ?? '';
    const text = readLangChainText(message.content);
    switch (form.type) {
      case 'native': {
        const loaded = resolveRevealedTools([{ name, output: text }], own).filter((tool) => options.deferred.has(tool) && !added.has(tool));
        for (const tool of loaded) added.add(tool);
        pending.push(...loaded);
        output.push(message);
        break;
      }
      case 'openai-hosted': {
        if (name !== own.searchName) {
          output.push(message);
          break;
        }
        const result = parseToolSearchResult(text);
        const items: unknown[] =
          result === undefined
            ? [
                { type: 'tool_search_output', call_id: message.tool_call_id, execution: 'client', status: 'completed', tools: [] },
                { type: 'message', role: 'developer', content: `tool_search result: ${text}` },
              ]
            : [createOpenAIToolSearchOutput({ call_id: message.tool_call_id }, result), createOpenAIToolSearchNote(result)].filter((item) => item !== null);
        output.push(new AIMessage({ content: '', response_metadata: { output: items } }));
        break;
      }
      case 'claude-hosted': {
        const result = name === own.searchName ? parseToolSearchResult(text) : undefined;
        output.push(
          result === undefined
            ? message
            : new HumanMessage({ content: [createAnthropicToolSearchResult(message.tool_call_id, result)] as unknown as HumanMessage['content'] }),
        );
        break;
      }
      default:
        assertNever(form, 'answer form');
    }
  }
  flush();
  return output;
}

/** The message that adds `names` natively after a run of tool messages. */
function createAddition(names: readonly string[], form: Extract<LangChainAnswerForm, { type: 'native' }>, catalog: ToolCatalog): BaseMessage {
  const definitions = names.flatMap((name) => catalog.byName.get(name) ?? []);
  if (form.writer === 'openai') {
    const item = createOpenAIResponsesAdditionalTools(names, { tools: createOpenAIResponsesTools(definitions) });
    return new AIMessage({ content: '', response_metadata: { output: [item] } });
  }
  const { content } = createAnthropicToolAdditionMessage(createAnthropicMessagesTools(definitions), form.additions);
  return new SystemMessage({ content: content as unknown as SystemMessage['content'] });
}

/** The package's `tool_search` answer a tool message holds, or `undefined` for any other text. */
function parseToolSearchResult(text: string): ToolSearchResult | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && typeof value.status === 'string' && Array.isArray(value.tools) ? (value as unknown as ToolSearchResult) : undefined;
  } catch {
    return undefined;
  }
}
