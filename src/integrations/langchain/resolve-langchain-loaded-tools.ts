import { AIMessage, ToolMessage, type BaseMessage } from 'langchain';
import { resolveRevealedTools, type HistoryToolOutput } from '../../client/tool-search-result.js';
import { DEFAULT_OWN_TOOL_NAMES, type OwnToolNames } from '../../tools/resolve-own-tool-names.js';
import { isRecord } from '../../records/is-record.js';

/**
 * Each message of a LangChain conversation, in order, with the name of the tool a `ToolMessage` answers: the name the
 * model called, read from the tool calls of the AI messages before it (so a `call_tool` call counts as `call_tool`
 * whatever tool it ran), or the message's own `name` when no AI message holds the call (`undefined` for any other
 * message). The one walk that pairs a LangChain conversation's results with their calls.
 */
export function* pairLangChainToolMessages(messages: readonly BaseMessage[]): Generator<readonly [BaseMessage, string | undefined]> {
  const called = new Map<string, string>();
  for (const message of messages) {
    if (AIMessage.isInstance(message)) for (const call of message.tool_calls ?? []) if (typeof call.id === 'string') called.set(call.id, call.name);
    yield [message, ToolMessage.isInstance(message) ? (called.get(message.tool_call_id) ?? message.name) : undefined];
  }
}

/** The answered tool calls of a LangChain conversation, in order, as `{ name, output }` (see {@link pairLangChainToolMessages}): each with its text. */
export function readLangChainToolOutputs(messages: readonly BaseMessage[]): HistoryToolOutput[] {
  const outputs: HistoryToolOutput[] = [];
  for (const [message, name] of pairLangChainToolMessages(messages)) if (name !== undefined) outputs.push({ name, output: readLangChainText(message.content) });
  return outputs;
}

/**
 * The tools whose schemas a LangChain conversation already holds, oldest first, without duplicates: what the package's
 * `tool_search` answers in it loaded, and the tools its answers to misfit calls carried. The LangChain counterpart of a
 * transformer's `loaded`: read from the conversation alone, so a thread resumed in another process (or after the
 * store lost it) gets the same answers, and a schema the conversation no longer holds (a trimmed history) is sent again.
 * Only the package's own answers count (`own` names its tools when a caller's tool has taken `tool_search`).
 */
export function resolveLangChainLoadedTools(messages: readonly BaseMessage[], own: OwnToolNames = DEFAULT_OWN_TOOL_NAMES): string[] {
  return resolveRevealedTools(readLangChainToolOutputs(messages), own);
}

/** A message content as text: a string as it is, the text parts of a list joined. */
export function readLangChainText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: unknown) => (isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}
