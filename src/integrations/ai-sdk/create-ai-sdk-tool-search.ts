import { asSchema, jsonSchema, type LanguageModel, type Tool, type ToolExecutionOptions, type ToolSet } from 'ai';
import { resolveAutoListing, type ToolSearchConfig, type ToolSearchConfigInput } from '../../config/tool-search-config.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import type { ToolSearchPlan, ToolSearchPlanWarningCode, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { RevealStore } from '../../reveal/reveal-store.js';
import { createMemoryRevealStore } from '../../reveal/create-memory-reveal-store.js';
import { isRecord } from '../../records/is-record.js';
import { resolveToolList } from '../../client/resolve-tool-list.js';
import { resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { resolveToolSearchGuidance } from '../../client/tool-search-guidance.js';
import { formatToolSearchResult, type ToolSearchResult } from '../../client/tool-search-result.js';
import {
  CALL_TOOL_DEFINITION,
  CALL_TOOL_NAME,
  TOOL_SEARCH_TOOL_DEFINITION,
  TOOL_SEARCH_TOOL_NAME,
  createCallToolInputSchema,
  createStubInputSchema,
  createToolSearchInputSchema,
} from '../../client/tool-search-tool-definition.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { createToolSearch, type ToolSearch, type UnsupportedMechanismBehaviour } from '../../session/create-tool-search.js';
import { createOpenAIToolSearchOutput } from '../../providers/openai/create-openai-tool-search-output.js';
import { createAnthropicToolSearchResult } from '../../providers/anthropic/create-anthropic-tool-search-result.js';
import { resolveAISDKModel } from './resolve-ai-sdk-model.js';
import { resolveAISDKLoadedTools } from './resolve-ai-sdk-loaded-tools.js';

/**
 * The codes of the integration's own warnings; match on them, the messages are for people.
 *
 * - `listing-not-expressible`: the configuration asks for the `names` or `none` listing under OpenAI's hosted search,
 *   which leaves deferred functions out of `tools`; the AI SDK runs only tools it sends, so they are sent with
 *   `defer_loading: true` (OpenAI shows each one's name and description, not its schema): the `full` listing.
 * - `reveal-not-expressible`: the configuration asks for `reveal: 'tool-list'`; the AI SDK cannot change a tool's
 *   definition between the steps of one run, so loaded schemas stay in the conversation (`reveal: 'conversation'`).
 * - `stubs-not-expressible`: the configuration asks for the `full` or `compact` listing on a Google model; the AI SDK's
 *   Google provider sends schemas as Gemini's `parameters`, which cannot express the open stub schema (an object
 *   without properties is rejected there), so deferred tools are named in the note and called through `call_tool`
 *   (the `names` listing; `none` above 1,000 deferred tools).
 */
export type AISDKToolSearchWarningCode = 'listing-not-expressible' | 'reveal-not-expressible' | 'stubs-not-expressible';

/** What {@link createAISDKToolSearch} needs. */
export interface CreateAISDKToolSearchOptions<Tools extends ToolSet> {
  /**
   * The agent's AI SDK tools (`tool()`, `dynamicTool()`, MCP tools, provider tools). Function tools may be deferred;
   * provider tools (`openai.tools.webSearch()`, …) are always sent as they are.
   */
  readonly tools: Tools;
  /** The tool search configuration (`parseToolSearchConfig` forms). @default all defaults */
  readonly config?: ToolSearchConfigInput | ToolSearchConfig | undefined;
  /** Where reveals are kept per session (shared by every session of the agent). @default createMemoryRevealStore() */
  readonly store?: RevealStore | undefined;
  /** A configured mechanism that does not apply to the model: throw (default) or send every schema. @default 'throw' */
  readonly unsupported?: UnsupportedMechanismBehaviour | undefined;
}

/** What to pass to `generateText` / `streamText` (spread it): the tool set and the system text. */
export interface AISDKToolSearchSettings {
  /** The tools to send (spread into the call, or pass as `tools`). */
  readonly tools: ToolSet;
  /** The system text with the tool search note; the given system text when no note is needed; absent when neither. */
  readonly system?: string;
  /** The plan (not enumerable: a spread leaves it out). */
  readonly plan: ToolSearchPlan;
  /** What could not be done as asked (not enumerable: a spread leaves it out). */
  readonly warnings: readonly ToolSearchWarning<AISDKToolSearchWarningCode | ToolSearchPlanWarningCode>[];
}

/** What {@link AISDKToolSearch.prepare} needs besides the model. */
export interface AISDKToolSearchPrepareOptions {
  /** The session: searches and reveals are kept per session, across the steps of a run and across runs. */
  readonly sessionId: string;
  /** Your system text; the note is appended to it. @default none */
  readonly system?: string;
}

/** Tool search for one agent in AI SDK apps. */
export interface AISDKToolSearch {
  /**
   * The settings for one `generateText` / `streamText` call of a session with `model`: the plan is resolved once per
   * model (cached), and the tool set is the same object on every call of a session with the same model, so every
   * step and every run sends the same tools and system text (a prompt cache keeps the whole history).
   */
  prepare(model: LanguageModel, options: AISDKToolSearchPrepareOptions): Promise<AISDKToolSearchSettings>;
}

/** The AI SDK's conversion of a tool result for the model. */
type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;
type AnyTool = Tool<any, any>;
type NeedsApproval = Extract<NonNullable<AnyTool['needsApproval']>, (...args: never[]) => unknown>;

/**
 * Tool search for Vercel AI SDK apps (`ai` 6): the tool set and system text for `generateText` and `streamText`, per
 * model.
 *
 * - **Client-side** (every model without hosted search: Gemini, Chat Completions, older models, gateways): loaded
 *   tools as they are, a real `tool_search` tool whose `execute` runs the search for the session, and the deferred
 *   tools as stubs (`full`/`compact` listing) or through `call_tool` (`names`/`none`); a stub's or `call_tool`'s
 *   `execute` checks the arguments against the full schema, then runs your tool's own `execute` with them (a misfit
 *   gets an answer with the schema instead). The tool set never changes within a session. A search reads the
 *   conversation it is called in (`execute`'s `messages`): a schema it already holds is named in `loadedEarlier`, not
 *   repeated, whichever worker runs the step, and a schema it no longer holds is sent again.
 * - **OpenAI's hosted search** (`openai.responses` models, GPT-5.4 and newer): deferred tools with `providerOptions:
 *   { openai: { deferLoading: true } }` and the hosted `tool_search` tool (`openai.tool_search`), client-executed
 *   with the library's ranking (`search: 'library'`, the default; its output loads the tools) or the provider's own.
 * - **Anthropic's hosted search** (`anthropic.messages` models, Claude 4.5 and newer): deferred tools with
 *   `providerOptions: { anthropic: { deferLoading: true } }`, and either the library's `tool_search` whose result is
 *   `tool_reference` parts (the API loads the schemas), or Anthropic's BM25 search tool (`search: 'provider'`).
 *
 * Throws a `ToolSearchError` (`invalid-options`) for bad options; `prepare` throws for a missing `sessionId`, a model
 * that is not an AI SDK model, and a configured mechanism that does not apply (unless `unsupported: 'full-schemas'`).
 *
 * @example
 * ```ts
 * import { generateText, stepCountIs } from 'ai';
 * import { google } from '@ai-sdk/google';
 * import { createAISDKToolSearch } from 'tool-search/ai-sdk';
 *
 * const toolSearch = createAISDKToolSearch({ tools: myTools });
 * const model = google('gemini-2.5-flash');
 * const { text } = await generateText({
 *   model,
 *   ...(await toolSearch.prepare(model, { sessionId, system: 'You are helpful.' })),
 *   prompt: 'Find repositories about tool search.',
 *   stopWhen: stepCountIs(10),
 * });
 * ```
 */
export function createAISDKToolSearch<Tools extends ToolSet>(options: CreateAISDKToolSearchOptions<Tools>): AISDKToolSearch {
  if (!isRecord(options) || !isRecord(options.tools)) {
    throw new ToolSearchError('invalid-options', `createAISDKToolSearch: \`tools\` must be an AI SDK tool set (an object of tools), got ${describeValue(isRecord(options) ? options.tools : options)}`);
  }
  const userTools = options.tools as Record<string, AnyTool>;
  const store = options.store ?? createMemoryRevealStore();
  let core: Promise<ToolSearch> | undefined;
  /** Tool sets by model and session: the same object on every call, so nothing changes between runs. */
  const settings = new Map<string, { readonly plan: ToolSearchPlan; readonly build: (sessionId: string) => ToolSet; readonly guidance: string | null; readonly warnings: ToolSearchWarning<AISDKToolSearchWarningCode | ToolSearchPlanWarningCode>[] }>();

  async function createCore(): Promise<ToolSearch> {
    const catalog: ToolDefinition[] = [];
    for (const [name, tool] of Object.entries(userTools)) {
      if (tool.type === 'provider') continue;
      const inputSchema = (await asSchema(tool.inputSchema).jsonSchema) as ToolDefinition['inputSchema'];
      catalog.push(tool.description === undefined ? { name, inputSchema } : { name, description: tool.description, inputSchema });
    }
    return createToolSearch({ tools: catalog, store, config: options.config, unsupported: options.unsupported });
  }

  return {
    async prepare(model, prepareOptions) {
      const sessionId = prepareOptions?.sessionId;
      if (typeof sessionId !== 'string' || sessionId.length === 0) {
        throw new ToolSearchError('invalid-options', `createAISDKToolSearch: \`sessionId\` must be a non-empty string, got ${describeValue(sessionId)}`);
      }
      const reference = resolveAISDKModel(model);
      if (reference === undefined) {
        throw new ToolSearchError('invalid-options', `createAISDKToolSearch: \`model\` must be an AI SDK language model (with \`provider\` and \`modelId\`) or a model id, got ${describeValue(model)}`);
      }
      core ??= createCore();
      const toolSearch = await core;
      const key = `${reference.provider}\n${reference.id}`;
      let entry = settings.get(key);
      if (entry === undefined) {
        // A provider this package does not know carries no hosted format: it is planned like Chat Completions.
        const resolved = toolSearch.resolvePlan({ id: reference.id, api: reference.api ?? 'openai-chat' });
        entry = createSettings(toolSearch, resolved, userTools, reference.provider);
        settings.set(key, entry);
      }
      const given = prepareOptions.system;
      const system = entry.guidance === null ? given : resolveGuidanceText(given ?? '', entry.guidance);
      const result = system === undefined ? { tools: entry.build(sessionId) } : { tools: entry.build(sessionId), system };
      return Object.defineProperties(result, {
        plan: { value: entry.plan, enumerable: false },
        warnings: { value: entry.warnings, enumerable: false },
      }) as AISDKToolSearchSettings;
    },
  };
}

/** The plan as the AI SDK can carry it, its note, and a tool-set builder per session (cached by the caller). */
function createSettings(toolSearch: ToolSearch, resolved: ToolSearchPlan, userTools: Record<string, AnyTool>, provider: string) {
  const warnings: ToolSearchWarning<AISDKToolSearchWarningCode | ToolSearchPlanWarningCode>[] = [...resolved.warnings];
  let plan = resolved;
  const deferring = plan.mechanism !== 'none' && plan.tools.some((entry) => entry.status === 'deferred');
  if (deferring && plan.mechanism === 'client' && plan.reveal === 'tool-list') {
    warnings.push({
      code: 'reveal-not-expressible',
      message: "`reveal: 'tool-list'` was asked for, but the AI SDK cannot change a tool's definition between the steps of a run; loaded schemas stay in the `tool_search` results (`reveal: 'conversation'`)",
    });
    plan = { ...plan, reveal: 'conversation' };
  }
  if (deferring && plan.mechanism === 'client' && provider.startsWith('google.') && (plan.listing === 'full' || plan.listing === 'compact')) {
    const listing = resolveAutoListing(plan.tools.filter((entry) => entry.status === 'deferred').length);
    warnings.push({
      code: 'stubs-not-expressible',
      message: `the \`${plan.listing}\` listing was asked for, but the AI SDK's Google provider sends Gemini \`parameters\`, which cannot express the open stub schema; deferred tools are ${listing === 'names' ? 'named in the note' : 'counted in the note'} and called through \`call_tool\` (the \`${listing}\` listing)`,
    });
    plan = { ...plan, listing };
  }
  if (deferring && plan.mechanism === 'openai-hosted' && (plan.listing === 'names' || plan.listing === 'none')) {
    if (toolSearch.config.listing !== 'auto') {
      warnings.push({
        code: 'listing-not-expressible',
        message: `the \`${plan.listing}\` listing was asked for, but the AI SDK runs only tools it sends, so deferred functions are sent with \`defer_loading: true\` (OpenAI shows their names and descriptions, not their schemas): the \`full\` listing`,
      });
    }
    plan = { ...plan, listing: 'full' };
  }
  const guidance = deferring ? resolveToolSearchGuidance(plan, plan.mechanism === 'claude-hosted' ? { listed: false } : {}) : null;
  const providerTools = Object.entries(userTools).filter(([, tool]) => tool.type === 'provider');
  const sets = new Map<string, ToolSet>();

  function build(sessionId: string): ToolSet {
    const cached = sets.get(sessionId);
    if (cached !== undefined) return cached;
    const set = createToolSet(toolSearch, plan, userTools, provider, sessionId);
    for (const [name, tool] of providerTools) set[name] = tool;
    // One tool set per session, bounded like the store's sessions: an evicted session is simply built again.
    if (sets.size >= 4096) sets.delete(sets.keys().next().value as string);
    sets.set(sessionId, set);
    return set;
  }
  return { plan, guidance, warnings, build };
}

/** The tool set of one session for a plan. */
function createToolSet(toolSearch: ToolSearch, plan: ToolSearchPlan, userTools: Record<string, AnyTool>, provider: string, sessionId: string): ToolSet {
  const context = { sessionId, plan };
  /** Answers the library gave instead of running a tool: sent back as text, whatever the tool's own `toModelOutput`. */
  const answers = new WeakSet<object>();
  // What the conversation already holds decides what a search repeats, not what this process's store saw.
  const search = async (input: unknown, execution: ToolExecutionOptions | undefined): Promise<ToolSearchResult> => {
    // Without the messages (a tool run by hand), the store's record of the session stands in for them.
    const messages = execution?.messages;
    const handling = await toolSearch.handleToolCall({ name: TOOL_SEARCH_TOOL_NAME, arguments: input }, messages === undefined ? context : { ...context, loaded: resolveAISDKLoadedTools(messages) });
    // Always a search: the plan sends the package's `tool_search` whenever this tool exists.
    return (handling as { result: ToolSearchResult }).result;
  };
  /** Checks a call (a stub's, or `call_tool`'s) and runs the named tool's own `execute` with the checked arguments. */
  const run = async (name: string, input: unknown, execution: ToolExecutionOptions): Promise<unknown> => {
    const handling = await toolSearch.handleToolCall({ name, arguments: input }, context);
    if (handling.type !== 'run') {
      answers.add(handling.result);
      return handling.result;
    }
    const tool = userTools[handling.name];
    if (tool?.execute === undefined) throw new ToolSearchError('invalid-request', `\`${handling.name}\` has no \`execute\`, so the call could not be run`);
    return tool.execute(handling.arguments, execution);
  };
  const toModelOutput = (tool: AnyTool | undefined) =>
    async (options: { toolCallId: string; input: unknown; output: unknown }): Promise<ToolResultOutput> => {
      if (isRecord(options.output) && answers.has(options.output)) return { type: 'text', value: formatToolSearchResult(options.output as ToolSearchResult) };
      if (tool?.toModelOutput !== undefined) return tool.toModelOutput(options as never);
      return typeof options.output === 'string' ? { type: 'text', value: options.output } : { type: 'json', value: (options.output ?? null) as never };
    };

  const set: ToolSet = {};
  const deferred = new Set(plan.mechanism === 'none' ? [] : plan.tools.filter((entry) => entry.status === 'deferred').map((entry) => entry.name));
  const providerKey = provider.split('.')[0] as string;
  // OpenAI's APIs get the open stub schemas with `strict: false`, as the transformers send them (strict mode rejects
  // them); other providers warn about a `strict` they do not support, so it is left out there.
  const loose = providerKey === 'openai' ? { strict: false } : {};
  switch (plan.mechanism) {
    case 'client': {
      for (const entry of resolveToolList(plan, toolSearch.tools).tools) {
        const own = userTools[entry.name];
        switch (entry.status) {
          case 'loaded':
          case 'revealed':
            set[entry.name] = own as AnyTool;
            break;
          case 'search':
            set[entry.name] = {
              description: TOOL_SEARCH_TOOL_DEFINITION.description,
              inputSchema: jsonSchema(createToolSearchInputSchema()),
              ...loose,
              execute: (input: unknown, execution: ToolExecutionOptions) => search(input, execution),
              toModelOutput: ({ output }: { output: ToolSearchResult }) => ({ type: 'text', value: formatToolSearchResult(output) }),
            } as AnyTool;
            break;
          case 'call':
            set[entry.name] = {
              description: CALL_TOOL_DEFINITION.description,
              inputSchema: jsonSchema(createCallToolInputSchema()),
              ...loose,
              execute: (input: unknown, execution: ToolExecutionOptions) => run(CALL_TOOL_NAME, input, execution),
              toModelOutput: (options: { toolCallId: string; input: unknown; output: unknown }) => {
                const named = isRecord(options.input) && typeof options.input.name === 'string' ? userTools[options.input.name] : undefined;
                return toModelOutput(named)({ ...options, input: isRecord(options.input) ? options.input.arguments : undefined });
              },
              needsApproval: async (input: unknown, approval: Parameters<NeedsApproval>[1]) => {
                const named = isRecord(input) && typeof input.name === 'string' ? userTools[input.name] : undefined;
                const needs = named?.needsApproval;
                return typeof needs === 'function' ? needs((input as { arguments?: unknown }).arguments, approval) : needs === true;
              },
            } as unknown as AnyTool;
            break;
          case 'deferred': {
            const { inputExamples: _examples, strict: _strict, ...rest } = own as AnyTool & { inputExamples?: unknown };
            set[entry.name] = {
              ...rest,
              ...(entry.description === undefined ? {} : { description: entry.description }),
              inputSchema: jsonSchema(createStubInputSchema()),
              ...loose,
              ...(own?.execute === undefined ? {} : { execute: (input: unknown, execution: ToolExecutionOptions) => run(entry.name, input, execution) }),
              toModelOutput: toModelOutput(own),
            } as AnyTool;
            break;
          }
          default:
            assertNever(entry.status, 'tool list status');
        }
      }
      break;
    }
    case 'openai-hosted':
    case 'claude-hosted': {
      const openai = plan.mechanism === 'openai-hosted';
      const library = plan.search === 'library';
      if (deferred.size > 0) {
        // Anthropic: the search tool goes first and is never deferred.
        if (!openai) set[library ? TOOL_SEARCH_TOOL_NAME : 'tool_search_tool_bm25'] = library ? anthropicLibrarySearch(search) : providerTool('anthropic.tool_search_bm25_20251119', {});
      }
      for (const entry of plan.tools) {
        const own = userTools[entry.name] as AnyTool;
        set[entry.name] = deferred.has(entry.name)
          ? { ...own, providerOptions: { ...own.providerOptions, [providerKey]: { ...(own.providerOptions?.[providerKey] as object | undefined), deferLoading: true } } }
          : own;
      }
      if (openai && deferred.size > 0) {
        set[TOOL_SEARCH_TOOL_NAME] = library
          ? providerTool(
              'openai.tool_search',
              { execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: createToolSearchInputSchema() },
              async (input: unknown, execution?: ToolExecutionOptions) => ({ tools: createOpenAIToolSearchOutput({ call_id: 'tool_search' }, await search(isRecord(input) ? input.arguments : input, execution)).tools }),
            )
          : providerTool('openai.tool_search', {});
      }
      break;
    }
    case 'none':
      for (const entry of plan.tools) set[entry.name] = userTools[entry.name] as AnyTool;
      break;
    default:
      assertNever(plan.mechanism, 'mechanism');
  }
  return set;
}

/** The library's `tool_search` under Anthropic's hosted mechanism: its result is `tool_reference` parts. */
function anthropicLibrarySearch(search: (input: unknown, execution: ToolExecutionOptions | undefined) => Promise<ToolSearchResult>): AnyTool {
  return {
    description: TOOL_SEARCH_TOOL_DEFINITION.description,
    inputSchema: jsonSchema(createToolSearchInputSchema()),
    execute: (input: unknown, execution: ToolExecutionOptions) => search(input, execution),
    toModelOutput: ({ output }: { output: ToolSearchResult }): ToolResultOutput => {
      const { content } = createAnthropicToolSearchResult('tool_search', output);
      if (typeof content === 'string' || content === undefined) return { type: 'text', value: content ?? '' };
      return {
        type: 'content',
        value: content.map((block) =>
          block.type === 'text'
            ? { type: 'text' as const, text: block.text }
            : { type: 'custom' as const, providerOptions: { anthropic: { type: 'tool-reference', toolName: block.tool_name } } },
        ),
      };
    },
  } as AnyTool;
}

/** A provider-defined tool, as the providers' own tool factories make it (`{ type: 'provider', id, args }`). */
function providerTool(id: `${string}.${string}`, args: Record<string, unknown>, execute?: (input: unknown, execution?: ToolExecutionOptions) => Promise<unknown>): AnyTool {
  return { type: 'provider', id, args, inputSchema: jsonSchema({ type: 'object' }), ...(execute === undefined ? {} : { execute }) } as AnyTool;
}
