/**
 * Catalogs around each provider's caps (issue 24): Anthropic's 10,000 deferred tools, the megabyte of deferred
 * definitions past which `auto` leaves hosted search where additions by value work, and the 4 MB of definitions with
 * tool changes (native by reference on Bedrock and Vertex AI); Chat Completions' 128 tools; Gemini's 512 function
 * declarations. With any configuration but hosted search asked for by name past 10,000 tools (a typed
 * `too-many-deferred-tools`), the plan and the transformer give a request our preflight accepts.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { parseAnthropicMessagesTools, transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { parseGeminiTools, transformGeminiRequest } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import { parseOpenAIChatTools, transformOpenAIChatRequest } from '../../src/providers/openai/index.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT, createCaseCounter, propertyParameters } from '../support/arbitraries.js';

const counter = createCaseCounter('provider caps');
afterAll(() => counter.report());

/** Catalogs of thousands of tools per case: a few dozen cases at the default run count. */
const RUNS = Math.max(12, Math.round(PROPERTY_RUNS / 40));

const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
/** `count` tools whose definitions take about `bytes` bytes each as JSON. */
function tools(count: number, bytes: number): { name: string; description: string; input_schema: typeof SCHEMA }[] {
  const description = 'd'.repeat(Math.max(1, bytes - 90));
  return Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, description, input_schema: SCHEMA }));
}

/** A catalog size around one of Anthropic's bounds: the tool count and the bytes per tool. */
const anthropicCatalog = fc.constantFrom(
  { count: 9_999, bytes: 100, around: '10,000 tools' },
  { count: 10_000, bytes: 100, around: '10,000 tools' },
  { count: 10_001, bytes: 100, around: '10,000 tools' },
  { count: 1_640, bytes: 600, around: '1 MB' },
  { count: 1_700, bytes: 600, around: '1 MB' },
  { count: 6_600, bytes: 600, around: '4 MB' },
  { count: 6_700, bytes: 600, around: '4 MB' },
);
const ANTHROPIC_MODELS: readonly ModelReference[] = [
  { id: 'claude-opus-5', api: 'anthropic-messages' },
  { id: 'claude-opus-4-5', api: 'anthropic-messages' },
  { id: 'claude-opus-5', api: 'anthropic-messages', platform: 'bedrock' },
  { id: 'claude-opus-4-8@20260101', api: 'anthropic-messages', platform: 'vertex' },
  { id: 'claude-sonnet-4-5', api: 'anthropic-messages', platform: 'foundry' },
  { id: 'claude-3-5-haiku', api: 'anthropic-messages' },
];
const CONFIGS: readonly ToolSearchConfigInput[] = [
  {},
  { mechanism: 'client' },
  { mechanism: 'client', reveal: 'native' },
  { mechanism: 'claude' },
  { listing: 'compact' },
];

describe('a catalog around a provider’s cap', () => {
  it(
    'on Messages: a request our preflight accepts, unless hosted search was asked for by name past 10,000 tools',
    () => {
      fc.assert(
        fc.property(anthropicCatalog, fc.constantFrom(...ANTHROPIC_MODELS), fc.constantFrom(...CONFIGS), (size, model, config) => {
          const { id, platform } = model as { id: string; platform?: string };
          const messages = [{ role: 'user', content: 'hi' }];
          const body =
            platform === 'bedrock'
              ? { anthropic_version: 'bedrock-2023-05-31', max_tokens: 64, messages, tools: tools(size.count, size.bytes) }
              : { model: id, max_tokens: 64, messages, tools: tools(size.count, size.bytes) };
          const plan = resolveToolSearch(model, parseAnthropicMessagesTools(body as never), config);
          let sent: unknown;
          try {
            sent = transformAnthropicMessagesRequest(body as never, plan).body;
          } catch (error) {
            if (!isToolSearchError(error)) throw error;
            expect([error.code, plan.mechanism, (config as { mechanism?: unknown }).mechanism]).toEqual(['too-many-deferred-tools', 'claude-hosted', 'claude']);
            counter.count(`Messages around ${size.around}: refused (hosted asked for)`);
            return;
          }
          counter.count(`Messages around ${size.around}: ${plan.mechanism}${plan.reveal === 'native' ? ` native/${plan.additions}` : ''}`);
          expect(preflightAnthropicMessagesRequest(sent, { model }).violations.map((violation) => violation.rule)).toEqual([]);
        }),
        propertyParameters(RUNS),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'on Chat Completions (128 tools) and Gemini (512 declarations): a request our preflight accepts',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom('chat' as const, 'gemini' as const),
          fc.integer({ min: -2, max: 2 }),
          fc.constantFrom<ToolSearchConfigInput>({}, { listing: 'full' }, { listing: 'compact' }, { threshold: 100_000 }, { neverDefer: ['tool_0', 'tool_1'] }),
          (api, offset, config) => {
            if (api === 'chat') {
              const catalog = tools(128 + offset, 120);
              const body = {
                model: 'gpt-4.1',
                messages: [{ role: 'user', content: 'hi' }],
                tools: catalog.map((tool) => ({
                  type: 'function',
                  function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
                })),
              };
              const plan = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, parseOpenAIChatTools(body), config);
              expect(preflightOpenAIChatRequest(transformOpenAIChatRequest(body, plan).body).violations).toEqual([]);
            } else {
              const catalog = tools(512 + offset, 120);
              const body = {
                model: 'gemini-2.5-flash',
                contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
                config: {
                  tools: [
                    {
                      functionDeclarations: catalog.map((tool) => ({
                        name: tool.name,
                        description: tool.description,
                        parametersJsonSchema: tool.input_schema,
                      })),
                    },
                  ],
                },
              };
              const plan = resolveToolSearch({ id: 'gemini-2.5-flash', api: 'gemini' }, parseGeminiTools(body), config);
              expect(preflightGeminiRequest(transformGeminiRequest(body, plan).body).violations).toEqual([]);
            }
            counter.count(`${api} around its cap`);
          },
        ),
        propertyParameters(Math.max(20, Math.round(PROPERTY_RUNS / 10))),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
