import { describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import { assertPlanMatch } from '../../src/request/assert-plan-match.js';
import type { RequestTool } from '../../src/request/request-tool.js';
import { tool } from '../support/tools.js';

const planned = (name: string, given = name): RequestTool => ({ kind: 'planned', name, path: `tools[${given}]`, definition: tool(given) });
const check = (plan: ToolSearchPlan, tools: readonly RequestTool[]) => () =>
  assertPlanMatch(plan, new Map(plan.tools.map((entry) => [entry.name, entry])), tools, 'readTools(body)');

function errorOf(run: () => void): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isToolSearchError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('did not throw');
}

describe('assertPlanMatch', () => {
  const plan = resolveToolSearch('gpt-5.2', [tool('a'), tool('b'), tool('c', 'never')], { threshold: 0, listing: 'full' });

  it('accepts the body the plan was made for', () => {
    expect(check(plan, [planned('a'), planned('b'), planned('c')])).not.toThrow();
  });

  it('names what the plan has and the body lacks, and the other way round', () => {
    expect(errorOf(check(plan, [planned('a'), planned('c'), planned('d')]))).toEqual({
      code: 'plan-mismatch',
      message:
        "The plan was made for different tools than the request body holds: the plan has `b`, which the body's tools lack; the body has `d`, which the plan lacks. Resolve the plan again from `readTools(body)`.",
    });
  });

  it('lets a listing that leaves deferred tools out read its own output back', () => {
    const names = resolveToolSearch('gpt-5.2', [tool('a'), tool('b'), tool('c', 'never')], { threshold: 0, listing: 'names' });
    expect(check(names, [planned('c'), { kind: 'own' }])).not.toThrow();
    expect(errorOf(check(names, [{ kind: 'own' }])).message).toContain('This body looks like the output of an earlier transform');
  });

  it('rejects one tool under its original name and its wire name', () => {
    expect(errorOf(check(plan, [planned('a'), planned('a', 'a_wire'), planned('b'), planned('c')]))).toEqual({
      code: 'invalid-request',
      message: '`tools[a]` and `tools[a_wire]` are the same tool `a` (once under its original name, once under its wire name)',
    });
  });
});
