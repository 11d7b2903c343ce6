import type { ModelReference } from '../../src/models/model-reference.js';
import { describe, expect, it } from 'vitest';
import { resolveModelSupport } from '../../src/models/resolve-model-support.js';

describe('resolveModelSupport', () => {
  describe('on OpenAI models', () => {
    it.each([
      ['gpt-5.4', true],
      ['gpt-5.4-mini', true],
      ['gpt-5.4-pro', true],
      ['gpt-5.4-2026-03-05', true],
      ['gpt-5.5', true],
      ['gpt-5.5-pro', true],
      ['gpt-5.6-sol', true],
      ['gpt-5.6-terra', true],
      ['gpt-5.6-luna', true],
      ['gpt-5.7', true],
      ['gpt-5.10', true],
      ['gpt-6', true],
      ['gpt-6-astra', true],
      ['GPT-5.4', true],
      ['gpt-5.4-nano', false],
      ['gpt-5.4-nano-2026-03-05', false],
      ['gpt-5.5-nano', false],
      ['gpt-6-nano', false],
      ['gpt-5.3', false],
      ['gpt-5.2', false],
      ['gpt-5', false],
      ['gpt-5-mini', false],
      ['gpt-4.1', false],
      ['gpt-4o', false],
      ['o3', false],
      ['o4-mini', false],
      ['openai/gpt-5.4', false],
    ])('%s supports OpenAI hosted search: %s', (id, expected) => {
      const support = resolveModelSupport(id);
      expect(support.openaiHosted).toBe(expected);
      expect(support.claudeHosted).toBe(false);
    });
  });

  describe('on Claude models', () => {
    it.each([
      // Anthropic's own list (providers reference, section 1.2)
      ['claude-fable-5-2', true],
      ['claude-mythos-5-2', true],
      ['claude-fable-5-1', true],
      ['claude-mythos-5-1', true],
      ['claude-fable-5', true],
      ['claude-mythos-5', true],
      ['claude-mythos-preview', true],
      ['claude-opus-5-5', true],
      ['claude-opus-5', true],
      ['claude-sonnet-5-5', true],
      ['claude-sonnet-5', true],
      ['claude-haiku-5-5', true],
      ['claude-haiku-4-5-20251001', true],
      ['claude-haiku-4-5', true],
      ['claude-opus-4-8', true],
      ['claude-opus-4-7', true],
      ['claude-opus-4-6', true],
      ['claude-sonnet-4-6', true],
      ['claude-opus-4-5-20251101', true],
      ['claude-opus-4-5', true],
      ['claude-sonnet-4-5-20250929', true],
      ['claude-sonnet-4-5', true],
      // suffixes resolve like the base id
      ['claude-sonnet-4-5-latest', true],
      ['claude-opus-4-6[1m]', true],
      ['claude-opus-5-5-20260101[1m]', true],
      ['claude-fable-5-1[1m]', true],
      // Anthropic: "Claude Opus 4.1 and earlier models don't support the tool search tool"
      ['claude-opus-4-1', false],
      ['claude-opus-4-1-20250805', false],
      ['claude-opus-4', false],
      ['claude-opus-4-20250514', false],
      ['claude-sonnet-4', false],
      ['claude-sonnet-4-20250514', false],
      ['claude-3-7-sonnet-20250219', false],
      ['claude-3-5-haiku', false],
      ['claude-3-5-sonnet-latest', false],
      ['claude-3-opus-20240229', false],
      ['claude-2.1', false],
    ])('%s supports Claude hosted search: %s', (id, expected) => {
      const support = resolveModelSupport(id);
      expect(support.claudeHosted).toBe(expected);
      expect(support.openaiHosted).toBe(false);
    });
  });

  describe('on gateway ids', () => {
    it.each([
      ['anthropic/claude-opus-4-5', 'openrouter'],
      ['anthropic/claude-sonnet-4.5', 'openrouter'],
      ['anthropic.claude-opus-4-5-20251101-v1:0', 'bedrock'],
      ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'bedrock'],
      ['global.anthropic.claude-haiku-4-5-20251001-v1:0', 'bedrock'],
      ['claude-opus-4-5@20251101', 'vertex'],
      ['openai/gpt-5.4', 'openrouter'],
    ] as const)('%s is a %s id without hosted support', (id, gateway) => {
      const support = resolveModelSupport(id);
      expect(support.gateway).toBe(gateway);
      expect(support.claudeHosted).toBe(false);
      expect(support.openaiHosted).toBe(false);
    });
  });

  describe('with the platform that serves the model', () => {
    it.each([
      ['anthropic.claude-opus-4-5-20251101-v1:0', 'bedrock', true],
      ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'bedrock', true],
      ['global.anthropic.claude-haiku-4-5-20251001-v1:0', 'bedrock', true],
      ['anthropic.claude-opus-4-1-20250805-v1:0', 'bedrock', false],
      ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'bedrock-converse', false],
      ['claude-opus-4-5@20251101', 'vertex', true],
      ['claude-sonnet-4-6', 'vertex', true],
      ['claude-3-5-sonnet-v2@20241022', 'vertex', false],
      ['claude-opus-4-5', 'foundry', true],
      ['claude-opus-4-5', 'anthropic', true],
      ['claude-opus-4-5', 'gateway', false],
      ['claude-opus-4-5', 'openai', false],
    ] as const)('%s on %s supports Claude hosted search: %s', (id, platform, expected) => {
      const support = resolveModelSupport({ id, platform });
      expect(support.claudeHosted).toBe(expected);
      expect(support.openaiHosted).toBe(false);
      expect(support.platform).toBe(platform);
    });

    it.each([
      ['gpt-5.4', 'openai', true],
      ['gpt-5.4', 'azure-openai', true],
      ['gpt-5.4-nano', 'azure-openai', false],
      ['gpt-5.4', 'gateway', false],
      ['gpt-5.4', 'vertex', false],
    ] as const)('%s on %s supports OpenAI hosted search: %s', (id, platform, expected) => {
      expect(resolveModelSupport({ id, platform }).openaiHosted).toBe(expected);
    });
  });

  describe('on other models', () => {
    it.each(['gemini-2.5-pro', 'gemini-3-flash', 'llama-3.3-70b', 'mistral-large', 'unknown-model', '', 'claude', 'gpt'])('%j has no hosted support', (id) => {
      const support = resolveModelSupport(id);
      expect(support.openaiHosted).toBe(false);
      expect(support.claudeHosted).toBe(false);
    });
  });

  it('reduces an id to its base and keeps the api', () => {
    expect(resolveModelSupport({ id: 'Claude-Haiku-4-5-20251001', api: 'anthropic-messages' })).toEqual({
      id: 'Claude-Haiku-4-5-20251001',
      api: 'anthropic-messages',
      platform: null,
      baseId: 'claude-haiku-4-5',
      gateway: null,
      openaiHosted: false,
      claudeHosted: true,
      family: 'claude',
      toolAdditions: null,
      toolAdditionsOptIn: null,
    });
  });

  it.each<[ModelReference, 'claude' | 'gpt' | null]>([
    ['claude-3-5-haiku', 'claude'],
    ['claude-opus-4-1', 'claude'],
    ['claude-sonnet-4', 'claude'],
    ['claude-fable-5', 'claude'],
    ['claude-opus', null],
    ['claude-instant-1.2', null],
    ['gpt-4o', 'gpt'],
    ['gpt-5.4-nano', 'gpt'],
    ['o3', null],
    ['anthropic.claude-3-5-haiku-20241022-v1:0', null],
    [{ id: 'anthropic.claude-3-5-haiku-20241022-v1:0', platform: 'bedrock' }, 'claude'],
    ['anthropic/claude-3-5-haiku', null],
  ])('reads %j as a known %s model (so a false hosted flag means unsupported, not unknown)', (model, family) => {
    expect(resolveModelSupport(model).family).toBe(family);
  });

  describe('tool additions (native delivery)', () => {
    it.each<[ModelReference, 'value' | 'reference' | null, 'value' | 'reference' | null]>([
      // Anthropic's list (providers reference, section 1.10), by value on the Claude API
      ['claude-opus-4-8', 'value', 'value'],
      [{ id: 'claude-opus-4-8', api: 'anthropic-messages', platform: 'anthropic' }, 'value', 'value'],
      ['claude-opus-5', 'value', 'value'],
      ['claude-opus-5-5-20260101', 'value', 'value'],
      ['claude-sonnet-5-5', 'value', 'value'],
      ['claude-haiku-5-5', 'value', 'value'],
      ['claude-fable-5', 'value', 'value'],
      ['claude-fable-5-1', 'value', 'value'],
      ['claude-fable-5-2', 'value', 'value'],
      ['claude-mythos-5', 'value', 'value'],
      ['claude-mythos-5-1[1m]', 'value', 'value'],
      ['claude-5-5-sonnet', 'value', 'value'],
      // known not to support them: "role 'system' is not supported on this model"
      ['claude-sonnet-5', null, null],
      ['claude-opus-4-7', null, null],
      ['claude-opus-4-5', null, null],
      ['claude-sonnet-4-6', null, null],
      ['claude-haiku-4-5-20251001', null, null],
      ['claude-3-5-haiku', null, null],
      [{ id: 'claude-sonnet-5', platform: 'gateway' }, null, null],
      // by reference on Bedrock and Vertex AI, where the platform is named; nothing documented on Foundry or Converse
      [{ id: 'us.anthropic.claude-opus-4-8-v1:0', api: 'anthropic-messages', platform: 'bedrock' }, 'reference', 'reference'],
      [{ id: 'claude-opus-5@20260101', platform: 'vertex' }, 'reference', 'reference'],
      [{ id: 'claude-opus-4-8', platform: 'foundry' }, null, null],
      [{ id: 'anthropic.claude-opus-4-8-v1:0', api: 'bedrock-converse' }, null, null],
      // gateways: nothing documented, the caller's opt-in honoured (by reference where the spelling says Bedrock or Vertex)
      [{ id: 'claude-opus-4-8', platform: 'gateway' }, null, 'value'],
      ['anthropic/claude-opus-4-8', null, 'value'],
      ['us.anthropic.claude-opus-4-8-v1:0', null, 'reference'],
      ['claude-opus-4-8@20260101', null, 'reference'],
      // another API than Messages: not documented for a Claude model
      [{ id: 'claude-opus-4-8', api: 'openai-chat' }, null, 'value'],
      // OpenAI: the tool search guide's models (GPT-5.4 and later, not nano), served by OpenAI or Azure OpenAI
      ['gpt-5.4', 'value', 'value'],
      ['gpt-5.4-mini', 'value', 'value'],
      ['gpt-5.6-sol', 'value', 'value'],
      ['gpt-6', 'value', 'value'],
      [{ id: 'gpt-5.4', api: 'openai-responses', platform: 'openai' }, 'value', 'value'],
      [{ id: 'gpt-5.5', api: 'openai-responses', platform: 'azure-openai' }, 'value', 'value'],
      ['gpt-5.4-nano', null, 'value'],
      ['gpt-5.2', null, 'value'],
      ['gpt-4.1', null, 'value'],
      ['gpt-4o-mini', null, 'value'],
      ['o3', null, 'value'],
      [{ id: 'gpt-5.4', api: 'openai-chat' }, null, 'value'],
      [{ id: 'gpt-5.4', platform: 'gateway' }, null, 'value'],
      ['openai/gpt-5.4', null, 'value'],
      [{ id: 'gpt-5.4', platform: 'bedrock' }, null, 'value'],
      // other ids: nothing documented, the opt-in honoured
      ['gemini-2.5-pro', null, 'value'],
      ['fast-model', null, 'value'],
    ])('%j: documented %s, on request %s', (model, documented, optIn) => {
      const support = resolveModelSupport(model);
      expect(support.toolAdditions).toBe(documented);
      expect(support.toolAdditionsOptIn).toBe(optIn);
    });
  });
});
