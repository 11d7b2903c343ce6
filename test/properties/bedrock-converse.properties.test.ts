import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { BEDROCK_CONVERSE_TOOL_NAME_RULE } from '../../src/providers/bedrock/bedrock-converse-api.js';
import { parseBedrockConverseTools } from '../../src/providers/bedrock/index.js';
import { preflightBedrockConverseRequest } from '../support/preflight/preflight-bedrock-converse-request.js';
import { transformBedrockConverseRequest } from '../../src/providers/bedrock/index.js';
import {
  PROPERTY_TIMEOUT,
  cacheCheckpoints,
  createCaseCounter,
  modelArguments,
  propertyParameters,
  scenarioArbitrary,
  scenarioCalls,
  type CacheCheckpoints,
  type Scenario,
} from '../support/arbitraries.js';
import type { ToolPredictor } from '../../src/request/create-tool-predictor.js';
import { predictOptionOf, checkTransformerPromises, type TransformerUnderTest } from '../support/property-checks.js';

const MODELS: readonly ModelReference[] = [
  { id: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', api: 'bedrock-converse' },
  { id: 'amazon.nova-pro-v1:0', api: 'bedrock-converse' },
  { id: 'meta.llama3-3-70b-instruct-v1:0', api: 'bedrock-converse' },
  { id: 'mistral.mistral-large-2407-v1:0', api: 'bedrock-converse' },
  'us.amazon.nova-pro-v1:0',
  'claude-opus-4-5',
  'gpt-5.4',
];

const CACHE_POINT = { cachePoint: { type: 'default' } };

/** The scenario as a Converse request: results as text blocks, or (`json`) as the parsed object. */
function bedrockRequest(scenario: Scenario, checkpoints: CacheCheckpoints, json: boolean): { body: Record<string, unknown>; revealed: string[] } {
  const { tools } = scenario;
  const bodyTools: unknown[] = tools
    .filter((tool) => tool.inBody)
    .map((tool) => ({
      toolSpec: { name: tool.name, ...(tool.description === undefined ? {} : { description: tool.description }), inputSchema: { json: tool.inputSchema } },
    }));
  for (const position of [...checkpoints.tools].sort((a, b) => b - a)) bodyTools.splice(position % (bodyTools.length + 1), 0, CACHE_POINT);
  if (scenario.providerTool) bodyTools.push({ systemTool: { name: 'nova_grounding' } });
  const messages: unknown[] = [{ role: 'user', content: checkpoints.message ? [{ text: 'hi' }, CACHE_POINT] : [{ text: 'hi' }] }];
  for (const call of scenarioCalls(scenario, (loaded) =>
    formatToolSearchResult({ status: 'found', tools: loaded.map((name) => ({ name, inputSchema: { type: 'object' } })) }),
  )) {
    const id = `tooluse_${call.index}`;
    const parsed = json ? (JSON.parse(call.result.startsWith('{') ? call.result : JSON.stringify({ output: call.result })) as unknown) : undefined;
    messages.push({ role: 'assistant', content: [{ toolUse: { toolUseId: id, name: call.name, input: {} } }] });
    messages.push({ role: 'user', content: [{ toolResult: { toolUseId: id, content: [parsed === undefined ? { text: call.result } : { json: parsed }] } }] });
  }
  if (scenario.turnStart !== undefined)
    messages.push({ role: 'assistant', content: [{ text: 'Done.' }] }, { role: 'user', content: [{ text: scenario.turnStart }] });
  const toolConfig: Record<string, unknown> = { tools: bodyTools };
  const forced = scenario.forced.kind === 'one' ? tools[scenario.forced.tool] : undefined;
  if (forced?.inBody === true) toolConfig.toolChoice = { tool: { name: forced.name } };
  else if (scenario.forced.kind === 'allowed') toolConfig.toolChoice = { any: {} };
  const body: Record<string, unknown> = { modelId: 'us.amazon.nova-pro-v1:0', messages, toolConfig };
  if (scenario.system !== undefined) body.system = checkpoints.system ? [{ text: scenario.system }, CACHE_POINT] : [{ text: scenario.system }];
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

const BEDROCK: TransformerUnderTest<{ revealed: string[]; predict?: 'off' | ToolPredictor }> = {
  historyKey: 'messages',
  transform: (body, plan, options) => transformBedrockConverseRequest(body, plan, options),
  readTools: parseBedrockConverseTools,
  // With no tool left, `toolConfig` goes (Converse rejects an empty one), and a history with tool blocks needs one: the
  // transformer says so; the caller sent no tools.
  violations: (body, warnings) =>
    preflightBedrockConverseRequest(body).violations.filter(
      (violation) => !(violation.rule === 'tool-config-required' && warnings.some((warning) => warning.code === 'empty-tools-removed')),
    ),
  rule: BEDROCK_CONVERSE_TOOL_NAME_RULE,
  sentNames: (body) =>
    (((body as { toolConfig?: { tools?: unknown[] } }).toolConfig?.tools ?? []) as { toolSpec?: { name: string } }[]).flatMap((tool) =>
      tool.toolSpec === undefined ? [] : [tool.toolSpec.name],
    ),
  stable: () => true,
};

const counter = createCaseCounter('Bedrock Converse');
afterAll(() => counter.report());

describe('transformBedrockConverseRequest under hostile input', () => {
  it(
    'sends a request preflight accepts (or throws a ToolSearchError), leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          scenarioArbitrary(MODELS, { categories: false }),
          cacheCheckpoints,
          fc.boolean(),
          fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }),
          async (scenario, checkpoints, json, calls) => {
            const { body, revealed } = bedrockRequest(scenario, checkpoints, json);
            await checkTransformerPromises(BEDROCK, scenario, { body, options: { revealed, ...predictOptionOf(scenario) } }, calls, counter.count);
          },
        ),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
