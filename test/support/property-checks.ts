import { expect } from 'vitest';
import { createToolCallCheck } from '../../src/client/create-tool-call-check.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import type { ToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { Scenario } from './arbitraries.js';

/** The plan a caller makes for a scenario's body (its tools as the API reader returns them), with the scenario's mechanism forced when it sets one. */
export function planForScenario(scenario: Scenario, tools: readonly ToolDefinition[]): ToolSearchPlan {
  const { mechanism, threshold, listing, neverDefer } = scenario.config;
  const plan = resolveToolSearch(scenario.model, tools, {
    mechanism,
    threshold,
    listing,
    neverDefer: neverDefer.map((index) => scenario.tools[index]?.name).filter((name): name is string => name !== undefined),
  });
  return scenario.mechanism === undefined ? plan : { ...plan, mechanism: scenario.mechanism };
}

/** The scenario's whole catalog as tool definitions (removed tools included), as a caller keeps it. */
export function scenarioCatalog(scenario: Scenario): ToolDefinition[] {
  return scenario.tools.map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema,
  }));
}

/**
 * What the model may do next with a transformed request: call `tool_search` with anything, or call any tool with
 * anything, by the names it saw. Neither may throw for what the model wrote, and results must serialize.
 */
export async function checkModelFacingCalls(scenario: Scenario, names: ToolNameMapping, sent: readonly string[], calls: readonly (readonly [number, unknown])[]): Promise<void> {
  const catalog = scenarioCatalog(scenario);
  const store = createMemoryRevealStore();
  const search = createToolSearchTool({ tools: catalog, store });
  const check = createToolCallCheck({ tools: catalog, store });
  for (const [pick, args] of calls) {
    const found = await search.execute(args, { sessionId: 's', names, visible: sent });
    expect(typeof formatToolSearchResult(found)).toBe('string');
    const name = sent.length === 0 ? 'nothing' : (sent[pick % sent.length] as string);
    const outcome = await check.check({ name, arguments: args }, { sessionId: 's', names });
    if (!outcome.ok) expect(typeof formatToolSearchResult(outcome.result)).toBe('string');
  }
}
