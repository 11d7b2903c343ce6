import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isRecord } from '../../records/is-record.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { createToolSearch, type ToolSearch } from '../../session/create-tool-search.js';
import { prepareSessionRequest } from '../../session/prepare-session-request.js';
import { formatToolContent } from '../../session/format-tool-output.js';
import type { ListItemOf, SessionRequest } from '../../session/session-request.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import type { AnthropicMessagesRequestLike, AnthropicTextBlock, AnthropicToolResultBlock } from './anthropic-messages-api.js';
import type { AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
import { parseAnthropicMessagesTools } from './parse-anthropic-messages-tools.js';
import { transformAnthropicMessagesRequest, type AnthropicToolSearchVariant } from './transform-anthropic-messages-request.js';

/** What {@link createAnthropicMessagesToolSearch} needs. */
export interface CreateAnthropicMessagesToolSearchOptions extends SessionToolSearchOptions {
  /** Anthropic's own search (`search: 'provider'`): the BM25 or the regex variant. @default 'bm25' */
  readonly searchTool?: AnthropicToolSearchVariant;
}

/** The messages a response adds to the history, and whether the model is done. */
export interface AnthropicMessagesTurn<Message> {
  /**
   * Append these to `messages`: the assistant message (its content as returned, server blocks byte for byte), then,
   * when it called tools, one user message with a `tool_result` per call.
   */
  readonly messages: Message[];
  /** `true` when the model finished its turn (no `tool_use` to answer, and not paused mid-turn). */
  readonly done: boolean;
}

/**
 * One Messages API request prepared for a session. `handle` takes the response message and answers every `tool_use`:
 * the package's `tool_search` with `tool_reference` blocks under Anthropic's hosted mechanism (the API loads the
 * tools) and text on the client-side one; what `runTool` returns is the result's content: a string or a list of
 * content blocks as it is, anything else as JSON.
 */
export type AnthropicMessagesToolSearchRequest<Body> = SessionRequest<
  Body,
  AnthropicMessagesWarningCode,
  { readonly content: readonly unknown[]; readonly stop_reason?: string | null },
  AnthropicMessagesTurn<ListItemOf<Body, 'messages'>>
>;

/** Tool search for one agent on the Anthropic Messages API. */
export interface AnthropicMessagesToolSearch {
  /** The provider-neutral core (plans, `tool_search`, the call check, the store). */
  readonly toolSearch: ToolSearch;
  /** Prepares one request of a session: the plan (cached), the transformed body, and `handle` for the response. */
  prepare<Body extends AnthropicMessagesRequestLike>(body: Body, options: { readonly sessionId: string }): Promise<AnthropicMessagesToolSearchRequest<Body>>;
}

/**
 * Tool search on the Anthropic Messages API for one agent: `prepare` resolves the plan for the body's model
 * (Anthropic's hosted tool search on Claude 4.5 and newer, with the package's search by default; the client-side
 * `tool_search` elsewhere) and transforms the body; `handle` answers every `tool_use`, running the caller's own tools
 * through `runTool`.
 *
 * Throws a `ToolSearchError` for bad options; `prepare` throws for a missing `sessionId`, a body without a model
 * (unless `mechanism: 'client'`), a configured mechanism that does not apply (unless `unsupported: 'full-schemas'`)
 * and what the transformer throws.
 *
 * @example
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { createAnthropicMessagesToolSearch } from 'tool-search/anthropic';
 *
 * const toolSearch = createAnthropicMessagesToolSearch({ tools: myTools });
 * const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'What is the weather in Paris?' }];
 * for (let done = false; !done; ) {
 *   const request = await toolSearch.prepare({ model: 'claude-sonnet-4-5', max_tokens: 4096, messages }, { sessionId });
 *   const turn = await request.handle(await anthropic.messages.create(request.body), runTool);
 *   messages.push(...turn.messages);
 *   done = turn.done;
 * }
 * ```
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
 */
export function createAnthropicMessagesToolSearch(options: CreateAnthropicMessagesToolSearchOptions): AnthropicMessagesToolSearch {
  if (!isRecord(options) || !Array.isArray(options.tools)) {
    throw new ToolSearchError('invalid-options', `createAnthropicMessagesToolSearch: \`tools\` must be the agent's Messages API tools, got ${describeValue(isRecord(options) ? options.tools : options)}`);
  }
  const catalogTools = options.tools;
  const catalog = parseAnthropicMessagesTools({ tools: catalogTools });
  const toolSearch = createToolSearch({ tools: catalog, config: options.config, store: options.store, unsupported: options.unsupported });

  return {
    toolSearch,
    async prepare(given, { sessionId } = {} as { sessionId: string }) {
      if (!isRecord(given)) throw new ToolSearchError('invalid-request', `\`body\` must be a Messages API request body, got ${describeValue(given)}`);
      const body = (given.tools === undefined ? { ...given, tools: catalogTools } : given) as typeof given;
      const { loaded, ...prepared } = await prepareSessionRequest(
        toolSearch,
        {
          api: 'anthropic-messages',
          sessionId,
          bodyModel: given.model,
          optionModel: options.model,
          tools: body.tools === catalogTools ? undefined : parseAnthropicMessagesTools(body),
          label: 'createAnthropicMessagesToolSearch',
        },
        (plan, revealed) =>
          transformAnthropicMessagesRequest(body, plan, {
            revealed,
            catalog,
            ...(options.searchTool === undefined ? {} : { searchTool: options.searchTool }),
          }),
      );
      const { plan, names } = prepared;
      // The library's search with the API loading the schemas answers with `tool_reference` blocks.
      const references = plan.mechanism === 'claude-hosted' && plan.search === 'library';
      return {
        ...prepared,
        async handle(message, runTool) {
          const content = isRecord(message) ? message.content : undefined;
          if (!Array.isArray(content)) throw new ToolSearchError('invalid-request', `\`message.content\` must be the response's content blocks, got ${describeValue(content)}`);
          const results: AnthropicToolResultBlock[] = [];
          for (const block of content) {
            if (!isRecord(block) || block.type !== 'tool_use' || typeof block.id !== 'string' || typeof block.name !== 'string') continue;
            const handling = await toolSearch.handleToolCall({ name: block.name, arguments: block.input }, { sessionId, plan, names, loaded });
            if (handling.type === 'search' && references) results.push(createAnthropicToolSearchResult(block.id, handling.result));
            else if (handling.type === 'run') {
              const output = await runTool(handling.name, handling.arguments, { id: block.id, sessionId });
              results.push({ type: 'tool_result', tool_use_id: block.id, content: formatToolContent<AnthropicTextBlock>(output) });
            } else results.push({ type: 'tool_result', tool_use_id: block.id, content: formatToolSearchResult(handling.result) });
          }
          const messages: unknown[] = [{ role: 'assistant', content }];
          if (results.length > 0) messages.push({ role: 'user', content: results });
          return { messages: messages as ListItemOf<typeof given, 'messages'>[], done: results.length === 0 && message.stop_reason !== 'pause_turn' };
        },
      };
    },
  };
}
