import { describe, expect, it } from 'vitest';
import type { PlannedTool } from '../../../src/plan/tool-search-plan.js';
import type { RequestTool } from '../../../src/request/request-tools.js';
import { resolveCategoryLabel, resolveToolGroups } from '../../../src/providers/openai/resolve-grouping-api-request.js';
import { tool } from '../../support/tools.js';

function planned(name: string, group?: string): RequestTool {
  return { kind: 'planned', name, path: name, definition: tool(name), deferred: false, ...(group === undefined ? {} : { group }) };
}

const plan = (categories: Record<string, string | undefined>): Map<string, PlannedTool> =>
  new Map(
    Object.entries(categories).map(([name, category]) => [
      name,
      category === undefined ? { name, status: 'deferred', reason: 'threshold-reached' } : { name, status: 'deferred', reason: 'threshold-reached', category },
    ]),
  );

describe('resolveToolGroups', () => {
  it('groups by the category first, then the body group, then the shared prefix', () => {
    const tools = [planned('a', 'crm'), planned('b', 'crm'), planned('github__c'), planned('d')];
    const groups = resolveToolGroups(tools, {
      planned: plan({ a: 'Sales', b: undefined, github__c: undefined, d: undefined }),
      byCategory: true,
      prefixes: new Map([['github__c', 'github']]),
      ungrouped: () => false,
    });
    expect(groups.entries).toEqual(['Sales', 'crm', 'github', undefined]);
    expect(groups.byName).toEqual(
      new Map([
        ['a', 'Sales'],
        ['b', 'crm'],
        ['github__c', 'github'],
      ]),
    );
  });

  it('keeps the body groups alone without categories (no hosted search), and leaves ungrouped tools out', () => {
    const groups = resolveToolGroups([planned('a', 'crm'), planned('b', 'crm')], {
      planned: plan({ a: 'Sales', b: 'Sales' }),
      byCategory: false,
      ungrouped: (name) => name === 'b',
    });
    expect(groups.entries).toEqual(['crm', undefined]);
  });

  it('puts an unmanaged tool where the planned tools of its body group went', () => {
    const notes: RequestTool = { kind: 'unmanaged', name: 'notes', path: 'notes', deferred: false, deferredAloneRejected: false, group: 'caf_' };
    const lone: RequestTool = { ...notes, group: 'other' };
    const groups = resolveToolGroups([planned('a', 'caf_'), notes, lone], { planned: plan({ a: 'café' }), byCategory: true, ungrouped: () => false });
    expect(groups.entries).toEqual(['café', 'café', 'other']);
  });

  it.each([
    [undefined, undefined],
    ['  ', undefined],
    ['Files', 'Files'],
  ])('reads the category %j as the group %j', (category, label) => {
    const entry: PlannedTool =
      category === undefined
        ? { name: 'a', status: 'loaded', reason: 'below-threshold' }
        : { name: 'a', status: 'loaded', reason: 'below-threshold', category };
    expect(resolveCategoryLabel(entry)).toBe(label);
  });
});
