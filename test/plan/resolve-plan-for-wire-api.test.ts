import { describe, expect, it } from 'vitest';
import { resolvePlanForWireAPI } from '../../src/plan/resolve-plan-for-wire-api.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { manyTools } from '../support/tools.js';

const tools = manyTools(20);

describe('resolvePlanForWireAPI', () => {
  it.each([
    ['gpt-5.4', 'openai-chat'],
    ['gpt-5.4', 'gemini'],
    ['gpt-5.4', 'anthropic-messages'],
    ['claude-opus-4-5', 'openai-chat'],
    ['claude-opus-4-5', 'gemini'],
    ['claude-opus-4-5', 'openai-responses'],
  ] as const)('turns a hosted plan for %s into the client mechanism on %s, deferring the same tools', (model, api) => {
    const plan = resolveToolSearch(model, tools, { listing: 'compact' });
    const { plan: applied, fallback } = resolvePlanForWireAPI(plan, api);
    expect(applied).toEqual({ ...plan, mechanism: 'client' });
    expect(applied.tools).toBe(plan.tools);
    expect(fallback).toContain('client-side `tool_search`');
    expect(fallback).toContain(`api: '${api}'`);
  });

  it.each([
    ['gpt-5.4', 'openai-responses'],
    ['claude-opus-4-5', 'anthropic-messages'],
    ['gemini-2.5-pro', 'gemini'],
  ] as const)('keeps the plan for %s on %s as it is', (model, api) => {
    const plan = resolveToolSearch(model, tools);
    expect(resolvePlanForWireAPI(plan, api)).toEqual({ plan, fallback: null });
  });

  it('keeps a plan without a mechanism (none) as none', () => {
    const plan = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, tools, { mechanism: 'openai' });
    expect(plan.mechanism).toBe('none');
    expect(resolvePlanForWireAPI(plan, 'openai-chat').plan).toBe(plan);
  });

  describe('a native plan', () => {
    it.each(['openai-chat', 'gemini', 'bedrock-converse'] as const)('reveals in the conversation on %s, which has no tool-addition item', (api) => {
      const plan = resolveToolSearch('claude-opus-4-8', tools, { mechanism: 'client' });
      expect(plan).toMatchObject({ reveal: 'native', additions: 'value' });
      const { plan: applied, fallback } = resolvePlanForWireAPI(plan, api);
      const { additions: _additions, ...rest } = plan;
      expect(applied).toEqual({ ...rest, reveal: 'conversation' });
      expect(applied).not.toHaveProperty('additions');
      expect(fallback).toBeNull();
    });

    it.each(['openai-responses', 'anthropic-messages'] as const)('stays native on %s', (api) => {
      const plan = resolveToolSearch('gpt-5.4', tools, { mechanism: 'client' });
      expect(resolvePlanForWireAPI(plan, api)).toEqual({ plan, fallback: null });
    });

    it('adds by value on Responses, the only form its item has', () => {
      const plan = resolveToolSearch({ id: 'anthropic.claude-opus-4-8-v1:0', platform: 'bedrock' }, tools, { mechanism: 'client', reveal: 'native' });
      expect(plan.additions).toBe('reference');
      expect(resolvePlanForWireAPI(plan, 'openai-responses').plan).toEqual({ ...plan, additions: 'value' });
      expect(resolvePlanForWireAPI(plan, 'anthropic-messages').plan).toBe(plan);
    });
  });
});
