import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { isValidToolName } from '../../src/names/create-tool-name-mapping.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { OPENAI_RESPONSES_TOOL_NAME_RULE } from '../../src/providers/openai/openai-responses-api.js';
import { parseOpenAIResponsesTools } from '../../src/providers/openai/parse-openai-responses-tools.js';
import { preflightOpenAIResponsesRequest } from '../../src/providers/openai/preflight-openai-responses-request.js';
import { resolveOpenAIFunctionCallName } from '../../src/providers/openai/resolve-openai-function-call-name.js';
import { transformOpenAIResponsesRequest, type TransformOpenAIResponsesRequestOptions } from '../../src/providers/openai/transform-openai-responses-request.js';
import { PROPERTY_TIMEOUT, createCaseCounter, deepFreeze, hostileName, modelArguments, propertyParameters, scenarioArbitrary, spell, type Scenario } from '../support/arbitraries.js';
import { checkModelFacingCalls, planForScenario } from '../support/property-checks.js';

const MODELS: readonly ModelReference[] = [
  { id: 'gpt-5.4', api: 'openai-responses' },
  { id: 'gpt-5.4', api: 'openai-responses', platform: 'azure-openai' },
  { id: 'gpt-5.2', api: 'openai-responses' },
  { id: 'gpt-5.4-nano', api: 'openai-responses' },
  'gpt-5.4',
  'claude-opus-4-5',
];

/** Custom tools of a Responses body: a name, and the namespace (a scenario tool's category, or another) it sits in. */
interface Custom {
  readonly name: string;
  readonly namespace: string | undefined;
}

const customs: fc.Arbitrary<readonly Custom[]> = fc.array(
  fc.record({ name: hostileName, namespace: fc.option(fc.oneof(fc.constantFrom('crm', 'files'), hostileName), { nil: undefined }) }),
  { maxLength: 3 },
);
/** The caller's own `{"type":"tool_search"}`: none, hosted, or client-executed. */
const ownSearch = fc.constantFrom(undefined, { type: 'tool_search' }, { type: 'tool_search', execution: 'client', description: 'Find project tools' });

/** The scenario as a Responses body: tools with a category sit in a body namespace of that name. */
function responsesRequest(scenario: Scenario, extraCustoms: readonly Custom[], search: object | undefined): { body: Record<string, unknown>; revealed: string[] } {
  const { tools } = scenario;
  const top: unknown[] = [];
  const namespaces = new Map<string, unknown[]>();
  const place = (namespace: string | undefined, tool: unknown): void => {
    if (namespace === undefined || namespace === '') top.push(tool);
    else namespaces.set(namespace, [...(namespaces.get(namespace) ?? []), tool]);
  };
  for (const tool of tools) {
    if (!tool.inBody) continue;
    place(tool.category, {
      type: 'function',
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
      strict: false,
      ...(tool.deferLoading ? { defer_loading: true } : {}),
    });
  }
  for (const custom of extraCustoms) place(custom.namespace, { type: 'custom', name: custom.name });
  const bodyTools: unknown[] = [...top, ...[...namespaces].map(([name, members]) => ({ type: 'namespace', name, description: `The ${name} tools`, tools: members }))];
  if (scenario.providerTool) bodyTools.push({ type: 'web_search' });
  if (search !== undefined) bodyTools.push(search);
  const input: unknown[] = [{ type: 'message', role: 'user', content: 'hi' }];
  scenario.history.forEach((event, index) => {
    const callId = `call_${index}`;
    switch (event.kind) {
      case 'call': {
        const tool = tools[event.tool];
        const namespace = event.withNamespace ? (tool?.category ?? tool?.name) : undefined;
        input.push({ type: 'function_call', call_id: callId, name: spell(tool?.name ?? 'x', event.spelling), arguments: '{}', ...(namespace === undefined ? {} : { namespace }) });
        input.push({ type: 'function_call_output', call_id: callId, output: 'done' });
        return;
      }
      case 'stranger':
        input.push({ type: 'function_call', call_id: callId, name: event.name, arguments: '{}' });
        input.push({ type: 'function_call_output', call_id: callId, output: 'done' });
        return;
      case 'search': {
        const loaded = [...event.tools.map((tool) => tools[tool]?.name ?? 'x'), ...event.strangers];
        input.push({ type: 'function_call', call_id: callId, name: 'tool_search', arguments: '{"query":"q"}' });
        input.push({ type: 'function_call_output', call_id: callId, output: formatToolSearchResult({ status: 'found', query: 'q', tools: [], loaded, message: 'Loaded.' }) });
        return;
      }
      case 'hosted-search': {
        const loaded = event.tools.map((tool) => tools[tool]).filter((tool): tool is Scenario['tools'][number] => tool !== undefined);
        input.push({ type: 'tool_search_call', id: `tsc_${index}`, call_id: null, execution: 'server', arguments: { query: 'q' }, status: 'completed' });
        input.push({
          type: 'tool_search_output',
          id: `tso_${index}`,
          call_id: null,
          execution: 'server',
          status: 'completed',
          tools: loaded.map((tool) => ({ type: 'function', name: tool.name, defer_loading: true, parameters: tool.inputSchema })),
        });
        return;
      }
      default:
        event satisfies never;
    }
  });
  const body: Record<string, unknown> = { model: 'gpt-5.4', store: false, input, tools: bodyTools };
  if (scenario.system !== undefined) body.instructions = scenario.system;
  const inBody = (indexes: readonly number[]) => indexes.map((index) => tools[index]).filter((tool) => tool?.inBody === true).map((tool) => tool?.name as string);
  if (scenario.forced.kind === 'one') {
    const [name] = inBody([scenario.forced.tool]);
    if (name !== undefined) body.tool_choice = { type: 'function', name };
  } else if (scenario.forced.kind === 'allowed') {
    const names = inBody(scenario.forced.tools);
    if (names.length > 0) body.tool_choice = { type: 'allowed_tools', mode: scenario.forced.required ? 'required' : 'auto', tools: names.map((name) => ({ type: 'function', name })) };
  }
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

const counter = createCaseCounter('OpenAI Responses');
afterAll(() => counter.report());

describe('transformOpenAIResponsesRequest under hostile input', () => {
  it('sends a request preflight accepts (or throws a ToolSearchError), leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioArbitrary(MODELS),
        customs,
        ownSearch,
        fc.constantFrom<TransformOpenAIResponsesRequestOptions['uncategorized']>('top-level', 'name-prefix'),
        fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }),
        async (scenario, extraCustoms, search, uncategorized, calls) => {
          counter.count('transform');
          const { body, revealed } = responsesRequest(scenario, extraCustoms, search);
          const options = { revealed, ...(uncategorized === undefined ? {} : { uncategorized }) };
          const copy = JSON.stringify(body);
          let plan;
          let result;
          try {
            plan = planForScenario(scenario, parseOpenAIResponsesTools(body));
            result = transformOpenAIResponsesRequest(deepFreeze(body), plan, options);
          } catch (error) {
            if (!isToolSearchError(error)) throw error;
            counter.count(`threw ${error.code}`);
            return;
          }
          const sentTools = (result.body.tools ?? []) as { type: string }[];
          counter.count(sentTools.some((tool) => tool.type === 'tool_search') ? 'hosted search sent' : JSON.stringify(sentTools).includes('"tool_search"') ? 'client search sent' : 'no search');
          expect(JSON.stringify(body)).toBe(copy);
          expect(JSON.stringify(preflightOpenAIResponsesRequest(result.body).violations)).toBe("[]");
          const again = transformOpenAIResponsesRequest(JSON.parse(copy) as object, plan, options);
          expect(JSON.stringify(again.body)).toBe(JSON.stringify(result.body));
          // The client mechanism's `names` listing leaves unrevealed tools out, so its output cannot be read again.
          if (plan.listing !== 'names' || (plan.mechanism !== 'client' && plan.mechanism !== 'claude-hosted')) {
            const twice = transformOpenAIResponsesRequest(result.body, plan, options);
            expect(JSON.stringify(twice.body)).toBe(JSON.stringify(result.body));
          }
          const names = scenario.tools.filter((tool) => tool.inBody).map((tool) => tool.name);
          const wires = names.map((name) => result.names.toWire(name));
          expect(new Set(wires).size).toBe(wires.length);
          for (const [position, wire] of wires.entries()) {
            expect(isValidToolName(wire, OPENAI_RESPONSES_TOOL_NAME_RULE)).toBe(true);
            expect(result.names.fromWire(wire)).toBe(names[position]);
            expect(resolveOpenAIFunctionCallName({ name: wire, namespace: wire }, result.names)).toBe(names[position]);
          }
          const sent = (result.body.tools ?? []).flatMap((tool) => {
            const record = tool as { type: string; name?: string; tools?: { type: string; name: string }[] };
            if (record.type === 'function') return [record.name as string];
            if (record.type === 'namespace') return (record.tools ?? []).filter((member) => member.type === 'function').map((member) => member.name);
            return [];
          });
          for (const wire of sent) expect([...names, 'tool_search']).toContain(result.names.fromWire(wire));
          await checkModelFacingCalls(scenario, result.names, sent, calls);
        },
      ),
      propertyParameters(),
    );
  }, PROPERTY_TIMEOUT);
});
