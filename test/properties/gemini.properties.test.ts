import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { GEMINI_TOOL_NAME_RULE } from '../../src/providers/gemini/gemini-api.js';
import { parseGeminiTools } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import { transformGeminiRequest } from '../../src/providers/gemini/index.js';
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
  { id: 'gemini-2.5-flash', api: 'gemini' },
  { id: 'gemini-2.5-pro', api: 'gemini', platform: 'vertex' },
  'gemini-2.5-pro',
  'gpt-5.4',
  'claude-opus-4-5',
];

/** The ways a loop writes a function's result into `functionResponse.response`. */
const RESPONSE_SHAPES: readonly ((text: string) => unknown)[] = [
  (text) => ({ output: text }),
  (text) => ({ result: text }),
  (text) => ({ name: 'tool_search', content: text }),
  (text) => ({ content: [{ type: 'text', text }] }),
  (text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { output: text };
    }
  },
];

/** The scenario as a Gemini request, in the SDK shape or the REST shape. */
function geminiRequest(scenario: Scenario, rest: boolean, shape: number): { body: Record<string, unknown>; revealed: string[] } {
  const { tools } = scenario;
  const declarations = tools
    .filter((tool) => tool.inBody)
    .map((tool) => ({ name: tool.name, ...(tool.description === undefined ? {} : { description: tool.description }), parametersJsonSchema: tool.inputSchema }));
  const settingsTools: unknown[] = declarations.length > 0 ? [{ functionDeclarations: declarations }] : [];
  if (scenario.providerTool) settingsTools.push({ googleSearch: {} });
  const contents: unknown[] = [{ role: 'user', parts: [{ text: 'hi' }] }];
  const respond = RESPONSE_SHAPES[shape % RESPONSE_SHAPES.length] as (text: string) => unknown;
  for (const call of scenarioCalls(scenario, (loaded) =>
    formatToolSearchResult({ status: 'found', tools: loaded.map((name) => ({ name, inputSchema: { type: 'object' } })) }),
  )) {
    const response = call.name === 'tool_search' ? respond(call.result) : { output: call.result };
    contents.push({ role: 'model', parts: [{ functionCall: { name: call.name, args: {} } }] });
    contents.push({ role: 'user', parts: [{ functionResponse: { name: call.name, response } }] });
  }
  if (scenario.turnStart !== undefined) contents.push({ role: 'model', parts: [{ text: 'Done.' }] }, { role: 'user', parts: [{ text: scenario.turnStart }] });
  const settings: Record<string, unknown> = { tools: settingsTools };
  if (scenario.system !== undefined) settings.systemInstruction = rest ? { parts: [{ text: scenario.system }] } : scenario.system;
  const inBody = (indexes: readonly number[]) =>
    indexes
      .map((index) => tools[index])
      .filter((tool) => tool?.inBody === true)
      .map((tool) => tool?.name as string);
  const forced = scenario.forced.kind === 'one' ? inBody([scenario.forced.tool]) : scenario.forced.kind === 'allowed' ? inBody(scenario.forced.tools) : [];
  if (forced.length > 0) settings.toolConfig = { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [...new Set(forced)] } };
  const body = rest ? { contents, ...settings } : { model: 'gemini-2.5-flash', contents, config: settings };
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

const GEMINI: TransformerUnderTest<{ revealed: string[]; predict?: 'off' | ToolPredictor }> = {
  historyKey: 'contents',
  transform: (body, plan, options) => transformGeminiRequest(body, plan, options),
  readTools: parseGeminiTools,
  // Past 512 declarations the transformer warns that the API will reject the request (the caller sends too many tools).
  violations: (body, warnings) =>
    warnings.some((warning) => warning.code === 'too-many-function-declarations') ? [] : preflightGeminiRequest(body).violations,
  rule: GEMINI_TOOL_NAME_RULE,
  sentNames: (body) => {
    const record = body as { config?: { tools?: unknown }; tools?: unknown };
    const tools = (record.config?.tools ?? record.tools ?? []) as { functionDeclarations?: { name: string }[] }[];
    return tools.flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration) => declaration.name));
  },
  // A listing changed to `names` for the 512-declaration limit leaves the plan's own listing behind: not re-readable.
  stable: (_plan, result) => !result.warnings.some((warning) => warning.code === 'listing-changed-to-names'),
};

const counter = createCaseCounter('Gemini');
afterAll(() => counter.report());

describe('transformGeminiRequest under hostile input', () => {
  it(
    'sends a request preflight accepts (or throws a ToolSearchError), leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          scenarioArbitrary(MODELS, { categories: false }),
          fc.boolean(),
          fc.nat(),
          fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }),
          async (scenario, rest, shape, calls) => {
            const { body, revealed } = geminiRequest(scenario, rest, shape);
            await checkTransformerPromises(GEMINI, scenario, { body, options: { revealed, ...predictOptionOf(scenario) } }, calls, counter.count);
          },
        ),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
