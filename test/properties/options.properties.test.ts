import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolCallCheck } from '../../src/client/create-tool-call-check.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { resolveToolList } from '../../src/request/resolve-tool-list.js';
import { resolveRevealedTools } from '../../src/client/tool-search-result.js';
import { parseToolSearchConfig } from '../../src/config/parse-tool-search-config.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { parseToolSearchPlan } from '../../src/plan/parse-tool-search-plan.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { transformGeminiRequest } from '../../src/providers/gemini/index.js';
import { transformBedrockConverseRequest } from '../../src/providers/bedrock/index.js';
import { OPENAI_CHAT_TOOL_NAME_RULE } from '../../src/providers/openai/openai-chat-api.js';
import { transformOpenAIChatRequest } from '../../src/providers/openai/index.js';
import { transformOpenAIResponsesRequest } from '../../src/providers/openai/index.js';
import { createOpenAIResponsesAdditionalTools } from '../../src/providers/openai/create-openai-responses-additional-tools.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import { parseToolDefinitions } from '../../src/tools/parse-tool-definitions.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT, createCaseCounter, cyclicValue, propertyParameters } from '../support/arbitraries.js';
import { createToolSearch } from '../../src/session/create-tool-search.js';
import { formatToolOutput } from '../../src/session/format-tool-output.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import { preflightBedrockConverseRequest } from '../support/preflight/preflight-bedrock-converse-request.js';
import { manyTools } from '../support/tools.js';

/** Anything a caller may pass by mistake: every JSON value, and more (null prototypes, big integers, symbols, functions, sparse arrays). */
const anything = fc.anything({
  withBigInt: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withMap: true,
  withSet: true,
  withDate: true,
  withBoxedValues: true,
});
/** Options objects with the right keys and values of any type. */
const optionsLike = (keys: readonly string[]) => fc.oneof(anything, fc.dictionary(fc.constantFrom(...keys), anything, { maxKeys: keys.length }));

const tools = manyTools(20);
const plan = resolveToolSearch('gemini-2.5-pro', tools, { threshold: 0 });
const counter = createCaseCounter('options');
afterAll(() => counter.report());

/** Runs `run`; it may return or throw a `ToolSearchError`, nothing else (no `TypeError`, no `RangeError`). */
async function typedOrNothing(label: string, run: () => unknown): Promise<void> {
  counter.count(label);
  try {
    await run();
  } catch (error) {
    if (!isToolSearchError(error)) throw error;
  }
}

describe('every option, argument and body of the wrong type', () => {
  it(
    'gets a ToolSearchError or works, never a stray TypeError',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          anything,
          anything,
          optionsLike(['maxSessions', 'maxToolsPerSession', 'ttlMs', 'now']),
          optionsLike(['tools', 'store', 'maxResults', 'maxListedTools', 'maxQueryLength', 'index']),
          async (first, second, storeOptions, toolOptions) => {
            await typedOrNothing('createMemoryRevealStore', () => createMemoryRevealStore(storeOptions as never));
            const store = createMemoryRevealStore();
            await typedOrNothing('store.add', () => store.add(first as never, second as never));
            await typedOrNothing('store.get', () => store.get(first as never));
            await typedOrNothing('createToolSearchTool', () => createToolSearchTool(toolOptions as never));
            await typedOrNothing('createToolSearchTool (tools, store)', () =>
              createToolSearchTool({ ...(toolOptions as object), tools: first, store } as never),
            );
            const search = createToolSearchTool({ tools, store });
            await typedOrNothing('tool_search context', () => search.execute(first, second as never));
            await typedOrNothing('createToolCallCheck', () => createToolCallCheck(first as never));
            await typedOrNothing('check context', () => createToolCallCheck({ tools, store }).check(first as never, second as never));
            await typedOrNothing('createToolIndex', () => createToolIndex(first as never, second as never));
            await typedOrNothing('index.search', () => createToolIndex(tools).search(first as never, second as never));
            await typedOrNothing('parseToolSearchConfig', () => parseToolSearchConfig(first as never, second as never));
            await typedOrNothing('parseToolDefinitions', () => parseToolDefinitions(first));
            await typedOrNothing('resolveToolSearch', () => resolveToolSearch(first as never, tools, second as never));
            await typedOrNothing('parseToolSearchPlan', () => parseToolSearchPlan(first));
            await typedOrNothing('resolveToolList', () => resolveToolList(plan, tools, first as never));
            await typedOrNothing('resolveRevealedTools', () => resolveRevealedTools(first as never));
            await typedOrNothing('createToolNameMapping', () => createToolNameMapping(first as never, OPENAI_CHAT_TOOL_NAME_RULE, second as never));
            await typedOrNothing('createOpenAIResponsesAdditionalTools', () => createOpenAIResponsesAdditionalTools(first as never, second as never));
            await typedOrNothing('createOpenAIResponsesAdditionalTools options', () =>
              createOpenAIResponsesAdditionalTools(['a'], { tools: first, names: second } as never),
            );
            for (const [label, transform] of [
              ['transformOpenAIResponsesRequest', transformOpenAIResponsesRequest],
              ['transformOpenAIChatRequest', transformOpenAIChatRequest],
              ['transformAnthropicMessagesRequest', transformAnthropicMessagesRequest],
              ['transformGeminiRequest', transformGeminiRequest],
              ['transformBedrockConverseRequest', transformBedrockConverseRequest],
            ] as const) {
              await typedOrNothing(`${label} options`, () =>
                (transform as (body: unknown, plan: unknown, options: unknown) => unknown)({ model: 'm', messages: [], contents: [] }, plan, first),
              );
              await typedOrNothing(`${label} body`, () => (transform as (body: unknown, plan: unknown, options: unknown) => unknown)(first, plan, {}));
              await typedOrNothing(`${label} plan`, () =>
                (transform as (body: unknown, plan: unknown, options: unknown) => unknown)({ model: 'm', messages: [] }, first, {}),
              );
            }
          },
        ),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );

  // Issue 24 item 9: every preflight never returned on a cyclic body, and JSON writers threw untyped TypeErrors.
  it(
    'gets a ToolSearchError or works on values that contain themselves, and never hangs',
    async () => {
      const preflights = [
        preflightOpenAIResponsesRequest,
        preflightOpenAIChatRequest,
        preflightAnthropicMessagesRequest,
        preflightGeminiRequest,
        preflightBedrockConverseRequest,
      ] as const;
      await fc.assert(
        fc.asyncProperty(cyclicValue, cyclicValue, async (first, second) => {
          await typedOrNothing('cyclic: resolveToolSearch', () => resolveToolSearch('claude-opus-5', first as never, second as never));
          await typedOrNothing('cyclic: parseToolDefinitions', () => parseToolDefinitions(first));
          await typedOrNothing('cyclic: createToolSearch', () => createToolSearch({ tools: [{ name: 'x', inputSchema: first }] as never }));
          await typedOrNothing('cyclic: parseToolSearchConfig', () => parseToolSearchConfig(first as never));
          await typedOrNothing('cyclic: parseToolSearchPlan', () => parseToolSearchPlan(first));
          await typedOrNothing('cyclic: formatToolOutput', () => formatToolOutput(first));
          await typedOrNothing('cyclic: formatToolSearchResult', () =>
            formatToolSearchResult({ status: 'found', tools: [{ name: 'x', inputSchema: first as never }] }),
          );
          const store = createMemoryRevealStore();
          await typedOrNothing('cyclic: tool_search arguments', () => createToolSearchTool({ tools, store }).execute(first, { sessionId: 's' }));
          await typedOrNothing('cyclic: check arguments', () =>
            createToolCallCheck({ tools, store }).check({ name: tools[0]?.name as string, arguments: first }, { sessionId: 's' }),
          );
          for (const preflight of preflights) {
            counter.count('cyclic: preflight');
            // Total: a result, never an exception, and never a hang.
            const body = { model: 'm', messages: [{ role: 'user', content: first }], input: [first], contents: [first], tools: [second] };
            expect(typeof (preflight as (body: unknown) => { ok: boolean })(body).ok).toBe('boolean');
          }
          for (const [label, transform] of [
            ['transformOpenAIResponsesRequest', transformOpenAIResponsesRequest],
            ['transformOpenAIChatRequest', transformOpenAIChatRequest],
            ['transformAnthropicMessagesRequest', transformAnthropicMessagesRequest],
            ['transformGeminiRequest', transformGeminiRequest],
            ['transformBedrockConverseRequest', transformBedrockConverseRequest],
          ] as const) {
            const run = transform as (body: unknown, plan: unknown, options: unknown) => unknown;
            await typedOrNothing(`cyclic: ${label} body`, () =>
              run({ model: 'm', messages: [{ role: 'user', content: first }], input: [first], contents: [first] }, plan, {}),
            );
            await typedOrNothing(`cyclic: ${label} options`, () => run({ model: 'm', messages: [] }, plan, first));
          }
        }),
        propertyParameters(Math.max(50, Math.round(PROPERTY_RUNS / 4))),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'keeps numeric bounds from exhausting memory: a huge session bound costs nothing until used',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
          fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
          async (maxSessions, maxToolsPerSession) => {
            counter.count('bounds');
            const store = createMemoryRevealStore({ maxSessions, maxToolsPerSession, ttlMs: maxSessions });
            expect(await store.add('s', ['a', 'b'])).toEqual(maxToolsPerSession === 1 ? ['b'] : ['a', 'b']);
          },
        ),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
