import { AIMessage, SystemMessage, ToolMessage, createMiddleware, type AgentMiddleware, type BaseMessage } from 'langchain';
import type { ClientTool, ServerTool } from '@langchain/core/tools';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { resolveOwnToolsSent, type OwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import { isRecord } from '../../records/is-record.js';
import { MODEL_PLATFORMS, type ModelPlatform } from '../../models/model-reference.js';
import { resolveFrameworkTools, type FrameworkTool } from '../../session/resolve-framework-tools.js';
import { isDeferredLeftOut } from '../../plan/is-deferred-left-out.js';
import { isNativeDelivery } from '../../plan/is-native-delivery.js';
import { resolveGuidanceContent } from '../../client/resolve-guidance-text.js';
import { resolveToolSearchGuidance } from '../../client/tool-search-guidance.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { TOOL_SEARCH_TOOL_DEFINITION, createToolSearchInputSchema } from '../../tools/tool-search-tool-definition.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import type { ToolCatalog } from '../../catalog/tool-catalog.js';
import { createToolSearch, type ToolSearch } from '../../session/create-tool-search.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import { ANTHROPIC_INLINE_TOOLS_BETA, ANTHROPIC_TOOL_CHANGES_BETA, ANTHROPIC_TOOL_SEARCH_TOOLS } from '../../providers/anthropic/anthropic-messages-api.js';
import { resolveLangChainModel, type LangChainModelReference } from './resolve-langchain-model.js';
import { resolveLangChainLoadedTools } from './resolve-langchain-loaded-tools.js';
import { transformLangChainMessages, type LangChainAnswerForm } from './transform-langchain-messages.js';

/**
 * What {@link createLangChainToolSearch} needs: `config`, `store`, `unsupported` and `rank` as the session factories take
 * them (reveals are kept per thread), and `platform` for the platform that serves the agent's models when the chat model
 * class does not say it: `gateway` for a class pointed at a proxy or router (a custom `baseURL` in front of OpenAI or
 * Anthropic), which turns `auto`'s hosted search and native tool additions off.
 */
export interface CreateLangChainToolSearchOptions extends Omit<SessionToolSearchOptions<ClientTool>, 'model'> {
  /**
   * The agent's LangChain tools (`tool()` from `langchain`, `DynamicStructuredTool`, MCP adapters' tools), with full
   * schemas: the catalog `tool_search` searches and calls are checked against. The middleware registers them with the
   * agent (pass them to `createAgent`'s `tools` as well or not). Throws `invalid-tools` for an entry that is not a tool
   * or whose schema does not convert to a JSON Schema object.
   */
  readonly tools: readonly ClientTool[];
}

/** The middleware {@link createLangChainToolSearch} returns, with a look at its decision. */
export interface LangChainToolSearch extends AgentMiddleware<undefined, undefined, unknown, readonly ClientTool[]> {
  /**
   * The plan for a chat model, as the middleware applies it on every call to that model (the same plan object each
   * time): the mechanism, what is deferred, the listing, the reveal mode, and the plan's warnings. Throws what a model
   * call throws for a model that is not a chat model or a configured mechanism that does not apply.
   */
  resolvePlan(model: unknown): Promise<ToolSearchPlan>;
}

/** A tool as the middleware hands it to the chat model: the caller's own, or a definition LangChain converts. */
type BoundTool = ClientTool | ServerTool;

/**
 * What the middleware sends for one plan: the tools, the note, and how answers and additions are written (the tools and
 * the form are read only for a plan that defers some tools).
 */
interface PlanSettings {
  readonly plan: ToolSearchPlan;
  readonly own: OwnToolsSent;
  readonly deferred: ReadonlySet<string>;
  /** The tools to send, before any the plan does not manage; `revealed` only under `reveal: 'tool-list'`. */
  readonly tools: (revealed: readonly string[]) => { readonly first: readonly BoundTool[]; readonly last: readonly BoundTool[] };
  readonly guidance: string | null;
  readonly form: LangChainAnswerForm | null;
  /** Anthropic's betas the requests need (native tool additions). */
  readonly betas: readonly string[];
}

/** What the middleware writes on each model response it planned (`response_metadata`), to answer its calls later. */
interface ResponseStamp {
  readonly model: string;
  readonly api: LangChainModelReference['api'];
  readonly platform?: ModelPlatform;
  /** The catalog tools the request sent, when not all of them. */
  readonly tools?: readonly string[];
}

/** The key of the stamp in an AI message's `response_metadata`. */
const STAMP_KEY = 'tool_search';

/** The session of a run without a thread id: its answers are read from the run's messages alone. */
const THREADLESS_SESSION = '\u0000run without a thread id';

/**
 * Tool search for a LangChain.js v1 agent (`createAgent` from `langchain`), as a middleware: the agent's tools are
 * deferred per its plan, the model's `tool_search` calls are answered, calls of deferred tools are checked against their
 * full schemas, and the tool list and system text stay byte-identical on every model call of a thread.
 *
 * Per model call (`wrapModelCall`), by the chat model and the configuration (the plan, resolved once per model):
 *
 * - **Client-side** (every model without hosted search: `ChatOpenAI` on Chat Completions, Google, Bedrock, others):
 *   the tools kept loaded, `tool_search` and `call_tool` (or stubs under the `full`/`compact` listing), and the note in
 *   the system message. A `call_tool` call runs the named tool with checked arguments; a blind call whose arguments
 *   do not fit is answered with the schema. Under native delivery (`reveal: 'native'`: `ChatOpenAI` on the Responses
 *   API or `ChatAnthropic`, on models that take tool additions), the tools a search loaded are added after its result
 *   (`additional_tools`, or a system message of `tool_addition` blocks with Anthropic's beta) and called by name.
 * - **OpenAI's hosted search** (`ChatOpenAI` on the Responses API, GPT-5.4 and newer): deferred tools with
 *   `defer_loading`, the client-executed `tool_search` tool; the model's `tool_search_call` becomes a `tool_search` tool
 *   call of the agent, answered with the library's ranking as a `tool_search_output`.
 * - **Anthropic's hosted search** (`ChatAnthropic`, Claude 4.5 and newer): deferred tools with `defer_loading` and the
 *   library's `tool_search`, answered with `tool_reference` blocks (or Anthropic's BM25 search, `search: 'provider'`).
 *
 * Searches and loads are kept per thread (`configurable.thread_id` of the run): what a thread's conversation already
 * holds is read from its messages, so a thread resumed from a checkpoint in another process gets the same answers. A
 * run without a thread id works the same, except under `reveal: 'tool-list'` (which throws: it needs the thread).
 * Tools the catalog lacks (another middleware's) are sent as they are, never deferred.
 *
 * Throws a `ToolSearchError` for bad options (`invalid-options`) and tools (`invalid-tools`); a model call throws for a
 * model without a model id and a configured mechanism that does not apply (unless `unsupported: 'full-schemas'`).
 *
 * @example
 * ```ts
 * import { createAgent } from 'langchain';
 * import { ChatOpenAI } from '@langchain/openai';
 * import { createLangChainToolSearch } from 'tool-search/langchain';
 *
 * const agent = createAgent({
 *   model: new ChatOpenAI({ model: 'gpt-5.4', useResponsesApi: true }),
 *   middleware: [createLangChainToolSearch({ tools: myTools })],
 *   systemPrompt: 'You are helpful.',
 * });
 * await agent.invoke({ messages: [{ role: 'user', content: 'File a bug.' }] }, { configurable: { thread_id: 'conversation-1' } });
 * ```
 */
export function createLangChainToolSearch(options: CreateLangChainToolSearchOptions): LangChainToolSearch {
  const invalid: (message: string) => never = (message) => {
    throw new ToolSearchError('invalid-options', `createLangChainToolSearch: ${message}`);
  };
  if (!isRecord(options) || !Array.isArray(options.tools)) {
    invalid(`\`tools\` must be the agent's LangChain tools, got ${describeValue(isRecord(options) ? options.tools : options)}`);
  }
  const { platform, config, store, unsupported, rank } = options;
  if (platform !== undefined && !MODEL_PLATFORMS.includes(platform)) {
    invalid(`\`platform\` must be one of ${MODEL_PLATFORMS.map((name) => `\`${name}\``).join(', ')}, got ${describeValue(platform)}`);
  }
  const { tools: userTools, definitions } = parseLangChainTools(options.tools);
  const toolSearch = createToolSearch({ tools: definitions, config, store, unsupported, rank });
  const { catalog } = toolSearch;
  /** The settings of each plan: plans are cached by the core, so this holds as many as it does. */
  const settingsByPlan = new WeakMap<ToolSearchPlan, PlanSettings>();
  const settingsOf = (plan: ToolSearchPlan): PlanSettings =>
    settingsByPlan.get(plan) ?? settingsByPlan.set(plan, createPlanSettings(plan, toolSearch, userTools)).get(plan)!;
  const planOf = (stamp: ResponseStamp): ToolSearchPlan =>
    toolSearch.resolvePlan(
      { id: stamp.model, api: stamp.api ?? 'openai-chat', ...(stamp.platform === undefined ? {} : { platform: stamp.platform }) },
      stamp.tools?.flatMap((name) => catalog.byName.get(name) ?? []),
    );
  const stampOf = async (model: unknown, sent?: readonly string[]): Promise<ResponseStamp> => {
    const reference = await resolveLangChainModel(model);
    if (reference === undefined) invalid(`the agent's model must be a LangChain chat model with a model id (\`model.model\`), got ${describeValue(model)}`);
    const chosen = platform ?? reference.platform;
    return { model: reference.id, api: reference.api, ...(chosen === undefined ? {} : { platform: chosen }), ...(sent === undefined ? {} : { tools: sent }) };
  };

  const middleware = createMiddleware({
    name: 'ToolSearch',
    tools: [...userTools.values()],
    async wrapModelCall(request, handler) {
      const { sent, others } = splitTools(request.tools ?? [], catalog);
      const stamp = await stampOf(request.model, sent);
      const settings = settingsOf(planOf(stamp));
      const { plan } = settings;
      // Nothing deferred (below the threshold, or no mechanism): the call goes as it is, and so do its tool calls.
      if (settings.deferred.size === 0) return handler(request);
      const revealed = plan.reveal === 'tool-list' ? await toolSearch.readRevealed(plan, readThreadId(request.runtime, plan)) : [];
      const { first, last } = settings.tools(revealed);
      const modelSettings = withBetas(request.modelSettings, settings.betas);
      const response = await handler({
        ...request,
        tools: [...first, ...others, ...last],
        messages:
          settings.form === null
            ? request.messages
            : transformLangChainMessages(request.messages, { form: settings.form, own: settings.own, catalog, deferred: settings.deferred }),
        systemMessage: withGuidance(request.systemMessage, settings.guidance),
        ...(modelSettings === undefined ? {} : { modelSettings }),
      });
      return AIMessage.isInstance(response) ? stampResponse(response, stamp, settings) : response;
    },
    async wrapToolCall(request, handler) {
      const { toolCall, state, runtime } = request;
      const stamp = findStamp(state.messages, toolCall.id);
      if (stamp === undefined) return handler(request);
      const settings = settingsOf(planOf(stamp));
      const { plan, own } = settings;
      const managed =
        plan.mechanism !== 'none' &&
        (toolCall.name === own.searchName || (own.callTool && toolCall.name === own.callToolName) || catalog.byName.has(toolCall.name));
      if (!managed) return handler(request);
      const loaded = resolveLangChainLoadedTools(state.messages, own);
      const handling = await toolSearch.handleToolCall(
        { name: toolCall.name, arguments: toolCall.args },
        { sessionId: readThreadId(runtime, plan), plan, loaded, ...(isNativeDelivery(plan) ? { added: loaded } : {}) },
      );
      if (handling.type !== 'run') {
        return new ToolMessage({ content: formatToolSearchResult(handling.result), tool_call_id: toolCall.id ?? '', name: toolCall.name });
      }
      const tool = userTools.get(handling.name);
      return handler({ ...request, toolCall: { ...toolCall, name: handling.name, args: handling.arguments as Record<string, unknown> }, tool });
    },
  }) as LangChainToolSearch;
  return Object.defineProperty(middleware, 'resolvePlan', {
    value: async (model: unknown) => settingsOf(planOf(await stampOf(model))).plan,
    enumerable: false,
  });
}

/** The caller's LangChain tools by name, and their definitions: the JSON Schema LangChain itself sends for each. */
function parseLangChainTools(tools: readonly unknown[]): { tools: ReadonlyMap<string, ClientTool>; definitions: ToolDefinition[] } {
  const parsed = new Map<string, ClientTool>();
  const definitions: ToolDefinition[] = [];
  const invalid = (message: string, cause?: unknown) => new ToolSearchError('invalid-tools', `createLangChainToolSearch: ${message}`, { cause });
  tools.forEach((tool, index) => {
    if (!isRecord(tool) || typeof tool.name !== 'string' || typeof tool.invoke !== 'function' || !('schema' in tool)) {
      throw invalid(
        `\`tools[${index}]\` must be a LangChain tool (\`tool(fn, { name, description, schema })\`, a \`StructuredTool\`), got ${describeValue(tool)}`,
      );
    }
    const earlier = parsed.get(tool.name);
    // The same tool given twice is one tool; two tools of one name cannot both be called.
    if (earlier === (tool as unknown)) return;
    if (earlier !== undefined) throw invalid(`\`tools\` holds two tools named \`${tool.name}\`; give each tool a name of its own`);
    let inputSchema: unknown;
    try {
      inputSchema = toJsonSchema(tool.schema as Parameters<typeof toJsonSchema>[0]);
    } catch (error) {
      throw invalid(`the schema of \`${tool.name}\` could not be converted to JSON Schema (${error instanceof Error ? error.message : String(error)})`, error);
    }
    const description = typeof tool.description === 'string' && tool.description.length > 0 ? tool.description : undefined;
    parsed.set(tool.name, tool as unknown as ClientTool);
    definitions.push({ name: tool.name, ...(description === undefined ? {} : { description }), inputSchema } as ToolDefinition);
  });
  return { tools: parsed, definitions };
}

/** The tools (`resolveFrameworkTools`), note and answer form the middleware sends for a plan. */
function createPlanSettings(plan: ToolSearchPlan, toolSearch: ToolSearch, userTools: ReadonlyMap<string, ClientTool>): PlanSettings {
  const own = resolveOwnToolsSent(plan);
  const deferred = new Set(plan.mechanism === 'none' ? [] : plan.tools.filter((entry) => entry.status === 'deferred').map((entry) => entry.name));
  const library = plan.search === 'library';
  const native = isNativeDelivery(plan);
  const reference = native && plan.additions === 'reference';
  // Additions by reference name tools the request declares deferred. With the library's search, OpenAI's hosted listing
  // that does not show deferred tools leaves them out: its `tool_search_output` carries their definitions (what the
  // session API sends).
  const declared = plan.mechanism === 'client' ? reference : !isDeferredLeftOut(plan);
  const bound = (entry: FrameworkTool): BoundTool[] => {
    switch (entry.form) {
      case 'caller':
        return [userTools.get(entry.name) as ClientTool];
      case 'deferred': {
        // LangChain sends `extras.defer_loading`.
        const tool = userTools.get(entry.name) as ClientTool & {
          readonly description?: string;
          readonly schema?: unknown;
          readonly extras?: Record<string, unknown>;
        };
        return declared ? [{ name: entry.name, description: tool.description, schema: tool.schema, extras: { ...tool.extras, defer_loading: true } }] : [];
      }
      case 'hosted-search':
        if (plan.mechanism === 'claude-hosted') return [{ ...ANTHROPIC_TOOL_SEARCH_TOOLS.bm25 }];
        return [
          library
            ? { type: 'tool_search', execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: createToolSearchInputSchema() }
            : { type: 'tool_search' },
        ];
      default: {
        // The package's tools and the stubs as definitions LangChain converts for the model (`{ name, description, schema }`).
        const { description, inputSchema } = entry.listed;
        return [{ name: entry.name, ...(description === undefined ? {} : { description }), schema: inputSchema }];
      }
    }
  };
  const build = (revealed: readonly string[]) => {
    const { first, last } = resolveFrameworkTools(plan, toolSearch.catalog, revealed);
    return { first: first.flatMap(bound), last: last.flatMap(bound) };
  };
  const form: LangChainAnswerForm | null =
    plan.mechanism === 'openai-hosted' || plan.mechanism === 'claude-hosted'
      ? library
        ? { type: plan.mechanism }
        : null
      : native && (plan.api === 'openai-responses' || plan.api === 'anthropic-messages')
        ? { type: 'native', writer: plan.api === 'openai-responses' ? 'openai' : 'anthropic', additions: plan.additions ?? 'value' }
        : null;
  const betas = form?.type === 'native' && form.writer === 'anthropic' ? [reference ? ANTHROPIC_TOOL_CHANGES_BETA : ANTHROPIC_INLINE_TOOLS_BETA] : [];
  const guidance = deferred.size > 0 ? resolveToolSearchGuidance(plan, plan.mechanism === 'claude-hosted' ? { listed: false } : {}) : null;
  // The tools apply only to a plan that defers some: `wrapModelCall` sends any other call as it is.
  const fixed = build([]);
  return { plan, own, deferred, guidance, form, betas, tools: plan.mechanism === 'client' && plan.reveal === 'tool-list' ? build : () => fixed };
}

/** The run's thread id; a run without one shares a session whose answers are read from its messages alone. */
function readThreadId(runtime: { readonly configurable?: { readonly thread_id?: unknown } } | undefined, plan: ToolSearchPlan): string {
  const threadId = runtime?.configurable?.thread_id;
  if (typeof threadId === 'string' && threadId.length > 0) return threadId;
  if (plan.reveal === 'tool-list') {
    throw new ToolSearchError(
      'invalid-options',
      `createLangChainToolSearch: \`reveal: 'tool-list'\` keeps each thread's loaded tools in the reveal store, but the run has no thread id (got ${describeValue(threadId)}); invoke the agent with \`{ configurable: { thread_id } }\``,
    );
  }
  return THREADLESS_SESSION;
}

/** The system message with the note at its end (once), or the same message when there is no note. */
function withGuidance(message: SystemMessage, guidance: string | null): SystemMessage {
  if (guidance === null) return message;
  const content = resolveGuidanceContent<Record<string, unknown>>(message.content, guidance, {
    read: (part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : undefined),
    write: (part, text) => (part === null ? { type: 'text', text } : { ...part, text }),
  });
  if (content === message.content) return message;
  return new SystemMessage({
    content: (content ?? '') as SystemMessage['content'],
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    ...(message.id === undefined ? {} : { id: message.id }),
    ...(message.name === undefined ? {} : { name: message.name }),
  });
}

/** The call's model settings with the betas native delivery needs added to the caller's, each once (as they are when none). */
function withBetas<Settings extends { readonly betas?: unknown }>(given: Settings | undefined, needed: readonly string[]): Settings | undefined {
  if (needed.length === 0) return given;
  const betas = Array.isArray(given?.betas) ? given.betas.filter((beta): beta is string => typeof beta === 'string') : [];
  return { ...given, betas: [...betas, ...needed.filter((beta) => !betas.includes(beta))] } as Settings;
}

/**
 * The catalog tools a model call sends (`undefined`: all of them; another middleware may have left some out), in the
 * catalog's order, and the tools it does not manage.
 */
function splitTools(tools: readonly BoundTool[], catalog: ToolCatalog): { readonly sent: readonly string[] | undefined; readonly others: BoundTool[] } {
  const sentNames = new Set<string>();
  const others: BoundTool[] = [];
  for (const tool of tools) {
    const name = isRecord(tool) && typeof tool.name === 'string' ? tool.name : undefined;
    if (name !== undefined && catalog.byName.has(name)) sentNames.add(name);
    else others.push(tool);
  }
  return { sent: sentNames.size === catalog.tools.length ? undefined : catalog.names.filter((name) => sentNames.has(name)), others };
}

/**
 * The model's response with the stamp the middleware answers its calls by, and, under OpenAI's hosted search with the
 * library's ranking, each client-executed `tool_search_call` as a `tool_search` call of the agent (so its tool node
 * runs it; the call item itself stays in the response's output, which `ChatOpenAI` replays).
 */
function stampResponse(response: AIMessage, stamp: ResponseStamp, settings: PlanSettings): AIMessage {
  const calls = [...(response.tool_calls ?? [])];
  if (settings.form?.type === 'openai-hosted') {
    const output = Array.isArray(response.response_metadata?.output) ? response.response_metadata.output : (response.additional_kwargs?.tool_outputs ?? []);
    for (const item of output as unknown[]) {
      if (!isRecord(item) || item.type !== 'tool_search_call' || item.execution !== 'client' || typeof item.call_id !== 'string') continue;
      if (calls.some((call) => call.id === item.call_id)) continue;
      const args = typeof item.arguments === 'string' ? parseObject(item.arguments) : item.arguments;
      calls.push({ type: 'tool_call', id: item.call_id, name: settings.own.searchName, args: isRecord(args) ? args : {} });
    }
  }
  return new AIMessage({
    content: response.content,
    ...(response.id === undefined ? {} : { id: response.id }),
    ...(response.name === undefined ? {} : { name: response.name }),
    tool_calls: calls,
    invalid_tool_calls: response.invalid_tool_calls ?? [],
    additional_kwargs: response.additional_kwargs,
    response_metadata: { ...response.response_metadata, [STAMP_KEY]: stamp },
    ...(response.usage_metadata === undefined ? {} : { usage_metadata: response.usage_metadata }),
  });
}

/** The stamp of the AI message that made the call `id`, or `undefined` when the middleware did not plan it. */
function findStamp(messages: readonly BaseMessage[], id: string | undefined): ResponseStamp | undefined {
  if (id === undefined) return undefined;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (!AIMessage.isInstance(message) || !(message.tool_calls ?? []).some((call) => call.id === id)) continue;
    const stamp: unknown = message.response_metadata?.[STAMP_KEY];
    return isRecord(stamp) && typeof stamp.model === 'string' ? (stamp as unknown as ResponseStamp) : undefined;
  }
  return undefined;
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
