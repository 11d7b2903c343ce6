import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { isValidToolName } from '../../src/names/create-tool-name-mapping.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { OPENAI_CHAT_TOOL_NAME_RULE } from '../../src/providers/openai/openai-chat-api.js';
import { parseOpenAIChatTools } from '../../src/providers/openai/parse-openai-chat-tools.js';
import { preflightOpenAIChatRequest } from '../../src/providers/openai/preflight-openai-chat-request.js';
import { transformOpenAIChatRequest } from '../../src/providers/openai/transform-openai-chat-request.js';
import { PROPERTY_TIMEOUT, createCaseCounter, deepFreeze, modelArguments, propertyParameters, scenarioArbitrary, spell, type Scenario } from '../support/arbitraries.js';
import { checkModelFacingCalls, planForScenario } from '../support/property-checks.js';

const MODELS: readonly ModelReference[] = [
  { id: 'gpt-4.1', api: 'openai-chat' },
  { id: 'gpt-5.4', api: 'openai-chat' },
  { id: 'gpt-5.4', api: 'openai-chat', platform: 'azure-openai' },
  'gpt-5.4',
  'claude-opus-4-5',
  'gemini-2.5-pro',
];

/** The scenario as a Chat Completions body, and the transformer's options. */
function chatRequest(scenario: Scenario): { body: Record<string, unknown>; revealed: string[] } {
  const { tools } = scenario;
  const inBody = tools.filter((tool) => tool.inBody);
  const bodyTools: unknown[] = inBody.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
      ...(tool.deferLoading ? { defer_loading: true } : {}),
    },
  }));
  if (scenario.providerTool) bodyTools.push({ type: 'custom', custom: { name: 'runner' } });
  const messages: unknown[] = [];
  if (scenario.system !== undefined) messages.push({ role: 'system', content: scenario.system });
  messages.push({ role: 'user', content: 'hi' });
  scenario.history.forEach((event, index) => {
    const id = `call_${index}`;
    let name: string;
    let content = 'done';
    switch (event.kind) {
      case 'call':
        name = spell(tools[event.tool]?.name ?? 'x', event.spelling);
        break;
      case 'stranger':
        name = event.name;
        break;
      case 'search':
      case 'hosted-search': {
        name = 'tool_search';
        const loaded = [...event.tools.map((tool) => tools[tool]?.name ?? 'x'), ...('strangers' in event ? event.strangers : [])];
        content = formatToolSearchResult({ status: 'found', query: 'q', tools: [], loaded, message: 'Loaded.' });
        break;
      }
      default:
        return event satisfies never;
    }
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: '{}' } }] });
    messages.push({ role: 'tool', tool_call_id: id, content });
  });
  const body: Record<string, unknown> = { model: 'gpt-4.1', messages, tools: bodyTools };
  const forcedNames = (indexes: readonly number[]) => indexes.map((index) => tools[index]).filter((tool) => tool?.inBody === true).map((tool) => tool?.name as string);
  if (scenario.forced.kind === 'one') {
    const [name] = forcedNames([scenario.forced.tool]);
    if (name !== undefined) body.tool_choice = { type: 'function', function: { name } };
  } else if (scenario.forced.kind === 'allowed') {
    const names = forcedNames(scenario.forced.tools);
    if (names.length > 0) {
      body.tool_choice = { type: 'allowed_tools', allowed_tools: { mode: scenario.forced.required ? 'required' : 'auto', tools: names.map((name) => ({ type: 'function', function: { name } })) } };
    }
  }
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

const counter = createCaseCounter('OpenAI Chat');
afterAll(() => counter.report());

describe('transformOpenAIChatRequest under hostile input', () => {
  it('sends a request preflight accepts (or throws a ToolSearchError), leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary(MODELS, { categories: false }), fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }), async (scenario, calls) => {
        counter.count('transform');
        const { body, revealed } = chatRequest(scenario);
        const copy = JSON.stringify(body);
        let plan;
        let result;
        try {
          plan = planForScenario(scenario, parseOpenAIChatTools(body));
          result = transformOpenAIChatRequest(deepFreeze(body), plan, { revealed });
        } catch (error) {
          if (!isToolSearchError(error)) throw error;
          counter.count(`threw ${error.code}`);
          return;
        }
        counter.count(JSON.stringify(result.body).includes('"tool_search"') ? 'deferring' : 'not deferring');
        expect(JSON.stringify(body)).toBe(copy);
        expect(JSON.stringify(preflightOpenAIChatRequest(result.body).violations)).toBe("[]");
        const again = transformOpenAIChatRequest(JSON.parse(copy) as object, plan, { revealed });
        expect(JSON.stringify(again.body)).toBe(JSON.stringify(result.body));
        if (plan.listing !== 'names') {
          const twice = transformOpenAIChatRequest(result.body, plan, { revealed });
          expect(JSON.stringify(twice.body)).toBe(JSON.stringify(result.body));
        }
        const names = scenario.tools.filter((tool) => tool.inBody).map((tool) => tool.name);
        const wires = names.map((name) => result.names.toWire(name));
        expect(new Set(wires).size).toBe(wires.length);
        for (const [position, wire] of wires.entries()) {
          expect(isValidToolName(wire, OPENAI_CHAT_TOOL_NAME_RULE)).toBe(true);
          expect(result.names.fromWire(wire)).toBe(names[position]);
        }
        const sent = ((result.body.tools ?? []) as { type: string; function?: { name: string } }[]).flatMap((tool) => (tool.type === 'function' ? [tool.function?.name as string] : []));
        for (const wire of sent) expect([...names, 'tool_search']).toContain(result.names.fromWire(wire));
        await checkModelFacingCalls(scenario, result.names, sent, calls);
      }),
      propertyParameters(),
    );
  }, PROPERTY_TIMEOUT);
});
