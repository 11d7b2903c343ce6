import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { isValidToolName } from '../../src/names/create-tool-name-mapping.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { ANTHROPIC_MESSAGES_TOOL_NAME_RULE } from '../../src/providers/anthropic/anthropic-messages-api.js';
import { parseAnthropicMessagesTools } from '../../src/providers/anthropic/parse-anthropic-messages-tools.js';
import { preflightAnthropicMessagesRequest } from '../../src/providers/anthropic/preflight-anthropic-messages-request.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/transform-anthropic-messages-request.js';
import { PROPERTY_TIMEOUT, createCaseCounter, deepFreeze, modelArguments, propertyParameters, scenarioArbitrary, spell, type Scenario } from '../support/arbitraries.js';
import { checkModelFacingCalls, planForScenario, scenarioCatalog } from '../support/property-checks.js';

const MODELS: readonly ModelReference[] = [
  { id: 'claude-opus-4-5', api: 'anthropic-messages' },
  { id: 'claude-sonnet-4-6', api: 'anthropic-messages' },
  { id: 'claude-3-5-haiku', api: 'anthropic-messages' },
  { id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', api: 'anthropic-messages', platform: 'bedrock' },
  { id: 'claude-opus-4-5@20251101', platform: 'vertex' },
  'anthropic.claude-opus-4-5-20251101-v1:0',
  'gpt-5.4',
];

/** The rules a request breaks only when the caller's own history or `tool_choice` names a tool nothing defines. */
const CALLER_MISTAKES: Readonly<Record<string, string>> = {
  'undefined-tool-use': 'history-tool-undefined',
  'undefined-tool-reference': 'history-tool-undefined',
  'undefined-tool-choice': 'tool-choice-undefined',
};

/** The scenario as a Messages API body; `cached` puts a `cache_control` breakpoint on those tools. */
function messagesRequest(scenario: Scenario, cached: readonly number[], blocks: boolean): { body: Record<string, unknown>; revealed: string[] } {
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
  const messages: unknown[] = [{ role: 'user', content: 'hi' }];
  scenario.history.forEach((event, index) => {
    const id = `toolu_${index}`;
    switch (event.kind) {
      case 'call':
      case 'stranger': {
        const name = event.kind === 'call' ? spell(tools[event.tool]?.name ?? 'x', event.spelling) : event.name;
        messages.push({ role: 'assistant', content: [{ type: 'tool_use', id, name, input: {} }] });
        messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'done' }] });
        return;
      }
      case 'search': {
        const loaded = [...event.tools.map((tool) => tools[tool]?.name ?? 'x'), ...event.strangers];
        messages.push({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'tool_search', input: { query: 'q' } }] });
        messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: formatToolSearchResult({ status: 'found', query: 'q', tools: [], loaded, message: 'Loaded.' }) }] });
        return;
      }
      case 'hosted-search': {
        const server = `srvtoolu_${index}`;
        const references = event.tools.map((tool) => ({ type: 'tool_reference', tool_name: tools[tool]?.name ?? 'x' }));
        messages.push({
          role: 'assistant',
          content: [
            { type: 'server_tool_use', id: server, name: 'tool_search_tool_bm25', input: { query: 'q' } },
            { type: 'tool_search_tool_result', tool_use_id: server, content: { type: 'tool_search_tool_search_result', tool_references: references } },
            { type: 'text', text: 'Found them.' },
          ],
        });
        messages.push({ role: 'user', content: 'go on' });
        return;
      }
      default:
        event satisfies never;
    }
  });
  const body: Record<string, unknown> = { model: 'claude-opus-4-5', max_tokens: 1024, messages, tools: bodyTools };
  if (scenario.system !== undefined) body.system = blocks ? [{ type: 'text', text: scenario.system, cache_control: { type: 'ephemeral' } }] : scenario.system;
  if (scenario.forced.kind === 'one') {
    const tool = tools[scenario.forced.tool];
    if (tool?.inBody === true) body.tool_choice = { type: 'tool', name: tool.name };
  } else if (scenario.forced.kind === 'allowed') body.tool_choice = { type: scenario.forced.required ? 'any' : 'auto' };
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

const counter = createCaseCounter('Anthropic Messages');
afterAll(() => counter.report());

describe('transformAnthropicMessagesRequest under hostile input', () => {
  it('sends a request preflight accepts (unless it warned of the caller’s own undefined reference) or throws a ToolSearchError, leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioArbitrary(MODELS, { categories: false }),
        fc.array(fc.nat(24), { maxLength: 2 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }),
        async (scenario, cached, blocks, calls) => {
          counter.count('transform');
          const { body, revealed } = messagesRequest(scenario, cached, blocks);
          const catalog = scenarioCatalog(scenario);
          const options = { revealed, catalog };
          const copy = JSON.stringify(body);
          let plan;
          let result;
          try {
            plan = planForScenario(scenario, parseAnthropicMessagesTools(body));
            result = transformAnthropicMessagesRequest(deepFreeze(body), plan, options);
          } catch (error) {
            if (!isToolSearchError(error)) throw error;
            counter.count(`threw ${error.code}`);
            return;
          }
          const sentTools = (result.body.tools ?? []) as { name?: string; type?: string }[];
          counter.count(sentTools.some((tool) => tool.name === 'tool_search_tool_bm25' || tool.name === 'tool_search_tool_regex') ? 'hosted search sent' : sentTools.some((tool) => tool.name === 'tool_search') ? 'client search sent' : 'no search');
          expect(JSON.stringify(body)).toBe(copy);
          const warned = new Set(result.warnings.map((warning) => warning.code));
          const violations = preflightAnthropicMessagesRequest(result.body).violations.filter((violation) => {
            const excuse = CALLER_MISTAKES[violation.rule];
            return excuse === undefined || !warned.has(excuse as never);
          });
          if (violations.length < preflightAnthropicMessagesRequest(result.body).violations.length) counter.count('caller mistake warned');
          expect(JSON.stringify(violations)).toBe('[]');
          const again = transformAnthropicMessagesRequest(JSON.parse(copy) as object, plan, options);
          expect(JSON.stringify(again.body)).toBe(JSON.stringify(result.body));
          const twice = transformAnthropicMessagesRequest(result.body, plan, options);
          expect(JSON.stringify(twice.body)).toBe(JSON.stringify(result.body));
          const names = scenario.tools.filter((tool) => tool.inBody).map((tool) => tool.name);
          const wires = names.map((name) => result.names.toWire(name));
          expect(new Set(wires).size).toBe(wires.length);
          for (const [position, wire] of wires.entries()) {
            expect(isValidToolName(wire, ANTHROPIC_MESSAGES_TOOL_NAME_RULE)).toBe(true);
            expect(result.names.fromWire(wire)).toBe(names[position]);
          }
          const custom = sentTools.filter((tool) => tool.type === undefined).map((tool) => tool.name as string);
          for (const wire of custom) expect([...catalog.map((tool) => tool.name), 'tool_search']).toContain(result.names.fromWire(wire));
          await checkModelFacingCalls(scenario, result.names, custom, calls);
        },
      ),
      propertyParameters(),
    );
  }, PROPERTY_TIMEOUT);
});
