import { describe, expect, it } from 'vitest';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import type { RequestBodyTool } from '../../src/request/request-tools.js';
import { resolvePlanMatch } from '../../src/request/resolve-plan-match.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { manyTools } from '../support/tools.js';

// The Messages request decision's wording.
const MESSAGES_WORDING = {
  lead: 'The plan was made for different tools than the request holds',
  lacks: "which the body's `tools` lacks (pass its definition in `catalog` to send it anyway)",
  has: "the body's `tools`",
  again: (reader: string) => `with ${reader}`,
};
const tools = manyTools(4);
const plan = (model: string, listing: 'full' | 'names' = 'full') =>
  resolveToolSearch({ id: model, api: 'anthropic-messages' }, tools, { threshold: 3, listing, reveal: 'conversation', search: 'provider' });
const body = (list: readonly ToolDefinition[], deferred = false): Map<string, RequestBodyTool> =>
  new Map(list.map((definition) => [definition.name, { definition, deferred }]));
const match = (given: ToolSearchPlan, bodyTools: Map<string, RequestBodyTool>, extra: { catalog?: ToolDefinition[]; referenced?: string[] } = {}) =>
  resolvePlanMatch({
    plan: given,
    planned: new Set(given.tools.map((entry) => entry.name)),
    body: bodyTools,
    catalog: new Map((extra.catalog ?? []).map((definition) => [definition.name, definition])),
    revealed: [],
    referenced: new Set(extra.referenced ?? []),
    forced: [],
    wording: MESSAGES_WORDING,
    reader: 'parseAnthropicMessagesTools(body)',
  });

describe('resolvePlanMatch over a body by name with a catalog (the Messages wording)', () => {
  it('restores nothing when the body holds the plan’s tools', () => {
    expect([...match(plan('claude-opus-4-5'), body(tools)).keys()]).toEqual([]);
  });

  it('sends a plan tool the body dropped from the catalog', () => {
    const restored = match(plan('claude-opus-4-5'), body(tools.slice(1)), { catalog: tools });
    expect([...restored.entries()]).toEqual([['tool_0', tools[0]]]);
  });

  it('throws plan-mismatch naming the tools on both sides', () => {
    const extra = manyTools(6).slice(5);
    const error = (() => {
      try {
        match(plan('claude-opus-4-5'), body([...tools.slice(1), ...extra]));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ToolSearchError);
    expect(error).toMatchObject({ code: 'plan-mismatch' });
    expect((error as Error).message).toContain("the plan has `tool_0`, which the body's `tools` lacks");
    expect((error as Error).message).toContain("the body's `tools` has `tool_5`, which the plan lacks");
    expect((error as Error).message).toContain('Resolve the plan again with parseAnthropicMessagesTools(body).');
  });

  it('needs no definition for a deferred tool the client names listing leaves out', () => {
    expect([...match(plan('claude-3-5-haiku', 'names'), body([])).keys()]).toEqual([]);
  });

  it('needs one for a deferred tool the history references, which the listing must send', () => {
    expect(() => match(plan('claude-3-5-haiku', 'names'), body([]), { referenced: ['tool_2'] })).toThrow(/the plan has `tool_2`/);
  });

  it.each([
    ['accepts', 'claude-opus-4-5', true, true],
    ['rejects it under the client mechanism', 'claude-3-5-haiku', true, false],
    ['rejects it when the body does not defer it', 'claude-opus-4-5', false, false],
  ])('%s a tool an earlier pass restored for the history under hosted search', (_case, model, deferred, accepted) => {
    const restoredEarlier = manyTools(6).slice(5);
    const given = plan(model);
    const run = () => match(given, new Map([...body(tools), ...body(restoredEarlier, deferred)]), { catalog: restoredEarlier, referenced: ['tool_5'] });
    if (accepted) expect(run().size).toBe(0);
    else expect(run).toThrow(/which the plan lacks/);
  });
});
