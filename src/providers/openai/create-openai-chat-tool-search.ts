import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isRecord } from '../../records/is-record.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { createToolSearch, type ToolSearch } from '../../session/create-tool-search.js';
import { prepareSessionRequest } from '../../session/prepare-session-request.js';
import { formatToolContent } from '../../session/format-tool-output.js';
import type { ListItemOf, SessionRequest } from '../../session/session-request.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import { parseOpenAIChatTools } from './parse-openai-chat-tools.js';
import { transformOpenAIChatRequest, type OpenAIChatWarningCode } from './transform-openai-chat-request.js';
import type { OpenAIChatTextPart } from './openai-chat-api.js';

/** What {@link createOpenAIChatToolSearch} needs. */
export type CreateOpenAIChatToolSearchOptions = SessionToolSearchOptions;

/** The messages a completion adds to the history, and whether the model is done. */
export interface OpenAIChatTurn<Message> {
  /** Append these to `messages`: the assistant message as returned, then one `tool` message per call. */
  readonly messages: Message[];
  /** `true` when the assistant message made no tool call: the model has finished its turn. */
  readonly done: boolean;
}

/**
 * One Chat Completions request prepared for a session. `handle` takes the completion and answers the tool calls of
 * its first choice with `tool` messages; what `runTool` returns is the content: a string or a list of text parts as it
 * is, anything else as JSON.
 */
export type OpenAIChatToolSearchRequest<Body> = SessionRequest<
  Body,
  OpenAIChatWarningCode,
  { readonly choices: readonly { readonly message: object }[] },
  OpenAIChatTurn<ListItemOf<Body, 'messages'>>
>;

/** Tool search for one agent on the Chat Completions API. */
export interface OpenAIChatToolSearch {
  /** The provider-neutral core (plans, `tool_search`, the call check, the store). */
  readonly toolSearch: ToolSearch;
  /** Prepares one request of a session: the plan (cached), the transformed body, and `handle` for the completion. */
  prepare<Body extends object>(body: Body, options: { readonly sessionId: string }): Promise<OpenAIChatToolSearchRequest<Body>>;
}

/**
 * Tool search on OpenAI Chat Completions (and compatible servers) for one agent: every model gets the client-side
 * `tool_search`; `prepare` transforms the body, and `handle` answers every tool call, running the caller's own tools
 * through `runTool`.
 *
 * Throws a `ToolSearchError` for bad options; `prepare` throws for a missing `sessionId`, a configured hosted
 * mechanism (`openai`, `claude`: Chat Completions has none, unless `unsupported: 'full-schemas'`) and what the
 * transformer throws.
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
export function createOpenAIChatToolSearch(options: CreateOpenAIChatToolSearchOptions): OpenAIChatToolSearch {
  if (!isRecord(options) || !Array.isArray(options.tools)) {
    throw new ToolSearchError('invalid-options', `createOpenAIChatToolSearch: \`tools\` must be the agent's Chat Completions tools, got ${describeValue(isRecord(options) ? options.tools : options)}`);
  }
  const catalogTools = options.tools;
  const toolSearch = createToolSearch({ tools: parseOpenAIChatTools({ tools: catalogTools }), config: options.config, store: options.store, unsupported: options.unsupported });

  return {
    toolSearch,
    async prepare(given, { sessionId } = {} as { sessionId: string }) {
      if (!isRecord(given)) throw new ToolSearchError('invalid-request', `\`body\` must be a Chat Completions request body, got ${describeValue(given)}`);
      const body = (given.tools === undefined ? { ...given, tools: catalogTools } : given) as typeof given;
      const { loaded, ...prepared } = await prepareSessionRequest(
        toolSearch,
        {
          api: 'openai-chat',
          sessionId,
          bodyModel: given.model,
          optionModel: options.model,
          tools: (body as { tools?: unknown }).tools === catalogTools ? undefined : parseOpenAIChatTools(body),
          label: 'createOpenAIChatToolSearch',
        },
        (plan, revealed) => transformOpenAIChatRequest(body, plan, { revealed }),
      );
      const { plan, names } = prepared;
      return {
        ...prepared,
        async handle(completion, runTool) {
          const message = isRecord(completion) && Array.isArray(completion.choices) && isRecord(completion.choices[0]) ? completion.choices[0].message : undefined;
          if (!isRecord(message)) throw new ToolSearchError('invalid-request', `\`completion.choices[0].message\` must be the assistant message, got ${describeValue(message)}`);
          const replies: unknown[] = [];
          for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
            if (!isRecord(call) || typeof call.id !== 'string') continue;
            let content: unknown;
            if (call.type === 'function' && isRecord(call.function) && typeof call.function.name === 'string') {
              const handling = await toolSearch.handleToolCall({ name: call.function.name, arguments: call.function.arguments }, { sessionId, plan, names, loaded });
              content =
                handling.type === 'run'
                  ? formatToolContent<OpenAIChatTextPart>(await runTool(handling.name, handling.arguments, { id: call.id, sessionId }))
                  : formatToolSearchResult(handling.result);
            } else if (call.type === 'custom' && isRecord(call.custom) && typeof call.custom.name === 'string') {
              content = formatToolContent<OpenAIChatTextPart>(await runTool(names.fromWire(call.custom.name), call.custom.input, { id: call.id, sessionId }));
            } else continue;
            replies.push({ role: 'tool', tool_call_id: call.id, content });
          }
          return { messages: [message, ...replies] as ListItemOf<typeof given, 'messages'>[], done: replies.length === 0 };
        },
      };
    },
  };
}
