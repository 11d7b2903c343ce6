import { isRecord } from '../../records/is-record.js';
import { createSessionToolSearch } from '../../session/create-session-tool-search.js';
import { resolveJSONSchemaField } from '../../session/resolve-json-schema-field.js';
import { formatSessionAnswer } from '../../session/format-session-answer.js';
import { readSessionResponseValue } from '../../session/read-session-response-value.js';
import type { SessionCallAnswer } from '../../session/session-adapter.js';
import type { SessionToolSearchFor } from '../../session/session-request.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import type { AnthropicMessagesRequestLike, AnthropicTextBlock, AnthropicToolResultBlock } from './anthropic-messages-api.js';
import type { AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
import { createAnthropicToolAdditionMessageFor } from './create-anthropic-tool-addition-message.js';
import { ANTHROPIC_MESSAGES_CODEC, SEARCH_TOOL_OPTION } from './anthropic-messages-codec.js';
import type { AnthropicToolSearchVariant } from './anthropic-messages-api.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { createAnthropicMessagesStreamAccumulator } from './create-anthropic-messages-stream-accumulator.js';
import { resolveAnthropicResponseContent } from './resolve-anthropic-response-content.js';

/**
 * A tool {@link createAnthropicMessagesToolSearch} takes: a Messages API tool, as the `@anthropic-ai/sdk`'s
 * `ToolUnion` (a custom tool, `{ name, description, input_schema }`, or a typed server tool such as web search,
 * passed through). A schema of zod 3 or 4 (or any Standard JSON Schema library) in `input_schema` is converted to
 * JSON Schema, as `createToolDefinition` does.
 */
export type AnthropicMessagesSessionTool =
  | { readonly name: string; readonly input_schema: object; readonly type?: 'custom' | null | undefined }
  | { readonly type: string };

/** What {@link createAnthropicMessagesToolSearch} needs. */
export interface CreateAnthropicMessagesToolSearchOptions<Tool extends AnthropicMessagesSessionTool = AnthropicMessagesSessionTool>
  extends SessionToolSearchOptions<Tool> {
  /** Anthropic's own search (`search: 'provider'`): the BM25 or the regex variant. @default 'bm25' */
  readonly searchTool?: AnthropicToolSearchVariant;
}

/**
 * Tool search for one agent on the Anthropic Messages API: `prepare` takes a body, `handle` the response message (or
 * its stream). A turn's `messages` are the assistant message (its content as returned, server blocks byte for byte),
 * then, when it called tools, one user message with a `tool_result` per call (the package's `tool_search` answered
 * with `tool_reference` blocks under Anthropic's hosted mechanism, as text on the client-side one; what `runTool`
 * returns as the content: a string or a list of content blocks as it is, anything else as JSON), then, with native
 * delivery (`plan.reveal === 'native'`) when the answers loaded tools the history has not added, one
 * `{ role: 'system', content: [tool_addition…] }` message adding them (by value on the Claude API, by reference on
 * Amazon Bedrock and Google Cloud; see `createAnthropicToolAdditionMessage`). Send that history with
 * `client.beta.messages.create`: the body `prepare` returns carries the beta in `betas`. `done` is `true` when the
 * model finished its turn (no `tool_use` to answer, and not paused mid-turn).
 */
export type AnthropicMessagesToolSearch = SessionToolSearchFor<
  AnthropicMessagesWarningCode,
  { readonly content: readonly unknown[]; readonly stop_reason?: string | null } | AsyncIterable<{ readonly type: string }>,
  'messages',
  AnthropicMessagesRequestLike
>;

/**
 * Tool search on the Anthropic Messages API for one agent: `prepare` resolves the plan for the body's model
 * (Anthropic's hosted tool search on Claude 4.5 and newer, with the package's search by default; the client-side
 * `tool_search` elsewhere) and transforms the body; `handle` answers every `tool_use`, running the caller's own tools
 * through `runTool`.
 *
 * Throws a `ToolSearchError` for bad options (`invalid-tools` for tools in another API's shape, naming the right entry
 * point); `prepare` throws for a missing `sessionId`, a body without a model (unless `mechanism: 'client'`), a
 * configured mechanism that does not apply (unless `unsupported: 'full-schemas'`), a `tool_result` without its
 * `tool_use` in the message before (`invalid-request`: the API rejects the body) and what the transformer throws.
 * `prepare` on a body it returned gives the same bytes. `request.step(message)` gives the calls for a dispatch of
 * your own (parallel, approved, traced); `handle` runs them one after another. Both also take the message's stream
 * (`anthropic.messages.stream(body)`, `create({ ...body, stream: true })`, the beta client's), read to its end with
 * each piece of text handed to `onText`: the turn is the one the whole message gives.
 *
 * Native delivery (`reveal: 'native'`, what `auto` picks on the Claude API for Opus 4.8, Opus 5 and later, Sonnet and
 * Haiku 5.5, Fable and Mythos; see `resolveToolSearch`): the request carries `tool_search` and the loaded tools only,
 * each turn that loads tools ends with a system message adding them, and the model calls them by their own names.
 * The body then carries the tool-changes beta in `betas`, the parameter of the SDK's beta client: send it with
 * `client.beta.messages.create(request.body)`, which sends `betas` as the `anthropic-beta` header (a client of your
 * own sends that header and drops `betas` from the JSON). On Amazon Bedrock the beta goes in `anthropic_beta`.
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
export function createAnthropicMessagesToolSearch<Tool extends AnthropicMessagesSessionTool>(
  options: CreateAnthropicMessagesToolSearchOptions<Tool>,
): AnthropicMessagesToolSearch {
  const searchTool = isRecord(options) ? options.searchTool : undefined;
  if (searchTool !== undefined && !SEARCH_TOOL_OPTION.isValid(searchTool)) {
    throw new ToolSearchError(
      'invalid-options',
      `createAnthropicMessagesToolSearch: \`searchTool\` ${SEARCH_TOOL_OPTION.rule}, got ${describeValue(searchTool)}`,
    );
  }
  return createSessionToolSearch<AnthropicMessagesWarningCode>(options, {
    api: 'anthropic-messages',
    label: 'createAnthropicMessagesToolSearch',
    providerTools: true,
    withJSONSchemas: (tool) => resolveJSONSchemaField(tool, 'input_schema', 'input_schema'),
    codec: ANTHROPIC_MESSAGES_CODEC as never,
    codecOptions: { searchTool },
    // The body is the whole conversation, and the API answers a 400 whatever serves it.
    unpaired: 'throw',
    createStreamAccumulator: createAnthropicMessagesStreamAccumulator,
    readResponse(message, { plan }) {
      const content = resolveAnthropicResponseContent(
        readSessionResponseValue(message, 'message', ['content'], "the response's content blocks", Array.isArray),
      );
      // The library's search with the API loading the schemas answers with `tool_reference` blocks.
      const references = plan.mechanism === 'claude-hosted' && plan.search === 'library';
      return {
        calls: content.flatMap((block) => {
          if (!isRecord(block) || block.type !== 'tool_use' || typeof block.id !== 'string' || typeof block.name !== 'string') return [];
          const id = block.id;
          const write = (answer: SessionCallAnswer): AnthropicToolResultBlock =>
            answer.type === 'search' && references
              ? createAnthropicToolSearchResult(id, answer.result)
              : { type: 'tool_result', tool_use_id: id, content: formatSessionAnswer<AnthropicTextBlock>(answer) };
          return [{ id, name: block.name, arguments: block.input, write }];
        }),
        finish: (results, additions, predicted) => {
          const messages: unknown[] = [...predicted, { role: 'assistant', content }];
          // The additions go after the user message holding every `tool_result`: never between a `tool_use` and its result.
          if (results.length > 0) messages.push({ role: 'user', content: results }, ...additions);
          return { messages, done: results.length === 0 && (message as { stop_reason?: unknown }).stop_reason !== 'pause_turn' };
        },
      };
    },
    // The transformed body's history speaks wire names, which the reader reads as they are.
    writeAddition: (definitions, { plan, names, catalogTools }) => [
      createAnthropicToolAdditionMessageFor(definitions, catalogTools, names.toWire, plan.additions ?? 'value'),
    ],
  }) as AnthropicMessagesToolSearch;
}
