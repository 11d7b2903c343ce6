/**
 * Sessions whose model, plan, tool list or search mode changes between turns (issue 15 item 2), on the Messages API,
 * whose history rules are the strictest (every `tool_use` must name a defined tool): the model calls what turn 1 sent
 * (the package's own `tool_search` and `call_tool` included), then turn 2 goes out under another plan. Our own
 * preflight must accept turn 2, except where the transformer warned that the caller's own history names a tool it no
 * longer defines; a `tool_use` of the package's own tools is never left undefined.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { TOOL_LISTINGS, type ToolListingRequest } from '../../src/config/tool-search-config.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { resolveOwnToolsSent } from '../../src/plan/resolve-own-tools-sent.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { parseAnthropicMessagesTools } from '../../src/providers/anthropic/parse-anthropic-messages-tools.js';
import { preflightAnthropicMessagesRequest } from '../../src/providers/anthropic/preflight-anthropic-messages-request.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/transform-anthropic-messages-request.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { PROPERTY_TIMEOUT, createCaseCounter, propertyParameters, scenarioArbitrary, type Scenario } from '../support/arbitraries.js';
import { planForScenario, scenarioCatalog } from '../support/property-checks.js';

const MODELS: readonly ModelReference[] = [
  { id: 'claude-opus-4-5', api: 'anthropic-messages' },
  { id: 'claude-sonnet-4-5', api: 'anthropic-messages' },
  { id: 'claude-3-5-haiku', api: 'anthropic-messages' },
];

/** What changes for turn 2: the model, the configuration, and which of the catalog's tools the body sends. */
interface TurnChange {
  readonly model: ModelReference;
  readonly threshold: number;
  readonly listing: ToolListingRequest;
  readonly search: 'auto' | 'provider' | 'library';
  readonly keep: readonly boolean[];
}

const change: fc.Arbitrary<TurnChange> = fc.record({
  model: fc.constantFrom(...MODELS),
  threshold: fc.constantFrom(0, 3, 15, 100),
  listing: fc.constantFrom<ToolListingRequest>('auto', ...TOOL_LISTINGS),
  search: fc.constantFrom('auto' as const, 'provider' as const, 'library' as const),
  keep: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
});

function toolEntries(scenario: Scenario, keep: (index: number) => boolean): Record<string, unknown>[] {
  return scenario.tools.flatMap((tool, index) =>
    keep(index) ? [{ name: tool.name, ...(tool.description === undefined ? {} : { description: tool.description }), input_schema: tool.inputSchema }] : [],
  );
}

const counter = createCaseCounter('session changes (Anthropic Messages)');
afterAll(() => counter.report());

describe('a session whose model, plan, tools or search mode changes between turns', () => {
  it('sends a turn 2 our preflight accepts, with every tool the history calls defined (the package’s own always)', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary(MODELS, { categories: false, maxTools: 12 }), change, async (scenario, next) => {
        counter.count('session');
        const catalog = scenarioCatalog(scenario);
        const first = { model: 'claude', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }], tools: toolEntries(scenario, (index) => scenario.tools[index]?.inBody === true) };
        let sent: { body: Record<string, unknown> };
        let plan1;
        try {
          plan1 = planForScenario(scenario, parseAnthropicMessagesTools(first));
          sent = transformAnthropicMessagesRequest(first, plan1, { catalog }) as { body: Record<string, unknown> };
        } catch (error) {
          if (!isToolSearchError(error)) throw error;
          counter.count('turn 1 threw');
          return;
        }
        // The model calls every custom tool turn 1 sent (at most four): the package's own with fitting arguments.
        const own = resolveOwnToolsSent(plan1);
        const called = ((sent.body.tools ?? []) as { name?: string; type?: string }[]).filter((tool) => tool.type === undefined && typeof tool.name === 'string').slice(0, 4);
        const uses = called.map((tool, index) => ({
          type: 'tool_use',
          id: `toolu_${index}`,
          name: tool.name,
          input: tool.name === own.searchName ? { query: 'x' } : tool.name === own.callToolName ? { name: scenario.tools[0]?.name ?? 'x', arguments: {} } : {},
        }));
        if (uses.length > 0) counter.count(uses.some((use) => use.name === own.searchName || use.name === own.callToolName) ? 'own tools called' : 'caller tools called');
        const results = uses.map((use) => ({
          type: 'tool_result',
          tool_use_id: use.id,
          content: use.name === own.searchName ? formatToolSearchResult({ status: 'found', tools: [] }) : 'done',
        }));
        const messages = [...first.messages, ...(uses.length === 0 ? [] : [{ role: 'assistant', content: uses }, { role: 'user', content: results }])];
        const second = { model: 'claude', max_tokens: 100, messages, tools: toolEntries(scenario, (index) => next.keep[index] === true) };
        let result;
        try {
          const plan2 = resolveToolSearch(next.model, parseAnthropicMessagesTools(second), { threshold: next.threshold, listing: next.listing, search: next.search, reveal: scenario.config.reveal });
          counter.count(plan2.mechanism === plan1.mechanism ? 'same mechanism' : 'mechanism changed');
          result = transformAnthropicMessagesRequest(second, plan2, { catalog });
        } catch (error) {
          if (!isToolSearchError(error)) throw error;
          counter.count('turn 2 threw');
          return;
        }
        const warned = new Set(result.warnings.map((warning) => warning.code));
        const violations = preflightAnthropicMessagesRequest(result.body).violations;
        const defined = new Set(((result.body.tools ?? []) as { name?: string }[]).map((tool) => tool.name));
        // The package's own tools the history called are always defined again. Known limit (README): a catalog tool
        // named like the name the package's tool took in turn 1 (`tool_search_2`) is taken for the caller's.
        const catalogNames = new Set(catalog.map((tool) => tool.name));
        for (const use of uses) {
          if ((use.name === own.searchName || use.name === own.callToolName) && !catalogNames.has(use.name as string)) expect(defined.has(use.name) || !warned.has('history-tool-undefined')).toBe(true);
        }
        const unexcused = violations.filter((violation) => !(violation.rule.startsWith('undefined-') && warned.has('history-tool-undefined')));
        expect(unexcused).toEqual([]);
      }),
      propertyParameters(Math.max(50, Math.round(Number(process.env.FC_RUNS ?? 1000) / 4))),
    );
  }, PROPERTY_TIMEOUT);
});
