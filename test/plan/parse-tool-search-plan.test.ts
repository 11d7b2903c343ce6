import { describe, expect, it } from 'vitest';
import { parseToolSearchPlan, rememberCheckedPlan } from '../../src/plan/parse-tool-search-plan.js';
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
    // A stored plan that lists a tool twice contradicts itself (issue 15 item 8: the Chat output then failed preflight).
    [
      {
        mechanism: 'client',
        tools: [
          { name: 'a', status: 'loaded' },
          { name: 'b', status: 'deferred' },
          { name: 'a', status: 'deferred' },
        ],
      },
      '`plan.tools[2]` names `a` again (already at `plan.tools[0]`); a plan lists each tool once: resolve the plan again for these tools',
    ],
    [
      { mechanism: 'client', reveal: 'native', tools: [] },
      "`plan.additions` must be 'value' or 'reference' in a plan with `reveal: 'native'`, got nothing (undefined)",
    ],
    [
      { mechanism: 'client', reveal: 'native', additions: 'inline', tools: [] },
      "`plan.additions` must be 'value' or 'reference' in a plan with `reveal: 'native'`, got \"inline\" (a string)",
    ],
    [
      { mechanism: 'client', reveal: 'conversation', additions: 'value', tools: [] },
      '`plan.additions` belongs to a plan with `reveal: \'native\'` only; this plan\'s `reveal` is "conversation" (a string), and `additions` is "value" (a string)',
    ],
    [{ mechanism: 'client', reveal: 'inline', tools: [] }, "`plan.reveal` must be one of 'conversation', 'native', 'tool-list', got \"inline\" (a string)"],
  ])('rejects %j', (value, message) => {
    expect(() => parseToolSearchPlan(value)).toThrow(ToolSearchError);
    expect(() => parseToolSearchPlan(value)).toThrow(message);
    expect(() => parseToolSearchPlan(value)).toThrow(expect.objectContaining({ code: 'invalid-options' }));
  });

  it.each(['value', 'reference'] as const)('accepts a native plan with additions by %s, also after a JSON round trip', (additions) => {
    const plan = resolveToolSearch(
      additions === 'value' ? 'claude-opus-4-8' : { id: 'claude-opus-4-8@20260101', api: 'anthropic-messages', platform: 'vertex' },
      manyTools(16),
      { mechanism: 'client', reveal: 'native' },
    );
    expect(plan).toMatchObject({ reveal: 'native', additions });
    expect(parseToolSearchPlan(plan)).toBe(plan);
    expect(parseToolSearchPlan(JSON.parse(JSON.stringify(plan)))).toEqual(plan);
  });
});

describe('rememberCheckedPlan', () => {
  const plan = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, [
    { name: 'get_weather', inputSchema: { type: 'object' } },
    { name: 'send_email', inputSchema: { type: 'object' } },
  ]);

  it('freezes a checked plan, so it cannot change after its check', () => {
    const remembered = rememberCheckedPlan(structuredClone(plan));
    expect(Object.isFrozen(remembered) && Object.isFrozen(remembered.tools) && Object.isFrozen(remembered.tools[0])).toBe(true);
    expect(() => (remembered.tools as unknown[]).push({ name: 'get_weather', status: 'loaded' })).toThrow(TypeError);
  });

  it('makes parseToolSearchPlan return the plan as it is', () => {
    const remembered = rememberCheckedPlan(structuredClone(plan));
    expect(parseToolSearchPlan(remembered)).toBe(remembered);
  });

  it('still checks a plan it was not given', () => {
    rememberCheckedPlan(structuredClone(plan));
    const copy = { ...plan, tools: [...plan.tools, plan.tools[0]] };
    expect(() => parseToolSearchPlan(copy)).toThrow(/names `get_weather` again/);
  });
});
