import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isRecord } from '../../records/is-record.js';
import type { ToolSearchConfig, ToolSearchConfigInput } from '../../config/tool-search-config.js';
import type { RevealStore } from '../../reveal/reveal-store.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import type { ToolSearchPlan, ToolSearchPlanWarningCode, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { createToolSearch, type ToolSearch, type UnsupportedMechanismBehaviour } from '../../session/create-tool-search.js';
import { resolveSessionPlan } from '../../session/resolve-session-plan.js';
import { formatToolOutput } from '../../session/format-tool-output.js';
import type { RunTool } from '../../session/run-tool.js';
import type { AnthropicMessagesRequestLike, AnthropicTextBlock, AnthropicToolResultBlock } from './anthropic-messages-api.js';
import type { AnthropicMessagesWarningCode } from './anthropic-messages-warning.js';
import { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
import { parseAnthropicMessagesTools } from './parse-anthropic-messages-tools.js';
import { transformAnthropicMessagesRequest, type AnthropicToolSearchVariant } from './transform-anthropic-messages-request.js';

/** What {@link createAnthropicMessagesToolSearch} needs. */
export interface CreateAnthropicMessagesToolSearchOptions {
  /**
   * Every tool the agent may send, as Messages API tools (custom tools; server tools pass through): the catalog, also
   * the definitions the transformer restores for a tool the history references. A body without `tools` is sent with
   * these.
   */
  readonly tools: readonly unknown[];
  /** The model, for bodies without `model`. @default the body's `model` */
  readonly model?: string;
  /** The tool search configuration (`parseToolSearchConfig` forms). @default all defaults */
  readonly config?: ToolSearchConfigInput | ToolSearchConfig;
  /** Where reveals are kept per session. @default createMemoryRevealStore() */
  readonly store?: RevealStore;
  /** A configured mechanism that does not apply: throw (default) or send full schemas. @default 'throw' */
  readonly unsupported?: UnsupportedMechanismBehaviour;
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

/** One request prepared for a session. */
export interface AnthropicMessagesToolSearchRequest<Body> {
  /** The body to send (`anthropic.messages.create(request.body)`). */
  readonly body: Body;
  /** The plan it was made with. */
  readonly plan: ToolSearchPlan;
  /** The plan's and the transformer's warnings. */
  readonly warnings: readonly ToolSearchWarning<AnthropicMessagesWarningCode | ToolSearchPlanWarningCode>[];
  /** The tool names sent and back. */
  readonly names: ToolNameMapping;
  /**
   * Answers every `tool_use` of the response: the package's `tool_search` (a `tool_result` of `tool_reference` blocks
   * under Anthropic's hosted mechanism, so the API loads the tools; text on the client-side one), blind or misfit
   * calls of deferred tools and unknown tools (text that says what was wrong, with the full schema), and the caller's
   * own tools through `runTool` (`call_tool` unwrapped), in order. What `runTool` returns is the result's content: a
   * string or a list of content blocks as it is, anything else as JSON.
   */
  handle(message: { readonly content: readonly unknown[]; readonly stop_reason?: string | null }, runTool: RunTool): Promise<AnthropicMessagesTurn<AnthropicMessageOf<Body>>>;
}

/** The element type of a body's `messages` list (the SDK's `MessageParam` for an SDK body). */
export type AnthropicMessageOf<Body> = Body extends { readonly messages?: infer Messages } ? (Messages extends readonly (infer Message)[] ? Message : never) : never;

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
  const toolSearch = createToolSearch({
    tools: catalog,
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.store === undefined ? {} : { store: options.store }),
    ...(options.unsupported === undefined ? {} : { unsupported: options.unsupported }),
  });

  return {
    toolSearch,
    async prepare(given, { sessionId } = {} as { sessionId: string }) {
      if (!isRecord(given)) throw new ToolSearchError('invalid-request', `\`body\` must be a Messages API request body, got ${describeValue(given)}`);
      const body = (given.tools === undefined ? { ...given, tools: catalogTools } : given) as typeof given;
      const plan = resolveSessionPlan(toolSearch, {
        api: 'anthropic-messages',
        sessionId,
        bodyModel: given.model,
        optionModel: options.model,
        tools: body.tools === catalogTools ? undefined : parseAnthropicMessagesTools(body),
        label: 'createAnthropicMessagesToolSearch',
      });
      const revealed = plan.reveal === 'tool-list' ? await toolSearch.store.get(sessionId) : [];
      const transformed = transformAnthropicMessagesRequest(body, plan, {
        revealed,
        catalog,
        ...(options.searchTool === undefined ? {} : { searchTool: options.searchTool }),
      });
      const { names } = transformed;
      // The library's search with the API loading the schemas answers with `tool_reference` blocks.
      const references = plan.mechanism === 'claude-hosted' && plan.search === 'library';
      return {
        body: transformed.body,
        plan,
        warnings: [...plan.warnings, ...transformed.warnings],
        names,
        async handle(message, runTool) {
          const content = isRecord(message) ? message.content : undefined;
          if (!Array.isArray(content)) throw new ToolSearchError('invalid-request', `\`message.content\` must be the response's content blocks, got ${describeValue(content)}`);
          const results: AnthropicToolResultBlock[] = [];
          for (const block of content) {
            if (!isRecord(block) || block.type !== 'tool_use' || typeof block.id !== 'string' || typeof block.name !== 'string') continue;
            const handling = await toolSearch.handleToolCall({ name: block.name, arguments: block.input }, { sessionId, plan, names });
            if (handling.type === 'search' && references) results.push(createAnthropicToolSearchResult(block.id, handling.result));
            else if (handling.type === 'run') {
              const output = await runTool(handling.name, handling.arguments, { id: block.id, sessionId });
              results.push({ type: 'tool_result', tool_use_id: block.id, content: Array.isArray(output) ? (output as AnthropicTextBlock[]) : formatToolOutput(output) });
            } else results.push({ type: 'tool_result', tool_use_id: block.id, content: formatToolSearchResult(handling.result) });
          }
          const messages: unknown[] = [{ role: 'assistant', content }];
          if (results.length > 0) messages.push({ role: 'user', content: results });
          return { messages: messages as AnthropicMessageOf<typeof given>[], done: results.length === 0 && message.stop_reason !== 'pause_turn' };
        },
      };
    },
  };
}
