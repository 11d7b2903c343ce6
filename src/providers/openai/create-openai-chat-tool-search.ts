import { isRecord } from '../../records/is-record.js';
import { createSessionToolSearch } from '../../session/create-session-tool-search.js';
import { resolveJSONSchemaField } from '../../session/resolve-json-schema-field.js';
import { readSessionResponseValue } from '../../session/read-session-response-value.js';
import { formatSessionAnswer } from '../../session/format-session-answer.js';
import type { SessionToolSearchFor } from '../../session/session-request.js';
import type { SessionCallAnswer, SessionResponseCall } from '../../session/session-adapter.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import { OPENAI_CHAT_CODEC, type OpenAIChatWarningCode } from './openai-chat-codec.js';
import type { OpenAIChatTextPart } from './openai-chat-api.js';
import { createOpenAIChatStreamAccumulator } from './create-openai-chat-stream-accumulator.js';
import { resolveOpenAIChatAssistantMessage } from './resolve-openai-chat-assistant-message.js';

/**
 * A tool {@link createOpenAIChatToolSearch} takes: a Chat Completions tool, as the `openai` SDK's `ChatCompletionTool`
 * (a function tool, `{ type: 'function', function: { name, description, parameters } }`, or a custom tool). A schema
 * of zod 3 or 4 (or any Standard JSON Schema library) in `parameters` is converted to JSON Schema, as
 * `createToolDefinition` does.
 */
export type OpenAIChatSessionTool =
  | { readonly type: 'function'; readonly function: { readonly name: string } }
  | { readonly type: 'custom'; readonly custom: { readonly name: string } };

/** What {@link createOpenAIChatToolSearch} needs. */
export type CreateOpenAIChatToolSearchOptions<Tool extends OpenAIChatSessionTool = OpenAIChatSessionTool> = SessionToolSearchOptions<Tool>;

/** Tool search for one agent on the Chat Completions API: `prepare` takes a body, `handle` the completion (or its stream). */
export type OpenAIChatToolSearch = SessionToolSearchFor<
  OpenAIChatWarningCode,
  { readonly choices: readonly { readonly message: object }[] } | AsyncIterable<{ readonly choices: readonly object[] }>,
  'messages'
>;

/**
 * Tool search on OpenAI Chat Completions (and compatible servers) for one agent: every model gets the client-side
 * `tool_search`; `prepare` transforms the body, and `handle` answers every tool call, running the caller's own tools
 * through `runTool`. Its turn's `messages` are the assistant message as returned, then one `tool` message per call,
 * whose content is what `runTool` returned: a string or a list of text parts as it is, anything else as JSON; `done`
 * is `true` when the assistant message made no tool call.
 *
 * Throws a `ToolSearchError` for bad options (`invalid-tools` for tools in another API's shape, naming the right entry
 * point); `prepare` throws for a missing `sessionId`, a configured hosted mechanism (`openai`, `claude`: Chat
 * Completions has none, unless `unsupported: 'full-schemas'`) and what the transformer throws, and warns
 * (`unpaired-tool-result`) about a `tool` message that answers no call of the assistant message before it. `prepare`
 * on a body it returned gives the same bytes. `request.step(completion)` gives the calls for a dispatch of your own
 * (parallel, approved, traced); `handle` runs them one after another. Both also take the completion's stream
 * (`openai.chat.completions.stream(body)`, `create({ ...body, stream: true })`), read to its end with each piece of text
 * handed to `onText`: the turn is the one the whole completion gives.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
 * import { createOpenAIChatToolSearch } from 'tool-search/openai';
 *
 * const toolSearch = createOpenAIChatToolSearch({ tools: myTools });
 * const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Make my drink large.' }];
 * for (let done = false; !done; ) {
 *   const request = await toolSearch.prepare({ model: 'gpt-4.1', messages }, { sessionId });
 *   const turn = await request.handle(await openai.chat.completions.create(request.body), runTool);
 *   messages.push(...turn.messages);
 *   done = turn.done;
 * }
 * ```
 */
export function createOpenAIChatToolSearch<Tool extends OpenAIChatSessionTool>(options: CreateOpenAIChatToolSearchOptions<Tool>): OpenAIChatToolSearch {
  return createSessionToolSearch<OpenAIChatWarningCode>(options, {
    api: 'openai-chat',
    label: 'createOpenAIChatToolSearch',
    providerTools: true,
    withJSONSchemas: (tool) => resolveJSONSchemaField(tool, 'parameters', 'parameters', ['function']),
    codec: OPENAI_CHAT_CODEC as never,
    // OpenAI rejects such a body; compatible servers (vLLM, Ollama, gateways) differ.
    unpaired: 'warn',
    createStreamAccumulator: createOpenAIChatStreamAccumulator,
    readResponse(completion) {
      const path = ['choices', 0, 'message'];
      const message = resolveOpenAIChatAssistantMessage(readSessionResponseValue(completion, 'completion', path, 'the assistant message', isRecord));
      const calls: SessionResponseCall<unknown>[] = [];
      for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
        if (!isRecord(call) || typeof call.id !== 'string') continue;
        const id = call.id;
        const write = (answer: SessionCallAnswer) => ({ role: 'tool', tool_call_id: id, content: formatSessionAnswer<OpenAIChatTextPart>(answer) });
        // Some OpenAI-compatible servers leave out `type` on function calls; a call left unanswered would fail the next request.
        if ((call.type === 'function' || call.type === undefined) && isRecord(call.function) && typeof call.function.name === 'string') {
          calls.push({ id, name: call.function.name, arguments: call.function.arguments, write });
        } else if (call.type === 'custom' && isRecord(call.custom) && typeof call.custom.name === 'string') {
          calls.push({ id, name: call.custom.name, arguments: call.custom.input, free: true, write });
        }
      }
      return { calls, finish: (replies, _additions, predicted) => ({ messages: [...predicted, message, ...replies], done: replies.length === 0 }) };
    },
  }) as OpenAIChatToolSearch;
}
