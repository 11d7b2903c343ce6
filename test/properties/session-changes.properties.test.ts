/**
 * Sessions whose model, plan, tool list or search mode changes between turns (issue 15 item 2), on the five APIs: the
 * model calls what turn 1 sent (the package's own `tool_search` and `call_tool` included), then turn 2 goes out under
 * another model, threshold, listing, search mode and subset of the tools. Our own preflight must accept turn 2
 * (Anthropic: except where the transformer warned that the caller's own history names a tool it no longer defines), a
 * call of the package's own tools is never left undefined where the API requires history calls to be defined
 * (Messages), and turn 2 transformed again gives the same bytes. One shared check; each API writes only its wire shape.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { TOOL_LISTINGS, type ToolListingRequest } from '../../src/config/tool-search-config.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { resolveOwnToolsSent } from '../../src/plan/resolve-own-tools-sent.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import { parseAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { parseBedrockConverseTools } from '../../src/providers/bedrock/index.js';
import { preflightBedrockConverseRequest } from '../support/preflight/preflight-bedrock-converse-request.js';
import { transformBedrockConverseRequest } from '../../src/providers/bedrock/index.js';
import { parseGeminiTools } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import { transformGeminiRequest } from '../../src/providers/gemini/index.js';
import { parseOpenAIChatTools } from '../../src/providers/openai/index.js';
import { parseOpenAIResponsesTools } from '../../src/providers/openai/parse-openai-responses-tools.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { transformOpenAIChatRequest } from '../../src/providers/openai/index.js';
import { transformOpenAIResponsesRequest } from '../../src/providers/openai/index.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import {
  PROPERTY_RUNS,
  PROPERTY_TIMEOUT,
  createCaseCounter,
  deepFreeze,
  propertyParameters,
  scenarioArbitrary,
  type Scenario,
  type ScenarioTool,
} from '../support/arbitraries.js';
import { planForScenario, scenarioCatalog } from '../support/property-checks.js';

/** One call the model made of a tool turn 1 sent, and the caller's answer. */
interface ModelCall {
  readonly id: string;
  readonly name: string;
  /** Responses: the namespace the call carries (a namespace member's, a deferred top-level function's own name). */
  readonly namespace?: string;
  readonly input: Record<string, unknown>;
  readonly result: string;
}

/** A tool the model can call in a transformed body, by the name (and Responses namespace) it saw. */
interface Callable {
  readonly name: string;
  readonly namespace?: string;
}

type Warnings = readonly { readonly code: string }[];

/** One API's wire shape: all the shared check needs to know. */
interface SessionWire {
  readonly label: string;
  /** The models a turn is made for (from the API's property file: hosted and not, platforms). */
  readonly models: readonly ModelReference[];
  /** The caller's body: these tools, a user message, then the model's calls and their answers. */
  readonly body: (tools: readonly ScenarioTool[], calls: readonly ModelCall[]) => Record<string, unknown>;
  readonly readTools: (body: object) => ToolDefinition[];
  readonly transform: (body: object, plan: ToolSearchPlan, catalog: readonly ToolDefinition[]) => { readonly body: object; readonly warnings: Warnings };
  /** The tools the model can call in a transformed body. */
  readonly callable: (body: object) => Callable[];
  /** The preflight rules the output breaks that the transformer did not warn about as the caller's own mistake. */
  readonly violations: (body: object, warnings: Warnings) => readonly unknown[];
  /** The tools a body defines, where the API rejects a history call of an undefined tool (Messages). */
  readonly defined?: (body: object) => ReadonlySet<string>;
  /** Whether the output transformed again must come out the same. @default always */
  readonly stable?: (warnings: Warnings) => boolean;
}

const toolsOf = (body: object): unknown[] => ((body as { tools?: unknown }).tools ?? []) as unknown[];
const described = (tool: ScenarioTool) => (tool.description === undefined ? {} : { description: tool.description });

const ANTHROPIC: SessionWire = {
  label: 'Anthropic Messages',
  models: [
    { id: 'claude-opus-4-5', api: 'anthropic-messages' },
    { id: 'claude-sonnet-4-6', api: 'anthropic-messages' },
    { id: 'claude-3-5-haiku', api: 'anthropic-messages' },
    { id: 'claude-opus-4-5@20251101', platform: 'vertex' },
  ],
  body: (tools, calls) => ({
    model: 'claude',
    max_tokens: 100,
    messages: [
      { role: 'user', content: 'hi' },
      ...(calls.length === 0
        ? []
        : [
            { role: 'assistant', content: calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.input })) },
            { role: 'user', content: calls.map((call) => ({ type: 'tool_result', tool_use_id: call.id, content: call.result })) },
          ]),
    ],
    tools: tools.map((tool) => ({ name: tool.name, ...described(tool), input_schema: tool.inputSchema })),
  }),
  readTools: parseAnthropicMessagesTools,
  transform: (body, plan, catalog) => transformAnthropicMessagesRequest(body, plan, { catalog }),
  callable: (body) =>
    (toolsOf(body) as { name?: unknown; type?: unknown }[]).flatMap((tool) =>
      tool.type === undefined && typeof tool.name === 'string' ? [{ name: tool.name }] : [],
    ),
  violations: (body, warnings) => {
    const warned = warnings.some((warning) => warning.code === 'history-tool-undefined');
    return preflightAnthropicMessagesRequest(body).violations.filter((violation) => !(warned && violation.rule.startsWith('undefined-')));
  },
  defined: (body) => new Set((toolsOf(body) as { name?: string }[]).map((tool) => tool.name ?? '')),
};

const OPENAI_CHAT: SessionWire = {
  label: 'OpenAI Chat',
  models: [
    { id: 'gpt-4.1', api: 'openai-chat' },
    { id: 'gpt-5.4', api: 'openai-chat' },
    { id: 'gpt-5.4', api: 'openai-chat', platform: 'azure-openai' },
    'gemini-2.5-pro',
  ],
  body: (tools, calls) => ({
    model: 'gpt-4.1',
    messages: [
      { role: 'user', content: 'hi' },
      ...(calls.length === 0
        ? []
        : [
            {
              role: 'assistant',
              content: null,
              tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input) } })),
            },
          ]),
      ...calls.map((call) => ({ role: 'tool', tool_call_id: call.id, content: call.result })),
    ],
    tools: tools.map((tool) => ({ type: 'function', function: { name: tool.name, ...described(tool), parameters: tool.inputSchema } })),
  }),
  readTools: parseOpenAIChatTools,
  transform: (body, plan) => transformOpenAIChatRequest(body, plan),
  callable: (body) =>
    (toolsOf(body) as { type?: unknown; function?: { name?: unknown } }[]).flatMap((tool) =>
      tool.type === 'function' && typeof tool.function?.name === 'string' ? [{ name: tool.function.name }] : [],
    ),
  violations: (body) => preflightOpenAIChatRequest(body).violations,
};

const OPENAI_RESPONSES: SessionWire = {
  label: 'OpenAI Responses',
  models: [
    { id: 'gpt-5.4', api: 'openai-responses' },
    { id: 'gpt-5.4', api: 'openai-responses', platform: 'azure-openai' },
    { id: 'gpt-5.2', api: 'openai-responses' },
    { id: 'gpt-5.4-nano', api: 'openai-responses' },
  ],
  body: (tools, calls) => ({
    model: 'gpt-5.4',
    store: false,
    input: [
      { type: 'message', role: 'user', content: 'hi' },
      ...calls.map((call) => ({
        type: 'function_call',
        call_id: call.id,
        name: call.name,
        arguments: JSON.stringify(call.input),
        ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
      })),
      ...calls.map((call) => ({ type: 'function_call_output', call_id: call.id, output: call.result })),
    ],
    tools: tools.map((tool) => ({ type: 'function', name: tool.name, ...described(tool), parameters: tool.inputSchema, strict: false })),
  }),
  readTools: parseOpenAIResponsesTools,
  transform: (body, plan) => transformOpenAIResponsesRequest(body, plan),
  // A namespace member is called with its namespace; a deferred top-level function with its own name as one.
  callable: (body) =>
    (toolsOf(body) as { type?: unknown; name?: unknown; defer_loading?: unknown; tools?: { type?: unknown; name?: unknown }[] }[]).flatMap(
      (tool): Callable[] => {
        if (tool.type === 'function' && typeof tool.name === 'string')
          return [{ name: tool.name, ...(tool.defer_loading === true ? { namespace: tool.name } : {}) }];
        if (tool.type !== 'namespace' || typeof tool.name !== 'string') return [];
        const namespace = tool.name;
        return (tool.tools ?? []).flatMap((member) =>
          member.type === 'function' && typeof member.name === 'string' ? [{ name: member.name, namespace }] : [],
        );
      },
    ),
  violations: (body) => preflightOpenAIResponsesRequest(body).violations,
};

const GEMINI: SessionWire = {
  label: 'Gemini',
  models: [{ id: 'gemini-2.5-flash', api: 'gemini' }, { id: 'gemini-2.5-pro', api: 'gemini', platform: 'vertex' }, 'gpt-5.4'],
  body: (tools, calls) => ({
    model: 'gemini-2.5-flash',
    contents: [
      { role: 'user', parts: [{ text: 'hi' }] },
      ...(calls.length === 0
        ? []
        : [
            { role: 'model', parts: calls.map((call) => ({ functionCall: { name: call.name, args: call.input } })) },
            { role: 'user', parts: calls.map((call) => ({ functionResponse: { name: call.name, response: { output: call.result } } })) },
          ]),
    ],
    config: {
      tools:
        tools.length === 0
          ? []
          : [{ functionDeclarations: tools.map((tool) => ({ name: tool.name, ...described(tool), parametersJsonSchema: tool.inputSchema })) }],
    },
  }),
  readTools: parseGeminiTools,
  transform: (body, plan) => transformGeminiRequest(body, plan),
  callable: (body) => {
    const tools = ((body as { config?: { tools?: unknown } }).config?.tools ?? []) as { functionDeclarations?: { name?: unknown }[] }[];
    return tools.flatMap((tool) =>
      (tool.functionDeclarations ?? []).flatMap((declaration) => (typeof declaration.name === 'string' ? [{ name: declaration.name }] : [])),
    );
  },
  violations: (body) => preflightGeminiRequest(body).violations,
  // A listing changed to `names` for the 512-declaration limit leaves the plan's own listing behind.
  stable: (warnings) => !warnings.some((warning) => warning.code === 'listing-changed-to-names'),
};

const BEDROCK_CONVERSE: SessionWire = {
  label: 'Bedrock Converse',
  models: [
    { id: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', api: 'bedrock-converse' },
    { id: 'amazon.nova-pro-v1:0', api: 'bedrock-converse' },
    'claude-opus-4-5',
  ],
  body: (tools, calls) => ({
    modelId: 'amazon.nova-pro-v1:0',
    messages: [
      { role: 'user', content: [{ text: 'hi' }] },
      ...(calls.length === 0
        ? []
        : [
            { role: 'assistant', content: calls.map((call) => ({ toolUse: { toolUseId: call.id, name: call.name, input: call.input } })) },
            { role: 'user', content: calls.map((call) => ({ toolResult: { toolUseId: call.id, content: [{ text: call.result }] } })) },
          ]),
    ],
    toolConfig: { tools: tools.map((tool) => ({ toolSpec: { name: tool.name, ...described(tool), inputSchema: { json: tool.inputSchema } } })) },
  }),
  readTools: parseBedrockConverseTools,
  transform: (body, plan) => transformBedrockConverseRequest(body, plan),
  callable: (body) =>
    (((body as { toolConfig?: { tools?: unknown[] } }).toolConfig?.tools ?? []) as { toolSpec?: { name?: unknown } }[]).flatMap((tool) =>
      typeof tool.toolSpec?.name === 'string' ? [{ name: tool.toolSpec.name }] : [],
    ),
  // A turn 2 that sends no tool has no `toolConfig` (the transformer warns), which a history with tool blocks needs.
  violations: (body, warnings) =>
    preflightBedrockConverseRequest(body).violations.filter(
      (violation) => !(violation.rule === 'tool-config-required' && warnings.some((warning) => warning.code === 'empty-tools-removed')),
    ),
};

const WIRES: readonly SessionWire[] = [ANTHROPIC, OPENAI_RESPONSES, OPENAI_CHAT, GEMINI, BEDROCK_CONVERSE];

/** What changes for turn 2: the model, the configuration, and which of the catalog's tools the body sends. */
interface TurnChange {
  readonly model: ModelReference;
  readonly threshold: number;
  readonly listing: ToolListingRequest;
  readonly search: 'auto' | 'provider' | 'library';
  readonly keep: readonly boolean[];
}

function turnChange(models: readonly ModelReference[]): fc.Arbitrary<TurnChange> {
  return fc.record({
    model: fc.constantFrom(...models),
    threshold: fc.constantFrom(0, 3, 15, 100),
    listing: fc.constantFrom<ToolListingRequest>('auto', ...TOOL_LISTINGS),
    search: fc.constantFrom('auto' as const, 'provider' as const, 'library' as const),
    keep: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
  });
}

/** Runs turn 1 and turn 2 of one session on one API, and checks turn 2. */
function checkSessionChange(wire: SessionWire, scenario: Scenario, next: TurnChange, count: (what: string) => void): void {
  count('session');
  const catalog = scenarioCatalog(scenario);
  const first = wire.body(
    scenario.tools.filter((tool) => tool.inBody),
    [],
  );
  let sent: { readonly body: object };
  let plan1: ToolSearchPlan;
  try {
    plan1 = planForScenario(scenario, wire.readTools(first));
    sent = wire.transform(first, plan1, catalog);
  } catch (error) {
    if (!isToolSearchError(error)) throw error;
    count(`turn 1 threw ${error.code}`);
    return;
  }
  // The model calls the first four tools turn 1 sent: the package's own with fitting arguments.
  const own = resolveOwnToolsSent(plan1);
  const calls = wire
    .callable(sent.body)
    .slice(0, 4)
    .map(
      (tool, index): ModelCall => ({
        ...tool,
        id: `call_${index}`,
        input: tool.name === own.searchName ? { query: 'x' } : tool.name === own.callToolName ? { name: scenario.tools[0]?.name ?? 'x', arguments: {} } : {},
        result: tool.name === own.searchName ? formatToolSearchResult({ status: 'found', tools: [] }) : 'done',
      }),
    );
  const ownCalls = calls.filter((call) => call.name === own.searchName || call.name === own.callToolName);
  if (calls.length > 0) count(ownCalls.length > 0 ? 'own tools called' : 'caller tools called');
  const second = wire.body(
    scenario.tools.filter((_, index) => next.keep[index] === true),
    calls,
  );
  let plan2: ToolSearchPlan;
  let result: { readonly body: object; readonly warnings: Warnings };
  try {
    plan2 = resolveToolSearch(next.model, wire.readTools(second), {
      threshold: next.threshold,
      listing: next.listing,
      search: next.search,
      // Native delivery with the `full` or `compact` listing is a configuration error (turn 1 draws it now and then):
      // a caller moving to such a listing moves to `auto`, which reveals in the conversation there.
      reveal: scenario.config.reveal === 'native' && (next.listing === 'full' || next.listing === 'compact') ? 'auto' : scenario.config.reveal,
    });
    count(plan2.mechanism === plan1.mechanism ? 'same mechanism' : 'mechanism changed');
    result = wire.transform(deepFreeze(second), plan2, catalog);
  } catch (error) {
    if (!isToolSearchError(error)) throw error;
    count(`turn 2 threw ${error.code}`);
    return;
  }
  expect(wire.violations(result.body, result.warnings)).toEqual([]);
  // The package's own tools the history called are defined again where the API requires it. Known limit (README): a
  // catalog tool named like the name the package's tool took in turn 1 (`tool_search_2`) is taken for the caller's.
  const defined = wire.defined?.(result.body);
  if (defined !== undefined) {
    const warned = result.warnings.some((warning) => warning.code === 'history-tool-undefined');
    const catalogNames = new Set(catalog.map((tool) => tool.name));
    for (const call of ownCalls) if (!catalogNames.has(call.name)) expect(defined.has(call.name) || !warned).toBe(true);
  }
  if (wire.stable?.(result.warnings) ?? true) {
    expect(JSON.stringify(wire.transform(result.body, plan2, catalog).body)).toBe(JSON.stringify(result.body));
  }
}

const RUNS = Math.max(40, Math.round(PROPERTY_RUNS / 5));

describe('a session whose model, plan, tools or search mode changes between turns', () => {
  describe.each(WIRES)('on $label', (wire) => {
    const counter = createCaseCounter(`session changes (${wire.label})`);
    afterAll(() => counter.report());

    it(
      'sends a turn 2 our preflight accepts, with the package’s own tools the history calls defined where the API requires it, and the same bytes on a second pass',
      () => {
        fc.assert(
          fc.property(scenarioArbitrary(wire.models, { categories: false, maxTools: 12 }), turnChange(wire.models), (scenario, next) =>
            checkSessionChange(wire, scenario, next, counter.count),
          ),
          propertyParameters(RUNS),
        );
      },
      PROPERTY_TIMEOUT,
    );
  });
});
