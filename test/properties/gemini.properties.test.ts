import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { isValidToolName } from '../../src/names/create-tool-name-mapping.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { GEMINI_TOOL_NAME_RULE } from '../../src/providers/gemini/gemini-api.js';
import { parseGeminiTools } from '../../src/providers/gemini/parse-gemini-tools.js';
import { preflightGeminiRequest } from '../../src/providers/gemini/preflight-gemini-request.js';
import { transformGeminiRequest } from '../../src/providers/gemini/transform-gemini-request.js';
import { PROPERTY_TIMEOUT, createCaseCounter, deepFreeze, modelArguments, propertyParameters, scenarioArbitrary, spell, type Scenario } from '../support/arbitraries.js';
import { checkModelFacingCalls, planForScenario } from '../support/property-checks.js';

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
  for (const event of scenario.history) {
    let name: string;
    let response: unknown = { output: 'done' };
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
        response = respond(formatToolSearchResult({ status: 'found', query: 'q', tools: [], loaded, message: 'Loaded.' }));
        break;
      }
      default:
        return event satisfies never;
    }
    contents.push({ role: 'model', parts: [{ functionCall: { name, args: {} } }] });
    contents.push({ role: 'user', parts: [{ functionResponse: { name, response } }] });
  }
  const settings: Record<string, unknown> = { tools: settingsTools };
  if (scenario.system !== undefined) settings.systemInstruction = rest ? { parts: [{ text: scenario.system }] } : scenario.system;
  const inBody = (indexes: readonly number[]) => indexes.map((index) => tools[index]).filter((tool) => tool?.inBody === true).map((tool) => tool?.name as string);
  const forced = scenario.forced.kind === 'one' ? inBody([scenario.forced.tool]) : scenario.forced.kind === 'allowed' ? inBody(scenario.forced.tools) : [];
  if (forced.length > 0) settings.toolConfig = { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [...new Set(forced)] } };
  const body = rest ? { contents, ...settings } : { model: 'gemini-2.5-flash', contents, config: settings };
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

const counter = createCaseCounter('Gemini');
afterAll(() => counter.report());

describe('transformGeminiRequest under hostile input', () => {
  it('sends a request preflight accepts (or throws a ToolSearchError), leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioArbitrary(MODELS, { categories: false }),
        fc.boolean(),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }),
        async (scenario, rest, shape, calls) => {
          counter.count('transform');
          const { body, revealed } = geminiRequest(scenario, rest, shape);
          const copy = JSON.stringify(body);
          let plan;
          let result;
          try {
            plan = planForScenario(scenario, parseGeminiTools(body));
            result = transformGeminiRequest(deepFreeze(body), plan, { revealed });
          } catch (error) {
            if (!isToolSearchError(error)) throw error;
            counter.count(`threw ${error.code}`);
            return;
          }
          counter.count(JSON.stringify(result.body).includes('"tool_search"') ? 'deferring' : 'not deferring');
          expect(JSON.stringify(body)).toBe(copy);
          const tooMany = result.warnings.some((warning) => warning.code === 'too-many-function-declarations');
          if (!tooMany) expect(JSON.stringify(preflightGeminiRequest(result.body).violations)).toBe("[]");
          const again = transformGeminiRequest(JSON.parse(copy) as object, plan, { revealed });
          expect(JSON.stringify(again.body)).toBe(JSON.stringify(result.body));
          if (plan.listing !== 'names' && !result.warnings.some((warning) => warning.code === 'listing-changed-to-names')) {
            const twice = transformGeminiRequest(result.body, plan, { revealed });
            expect(JSON.stringify(twice.body)).toBe(JSON.stringify(result.body));
          }
          const names = scenario.tools.filter((tool) => tool.inBody).map((tool) => tool.name);
          const wires = names.map((name) => result.names.toWire(name));
          expect(new Set(wires).size).toBe(wires.length);
          for (const [position, wire] of wires.entries()) {
            expect(isValidToolName(wire, GEMINI_TOOL_NAME_RULE)).toBe(true);
            expect(result.names.fromWire(wire)).toBe(names[position]);
          }
          const settings = (rest ? result.body : (result.body as { config?: Record<string, unknown> }).config ?? {}) as { tools?: { functionDeclarations?: { name: string }[] }[] };
          const sent = (settings.tools ?? []).flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration) => declaration.name));
          for (const wire of sent) expect([...names, 'tool_search']).toContain(result.names.fromWire(wire));
          await checkModelFacingCalls(scenario, result.names, sent, calls);
        },
      ),
      propertyParameters(),
    );
  }, PROPERTY_TIMEOUT);
});
