import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { resolveModelSupport } from '../../src/models/resolve-model-support.js';
import { ANTHROPIC_MESSAGES_TOOL_NAME_RULE } from '../../src/providers/anthropic/anthropic-messages-api.js';
import { parseAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { transformAnthropicMessagesRequest, type TransformAnthropicMessagesRequestOptions } from '../../src/providers/anthropic/index.js';
import {
  PROPERTY_TIMEOUT,
  createCaseCounter,
  modelArguments,
  propertyParameters,
  scenarioArbitrary,
  scenarioCalls,
  type Scenario,
} from '../support/arbitraries.js';
import { predictOptionOf, checkTransformerPromises, scenarioCatalog, type TransformerUnderTest } from '../support/property-checks.js';

const MODELS: readonly ModelReference[] = [
  { id: 'claude-opus-5', api: 'anthropic-messages' },
  { id: 'claude-fable-5', api: 'anthropic-messages', platform: 'anthropic' },
  { id: 'claude-opus-4-8', api: 'anthropic-messages' },
  { id: 'claude-sonnet-5', api: 'anthropic-messages' },
  { id: 'claude-opus-5@20261101', api: 'anthropic-messages', platform: 'vertex' },
  { id: 'us.anthropic.claude-opus-5-v1:0', api: 'anthropic-messages', platform: 'bedrock' },
  { id: 'claude-opus-4-5', api: 'anthropic-messages' },
  { id: 'claude-sonnet-4-6', api: 'anthropic-messages' },
  { id: 'claude-3-5-haiku', api: 'anthropic-messages' },
  { id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', api: 'anthropic-messages', platform: 'bedrock' },
  { id: 'us.anthropic.claude-3-5-haiku-20241022-v1:0', api: 'anthropic-messages', platform: 'bedrock' },
  { id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', api: 'anthropic-messages', platform: 'bedrock-converse' },
  { id: 'claude-opus-4-5@20251101', platform: 'vertex' },
  'anthropic.claude-opus-4-5-20251101-v1:0',
  'gpt-5.4',
];

/** The rules a request breaks only when the caller's own history or `tool_choice` names a tool nothing defines. */
const CALLER_MISTAKES: Readonly<Record<string, string>> = {
  'undefined-tool-use': 'history-tool-undefined',
  'undefined-tool-reference': 'history-tool-undefined',
  'undeclared-tool-change': 'history-tool-undefined',
  'undefined-tool-choice': 'tool-choice-undefined',
};

/** Tools the caller defers on its own surfaces, which the plan does not know: an MCP toolset, a computer toolset. */
type CallerDeferred = 'none' | 'mcp-toolset' | 'partly-deferred-mcp-toolset' | 'computer-toolset' | 'web-fetch';
const CALLER_DEFERRED: Readonly<Record<Exclude<CallerDeferred, 'none'>, Record<string, unknown>>> = {
  'mcp-toolset': { type: 'mcp_toolset', mcp_server_name: 'db', default_config: { defer_loading: true } },
  'partly-deferred-mcp-toolset': {
    type: 'mcp_toolset',
    mcp_server_name: 'docs',
    default_config: { defer_loading: true },
    configs: { search_docs: { defer_loading: false } },
  },
  'computer-toolset': { type: 'computer_toolset_20260801', configs: { screenshot: { defer_loading: true }, click: { defer_loading: true } } },
  'web-fetch': { type: 'web_fetch_20250910', name: 'web_fetch', defer_loading: true },
};

/**
 * How the history's `tool_search` results are followed by a system message adding the tools they loaded (native
 * delivery): `none`, by value (`tool_definition`), or by reference (`tool_reference`). Written only for a model that
 * takes such additions where it is served (`toolAdditionsOptIn`), in a form offered there (by value: the Claude API):
 * a system message for any other model is the caller's own mistake, which no transformer can repair.
 */
type HistoryToolChanges = 'none' | 'value' | 'reference';

/**
 * The scenario as a Messages API body for its model (a Bedrock one with Bedrock's `anthropic_version` and no `model`);
 * `cached` puts a `cache_control` breakpoint on those tools; `toolChanges` adds the loaded tools after each search.
 */
function messagesRequest(
  scenario: Scenario,
  cached: readonly number[],
  blocks: boolean,
  callerDeferred: CallerDeferred,
  toolChanges: HistoryToolChanges = 'none',
): { body: Record<string, unknown>; revealed: string[] } {
  const offered = resolveModelSupport(scenario.model).toolAdditionsOptIn;
  const changes = offered === null || (toolChanges === 'value' && offered !== 'value') ? 'none' : toolChanges;
  const { tools } = scenario;
  const bodyTools: unknown[] = [];
  tools.forEach((tool, index) => {
    if (!tool.inBody) return;
    bodyTools.push({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      input_schema: tool.inputSchema,
      ...(tool.deferLoading ? { defer_loading: true } : {}),
      ...(cached.includes(index) ? { cache_control: { type: 'ephemeral' } } : {}),
    });
  });
  if (scenario.providerTool) bodyTools.push({ type: 'web_search_20250305', name: 'web_search' });
  if (callerDeferred !== 'none') bodyTools.push(CALLER_DEFERRED[callerDeferred]);
  const messages: unknown[] = [{ role: 'user', content: 'hi' }];
  for (const call of scenarioCalls(scenario, (loaded) =>
    formatToolSearchResult({ status: 'found', tools: loaded.map((name) => ({ name, inputSchema: { type: 'object' } })) }),
  )) {
    if (call.hosted !== undefined) {
      const server = `srvtoolu_${call.index}`;
      messages.push({
        role: 'assistant',
        content: [
          { type: 'server_tool_use', id: server, name: 'tool_search_tool_bm25', input: { query: 'q' } },
          {
            type: 'tool_search_tool_result',
            tool_use_id: server,
            content: { type: 'tool_search_tool_search_result', tool_references: call.hosted.map((name) => ({ type: 'tool_reference', tool_name: name })) },
          },
          { type: 'text', text: 'Found them.' },
        ],
      });
      messages.push({ role: 'user', content: 'go on' });
      continue;
    }
    const id = `toolu_${call.index}`;
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id, name: call.name, input: call.name === 'tool_search' ? { query: 'q' } : {} }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: call.result }] });
    const event = scenario.history[call.index];
    const loaded = event?.kind === 'search' ? event.tools.map((index) => tools[index]).filter((tool) => tool !== undefined) : [];
    if (changes !== 'none' && loaded.length > 0) {
      messages.push({
        role: 'system',
        content: loaded.map((tool) => ({
          type: 'tool_addition',
          tool:
            changes === 'value'
              ? { type: 'tool_definition', definition: { name: tool.name, description: tool.description ?? '', input_schema: tool.inputSchema } }
              : { type: 'tool_reference', name: tool.name },
        })),
      });
    }
  }
  if (scenario.turnStart !== undefined) messages.push({ role: 'assistant', content: 'Done.' }, { role: 'user', content: scenario.turnStart });
  const model = typeof scenario.model === 'string' ? { id: scenario.model } : scenario.model;
  // A Bedrock InvokeModel body names its model in the URL and says Bedrock in `anthropic_version`.
  const body: Record<string, unknown> =
    model.platform === 'bedrock'
      ? { anthropic_version: 'bedrock-2023-05-31', max_tokens: 1024, messages, tools: bodyTools }
      : { model: model.id, max_tokens: 1024, messages, tools: bodyTools };
  if (scenario.system !== undefined) body.system = blocks ? [{ type: 'text', text: scenario.system, cache_control: { type: 'ephemeral' } }] : scenario.system;
  if (scenario.forced.kind === 'one') {
    const tool = tools[scenario.forced.tool];
    if (tool?.inBody === true) body.tool_choice = { type: 'tool', name: tool.name };
  } else if (scenario.forced.kind === 'allowed') body.tool_choice = { type: scenario.forced.required ? 'any' : 'auto' };
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

const ANTHROPIC: TransformerUnderTest<TransformAnthropicMessagesRequestOptions> = {
  historyKey: 'messages',
  transform: (body, plan, options) => transformAnthropicMessagesRequest(body, plan, options),
  readTools: parseAnthropicMessagesTools,
  violations: (body, warnings) => {
    const warned = new Set(warnings.map((warning) => warning.code));
    return preflightAnthropicMessagesRequest(body).violations.filter((violation) => {
      const excuse = CALLER_MISTAKES[violation.rule];
      return excuse === undefined || !warned.has(excuse);
    });
  },
  rule: ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  sentNames: (body) =>
    (((body as { tools?: unknown[] }).tools ?? []) as { name?: string; type?: string }[])
      .filter((tool) => tool.type === undefined)
      .map((tool) => tool.name as string),
  hostedSearch: (body) =>
    (((body as { tools?: unknown[] }).tools ?? []) as { name?: string }[]).some(
      (tool) => tool.name === 'tool_search_tool_bm25' || tool.name === 'tool_search_tool_regex',
    ),
  stable: () => true,
};

const counter = createCaseCounter('Anthropic Messages');
afterAll(() => counter.report());

describe('transformAnthropicMessagesRequest under hostile input', () => {
  it(
    'sends a request preflight accepts (unless it warned of the caller’s own undefined reference) or throws a ToolSearchError, leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          scenarioArbitrary(MODELS, { categories: false }),
          fc.array(fc.nat(24), { maxLength: 2 }),
          fc.boolean(),
          fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }),
          fc.oneof(
            { weight: 6, arbitrary: fc.constant<CallerDeferred>('none') },
            fc.constantFrom<CallerDeferred>('mcp-toolset', 'partly-deferred-mcp-toolset', 'computer-toolset', 'web-fetch'),
          ),
          fc.constantFrom<HistoryToolChanges>('none', 'value', 'reference'),
          async (scenario, cached, blocks, calls, callerDeferred, toolChanges) => {
            const { body, revealed } = messagesRequest(scenario, cached, blocks, callerDeferred, toolChanges);
            const changes = (body.messages as { role: string; content: { tool: { type: string } }[] }[]).find((message) => message.role === 'system');
            if (changes !== undefined) counter.count(`history adds tools by ${changes.content[0]?.tool.type === 'tool_definition' ? 'value' : 'reference'}`);
            if (scenario.config.reveal === 'native') counter.count('reveal native');
            await checkTransformerPromises(
              ANTHROPIC,
              scenario,
              { body, options: { revealed, catalog: scenarioCatalog(scenario), ...predictOptionOf(scenario) } },
              calls,
              counter.count,
            );
          },
        ),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
