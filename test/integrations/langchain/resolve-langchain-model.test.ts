import { describe, expect, it } from 'vitest';
import { FakeToolCallingModel, initChatModel } from 'langchain';
import { ChatOpenAI } from '@langchain/openai';
import { ChatAnthropic } from '@langchain/anthropic';
import { resolveLangChainModel } from '../../../src/integrations/langchain/resolve-langchain-model.js';

describe('resolveLangChainModel', () => {
  it.each([
    [
      'ChatOpenAI on Chat Completions',
      () => new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'test' }),
      { id: 'gpt-4.1', api: 'openai-chat', provider: 'ChatOpenAI' },
    ],
    [
      'ChatOpenAI on the Responses API',
      () => new ChatOpenAI({ model: 'gpt-5.4', useResponsesApi: true, apiKey: 'test' }),
      { id: 'gpt-5.4', api: 'openai-responses', provider: 'ChatOpenAI' },
    ],
    // The class sends these models to the Responses API on its own.
    ['ChatOpenAI with a Responses-only model', () => new ChatOpenAI({ model: 'gpt-5.4-pro', apiKey: 'test' }), { id: 'gpt-5.4-pro', api: 'openai-responses' }],
    [
      'ChatAnthropic',
      () => new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: 'test' }),
      { id: 'claude-sonnet-4-5', api: 'anthropic-messages', provider: 'ChatAnthropic' },
    ],
    [
      'a chat model bound with withConfig',
      () => new ChatAnthropic({ model: 'claude-opus-4-8', apiKey: 'test' }).withConfig({ tags: ['a'] }),
      { id: 'claude-opus-4-8', api: 'anthropic-messages' },
    ],
    [
      "a model string's chat model",
      () => initChatModel('anthropic:claude-sonnet-4-5', { apiKey: 'test' }),
      { id: 'claude-sonnet-4-5', api: 'anthropic-messages' },
    ],
  ])('reads %s', async (_case, model, expected) => {
    expect(await resolveLangChainModel(await model())).toMatchObject(expected);
  });

  it('gives a chat model class it does not know no wire API (the client-side mechanism)', async () => {
    const model = Object.assign(new FakeToolCallingModel({}), { model: 'my-model' });
    expect(await resolveLangChainModel(model)).toEqual({ id: 'my-model', api: null, provider: 'FakeToolCallingModel' });
  });

  it.each([
    ['a string', 'gpt-5.4'],
    ['null', null],
    ['an object without a model id', {}],
    ['a model with an empty id', { model: '' }],
  ])('gives undefined for %s', async (_case, model) => {
    expect(await resolveLangChainModel(model)).toBeUndefined();
  });
});
