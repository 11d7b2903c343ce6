import { describe, expect, it } from 'vitest';
import { parseToolSearchPlan } from '../../src/plan/parse-tool-search-plan.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { manyTools } from '../support/tools.js';

describe('parseToolSearchPlan', () => {
  it('returns a plan from resolveToolSearch, also after a JSON round trip', () => {
    const plan = resolveToolSearch('gemini-2.5-pro', manyTools(16));
    expect(parseToolSearchPlan(plan)).toBe(plan);
    expect(parseToolSearchPlan(JSON.parse(JSON.stringify(plan)))).toEqual(plan);
  });

  it.each([
    [null, '`plan` must be a plan from `resolveToolSearch` (with `mechanism` and `tools`), got null'],
    [{ mechanism: 'client' }, '`plan` must be a plan from `resolveToolSearch` (with `mechanism` and `tools`), got an object'],
    [{ mechanism: 'magic', tools: [] }, "`plan.mechanism` must be one of 'openai-hosted', 'claude-hosted', 'client', 'none', got \"magic\" (a string)"],
    [{ mechanism: 'client', tools: [{ name: 'a', status: 'hidden' }] }, "`plan.tools[0]` must be `{ name, status: 'deferred' | 'loaded' }`, got an object"],
  ])('rejects %j', (value, message) => {
    expect(() => parseToolSearchPlan(value)).toThrow(ToolSearchError);
    expect(() => parseToolSearchPlan(value)).toThrow(message);
  });
});
