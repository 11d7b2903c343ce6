import { asSchema, jsonSchema, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { createLruMap } from '../../records/create-lru-map.js';
import { resolveAutoListing } from '../../config/tool-search-config.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import type { ToolSearchPlan, ToolSearchPlanWarningCode, ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { isDeferredLeftOut } from '../../plan/is-deferred-left-out.js';
import { createMemoryRevealStore } from '../../reveal/create-memory-reveal-store.js';
import { isRecord } from '../../records/is-record.js';
import { isAsyncIterable } from '../../records/is-async-iterable.js';
import { resolveGuidanceText } from '../../client/resolve-guidance-text.js';
import { resolveToolSearchGuidance } from '../../client/tool-search-guidance.js';
import { formatToolSearchResult, type ToolSearchResult } from '../../client/tool-search-result.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import {
  CALL_TOOL_DEFINITION,
  TOOL_SEARCH_TOOL_DEFINITION,
  createCallToolInputSchema,
  createStubInputSchema,
  createToolSearchInputSchema,
} from '../../tools/tool-search-tool-definition.js';
import type { ModelPlatform } from '../../models/model-reference.js';
import { resolveFrameworkTools } from '../../session/resolve-framework-tools.js';
import { createToolSearch, type ToolSearch } from '../../session/create-tool-search.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import { createOpenAIToolSearchOutput } from '../../providers/openai/create-openai-tool-search-output.js';
import { createAnthropicToolSearchResult } from '../../providers/anthropic/create-anthropic-tool-search-result.js';
import { resolveAISDKModel, type AISDKModelReference } from './resolve-ai-sdk-model.js';
import { transformAISDKMessages, type AISDKAdditionOptions, type AISDKPredictionOptions, type AISDKToolAdditionWriter } from './transform-ai-sdk-messages.js';
import { parseAISDKToolSet, type AISDKToolSetWarningCode } from './parse-ai-sdk-tool-set.js';
import { resolveAISDKLoadedTools } from './resolve-ai-sdk-loaded-tools.js';
import type { AISDKNeedsApproval, AISDKTool, AISDKToolExecution, AISDKToolResultOutput } from './ai-sdk-tool-types.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import { resolveCatalogIndex } from '../../catalog/resolve-catalog-index.js';
import { resolveToolPredictionSettings } from '../../config/parse-tool-prediction.js';
import { DEFAULT_MAX_SEARCH_RESULTS } from '../../client/create-tool-search-tool.js';
import { inConversation } from '../../plan/resolve-plan-for-wire-api.js';

/**
 * The codes of the integration's own warnings; match on them, the messages are for people.
 *
 * - `listing-not-expressible`: under OpenAI's hosted search the plan's `names` or `none` listing (the default, `auto`)
 *   leaves deferred functions out of `tools`, as the session API does, but AI SDK 6's OpenAI provider (`@ai-sdk/openai`
 *   3) sends every tool the AI SDK runs, so they are sent with `defer_loading: true` (OpenAI shows each one's name and
 *   description, not its schema, but the request carries every schema): the `full` listing. AI SDK 7's provider keeps
 *   them out (`omitFromRequestTools`). Also: an explicit `names`/`none` with OpenAI's own search (`search:
 *   'provider'`), which finds only the functions a request sends.
 * - `reveal-not-expressible`: the configuration asks for `reveal: 'tool-list'`; the AI SDK cannot change a tool's
 *   definition between the steps of one run, so loaded schemas stay in the conversation (`reveal: 'conversation'`).
 *   Also: the plan delivers loaded tools natively (`reveal: 'native'`, asked for or chosen by `auto`) on an OpenAI
 *   Responses model of an AI SDK 6 provider (`@ai-sdk/openai` 3), which has no `additionalTools`; loaded schemas stay
 *   in the conversation there too.
 * - `stubs-not-expressible`: the configuration asks for the `full` or `compact` listing on a Google model; the AI SDK's
 *   Google provider sends schemas as Gemini's `parameters`, which cannot express the open stub schema (an object
 *   without properties is rejected there), so deferred tools are named in the note and called through `call_tool`
 *   (the `names` listing; `none` above 1,000 deferred tools).
 * - `defer-loading-ignored`: tools carry AI SDK 7's own `deferLoading: true`; this package decides what is deferred, so
 *   they are sent without the flag (the AI SDK would hide them until its own `toolSearch()` found them).
 * - `description-not-searchable`: tools whose `description` is a function of the call's context (AI SDK 7) are sent as
 *   they are, but searched by name alone.
 */
export type AISDKToolSearchWarningCode = 'listing-not-expressible' | 'reveal-not-expressible' | 'stubs-not-expressible' | AISDKToolSetWarningCode;

/** The default {@link CreateAISDKToolSearchOptions.maxModels}. */
const DEFAULT_MAX_AI_SDK_MODELS = 32;
/** The default {@link CreateAISDKToolSearchOptions.maxToolSets}: the memory store's session bound. */
const DEFAULT_MAX_AI_SDK_TOOL_SETS = 4096;

/**
 * What {@link createAISDKToolSearch} needs: `config`, `store`, `unsupported` and `rank` as the session factories take them
 * (reveals are kept per session).
 */
export interface CreateAISDKToolSearchOptions<Tools extends ToolSet> extends Omit<SessionToolSearchOptions, 'tools' | 'model' | 'platform'> {
  /**
   * The agent's AI SDK tools (`tool()`, `dynamicTool()`, MCP tools, provider tools), AI SDK 6 or 7. Function tools may
   * be deferred; provider tools (`openai.tools.webSearch()`, …) are always sent as they are. A function tool's
   * `inputSchema` is what the AI SDK reads (`jsonSchema({ … })`, `zodSchema(…)`, a zod or other Standard Schema): a
   * plain JSON Schema object throws `invalid-tools` (wrap it in `jsonSchema()`), as does an entry that is not a tool.
   */
  readonly tools: Tools;
  /**
   * The most models (provider and model id) whose plan, note and tool sets are kept; past it the least recently used
   * model's are dropped and resolved again on its next `prepare` (same plan, new tool set objects). Bounds memory
   * when model ids come from outside (a gateway's many ids). A whole number ≥ 1.
   * @default 32
   */
  readonly maxModels?: number | undefined;
  /**
   * The most tool sets kept, one per session and model; past it the least recently used is dropped and built again on
   * that session's next `prepare` (equal tools, a new object). A whole number ≥ 1.
   * @default 4096
   */
  readonly maxToolSets?: number | undefined;
}

/**
 * What to pass to `generateText`, `streamText` or a `ToolLoopAgent` (spread it): the tool set and the system text, under
 * both names the AI SDK reads it by.
 */
export interface AISDKToolSearchSettings {
  /** The tools to send (spread into the call, or pass as `tools`). */
  readonly tools: ToolSet;
  /** The system text with the tool search note; the given system text when no note is needed; absent when neither. */
  readonly system?: string;
  /**
   * The same text as `system`: AI SDK 7 reads `instructions` first (`system` is its deprecated alias), and so does a
   * `ToolLoopAgent` in 6 and 7. Absent when `system` is.
   */
  readonly instructions?: string;
  /**
   * Present when the prediction step runs (the configuration's `predict`, on by default wherever the package's
   * `tool_search` answers: the client-side mechanism, Anthropic's hosted search with the library's ranking) or the plan
   * delivers loaded tools natively (`reveal: 'native'`): writes, before each step, the predicted loads after every user
   * message and the provider's tool addition after every `tool_search` result (see `transformAISDKMessages`), read
   * from the conversation alone, so the messages the AI SDK returns (which lack them) get the same ones at the same
   * places on every later step and run. Spread it with the rest; with a `prepareStep` of
   * your own, call this one from it and pass its `messages` on.
   */
  readonly prepareStep?: (options: { readonly messages: ModelMessage[] }) => { messages: ModelMessage[] };
  /**
   * `true` when that `prepareStep` writes system messages (Anthropic's tool changes): AI SDK 7's `streamText` checks
   * every step's messages against it (AI SDK 6 warns without it). Present only then.
   */
  readonly allowSystemInMessages?: true;
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
  /** Your system text by AI SDK 7's name for it: give `system` or `instructions` (or both, equal). @default none */
  readonly instructions?: string /**
   * The platform that serves the model, when the model's provider does not say it: `gateway` for a provider pointed at
   * a proxy or router (a custom `baseURL` in front of OpenAI or Anthropic), which turns `auto`'s hosted search and native
   * tool additions off (an explicit `mechanism` or `reveal: 'native'` still applies). @default none (the provider's own API)
   */;
  readonly platform?: ModelPlatform;
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

type Warning = ToolSearchWarning<AISDKToolSearchWarningCode | ToolSearchPlanWarningCode>;

/** What is kept per model: the plan as the AI SDK can carry it, its note, its warnings and the provider tools. */
interface ModelSettings {
  readonly plan: ToolSearchPlan;
  readonly guidance: string | null;
  readonly warnings: readonly Warning[];
  readonly provider: string;
  /** The step hook that writes predicted loads and native tool additions, when the plan has either. */
  readonly prepareStep: AISDKToolSearchSettings['prepareStep'];
  /** The prediction step over a conversation alone (`transformAISDKMessages`), when it runs: what a search reads too. */
  readonly predict: ((messages: readonly ModelMessage[]) => ModelMessage[]) | undefined;
  /** The keys of the tool sets built for these settings (each holds the plan): dropped with them. */
  readonly toolSetKeys: Set<string>;
}

/**
 * Tool search for Vercel AI SDK apps (`ai` 6 or 7): the tool set and system text for `generateText` and `streamText`, per
 * model.
 *
 * - **Client-side** (every model without hosted search: Gemini, Chat Completions, older models, gateways): loaded
 *   tools as they are, a real `tool_search` tool whose `execute` runs the search for the session, and the deferred
 *   tools as stubs (`full`/`compact` listing) or through `call_tool` (`names`/`none`); a stub's or `call_tool`'s
 *   `execute` checks the arguments against the full schema, then runs your tool's own `execute` with them (a misfit
 *   gets an answer with the schema instead). The tool set never changes within a session. A search reads the
 *   conversation it is called in (`execute`'s `messages`): a schema it already holds is named in `loadedEarlier`, not
 *   repeated, whichever worker runs the step, and a schema it no longer holds is sent again.
 * - **OpenAI's hosted search** (`openai.responses` models, GPT-5.4 and newer): the hosted `tool_search` tool
 *   (`openai.tool_search`), client-executed with the library's ranking (`search: 'library'`, the default; its output
 *   loads the tools) or the provider's own. Deferred tools are left out of the request, as the session API leaves
 *   them out, with `providerOptions: { openai: { omitFromRequestTools: true } }` (AI SDK 7, library search, `names`/
 *   `none` listing); otherwise, and on AI SDK 6 (warned `listing-not-expressible`), sent with `deferLoading: true`.
 * - **Anthropic's hosted search** (`anthropic.messages` models, Claude 4.5 and newer): deferred tools with
 *   `providerOptions: { anthropic: { deferLoading: true } }`, and either the library's `tool_search` whose result is
 *   `tool_reference` parts (the API loads the schemas), or Anthropic's BM25 search tool (`search: 'provider'`).
 *
 * Throws a `ToolSearchError` for bad options (`invalid-options`) and for an entry of `tools` that is not a tool or whose
 * `inputSchema` the AI SDK cannot read (`invalid-tools`); `prepare` throws for a missing `sessionId`, a model that is
 * not an AI SDK model, a schema that cannot be converted to JSON Schema, and a configured mechanism that does not
 * apply (unless `unsupported: 'full-schemas'`).
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
  if (!isRecord(options)) {
    throw new ToolSearchError('invalid-options', `createAISDKToolSearch: the options must be an object with \`tools\`, got ${describeValue(options)}`);
  }
  const { tools: userTools, warnings: toolSetWarnings } = parseAISDKToolSet(options.tools);
  const store = options.store ?? createMemoryRevealStore();
  /** Tool sets by model and session: the same object on every call, so nothing changes between runs. */
  const toolSets = createLruMap<string, { readonly settings: ModelSettings; readonly tools: ToolSet }>({
    maxSize: parseBound('maxToolSets', options.maxToolSets, DEFAULT_MAX_AI_SDK_TOOL_SETS),
    dispose: (entry, key) => entry.settings.toolSetKeys.delete(key),
  });
  /** Plans, notes and warnings by model; a model dropped takes its tool sets with it (each holds the model's plan). */
  const models = createLruMap<string, ModelSettings>({
    maxSize: parseBound('maxModels', options.maxModels, DEFAULT_MAX_AI_SDK_MODELS),
    dispose: (settings) => {
      for (const key of [...settings.toolSetKeys]) toolSets.delete(key);
    },
  });
  let core: Promise<ToolSearch> | undefined;

  async function createCore(): Promise<ToolSearch> {
    const catalog: ToolDefinition[] = [];
    for (const [name, tool] of Object.entries(userTools)) {
      if (tool.type === 'provider') continue;
      let inputSchema: ToolDefinition['inputSchema'];
      try {
        inputSchema = (await asSchema(tool.inputSchema).jsonSchema) as ToolDefinition['inputSchema'];
      } catch (error) {
        throw new ToolSearchError(
          'invalid-tools',
          `createAISDKToolSearch: \`tools.${name}.inputSchema\` could not be converted to JSON Schema (${error instanceof Error ? error.message : String(error)}); give a schema that converts, or a JSON Schema in \`jsonSchema(…)\``,
          { cause: error },
        );
      }
      // An AI SDK 7 description that is a function of the call's context cannot be indexed: the tool is searched by name.
      catalog.push(typeof tool.description === 'string' ? { name, description: tool.description, inputSchema } : { name, inputSchema });
    }
    return createToolSearch({ tools: catalog, store, config: options.config, unsupported: options.unsupported, rank: options.rank });
  }

  return {
    async prepare(model, prepareOptions) {
      const sessionId = prepareOptions?.sessionId;
      if (typeof sessionId !== 'string' || sessionId.length === 0) {
        throw new ToolSearchError('invalid-options', `createAISDKToolSearch: \`sessionId\` must be a non-empty string, got ${describeValue(sessionId)}`);
      }
      const reference = resolveAISDKModel(model);
      if (reference === undefined) {
        throw new ToolSearchError(
          'invalid-options',
          `createAISDKToolSearch: \`model\` must be an AI SDK language model (with \`provider\` and \`modelId\`) or a model id, got ${describeValue(model)}`,
        );
      }
      const platform = prepareOptions.platform;
      core ??= createCore();
      const toolSearch = await core;
      const modelKey = `${reference.provider}\n${reference.id}\n${reference.specification}\n${platform ?? ''}`;
      let settings = models.get(modelKey);
      if (settings === undefined) {
        // A provider this package does not know carries no hosted format: it is planned like Chat Completions. The core
        // checks `platform` (`invalid-options`), as it checks every model reference.
        const resolved = toolSearch.resolvePlan({ id: reference.id, api: reference.api ?? 'openai-chat', ...(platform === undefined ? {} : { platform }) });
        settings = createSettings(toolSearch, resolved, reference, userTools, toolSetWarnings);
        models.set(modelKey, settings);
      }
      const setKey = `${modelKey}\n${sessionId}`;
      let cached = toolSets.get(setKey);
      // A tool set built for settings since dropped is built again for the current ones.
      if (cached?.settings !== settings) {
        cached = { settings, tools: createAISDKToolSet(toolSearch, settings, userTools, sessionId) };
        toolSets.set(setKey, cached);
        settings.toolSetKeys.add(setKey);
      }
      const given = resolveGivenSystem(prepareOptions);
      const system = settings.guidance === null ? given : resolveGuidanceText(given ?? '', settings.guidance);
      const result = {
        tools: cached.tools,
        ...(system === undefined ? {} : { system, instructions: system }),
        ...(settings.prepareStep === undefined ? {} : { prepareStep: settings.prepareStep }),
        ...(settings.plan.reveal === 'native' && settings.provider === 'anthropic.messages' ? { allowSystemInMessages: true as const } : {}),
      };
      return Object.defineProperties(result, {
        plan: { value: settings.plan, enumerable: false },
        warnings: { value: settings.warnings, enumerable: false },
      }) as AISDKToolSearchSettings;
    },
  };
}

/** The caller's system text, given as `system` or `instructions` (AI SDK 7's name); both must agree. */
function resolveGivenSystem(options: AISDKToolSearchPrepareOptions): string | undefined {
  const { system, instructions } = options;
  for (const field of ['system', 'instructions'] as const) {
    if (options[field] !== undefined && typeof options[field] !== 'string') {
      throw new ToolSearchError(
        'invalid-options',
        `createAISDKToolSearch: \`${field}\` must be a string (your system text), got ${describeValue(options[field])}`,
      );
    }
  }
  if (system !== undefined && instructions !== undefined && system !== instructions) {
    throw new ToolSearchError(
      'invalid-options',
      'createAISDKToolSearch: `system` and `instructions` are two names for your system text and differ; give one of them',
    );
  }
  return system ?? instructions;
}

/** A cache bound option: a whole number ≥ 1, or the default when absent. */
function parseBound(field: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ToolSearchError(
      'invalid-options',
      `createAISDKToolSearch: \`${field}\` must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, got ${describeValue(value)}`,
    );
  }
  return value;
}

/** The plan of a model as the AI SDK can carry it, its note and its warnings (the tool set's first). */
function createSettings(
  toolSearch: ToolSearch,
  resolved: ToolSearchPlan,
  model: AISDKModelReference,
  userTools: UserTools,
  toolSetWarnings: readonly Warning[],
): ModelSettings {
  const { provider } = model;
  // `@ai-sdk/openai` from its AI SDK 7 major (4.0.96 and later) has `omitFromRequestTools`, which keeps a tool out of the
  // request while the AI SDK still runs its calls, and `additionalTools` on a tool result (a native tool addition).
  const openAI7 = provider === 'openai.responses' && model.specification !== null && model.specification >= 4;
  const warnings: Warning[] = [...toolSetWarnings, ...resolved.warnings];
  let plan = resolved;
  const deferring = plan.mechanism !== 'none' && plan.tools.some((entry) => entry.status === 'deferred');
  if (deferring && plan.mechanism === 'client' && plan.reveal === 'tool-list') {
    warnings.push({
      code: 'reveal-not-expressible',
      message:
        "`reveal: 'tool-list'` was asked for, but the AI SDK cannot change a tool's definition between the steps of a run; loaded schemas stay in the `tool_search` results (`reveal: 'conversation'`)",
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
  // The library's search leaves deferred functions out of `tools` (`names`/`none`), as the session API does: the AI SDK
  // then needs to keep running their calls, which `omitFromRequestTools` does (`@ai-sdk/openai` 4); AI SDK 6's
  // provider sends every tool it runs, so there they go with `defer_loading: true`, every schema in the request.
  if (deferring && plan.mechanism === 'openai-hosted' && (plan.listing === 'names' || plan.listing === 'none') && !(plan.search === 'library' && openAI7)) {
    if (plan.search === 'library') {
      warnings.push({
        code: 'listing-not-expressible',
        message: `the \`${plan.listing}\` listing leaves deferred functions out of \`tools\` (what the session API sends for ${model.id}), but ${provider}'s AI SDK ${model.specification === null ? '' : `${model.specification + 3} `}provider cannot keep a tool out of the request and still run its calls (\`omitFromRequestTools\` is in \`@ai-sdk/openai\` 4.0.96 or later, AI SDK 7), so deferred functions are sent with \`defer_loading: true\`, every schema in the request (OpenAI shows the model their names and descriptions): the \`full\` listing. Use AI SDK 7, or \`mechanism: 'client'\` for the smaller request`,
      });
    } else if (toolSearch.config.listing !== 'auto') {
      // The provider's search finds only functions the request defines, in the session API as here.
      warnings.push({
        code: 'listing-not-expressible',
        message: `the \`${plan.listing}\` listing was asked for, but OpenAI's own search (\`search: 'provider'\`) finds only the functions the request sends, so deferred functions are sent with \`defer_loading: true\` (OpenAI shows their names and descriptions, not their schemas): the \`full\` listing`,
      });
    }
    plan = { ...plan, listing: 'full' };
  }
  // Which provider writes a native tool addition: `@ai-sdk/openai` 4 (above) and `@ai-sdk/anthropic` (`toolChanges` on a
  // system message; 3.0.102 / 4.0.20 and later); none of AI SDK 6's `@ai-sdk/openai` 3 and other providers.
  const native = deferring && plan.mechanism === 'client' && plan.reveal === 'native';
  const writer: AISDKToolAdditionWriter | null = !native ? null : provider === 'anthropic.messages' ? 'anthropic' : openAI7 ? 'openai' : null;
  if (native && writer === null) {
    warnings.push({
      code: 'reveal-not-expressible',
      message: `the plan adds loaded tools to the conversation natively (\`reveal: 'native'\`), but ${provider}'s AI SDK ${model.specification === null ? '' : `${model.specification + 3} `}provider cannot write OpenAI's \`additional_tools\` (\`@ai-sdk/openai\` 4.0.96 or later, AI SDK 7, can); loaded schemas stay in the \`tool_search\` results (\`reveal: 'conversation'\`)`,
    });
    plan = inConversation(plan);
  }
  // The AI SDK runs only tools it is given, and its Anthropic provider sends every one of them: deferred tools are
  // declared with `defer_loading: true`, and an addition names one (by reference) rather than repeating its definition.
  if (writer === 'anthropic' && plan.additions === 'value') plan = { ...plan, additions: 'reference' };
  const guidance = deferring ? resolveToolSearchGuidance(plan, plan.mechanism === 'claude-hosted' ? { listed: false } : {}) : null;
  const own = resolveOwnToolsSent(plan);
  const predict = deferring ? createPredict(toolSearch, plan, writer !== null) : undefined;
  const step = { own, predict, additions: writer === null ? undefined : createAdditions(toolSearch, userTools, writer) };
  const searched = { own, predict };
  return {
    plan,
    guidance,
    warnings,
    provider,
    predict: predict === undefined ? undefined : (messages) => transformAISDKMessages(messages, searched),
    // The predicted loads, and the additions of searches and of predicted loads alike.
    prepareStep: predict === undefined && step.additions === undefined ? undefined : ({ messages }) => ({ messages: transformAISDKMessages(messages, step) }),
    toolSetKeys: new Set(),
  };
}

/**
 * The prediction step's options (see `transformAISDKMessages`): where the package's `tool_search` answers with the
 * library's ranking (the client-side mechanism; Anthropic's hosted search, whose results load by `tool_reference`) and
 * the configuration's `predict` is not `off`. Not on OpenAI's hosted search: the AI SDK writes a `tool_search_call` only
 * for a call the model made.
 */
function createPredict(toolSearch: ToolSearch, plan: ToolSearchPlan, native: boolean): AISDKPredictionOptions | undefined {
  const library = plan.mechanism === 'client' || (plan.mechanism === 'claude-hosted' && plan.search === 'library');
  // The configuration is parsed: its `predict` is `off`, the settings, or absent for `auto`.
  const settings = library ? resolveToolPredictionSettings(toolSearch.config.predict) : null;
  if (settings === null) return undefined;
  const deferred = new Set(plan.tools.filter((entry) => entry.status === 'deferred').map((entry) => entry.name));
  return {
    settings,
    // The `tool_search` ranking, as the session API's predictor ranks (`createToolPredictor`, whose parsing the bundle
    // of this subpath does without).
    index: resolveCatalogIndex(toolSearch.catalog.searchable, DEFAULT_MAX_SEARCH_RESULTS),
    definition: (name) => toolSearch.catalog.byName.get(name),
    isDeferred: (name) => deferred.has(name),
    notDeferred: plan.tools.length - deferred.size,
    native,
    toModelOutput: createSearchOutput(plan),
  };
}

/** How a native plan's tool additions are written into each step's messages. */
function createAdditions(toolSearch: ToolSearch, userTools: UserTools, writer: AISDKToolAdditionWriter): AISDKAdditionOptions {
  return {
    writer,
    definition: (name) => toolSearch.catalog.byName.get(name),
    strict: (name) => {
      const strict = (userTools[name] as { strict?: unknown } | undefined)?.strict;
      return typeof strict === 'boolean' ? strict : undefined;
    },
  };
}

/** The caller's tools by name. */
type UserTools = Readonly<Record<string, AISDKTool>>;

/** What the tools of one session run: the package's search, a checked call of a caller's tool, an output for the model. */
type AISDKSessionCalls = ReturnType<typeof createSessionCalls>;

/**
 * The tool set of one session for a model's settings (`resolveFrameworkTools`), with the caller's provider tools last:
 * the package's own tools (`tool_search` answered for the session, `call_tool`), stubs or deferred declarations of the
 * caller's deferred tools (kept out of the request where the plan leaves them out), the caller's tools as they are.
 */
function createAISDKToolSet(toolSearch: ToolSearch, settings: ModelSettings, userTools: UserTools, sessionId: string): ToolSet {
  const { plan, provider } = settings;
  const calls = createSessionCalls(toolSearch, settings, userTools, sessionId);
  const providerKey = provider.split('.')[0] as string;
  // OpenAI's APIs get the open stub schemas with `strict: false`, as the transformers send them (strict mode rejects
  // them); other providers warn about a `strict` they do not support, so it is left out there.
  const loose = providerKey === 'openai' ? { strict: false } : {};
  // Native delivery on OpenAI, and OpenAI's hosted search with the library's ranking under the `names`/`none` listing,
  // keep deferred tools out of the request (the AI SDK still runs their calls; `createSettings` kept that listing only
  // where the provider can), as the session API does; otherwise they are sent deferred.
  const leftOut = plan.mechanism === 'client' ? providerKey === 'openai' : plan.mechanism === 'openai-hosted' && isDeferredLeftOut(plan);
  const hidden = leftOut ? { omitFromRequestTools: true } : { deferLoading: true };
  /** The caller's tool a `call_tool` input names. */
  const named = (input: unknown) => (isRecord(input) && typeof input.name === 'string' ? userTools[input.name] : undefined);
  const { first, last } = resolveFrameworkTools(plan, toolSearch.catalog);
  // Built as entries, not assigned: a tool named `__proto__` would set the object's prototype instead of a key.
  const set = new Map<string, AISDKTool>();
  for (const entry of [...first, ...last]) {
    const own = userTools[entry.name] as AISDKTool;
    switch (entry.form) {
      case 'caller':
        set.set(entry.name, own);
        break;
      case 'deferred':
        set.set(entry.name, withProviderOptions(own, providerKey, hidden));
        break;
      case 'search':
        set.set(entry.name, searchTool(calls, createSearchOutput(plan), loose));
        break;
      case 'hosted-search':
        set.set(entry.name, createHostedSearch(plan, calls));
        break;
      case 'call':
        set.set(entry.name, {
          description: CALL_TOOL_DEFINITION.description,
          inputSchema: jsonSchema(createCallToolInputSchema()),
          ...loose,
          execute: (input: unknown, execution: AISDKToolExecution) => calls.run(entry.name, input, execution),
          toModelOutput: (options: { toolCallId: string; input: unknown; output: unknown }) =>
            calls.toModelOutput(named(options.input))({ ...options, input: isRecord(options.input) ? options.input.arguments : undefined }),
          needsApproval: async (input: unknown, approval: Parameters<AISDKNeedsApproval>[1]) => {
            const needs = named(input)?.needsApproval;
            return typeof needs === 'function' ? needs((input as { arguments?: unknown }).arguments, approval) : needs === true;
          },
        } as unknown as AISDKTool);
        break;
      case 'stub': {
        const { inputExamples: _examples, strict: _strict, ...rest } = own as AISDKTool & { inputExamples?: unknown };
        set.set(entry.name, {
          ...rest,
          ...(entry.listed.description === undefined ? {} : { description: entry.listed.description }),
          inputSchema: jsonSchema(createStubInputSchema()),
          ...loose,
          // A stub streams as the tool does (its outputs reach the app as the AI SDK's preliminary results).
          ...(own?.execute === undefined
            ? {}
            : {
                execute: (input: unknown, execution: AISDKToolExecution) =>
                  isAsyncGeneratorFunction(own.execute) ? calls.runOutputs(entry.name, input, execution) : calls.run(entry.name, input, execution),
              }),
          toModelOutput: calls.toModelOutput(own),
        } as AISDKTool);
        break;
      }
      default:
        assertNever(entry, 'framework tool');
    }
  }
  // Provider tools (`openai.tools.webSearch()`, …) are sent as they are, whatever the plan.
  for (const [name, tool] of Object.entries(userTools)) if (tool.type === 'provider') set.set(name, tool);
  return Object.fromEntries(set);
}

/**
 * The provider's search tool: OpenAI's `tool_search`, client-executed with the library's ranking (its output loads the
 * tools) or OpenAI's own; Anthropic's BM25 search.
 */
function createHostedSearch(plan: ToolSearchPlan, calls: AISDKSessionCalls): AISDKTool {
  if (plan.mechanism !== 'openai-hosted') return providerTool('anthropic.tool_search_bm25_20251119', {});
  if (plan.search !== 'library') return providerTool('openai.tool_search', {});
  return providerTool(
    'openai.tool_search',
    { execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: createToolSearchInputSchema() },
    async (input: unknown, execution?: AISDKToolExecution) => ({
      tools: createOpenAIToolSearchOutput({ call_id: 'tool_search' }, await calls.search(isRecord(input) ? input.arguments : input, execution)).tools,
    }),
  );
}

/** A `tool_search` result as the model reads it: `tool_reference` parts under Anthropic's hosted search, text otherwise. */
function createSearchOutput(plan: ToolSearchPlan): (result: ToolSearchResult) => AISDKToolResultOutput {
  return plan.mechanism === 'claude-hosted' ? createAnthropicSearchOutput : (result) => ({ type: 'text', value: formatToolSearchResult(result) });
}

/** How the tools of one session search and run calls, for the session. */
function createSessionCalls(toolSearch: ToolSearch, { plan, predict }: ModelSettings, userTools: UserTools, sessionId: string) {
  const context = { sessionId, plan };
  const ownTools = resolveOwnToolsSent(plan);
  /** Answers the library gave instead of running a tool: sent back as text, whatever the tool's own `toModelOutput`. */
  const answers = new WeakSet<object>();
  /** Checks a call (a stub's, or `call_tool`'s) and runs the named tool, as outputs (each output of one that streams). */
  async function* runOutputs(name: string, input: unknown, execution: AISDKToolExecution): AsyncGenerator<unknown> {
    const handling = await toolSearch.handleToolCall({ name, arguments: input }, context);
    if (handling.type !== 'run') {
      answers.add(handling.result);
      yield handling.result;
      return;
    }
    const tool = userTools[handling.name];
    if (tool?.execute === undefined) throw new ToolSearchError('invalid-request', `\`${handling.name}\` has no \`execute\`, so the call could not be run`);
    const output: unknown = tool.execute(handling.arguments, execution);
    if (isAsyncIterable(output)) yield* output;
    else yield await output;
  }
  return {
    // What the conversation already holds decides what a search repeats, not what this process's store saw.
    async search(input: unknown, execution: AISDKToolExecution | undefined): Promise<ToolSearchResult> {
      // Without the messages (a tool run by hand), the store's record of the session stands in for them. AI SDK 6 hands
      // a tool the step's messages before `prepareStep`: the predicted loads are read as that hook writes them.
      const messages = execution?.messages === undefined || predict === undefined ? execution?.messages : predict(execution.messages);
      const handling = await toolSearch.handleToolCall(
        { name: ownTools.searchName, arguments: input },
        messages === undefined ? context : { ...context, loaded: resolveAISDKLoadedTools(messages, ownTools) },
      );
      // Always a search: the plan sends the package's `tool_search` whenever this tool exists.
      return (handling as { result: ToolSearchResult }).result;
    },
    runOutputs,
    /** {@link runOutputs} for a plain `execute`: the last output (a streaming tool's final one). */
    async run(name: string, input: unknown, execution: AISDKToolExecution): Promise<unknown> {
      let last: unknown;
      for await (const output of runOutputs(name, input, execution)) last = output;
      return last;
    },
    /** A tool's `toModelOutput`: the library's answers as text, whatever the tool's own. */
    toModelOutput:
      (tool: AISDKTool | undefined) =>
      async (options: { toolCallId: string; input: unknown; output: unknown }): Promise<AISDKToolResultOutput> => {
        if (isRecord(options.output) && answers.has(options.output)) return { type: 'text', value: formatToolSearchResult(options.output as ToolSearchResult) };
        if (tool?.toModelOutput !== undefined) return tool.toModelOutput(options as never);
        return typeof options.output === 'string' ? { type: 'text', value: options.output } : { type: 'json', value: (options.output ?? null) as never };
      },
  };
}

/** A caller's tool with options added under its provider's key (`deferLoading`, `omitFromRequestTools`), the rest kept. */
function withProviderOptions(tool: AISDKTool, providerKey: string, options: Record<string, unknown>): AISDKTool {
  return {
    ...tool,
    providerOptions: { ...tool.providerOptions, [providerKey]: { ...(tool.providerOptions?.[providerKey] as object | undefined), ...options } },
  } as AISDKTool;
}

/** The package's `tool_search` as an AI SDK tool, its result given to the model as `toModelOutput` writes it. */
function searchTool(calls: AISDKSessionCalls, toModelOutput: (result: ToolSearchResult) => AISDKToolResultOutput, loose = {}): AISDKTool {
  return {
    description: TOOL_SEARCH_TOOL_DEFINITION.description,
    inputSchema: jsonSchema(createToolSearchInputSchema()),
    ...loose,
    execute: (input: unknown, execution: AISDKToolExecution) => calls.search(input, execution),
    toModelOutput: ({ output }: { output: ToolSearchResult }) => toModelOutput(output),
  } as AISDKTool;
}

/** A `tool_search` result under Anthropic's hosted mechanism, as the model reads it: text and `tool_reference` parts. */
function createAnthropicSearchOutput(result: ToolSearchResult): AISDKToolResultOutput {
  const { content } = createAnthropicToolSearchResult('tool_search', result);
  if (typeof content === 'string' || content === undefined) return { type: 'text', value: content ?? '' };
  return {
    type: 'content',
    value: content.map((block) =>
      block.type === 'text'
        ? { type: 'text' as const, text: block.text }
        : { type: 'custom' as const, providerOptions: { anthropic: { type: 'tool-reference', toolName: block.tool_name } } },
    ),
  } as AISDKToolResultOutput;
}

/**
 * A provider tool, as the providers' own tool factories make it (`{ type: 'provider', id, args }`): run by the app
 * when it has `execute`, by the provider otherwise (`isProviderExecuted`, which AI SDK 7's types require and 6 ignores).
 */
function providerTool(
  id: `${string}.${string}`,
  args: Record<string, unknown>,
  execute?: (input: unknown, execution?: AISDKToolExecution) => Promise<unknown>,
): AISDKTool {
  return {
    type: 'provider',
    id,
    args,
    inputSchema: jsonSchema({ type: 'object' }),
    isProviderExecuted: execute === undefined,
    ...(execute === undefined ? {} : { execute }),
  } as AISDKTool;
}

/** Whether `execute` is an `async function*` (a tool whose outputs stream). */
function isAsyncGeneratorFunction(execute: unknown): boolean {
  return Object.prototype.toString.call(execute) === '[object AsyncGeneratorFunction]';
}
