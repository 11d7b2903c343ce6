import { describe, expect, it } from 'vitest';
import { parsePlannedTools } from '../../src/plan/parse-planned-tools.js';
import { rememberCheckedPlan } from '../../src/plan/parse-tool-search-plan.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { PlannedTool } from '../../src/plan/tool-search-plan.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { manyTools } from '../support/tools.js';

function toolList(): PlannedTool[] {
  return [
    { name: 'a', status: 'loaded', reason: 'policy-never' },
    { name: 'b', status: 'deferred', reason: 'threshold-reached' },
    { name: 'c', status: 'deferred', reason: 'threshold-reached' },
  ];
}

describe('parsePlannedTools', () => {
  it("indexes a plan's tools by name, in plan order, and counts the deferred ones", () => {
    const tools = toolList();
    const parsed = parsePlannedTools(tools);
    expect([...parsed.byName.keys()]).toEqual(['a', 'b', 'c']);
    expect(parsed.byName.get('b')).toBe(tools[1]);
    expect(parsed.names).toEqual(['a', 'b', 'c']);
    expect(parsed.deferred).toBe(2);
  });

  it('reads a list again after it changed in place: a renamed, re-statused, added or removed tool', () => {
    const tools = toolList();
    parsePlannedTools(tools);
    tools[1] = { name: 'b', status: 'loaded', reason: 'policy-never' };
    expect(parsePlannedTools(tools).deferred).toBe(1);
    (tools[2] as { name: string }).name = 'd';
    expect(parsePlannedTools(tools).names).toEqual(['a', 'b', 'd']);
    (tools[2] as { status: string }).status = 'loaded';
    expect(parsePlannedTools(tools).deferred).toBe(0);
    tools.push({ name: 'e', status: 'deferred', reason: 'threshold-reached' });
    expect(parsePlannedTools(tools).byName.has('e')).toBe(true);
    tools.shift();
    expect(parsePlannedTools(tools).byName.has('a')).toBe(false);
  });

  it('rejects a list that came to name a tool twice after an earlier check', () => {
    const tools = toolList();
    parsePlannedTools(tools);
    (tools[2] as { name: string }).name = 'a';
    expect(() => parsePlannedTools(tools)).toThrow(ToolSearchError);
    expect(() => parsePlannedTools(tools)).toThrow(
      '`plan.tools[2]` names `a` again (already at `plan.tools[0]`); a plan lists each tool once: resolve the plan again for these tools',
    );
  });

  it('names the first entry that is not a planned tool', () => {
    expect(() => parsePlannedTools([{ name: 'a', status: 'loaded' }, 'b'])).toThrow(
      "`plan.tools[1]` must be `{ name, status: 'deferred' | 'loaded' }`, got \"b\" (a string)",
    );
    expect(() => parsePlannedTools([{ name: 'a', status: 'loaded' }, 'b'])).toThrow(expect.objectContaining({ code: 'invalid-options' }));
  });

  it("gives an agent's checked (frozen) plan the same index on every request", () => {
    const plan = rememberCheckedPlan(resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, manyTools(40)));
    const first = parsePlannedTools(plan.tools);
    expect(parsePlannedTools(plan.tools)).toBe(first);
    expect(first.names).toEqual(plan.tools.map((tool) => tool.name));
  });
});
