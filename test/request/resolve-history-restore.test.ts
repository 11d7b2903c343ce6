import { describe, expect, it } from 'vitest';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { resolveOwnToolsSent } from '../../src/plan/resolve-own-tools-sent.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import { resolveHistoryRestore } from '../../src/request/resolve-defer-loading-api-request.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { manyTools, tool } from '../support/tools.js';

const tools = manyTools(4);
const weather = tool('get_weather');
const plan = (model: string) => resolveToolSearch({ id: model, api: 'anthropic-messages' }, tools, { threshold: 3 });
const identity = createToolNameMapping([], { label: 'test', allowed: /[a-zA-Z0-9_-]/, maxLength: 64 });
const restore = (
  given: ToolSearchPlan,
  history: { referenced?: string[]; calls?: string[] },
  extra: { catalog?: ToolDefinition[]; otherNames?: string[]; restored?: ToolDefinition[] } = {},
) =>
  resolveHistoryRestore({
    plan: given,
    planned: new Set(given.tools.map((entry) => entry.name)),
    names: identity,
    own: resolveOwnToolsSent(given),
    bodyTools: new Map(tools.map((definition) => [definition.name, { definition, deferred: false }])),
    restored: new Map((extra.restored ?? []).map((definition) => [definition.name, definition])),
    catalog: new Map([...tools, weather, ...(extra.catalog ?? [])].map((definition) => [definition.name, definition])),
    referenced: new Set(history.referenced ?? []),
    calls: history.calls ?? [],
    otherNames: new Set(extra.otherNames ?? []),
  });

describe('resolveHistoryRestore', () => {
  describe('tools the history references that nothing defines', () => {
    it('restores them from the catalog under hosted search', () => {
      expect(restore(plan('claude-opus-4-5'), { referenced: ['get_weather', 'tool_1'] }).tools).toEqual([weather]);
    });

    it('restores none under the client-side mechanism, where it would be offered to the model again', () => {
      expect(restore(plan('claude-3-5-haiku'), { referenced: ['get_weather'] }).tools).toEqual([]);
    });

    it.each([
      ['a provider tool of that name', { otherNames: ['get_weather'] }],
      ['a plan tool restored from the catalog', { restored: [weather] }],
    ])('restores none the request defines another way: %s', (_case, extra) => {
      expect(restore(plan('claude-opus-4-5'), { referenced: ['get_weather'] }, extra).tools).toEqual([]);
    });
  });

  describe('the package’s own tools the history called', () => {
    it.each([
      ['tool_search', 'search'],
      ['call_tool', 'call'],
      ['tool_search_2', 'search'],
    ])('finds %s', (name, kind) => {
      expect([...restore(plan('claude-opus-4-5'), { calls: [name, 'tool_1'] }).ownTools]).toEqual([[name, kind]]);
    });

    it('does not take a caller tool named like one of them for the package’s', () => {
      const caller = tool('tool_search_2');
      expect(restore(plan('claude-opus-4-5'), { calls: ['tool_search_2'] }, { catalog: [caller] }).ownTools.size).toBe(0);
    });
  });
});
