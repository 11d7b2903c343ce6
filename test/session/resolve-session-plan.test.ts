import { describe, expect, it } from 'vitest';
import { createToolSearch } from '../../src/session/create-tool-search.js';
import { resolveSessionPlan } from '../../src/session/resolve-session-plan.js';
import { manyTools } from '../support/tools.js';

const tools = manyTools(20);
const request = { sessionId: 's', bodyModel: undefined, optionModel: undefined, tools: undefined, label: 'test' };

describe('resolveSessionPlan', () => {
  it('takes the model from the body before the option', () => {
    const toolSearch = createToolSearch({ tools });
    const plan = resolveSessionPlan(toolSearch, { ...request, api: 'openai-responses', bodyModel: 'gpt-5.4', optionModel: 'gpt-4.1' });
    expect(plan).toMatchObject({ model: 'gpt-5.4', mechanism: 'openai-hosted' });
    expect(resolveSessionPlan(toolSearch, { ...request, api: 'openai-responses', optionModel: 'gpt-4.1' })).toMatchObject({
      model: 'gpt-4.1',
      mechanism: 'client',
    });
  });

  it.each(['openai-responses', 'anthropic-messages'] as const)('rejects a request without a model on %s, where the model picks the mechanism', (api) => {
    expect(() => resolveSessionPlan(createToolSearch({ tools }), { ...request, api })).toThrow(
      expect.objectContaining({ code: 'invalid-request', message: expect.stringContaining("`mechanism: 'client'`") }),
    );
  });

  it('needs no model once the configuration allows the client-side mechanism only', () => {
    const plan = resolveSessionPlan(createToolSearch({ tools, config: { mechanism: 'client' } }), { ...request, api: 'anthropic-messages' });
    expect(plan.mechanism).toBe('client');
  });

  it.each(['openai-chat', 'gemini'] as const)('needs no model on %s, where every model gets the client-side mechanism', (api) => {
    expect(resolveSessionPlan(createToolSearch({ tools }), { ...request, api }).mechanism).toBe('client');
  });

  it.each([undefined, '', 42])('rejects the session id %j', (sessionId) => {
    expect(() => resolveSessionPlan(createToolSearch({ tools }), { ...request, api: 'gemini', sessionId })).toThrow(
      expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('`sessionId`') }),
    );
  });
});
