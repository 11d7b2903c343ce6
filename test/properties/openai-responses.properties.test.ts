import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { OPENAI_RESPONSES_TOOL_NAME_RULE } from '../../src/providers/openai/openai-responses-api.js';
import { parseOpenAIResponsesTools } from '../../src/providers/openai/parse-openai-responses-tools.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { resolveOpenAIFunctionCallName } from '../../src/providers/openai/resolve-openai-function-call-name.js';
import { transformOpenAIResponsesRequest, type TransformOpenAIResponsesRequestOptions } from '../../src/providers/openai/index.js';
import {
  OWN_LIKE_NAMES,
  PROPERTY_TIMEOUT,
  createCaseCounter,
  hostileName,
  modelArguments,
  propertyParameters,
  scenarioArbitrary,
  scenarioCalls,
  type Scenario,
} from '../support/arbitraries.js';
import { predictOptionOf, checkTransformerPromises, planForScenario, type TransformerUnderTest } from '../support/property-checks.js';
import { resolveOwnToolsSent } from '../../src/plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';

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
  /** The caller deferred it itself (`defer_loading: true`). */
  readonly deferLoading: boolean;
  /** The history holds a call of it (`custom_tool_call`), replayed with or without its namespace. */
  readonly called: 'no' | 'with-namespace' | 'without-namespace';
}

const customs: fc.Arbitrary<readonly Custom[]> = fc.array(
  fc.record({
    // Named like the package's own tools too: a top-level one is sent as it is, and the package's takes a free name.
    name: fc.oneof({ weight: 3, arbitrary: hostileName }, { weight: 1, arbitrary: fc.constantFrom(...OWN_LIKE_NAMES) }),
    namespace: fc.option(fc.oneof(fc.constantFrom('crm', 'files'), hostileName), { nil: undefined }),
    deferLoading: fc.boolean(),
    called: fc.constantFrom('no', 'no', 'with-namespace', 'without-namespace'),
  }),
  { maxLength: 3 },
);
/**
 * The history's `additional_tools` items (native delivery): none, or one after each `tool_search` result adding the
 * tools it loaded (by the caller's names, which the transformer maps), as top-level functions (what the package
 * writes) or in a namespace (what a caller may write).
 */
type Additions = 'none' | 'flat' | 'namespace';
const additions = fc.constantFrom<Additions>('none', 'flat', 'flat', 'namespace');

/** The caller's own `{"type":"tool_search"}`: none, hosted, or client-executed. */
const ownSearch = fc.constantFrom(undefined, { type: 'tool_search' }, { type: 'tool_search', execution: 'client', description: 'Find project tools' });

/** The scenario as a Responses body: tools with a category sit in a body namespace of that name. */
function responsesRequest(
  scenario: Scenario,
  extraCustoms: readonly Custom[],
  search: object | undefined,
  deferredMCP = false,
  added: Additions = 'none',
): { body: Record<string, unknown> & { input: unknown[] }; revealed: string[] } {
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
  for (const custom of extraCustoms) place(custom.namespace, { type: 'custom', name: custom.name, ...(custom.deferLoading ? { defer_loading: true } : {}) });
  const bodyTools: unknown[] = [
    ...top,
    ...[...namespaces].map(([name, members]) => ({ type: 'namespace', name, description: `The ${name} tools`, tools: members })),
  ];
  if (scenario.providerTool) bodyTools.push({ type: 'web_search' });
  // An MCP server the caller deferred itself: only OpenAI's hosted tool search can load it.
  if (deferredMCP) bodyTools.push({ type: 'mcp', server_label: 'docs', server_url: 'https://example.com/mcp', defer_loading: true });
  if (search !== undefined) bodyTools.push(search);
  const input: unknown[] = [{ type: 'message', role: 'user', content: 'hi' }];
  for (const call of scenarioCalls(scenario, (loaded) =>
    formatToolSearchResult({ status: 'found', tools: loaded.map((name) => ({ name, inputSchema: { type: 'object' } })) }),
  )) {
    if (call.hosted !== undefined) {
      // A hosted search turn, replayed with the caller's own names in its output (the transformer maps them).
      const loaded = call.hosted
        .map((name) => tools.find((tool) => tool.name === name))
        .filter((tool): tool is Scenario['tools'][number] => tool !== undefined);
      input.push({ type: 'tool_search_call', id: `tsc_${call.index}`, call_id: null, execution: 'server', arguments: { query: 'q' }, status: 'completed' });
      input.push({
        type: 'tool_search_output',
        id: `tso_${call.index}`,
        call_id: null,
        execution: 'server',
        status: 'completed',
        tools: loaded.map((tool) => ({ type: 'function', name: tool.name, defer_loading: true, parameters: tool.inputSchema })),
      });
      continue;
    }
    const callId = `call_${call.index}`;
    input.push({
      type: 'function_call',
      call_id: callId,
      name: call.name,
      arguments: '{}',
      ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
    });
    input.push({ type: 'function_call_output', call_id: callId, output: call.result });
    const event = scenario.history[call.index];
    if (added === 'none' || event?.kind !== 'search') continue;
    const loaded = [...new Set(event.tools)].map((index) => tools[index]).filter((tool): tool is Scenario['tools'][number] => tool !== undefined);
    if (loaded.length === 0) continue;
    const definitions = loaded.map((tool) => ({ type: 'function', name: tool.name, parameters: tool.inputSchema, strict: false }));
    input.push({
      type: 'additional_tools',
      role: 'developer',
      tools: added === 'flat' ? definitions : [{ type: 'namespace', name: 'added', description: 'Tools loaded by a search', tools: definitions }],
    });
  }
  extraCustoms.forEach((custom, index) => {
    if (custom.called === 'no') return;
    // A deferred top-level custom tool is called in a namespace of its own name, as a deferred function is.
    const namespace = custom.namespace ?? (custom.deferLoading ? custom.name : undefined);
    input.push({
      type: 'custom_tool_call',
      call_id: `custom_${index}`,
      name: custom.name,
      input: 'x',
      ...(custom.called === 'with-namespace' && namespace !== undefined ? { namespace } : {}),
    });
    input.push({ type: 'custom_tool_call_output', call_id: `custom_${index}`, output: 'done' });
  });
  if (scenario.turnStart !== undefined) {
    input.push({ type: 'message', role: 'assistant', content: 'Done.' }, { type: 'message', role: 'user', content: scenario.turnStart });
  }
  const body: Record<string, unknown> & { input: unknown[] } = { model: 'gpt-5.4', store: false, input, tools: bodyTools };
  if (scenario.system !== undefined) body.instructions = scenario.system;
  const inBody = (indexes: readonly number[]) =>
    indexes
      .map((index) => tools[index])
      .filter((tool) => tool?.inBody === true)
      .map((tool) => tool?.name as string);
  if (scenario.forced.kind === 'one') {
    const [name] = inBody([scenario.forced.tool]);
    if (name !== undefined) body.tool_choice = { type: 'function', name };
  } else if (scenario.forced.kind === 'allowed') {
    const names = inBody(scenario.forced.tools);
    if (names.length > 0)
      body.tool_choice = {
        type: 'allowed_tools',
        mode: scenario.forced.required ? 'required' : 'auto',
        tools: names.map((name) => ({ type: 'function', name })),
      };
  }
  return { body, revealed: [...scenario.revealed.map((index) => tools[index]?.name ?? 'x'), ...scenario.revealedStrangers] };
}

const RESPONSES: TransformerUnderTest<TransformOpenAIResponsesRequestOptions> = {
  historyKey: 'input',
  transform: (body, plan, options) => transformOpenAIResponsesRequest(body, plan, options),
  readTools: parseOpenAIResponsesTools,
  violations: (body) => preflightOpenAIResponsesRequest(body).violations,
  rule: OPENAI_RESPONSES_TOOL_NAME_RULE,
  sentNames: (body) =>
    (((body as { tools?: unknown[] }).tools ?? []) as { type: string; name?: string; tools?: { type: string; name: string }[] }[]).flatMap((tool) => {
      if (tool.type === 'function') return [tool.name as string];
      if (tool.type === 'namespace') return (tool.tools ?? []).filter((member) => member.type === 'function').map((member) => member.name);
      return [];
    }),
  hostedSearch: (body) => (((body as { tools?: unknown[] }).tools ?? []) as { type: string }[]).some((tool) => tool.type === 'tool_search'),
  // A call comes back with the bare name and a namespace (a deferred top-level function's is its own name).
  callName: (names, wire) => resolveOpenAIFunctionCallName({ name: wire, namespace: wire }, names),
  // The client mechanism's `names` listing (a `claude-hosted` plan falls back to it) leaves unrevealed tools out.
  stable: () => true,
};

/**
 * The scenario with native delivery asked for by name (`reveal: 'native'`) on the client-side mechanism, where it
 * applies; a listing that contradicts it (`full`, `compact`) becomes `auto`. The shared generator draws `native` too,
 * but mostly with mechanisms and listings it does not apply to.
 */
function withNativeDelivery(scenario: Scenario): Scenario {
  const listing = scenario.config.listing === 'full' || scenario.config.listing === 'compact' ? 'auto' : scenario.config.listing;
  return { ...scenario, mechanism: undefined, config: { ...scenario.config, mechanism: 'client', reveal: 'native', listing } };
}

/**
 * What native delivery promises on top of every transformer's promises: no `call_tool` is sent, and the tools and the
 * instructions are byte-identical on every request of a session (the body as it was before any turn gives the same).
 */
function checkNativeDelivery(scenario: Scenario, body: Record<string, unknown> & { input: unknown[] }, options: TransformOpenAIResponsesRequestOptions): void {
  let plan: ToolSearchPlan;
  let result: ReturnType<typeof transformOpenAIResponsesRequest>;
  try {
    plan = planForScenario(scenario, parseOpenAIResponsesTools(body));
    result = transformOpenAIResponsesRequest(body, plan, options);
  } catch (error) {
    if (isToolSearchError(error)) return;
    throw error;
  }
  if ((result.plan ?? plan).reveal !== 'native') return;
  counter.count('native delivery');
  const own = resolveOwnToolsSent(result.plan ?? plan);
  expect(own.callTool).toBe(false);
  const functions = ((result.body.tools ?? []) as { type: string; name?: string }[]).filter((tool) => tool.type === 'function');
  expect(functions.map((tool) => result.names.fromWire(tool.name as string))).not.toContain(own.callToolName);
  const first = transformOpenAIResponsesRequest({ ...body, input: body.input.slice(0, 1) }, plan, options);
  expect(JSON.stringify(first.body.tools)).toBe(JSON.stringify(result.body.tools));
  expect(first.body.instructions).toBe(result.body.instructions);
}

const counter = createCaseCounter('OpenAI Responses');
afterAll(() => counter.report());

describe('transformOpenAIResponsesRequest under hostile input', () => {
  it(
    'sends a request preflight accepts (or throws a ToolSearchError), leaves its input alone, repeats itself byte for byte, is stable on its own output and maps every name both ways; tool_search and the call check never throw',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          scenarioArbitrary(MODELS),
          customs,
          ownSearch,
          fc.constantFrom<TransformOpenAIResponsesRequestOptions['uncategorized']>('top-level', 'name-prefix'),
          fc.array(fc.tuple(fc.nat(), modelArguments), { maxLength: 3 }),
          fc.boolean(),
          fc.tuple(additions, fc.constantFrom(false, false, true)),
          async (drawn, extraCustoms, search, uncategorized, calls, deferredMCP, [added, native]) => {
            const scenario = native ? withNativeDelivery(drawn) : drawn;
            const { body, revealed } = responsesRequest(scenario, extraCustoms, search, deferredMCP, added);
            const options = {
              revealed,
              ...(uncategorized === undefined ? {} : { uncategorized }),
              ...predictOptionOf(scenario),
            };
            await checkTransformerPromises(RESPONSES, scenario, { body, options }, calls, counter.count);
            if (added !== 'none' && body.input.some((item) => (item as { type?: string }).type === 'additional_tools'))
              counter.count(`additional_tools (${added})`);
            checkNativeDelivery(scenario, body, options);
            // A top-level custom tool named like the package's own is never left out: it is sent as it is.
            const ownLike = extraCustoms.filter((custom) => custom.namespace === undefined && (custom.name === 'tool_search' || custom.name === 'call_tool'));
            if (ownLike.length === 0) return;
            let sent: unknown[];
            try {
              sent = (transformOpenAIResponsesRequest(body, planForScenario(scenario, parseOpenAIResponsesTools(body)), options).body.tools ?? []) as unknown[];
            } catch (error) {
              if (isToolSearchError(error)) return;
              throw error;
            }
            counter.count('custom tool named like an own tool kept');
            for (const custom of ownLike)
              expect(
                sent.some((tool) => (tool as { type?: string; name?: string }).type === 'custom' && (tool as { name?: string }).name === custom.name),
              ).toBe(true);
          },
        ),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
