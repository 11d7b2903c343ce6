import { createLruMap } from '../../records/create-lru-map.js';
import {
  OpenAIProvider,
  invokeFunctionTool,
  tool,
  toolSearchTool,
  type FunctionTool,
  type Model,
  type ModelRequest,
  type RunContext,
  type Tool,
} from '@openai/agents';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import type { ToolSearchPlan, ToolSearchPlanWarningCode, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import { isRecord } from '../../records/is-record.js';
import type { ModelPlatform } from '../../models/model-reference.js';
import { resolveFrameworkTools, type FrameworkTool } from '../../session/resolve-framework-tools.js';
import { resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { resolveToolSearchGuidance } from '../../client/tool-search-guidance.js';
import { formatToolSearchResult, type ToolSearchResult } from '../../client/tool-search-result.js';
import { TOOL_SEARCH_TOOL_DEFINITION, createToolSearchInputSchema } from '../../tools/tool-search-tool-definition.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { createToolSearch, type ToolSearch } from '../../session/create-tool-search.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import { inConversation } from '../../plan/resolve-plan-for-wire-api.js';

// The Agents SDK's tool types of any run context: the caller's tools are typed for the caller's context
// (`Tool<MyContext>`), and a function tool's `invoke` takes it, so `unknown` would not accept them.
// biome-ignore lint/suspicious/noExplicitAny: a tool of any run context.
type AgentsTool = Tool<any>;
// biome-ignore lint/suspicious/noExplicitAny: as above, of any parameters and result.
type AgentsFunctionTool = FunctionTool<any, any, any>;

/**
 * The codes of the integration's own warnings; match on them, the messages are for people.
 *
 * - `reveal-not-expressible`: the plan asks for `reveal: 'tool-list'` (an agent's tools stay the same from turn to
 *   turn) or `reveal: 'native'` (the Agents SDK writes no tool-addition item); loaded schemas stay in the `tool_search`
 *   results (`reveal: 'conversation'`).
 */
export type OpenAIAgentsToolSearchWarningCode = 'reveal-not-expressible';

/**
 * The most tool lists kept, one per session and model: the memory store's session bound. Past it the least recently
 * used is dropped and built again on that session's next `prepare` (equal tools, new objects).
 */
const MAX_TOOL_SETS = 4096;

/** What {@link createOpenAIAgentsToolSearch} needs: `config`, `store`, `unsupported` and `rank` as the session factories take them. */
export interface CreateOpenAIAgentsToolSearchOptions extends Omit<SessionToolSearchOptions<AgentsTool>, 'model' | 'platform'> {
  /**
   * The agent's tools (`tool()` from `@openai/agents`, MCP tools), with full schemas: the catalog `tool_search`
   * searches and calls are checked against. Function tools may be deferred; hosted tools (`webSearchTool()`, …) are
   * always sent as they are. Throws `invalid-tools` for an entry that is not a tool.
   */
  readonly tools: readonly AgentsTool[];
}

/** What {@link OpenAIAgentsToolSearch.prepare} needs besides the model. */
export interface OpenAIAgentsToolSearchPrepareOptions {
  /** The session (a conversation): searches and reveals are kept per session, across the turns and runs of it. */
  readonly sessionId: string;
  /** Your instructions; the note is appended to them. @default none */
  readonly instructions?: string;
  /**
   * The API the agent's model is called over: the Agents SDK's default, the Responses API (`openai-responses`, where
   * GPT-5.4 and newer have OpenAI's hosted tool search), or Chat Completions (`openai-chat`: `setOpenAIAPI('chat_completions')`,
   * `OpenAIChatCompletionsModel`, and any other provider's model), which gets the client-side `tool_search`.
   * @default 'openai-responses'
   */
  readonly api?: 'openai-responses' | 'openai-chat';
  /**
   * The platform that serves the model: `gateway` for a client pointed at a proxy or router, which turns `auto`'s
   * hosted search off. @default OpenAI's own API
   */
  readonly platform?: ModelPlatform;
  /**
   * The model the agent calls, when not the one the Agents SDK's OpenAI provider makes of the model id (a model with a
   * client of your own: `new OpenAIResponsesModel(client, 'gpt-5.4')`, a Chat Completions model, another provider's).
   * @default the model id, resolved by the OpenAI provider
   */
  readonly model?: Model;
}

/** What to give an `Agent` (spread it into its options): its model, tools and instructions for the model and session. */
export interface OpenAIAgentsToolSearchSettings {
  /**
   * The agent's model: `options.model` or the model id, wrapped when the plan leaves deferred tools out of the request
   * (OpenAI's hosted search under the `names` or `none` listing: the agent holds them, so the SDK dispatches their calls
   * once a search loaded them, and the wrapper sends each request without them).
   */
  readonly model: string | Model;
  /** The agent's tools: the same array on every `prepare` of a session with the same model. */
  readonly tools: AgentsTool[];
  /** Your instructions with the tool search note; your instructions when no note is needed; absent when neither. */
  readonly instructions?: string;
  /** The plan (not enumerable: a spread leaves it out). */
  readonly plan: ToolSearchPlan;
  /** What could not be done as asked (not enumerable: a spread leaves it out). */
  readonly warnings: readonly ToolSearchWarning<OpenAIAgentsToolSearchWarningCode | ToolSearchPlanWarningCode>[];
}

/** Tool search for one agent of the OpenAI Agents SDK. */
export interface OpenAIAgentsToolSearch {
  /**
   * The tools and instructions of an agent for one session with `model` (a model id): the plan is resolved once per
   * model, and the tools are the same array on every call of a session with the same model, so every turn and every run
   * sends the same tools and instructions (a prompt cache keeps the whole history).
   */
  prepare(model: string, options: OpenAIAgentsToolSearchPrepareOptions): OpenAIAgentsToolSearchSettings;
}

type Warning = ToolSearchWarning<OpenAIAgentsToolSearchWarningCode | ToolSearchPlanWarningCode>;

/** What is kept per plan: the plan as the Agents SDK can carry it, its note and its warnings. */
interface PlanSettings {
  readonly plan: ToolSearchPlan;
  readonly guidance: string | null;
  readonly warnings: readonly Warning[];
  /** The deferred tools the agent holds but the requests leave out (see {@link createHidingModel}). */
  readonly hidden: ReadonlySet<string>;
}

/**
 * Tool search for agents of the OpenAI Agents SDK (`@openai/agents`): the model, tools and instructions of an `Agent`,
 * per model and session, for `run()`.
 *
 * - **OpenAI's hosted search** (the Responses API, GPT-5.4 and newer): deferred function tools with `deferLoading: true`
 *   and the SDK's client-executed `toolSearchTool`, whose `execute` ranks the catalog with the library's search and
 *   loads what it found (the SDK writes the `tool_search_output`, with the found tools' definitions); or OpenAI's own
 *   search (`search: 'provider'`). Under the `names` and `none` listings (the default) the agent's model leaves the
 *   deferred tools out of each request, as the session API does, so the first request holds the tools kept loaded, the
 *   search tool and the note.
 * - **Client-side** (every other model: Chat Completions, other providers' models, older models): the tools kept
 *   loaded, a `tool_search` function tool, and `call_tool` (or stubs under the `full`/`compact` listing), whose calls
 *   are checked against the deferred tool's full schema and run it (`invokeFunctionTool`, its approval asked as the
 *   tool asks it); a misfit is answered with the schema. The note is appended to the instructions.
 *
 * Throws a `ToolSearchError` for bad options (`invalid-options`) and tools (`invalid-tools`); `prepare` throws for a
 * missing `sessionId`, an unknown `api` or `platform`, and a configured mechanism that does not apply (unless
 * `unsupported: 'full-schemas'`).
 *
 * @example
 * ```ts
 * import { Agent, run } from '@openai/agents';
 * import { createOpenAIAgentsToolSearch } from 'tool-search/openai-agents';
 *
 * const toolSearch = createOpenAIAgentsToolSearch({ tools: myTools });
 * const agent = new Agent({ name: 'Assistant', ...toolSearch.prepare('gpt-5.4', { sessionId, instructions: 'You are helpful.' }) });
 * const result = await run(agent, 'Which issues are open in octo/hello?');
 * ```
 */
export function createOpenAIAgentsToolSearch(options: CreateOpenAIAgentsToolSearchOptions): OpenAIAgentsToolSearch {
  const invalid: (message: string) => never = (message) => {
    throw new ToolSearchError('invalid-options', `createOpenAIAgentsToolSearch: ${message}`);
  };
  if (!isRecord(options) || !Array.isArray(options.tools)) {
    invalid(`\`tools\` must be the agent's Agents SDK tools, got ${describeValue(isRecord(options) ? options.tools : options)}`);
  }
  const { config, store, unsupported, rank } = options;
  const { functions, definitions } = parseAgentsTools(options.tools);
  const toolSearch = createToolSearch({ tools: definitions, config, store, unsupported, rank });
  const settingsByPlan = new WeakMap<ToolSearchPlan, PlanSettings>();
  /** Tool lists by plan and session: the same array on every `prepare`, so nothing changes between runs. */
  const toolSets = createLruMap<string, { readonly plan: ToolSearchPlan; readonly tools: AgentsTool[] }>({ maxSize: MAX_TOOL_SETS });

  return {
    prepare(model, prepareOptions) {
      if (typeof model !== 'string' || model.length === 0) invalid(`\`model\` must be the agent's model id, got ${describeValue(model)}`);
      const sessionId = prepareOptions?.sessionId;
      if (typeof sessionId !== 'string' || sessionId.length === 0) invalid(`\`sessionId\` must be a non-empty string, got ${describeValue(sessionId)}`);
      const { api = 'openai-responses', platform, instructions, model: agentModel } = prepareOptions;
      if (agentModel !== undefined && (!isRecord(agentModel) || typeof agentModel.getResponse !== 'function')) {
        invalid(`\`model\` must be an Agents SDK model (with \`getResponse\`), got ${describeValue(agentModel)}`);
      }
      if (api !== 'openai-responses' && api !== 'openai-chat') invalid(`\`api\` must be 'openai-responses' or 'openai-chat', got ${describeValue(api)}`);
      if (instructions !== undefined && typeof instructions !== 'string') invalid(`\`instructions\` must be a string, got ${describeValue(instructions)}`);
      // The core checks `platform` (`invalid-options`), as it checks every model reference.
      const resolved = toolSearch.resolvePlan({ id: model, api, ...(platform === undefined ? {} : { platform }) });
      const settings = settingsByPlan.get(resolved) ?? settingsByPlan.set(resolved, createPlanSettings(resolved)).get(resolved)!;
      const key = `${model}\n${api}\n${platform ?? ''}\n${sessionId}`;
      let cached = toolSets.get(key);
      if (cached?.plan !== settings.plan) {
        cached = { plan: settings.plan, tools: createAgentTools(toolSearch, settings.plan, options.tools, functions, sessionId) };
        toolSets.set(key, cached);
      }
      const text = settings.guidance === null ? instructions : resolveGuidanceText(instructions ?? '', settings.guidance);
      const given = agentModel ?? model;
      return Object.defineProperties(
        {
          model: settings.hidden.size === 0 ? given : createHidingModel(given, settings.hidden),
          tools: cached.tools,
          ...(text === undefined ? {} : { instructions: text }),
        },
        { plan: { value: settings.plan, enumerable: false }, warnings: { value: settings.warnings, enumerable: false } },
      ) as OpenAIAgentsToolSearchSettings;
    },
  };
}

/**
 * The caller's Agents SDK tools checked: every entry a tool, each function tool's `parameters` its JSON Schema. The
 * function tools by name, and their definitions (the catalog).
 */
function parseAgentsTools(tools: readonly unknown[]): { functions: ReadonlyMap<string, AgentsFunctionTool>; definitions: ToolDefinition[] } {
  const functions = new Map<string, AgentsFunctionTool>();
  const definitions: ToolDefinition[] = [];
  const invalid = (message: string) => new ToolSearchError('invalid-tools', `createOpenAIAgentsToolSearch: ${message}`);
  tools.forEach((tool, index) => {
    if (!isRecord(tool) || typeof tool.type !== 'string' || typeof tool.name !== 'string') {
      throw invalid(
        `\`tools[${index}]\` must be an Agents SDK tool (\`tool({ name, description, parameters, execute })\`, a hosted tool), got ${describeValue(tool)}`,
      );
    }
    if (tool.type !== 'function') return;
    if (typeof tool.invoke !== 'function' || !isRecord(tool.parameters)) {
      throw invalid(`\`tools[${index}]\` (\`${tool.name}\`) is a function tool without \`invoke\` and \`parameters\`; make it with \`tool()\``);
    }
    if (functions.has(tool.name)) throw invalid(`\`tools\` holds two function tools named \`${tool.name}\`; give each tool a name of its own`);
    const description = typeof tool.description === 'string' && tool.description.length > 0 ? tool.description : undefined;
    functions.set(tool.name, tool as unknown as AgentsFunctionTool);
    definitions.push({ name: tool.name, ...(description === undefined ? {} : { description }), inputSchema: tool.parameters } as ToolDefinition);
  });
  return { functions, definitions };
}

/** The plan as the Agents SDK can carry it, its note and its warnings. */
function createPlanSettings(resolved: ToolSearchPlan): PlanSettings {
  const warnings: Warning[] = [...resolved.warnings];
  let plan = resolved;
  const deferring = plan.mechanism !== 'none' && plan.tools.some((entry) => entry.status === 'deferred');
  if (deferring && plan.mechanism === 'client' && (plan.reveal === 'tool-list' || plan.reveal === 'native')) {
    warnings.push({
      code: 'reveal-not-expressible',
      message:
        plan.reveal === 'tool-list'
          ? "`reveal: 'tool-list'` was asked for, but an agent's tools stay the same from turn to turn; loaded schemas stay in the `tool_search` results (`reveal: 'conversation'`)"
          : "the plan adds loaded tools to the conversation natively (`reveal: 'native'`), but the Agents SDK writes no tool-addition item; loaded schemas stay in the `tool_search` results (`reveal: 'conversation'`)",
    });
    plan = inConversation(plan);
  }
  // OpenAI's hosted search with the library's ranking under a listing that does not show deferred tools: the agent holds
  // them (deferred) for the SDK to dispatch their calls, and its model sends each request without them.
  const hidden =
    deferring && plan.mechanism === 'openai-hosted' && plan.search === 'library' && (plan.listing === 'names' || plan.listing === 'none')
      ? new Set(plan.tools.filter((entry) => entry.status === 'deferred').map((entry) => entry.name))
      : new Set<string>();
  return { plan, guidance: deferring ? resolveToolSearchGuidance(plan) : null, warnings, hidden };
}

/** The agent's tools for one session and plan, the caller's hosted tools in their place. */
function createAgentTools(
  toolSearch: ToolSearch,
  plan: ToolSearchPlan,
  tools: readonly AgentsTool[],
  functions: ReadonlyMap<string, AgentsFunctionTool>,
  sessionId: string,
): AgentsTool[] {
  const context = { sessionId, plan };
  const own = resolveOwnToolsSent(plan);
  const functionTool = (name: string) => functions.get(name) as AgentsFunctionTool;
  const hosted = tools.filter((entry) => entry.type !== 'function');
  /** Checks a call (of `call_tool`, or a stub's) and runs the named tool with the checked arguments, or answers it. */
  const run = async (name: string, input: unknown, runContext: unknown, details: Parameters<FunctionTool['invoke']>[2]): Promise<unknown> => {
    const handling = await toolSearch.handleToolCall({ name, arguments: input }, context);
    if (handling.type !== 'run') return formatToolSearchResult(handling.result);
    return invokeFunctionTool({
      tool: functionTool(handling.name),
      runContext: runContext as RunContext,
      input: JSON.stringify(handling.arguments ?? {}),
      ...(details === undefined ? {} : { details }),
    });
  };
  const search = async (input: unknown): Promise<ToolSearchResult> => {
    const handling = await toolSearch.handleToolCall({ name: own.searchName, arguments: input }, context);
    // Always a search: the plan sends the package's `tool_search` whenever this tool exists.
    return (handling as { result: ToolSearchResult }).result;
  };
  /** The approval the tool a call names asks for (`call_tool`'s `name`, or the stub's own tool). */
  const approval =
    (named: (input: unknown) => { readonly name: unknown; readonly input: unknown }) =>
    async (runContext: RunContext, input: unknown, callId?: string): Promise<boolean> => {
      const { name, input: given } = named(input);
      const target = typeof name === 'string' ? functions.get(name) : undefined;
      return target === undefined ? false : target.needsApproval(runContext, given as never, callId);
    };

  if (plan.mechanism === 'none') return [...tools];
  if (plan.mechanism === 'claude-hosted') {
    // Not a plan for an API this integration sends (`openai-responses`, `openai-chat`): the core never makes it here.
    throw new ToolSearchError(
      'invalid-request',
      "createOpenAIAgentsToolSearch: the plan uses Anthropic's hosted search, which the Agents SDK's models do not send",
    );
  }
  const toAgentsTool = (entry: FrameworkTool): AgentsTool => {
    switch (entry.form) {
      case 'caller':
        return functionTool(entry.name);
      case 'deferred':
        return { ...functionTool(entry.name), deferLoading: true };
      case 'search':
        return listedTool(entry.listed, { execute: async (input) => formatToolSearchResult(await search(input)) });
      case 'call':
        return listedTool(entry.listed, {
          execute: (input, runContext, details) => run(own.callToolName, input, runContext, details),
          needsApproval: approval((input) => (isRecord(input) ? { name: input.name, input: input.arguments } : { name: undefined, input })),
        });
      case 'stub':
        return listedTool(entry.listed, {
          execute: (input, runContext, details) => run(entry.name, input, runContext, details),
          needsApproval: approval((input) => ({ name: entry.name, input })),
        });
      case 'hosted-search':
        if (plan.search === 'provider') return toolSearchTool();
        return toolSearchTool({
          execution: 'client',
          description: TOOL_SEARCH_TOOL_DEFINITION.description ?? null,
          parameters: createToolSearchInputSchema(),
          // The library's ranking: what it found is loaded, as the agent holds it (deferred), so the SDK dispatches its calls.
          execute: async ({ toolCall }) => {
            const result = await search(toolCall.arguments);
            const found = result.status === 'found' || result.status === 'invalid-arguments' ? result.tools : [];
            return found.flatMap((match) => byName.get(match.name) ?? []);
          },
        });
      default:
        return assertNever(entry, 'framework tool');
    }
  };
  // The caller's hosted tools go after the plan's tools, before OpenAI's hosted search.
  const { first, last } = resolveFrameworkTools(plan, toolSearch.catalog);
  const sent = first.map(toAgentsTool);
  const byName = new Map(sent.map((entry) => [entry.name, entry]));
  return [...sent, ...hosted, ...last.map(toAgentsTool)];
}

/**
 * A tool of the package's list (`tool_search`, `call_tool`, a deferred tool's stub) as an Agents SDK function tool:
 * its name, description and JSON Schema as listed, not strict (a stub's open schema is no strict one), and how it runs.
 */
function listedTool(
  entry: { readonly name: string; readonly description?: string | undefined; readonly inputSchema: unknown },
  behaviour: Pick<Parameters<typeof tool>[0], 'execute' | 'needsApproval'>,
): FunctionTool {
  return tool({ name: entry.name, description: entry.description ?? '', parameters: entry.inputSchema as never, strict: false, ...behaviour }) as FunctionTool;
}

/**
 * The agent's model, sending each request without the function tools in `hidden`: the deferred tools the plan leaves
 * out of the request (OpenAI's hosted search with the library's ranking, under the `names` or `none` listing), which the
 * agent holds so the SDK dispatches their calls once a search loaded them. The `tool_search_output` the SDK writes for a
 * search carries their definitions, as the session API's does, so the first request is the tools kept loaded and the
 * search tool, not every deferred definition. Everything else of the request, the response and the retry advice is the
 * model's.
 *
 * `model` is the Model the agent calls, or a model id resolved by the Agents SDK's OpenAI provider on the Responses API
 * (the default client and API key, as `run` resolves a model id), once, on the first request.
 */
function createHidingModel(model: string | Model, hidden: ReadonlySet<string>): Model {
  let resolved: Promise<Model> | undefined;
  const inner = (): Promise<Model> => {
    // The provider `@openai/agents` sets as its default, on the Responses API (the only API this model is made for).
    resolved ??=
      typeof model === 'string' ? new OpenAIProvider({ useResponses: true, cacheResponsesWebSocketModels: false }).getModel(model) : Promise.resolve(model);
    return resolved;
  };
  const visible = (request: ModelRequest): ModelRequest => ({
    ...request,
    tools: request.tools.filter((entry) => !(entry.type === 'function' && 'deferLoading' in entry && entry.deferLoading === true && hidden.has(entry.name))),
  });
  return {
    async getResponse(request) {
      return (await inner()).getResponse(visible(request));
    },
    async *getStreamedResponse(request) {
      yield* (await inner()).getStreamedResponse(visible(request));
    },
    async getRetryAdvice(args) {
      return (await inner()).getRetryAdvice?.({ ...args, request: visible(args.request) });
    },
  };
}
