import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { OPENAI_CHAT_TOOL_NAME_RULE } from '../../src/providers/openai/openai-chat-api.js';
import { parseOpenAIChatTools } from '../../src/providers/openai/index.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { transformOpenAIChatRequest } from '../../src/providers/openai/index.js';
import {
  PROPERTY_TIMEOUT,
  createCaseCounter,
  modelArguments,
  propertyParameters,
  scenarioArbitrary,
  scenarioCalls,
  type Scenario,
} from '../support/arbitraries.js';
import type { ToolPredictor } from '../../src/request/create-tool-predictor.js';
import { predictOptionOf, checkTransformerPromises, type TransformerUnderTest } from '../support/property-checks.js';

const MODELS: readonly ModelReference[] = [
  { id: 'gpt-4.1', api: 'openai-chat' },
  { id: 'gpt-5.4', api: 'openai-chat' },
  { id: 'gpt-5.4', api: 'openai-chat', platform: 'azure-openai' },
  'gpt-5.4',
  'claude-opus-4-5',
  'gemini-2.5-pro',
];

/** This package's `tool_search` result loading `loaded`, as the history holds it. */
const found = (loaded: string[]): string =>
  formatToolSearchResult({ status: 'found', tools: loaded.map((name) => ({ name, inputSchema: { type: 'object' } })) });

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
  for (const call of scenarioCalls(scenario, found)) {
    const id = `call_${call.index}`;
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: call.name, arguments: '{}' } }] });
    messages.push({ role: 'tool', tool_call_id: id, content: call.result });
  }
  if (scenario.turnStart !== undefined) messages.push({ role: 'assistant', content: 'Done.' }, { role: 'user', content: scenario.turnStart });
  const body: Record<string, unknown> = { model: 'gpt-4.1', messages, tools: bodyTools };
  const forcedNames = (indexes: readonly number[]) =>
    indexes
      .map((index) => tools[index])
      .filter((tool) => tool?.inBody === true)
      .map((tool) => tool?.name as string);
  if (scenario.forced.kind === 'one') {
    const [name] = forcedNames([scenario.forced.tool]);
    if (name !== undefined) body.tool_choice = { type: 'function', function: { name } };
  } else if (scenario.forced.kind === 'allowed') {
    const names = forcedNames(scenario.forced.tools);
    if (names.length > 0) {
      body.tool_choice = {
        type: 'allowed_tools',
        allowed_tools: { mode: scenario.forced.required ? 'required' : 'auto', tools: names.map((name) => ({ type: 'function', function: { name } })) },
      };
    }
  }
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

/** The scenario with `count` more plain tools in its catalog and body (`pad-0`, …: no generated name has the dash and prefix). */
function withPadding(scenario: Scenario, count: number): Scenario {
  if (count === 0) return scenario;
  const pads = Array.from({ length: count }, (_, index) => ({
    name: `pad-${index}`,
    description: `Pads the catalog (${index}).`,
    inputSchema: { type: 'object' as const },
    deferLoading: false,
    inBody: true,
  }));
  return { ...scenario, tools: [...scenario.tools, ...pads] };
}

const CHAT: TransformerUnderTest<{ revealed: string[]; predict?: 'off' | ToolPredictor }> = {
  historyKey: 'messages',
  transform: (body, plan, options) => transformOpenAIChatRequest(body, plan, options),
  readTools: parseOpenAIChatTools,
  violations: (body) => preflightOpenAIChatRequest(body).violations,
  rule: OPENAI_CHAT_TOOL_NAME_RULE,
  sentNames: (body) =>
    (((body as { tools?: unknown[] }).tools ?? []) as { type: string; function?: { name: string } }[]).flatMap((tool) =>
      tool.type === 'function' ? [tool.function?.name as string] : [],
    ),
  // The `names` and `none` listings' output no longer holds unrevealed tools; it is read back as the same request.
  stable: () => true,
};

const counter = createCaseCounter('OpenAI Chat');
afterAll(() => counter.report());

describe('transformOpenAIChatRequest under hostile input', () => {
  it(
    'sends a request preflight accepts (or throws a ToolSearchError), leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          scenarioArbitrary(MODELS, { categories: false }),
          fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }),
          // Now and then a catalog past the API's 128 tools, padded with plain tools (cheap: one case in twenty).
          fc.oneof({ weight: 19, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 100, max: 140 }) }),
          async (generated, calls, padding) => {
            const scenario = withPadding(generated, padding);
            const { body, revealed } = chatRequest(scenario);
            await checkTransformerPromises(CHAT, scenario, { body, options: { revealed, ...predictOptionOf(scenario) } }, calls, counter.count);
          },
        ),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
