import { jsonSchema, type ModelMessage, type ToolSet } from 'ai';
import { assertNever } from '../../errors/assert-never.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { isRecord } from '../../records/is-record.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { isDeferredLeftOut } from '../../plan/is-deferred-left-out.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import { resolveToolList } from '../../request/resolve-tool-list.js';
import { formatToolSearchResult, type ToolSearchResult } from '../../client/tool-search-result.js';
import {
  CALL_TOOL_DEFINITION,
  TOOL_SEARCH_TOOL_DEFINITION,
  createCallToolInputSchema,
  createStubInputSchema,
  createToolSearchInputSchema,
} from '../../tools/tool-search-tool-definition.js';
import type { ToolSearch } from '../../session/create-tool-search.js';
import { createOpenAIToolSearchOutput } from '../../providers/openai/create-openai-tool-search-output.js';
import { createAnthropicToolSearchResult } from '../../providers/anthropic/create-anthropic-tool-search-result.js';
import { resolveAISDKLoadedTools } from './resolve-ai-sdk-loaded-tools.js';
import type { AISDKNeedsApproval, AISDKTool, AISDKToolExecution, AISDKToolResultOutput } from './ai-sdk-tool-types.js';

/** What a session's tool set is built for: the model's plan as the AI SDK carries it, its provider, the prediction step. */
export interface AISDKToolSetSettings {
  readonly plan: ToolSearchPlan;
  /** The model's provider (`openai.responses`, `anthropic.messages`, …). */
  readonly provider: string;
  /** The prediction step over a conversation, when it runs: a search reads the loads it writes. */
  readonly predict: ((messages: readonly ModelMessage[]) => ModelMessage[]) | undefined;
}

/** The caller's tools by name. */
type UserTools = Readonly<Record<string, AISDKTool>>;

/** What the tools of one session run: the package's search, a checked call of a caller's tool, an output for the model. */
type AISDKSessionCalls = ReturnType<typeof createSessionCalls>;

/**
 * The tool set of one session for a model's settings, with the caller's provider tools last: the package's own tools
 * (`tool_search` answered for the session, `call_tool`), stubs or deferred declarations of the caller's deferred tools,
 * the caller's tools as they are. Not part of the public API.
 */
export function createAISDKToolSet(toolSearch: ToolSearch, settings: AISDKToolSetSettings, userTools: UserTools, sessionId: string): ToolSet {
  const { plan, provider } = settings;
  const calls = createSessionCalls(toolSearch, settings, userTools, sessionId);
  const providerKey = provider.split('.')[0] as string;
  // Built as entries, not assigned: a tool named `__proto__` would set the object's prototype instead of a key.
  const set =
    plan.mechanism === 'client'
      ? createClientTools(toolSearch, plan, providerKey, userTools, calls)
      : plan.mechanism === 'none'
        ? new Map(plan.tools.map((entry) => [entry.name, userTools[entry.name] as AISDKTool]))
        : createHostedTools(plan, providerKey, userTools, calls);
  // Provider tools (`openai.tools.webSearch()`, …) are sent as they are, whatever the plan.
  for (const [name, tool] of Object.entries(userTools)) if (tool.type === 'provider') set.set(name, tool);
  return Object.fromEntries(set);
}

/**
 * OpenAI's or Anthropic's hosted search: the caller's tools, the deferred ones declared deferred (or kept out of the
 * request), and the search tool (Anthropic's first and never deferred, OpenAI's last) when anything is deferred.
 */
function createHostedTools(plan: ToolSearchPlan, providerKey: string, userTools: UserTools, calls: AISDKSessionCalls): Map<string, AISDKTool> {
  const openai = plan.mechanism === 'openai-hosted';
  const library = plan.search === 'library';
  // The library's search with the `names`/`none` listing leaves deferred functions out of the request (the AI SDK still
  // runs their calls; `createSettings` kept that listing only where the provider can), as the session API does;
  // otherwise they are sent deferred.
  const hidden = openai && isDeferredLeftOut(plan) ? { omitFromRequestTools: true } : { deferLoading: true };
  const tools = plan.tools.map((entry): [string, AISDKTool] => {
    const own = userTools[entry.name] as AISDKTool;
    return [entry.name, entry.status === 'deferred' ? withProviderOptions(own, providerKey, hidden) : own];
  });
  if (!plan.tools.some((entry) => entry.status === 'deferred')) return new Map(tools);
  const { searchName } = resolveOwnToolsSent(plan);
  if (!openai) {
    return new Map([
      library
        ? [searchName, searchTool(calls, createAnthropicSearchOutput)]
        : ['tool_search_tool_bm25', providerTool('anthropic.tool_search_bm25_20251119', {})],
      ...tools,
    ]);
  }
  const search = library
    ? providerTool(
        'openai.tool_search',
        { execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: createToolSearchInputSchema() },
        async (input: unknown, execution?: AISDKToolExecution) => ({
          tools: createOpenAIToolSearchOutput({ call_id: 'tool_search' }, await calls.search(isRecord(input) ? input.arguments : input, execution)).tools,
        }),
      )
    : providerTool('openai.tool_search', {});
  return new Map([...tools, [searchName, search]]);
}

/** How the tools of one session search and run calls, for the session. */
function createSessionCalls(toolSearch: ToolSearch, { plan, predict }: AISDKToolSetSettings, userTools: UserTools, sessionId: string) {
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

/**
 * The client-side mechanism's tools: the tool list's entries (the caller's loaded tools, `tool_search`, `call_tool`,
 * the stubs) and, under native delivery, the deferred tools kept out of the request or declared deferred.
 */
function createClientTools(toolSearch: ToolSearch, plan: ToolSearchPlan, providerKey: string, userTools: UserTools, calls: AISDKSessionCalls) {
  const set = new Map<string, AISDKTool>();
  // OpenAI's APIs get the open stub schemas with `strict: false`, as the transformers send them (strict mode rejects
  // them); other providers warn about a `strict` they do not support, so it is left out there.
  const loose = providerKey === 'openai' ? { strict: false } : {};
  /** The caller's tool a `call_tool` input names. */
  const named = (input: unknown) => (isRecord(input) && typeof input.name === 'string' ? userTools[input.name] : undefined);
  for (const entry of resolveToolList(plan, toolSearch.catalog).tools) {
    const own = userTools[entry.name];
    switch (entry.status) {
      case 'loaded':
      case 'revealed':
        set.set(entry.name, own as AISDKTool);
        break;
      case 'search':
        set.set(
          entry.name,
          searchTool(calls, (output) => ({ type: 'text', value: formatToolSearchResult(output) }), loose),
        );
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
      case 'deferred': {
        const { inputExamples: _examples, strict: _strict, ...rest } = own as AISDKTool & { inputExamples?: unknown };
        set.set(entry.name, {
          ...rest,
          ...(entry.description === undefined ? {} : { description: entry.description }),
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
        assertNever(entry.status, 'tool list status');
    }
  }
  // Native delivery: the list leaves deferred tools out, but the AI SDK runs only tools it is given. Each is the
  // caller's own tool (its schema checks the model's call, as for any tool), kept out of the request (OpenAI) or
  // declared deferred (Anthropic) until the step hook's addition after a `tool_search` result adds it.
  if (plan.reveal === 'native') {
    const hidden = providerKey === 'openai' ? { omitFromRequestTools: true } : { deferLoading: true };
    for (const entry of plan.tools)
      if (entry.status === 'deferred') set.set(entry.name, withProviderOptions(userTools[entry.name] as AISDKTool, providerKey, hidden));
  }
  return set;
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
export function createAnthropicSearchOutput(result: ToolSearchResult): AISDKToolResultOutput {
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

/** Whether `value` streams its outputs, as the AI SDK reads a tool's `execute` result. */
function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

/** Whether `execute` is an `async function*` (a tool whose outputs stream). */
function isAsyncGeneratorFunction(execute: unknown): boolean {
  return Object.prototype.toString.call(execute) === '[object AsyncGeneratorFunction]';
}
