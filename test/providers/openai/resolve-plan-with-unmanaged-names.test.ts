import { describe, expect, it } from 'vitest';
import { resolveOwnToolsSent } from '../../../src/plan/resolve-own-tools-sent.js';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import { resolvePlanWithUnmanagedNames } from '../../../src/providers/openai/resolve-grouping-api-request.js';
import { tool } from '../../support/tools.js';

const plan = resolveToolSearch(
  'gpt-5.2',
  ['a', 'b', 'c'].map((name) => tool(name)),
  { threshold: 0 },
);

describe('resolvePlanWithUnmanagedNames', () => {
  it('returns the plan itself when no unmanaged tool takes a name of the package', () => {
    expect(resolvePlanWithUnmanagedNames(plan, [])).toBe(plan);
    expect(resolvePlanWithUnmanagedNames(plan, ['grep', 'notes'])).toBe(plan);
  });

  it.each(['tool_search', 'call_tool'])('adds every unmanaged name when one is %s, so the package takes a free name', (name) => {
    const applied = resolvePlanWithUnmanagedNames(plan, ['grep', name]);
    expect(applied.unmanagedToolNames).toEqual(['grep', name]);
    expect(resolveOwnToolsSent(applied)).toMatchObject(name === 'tool_search' ? { searchName: 'tool_search_2' } : { callToolName: 'call_tool_2' });
  });

  it('is idempotent: a plan that already names them comes back as it is', () => {
    const applied = resolvePlanWithUnmanagedNames(plan, ['tool_search']);
    expect(resolvePlanWithUnmanagedNames(applied, ['tool_search'])).toBe(applied);
  });
});
