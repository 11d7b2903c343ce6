import { describe, expect, it } from 'vitest';
import { resolvePlanForModel } from '../../src/plan/resolve-plan-for-model.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import { manyTools } from '../support/tools.js';

const tools = manyTools(20);

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
