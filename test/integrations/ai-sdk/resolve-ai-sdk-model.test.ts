import { describe, expect, it } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { resolveAISDKModel } from '../../../src/integrations/ai-sdk/resolve-ai-sdk-model.js';

const openai = createOpenAI({ apiKey: 'test' });
/** The specification major of the providers this project loaded: 3 on AI SDK 6, 4 on AI SDK 7. */
const specification = Number(process.env.AI_SDK_MAJOR) - 3;

describe('resolveAISDKModel', () => {
  it.each([
    ['an OpenAI Responses model', openai('gpt-5.4'), { id: 'gpt-5.4', api: 'openai-responses', provider: 'openai.responses', specification }],
    ['an OpenAI Chat Completions model', openai.chat('gpt-4.1'), { id: 'gpt-4.1', api: 'openai-chat', provider: 'openai.chat', specification }],
    [
      'an Anthropic model',
      createAnthropic({ apiKey: 'test' })('claude-sonnet-4-5'),
      { id: 'claude-sonnet-4-5', api: 'anthropic-messages', provider: 'anthropic.messages', specification },
    ],
    [
      'a Gemini model',
      createGoogleGenerativeAI({ apiKey: 'test' })('gemini-2.5-flash'),
      { id: 'gemini-2.5-flash', api: 'gemini', provider: 'google.generative-ai', specification },
    ],
    ['a gateway model id', 'anthropic/claude-sonnet-4-5', { id: 'anthropic/claude-sonnet-4-5', api: null, provider: 'gateway', specification: null }],
    [
      'a provider it does not know',
      { provider: 'mistral.chat', modelId: 'mistral-large', specificationVersion: 'v2' },
      { id: 'mistral-large', api: null, provider: 'mistral.chat', specification: 2 },
    ],
    [
      'a model that names no specification',
      { provider: 'mistral.chat', modelId: 'mistral-large' },
      { id: 'mistral-large', api: null, provider: 'mistral.chat', specification: null },
    ],
  ])('reads %s', (_label, model, expected) => {
    expect(resolveAISDKModel(model)).toEqual(expected);
  });

  it.each([undefined, '', 42, {}, { provider: 'openai.chat' }])('reads nothing from %j', (model) => {
    expect(resolveAISDKModel(model)).toBeUndefined();
  });
});
