import { describe, expect, it } from 'vitest';
import { resolvePlanForModel, resolvePlanForWireAPI } from '../../src/plan/resolve-plan-for-wire-api.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
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

describe('resolvePlanForModel', () => {
  it.each([
    ['claude-3-5-haiku', 'claude-hosted', "Anthropic's hosted tool search"],
    ['gpt-4o', 'openai-hosted', "OpenAI's hosted tool search"],
  ] as const)('turns a stored hosted plan for %s, which lacks it, into the client-side mechanism', (model, mechanism, what) => {
    const plan: ToolSearchPlan = { ...resolveToolSearch(model, tools, { mechanism: 'client' }), mechanism, reveal: 'conversation' };
    const applied = resolvePlanForModel(plan);
    expect(applied.plan).toEqual({ ...plan, mechanism: 'client', search: 'library' });
    expect(applied.fallback).toContain(what);
    expect(applied.revealFallback).toBeNull();
  });

  it.each(['claude-sonnet-5', 'claude-opus-4-5', 'claude-3-7-sonnet'])(
    'turns a stored native plan for %s, which takes no tool additions, into reveals in the conversation',
    (model) => {
      const native = resolveToolSearch('claude-opus-4-8', tools, { mechanism: 'client' });
      expect(native).toMatchObject({ reveal: 'native', additions: 'value' });
      const { additions: _additions, ...rest } = native;
      const applied = resolvePlanForModel({ ...native, model });
      expect(applied.plan).toEqual({ ...rest, model, reveal: 'conversation' });
      expect(applied.fallback).toBeNull();
      expect(applied.revealFallback).toBe(
        `the plan delivers loaded tools natively (\`reveal: 'native'\`), but \`${model}\` does not take tool additions; loaded schemas stay in the \`tool_search\` result (\`reveal: 'conversation'\`) instead. Resolve the plan again for this model`,
      );
    },
  );

  it('names the platform where the platform takes none (Foundry)', () => {
    const plan = { ...resolveToolSearch('claude-opus-4-8', tools, { mechanism: 'client' }), platform: 'foundry' } as const;
    expect(resolvePlanForModel(plan).revealFallback).toContain('`claude-opus-4-8` on `foundry` does not take tool additions');
  });

  it.each<[string, Parameters<typeof resolveToolSearch>[0]]>([
    ['a model with documented additions', 'claude-opus-4-8'],
    ['an opt-in on a model before GPT-5.4', { id: 'gpt-4.1', api: 'openai-responses' }],
    ['an opt-in on a gateway', { id: 'claude-opus-4-8', api: 'anthropic-messages', platform: 'gateway' }],
    ['an opt-in by reference on Bedrock', { id: 'us.anthropic.claude-opus-4-8-v1:0', api: 'anthropic-messages', platform: 'bedrock' }],
  ])('keeps a native plan for %s', (_label, model) => {
    const plan = resolveToolSearch(model, tools, { mechanism: 'client', reveal: 'native' });
    expect(plan.reveal).toBe('native');
    expect(resolvePlanForModel(plan)).toEqual({ plan, fallback: null, revealFallback: null });
  });

  it('keeps a plan that is neither hosted nor native as it is', () => {
    const plan = resolveToolSearch({ id: 'gemini-2.5-pro', api: 'gemini' }, tools);
    expect(resolvePlanForModel(plan).plan).toBe(plan);
  });
});
