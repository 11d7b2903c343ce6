import { describe, expect, it } from 'vitest';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';

const anthropicTools = GITHUB_MCP_TOOLS.map((tool) => ({ name: tool.name, description: tool.description ?? '', input_schema: tool.inputSchema }));
const responsesTools = GITHUB_MCP_TOOLS.map((tool) => ({
  type: 'function' as const,
  name: tool.name,
  description: tool.description ?? '',
  parameters: tool.inputSchema,
  strict: false,
}));
const sessionId = 's';
const messagesBody = { model: 'claude-opus-5', max_tokens: 10, messages: [] };

describe('the session factories’ platform option', () => {
  it('turns reveal auto off behind a gateway (a custom base URL), where tool additions are not documented', async () => {
    const config = { mechanism: 'client' } as const;
    const direct = await createAnthropicMessagesToolSearch({ tools: anthropicTools, config }).prepare(messagesBody, { sessionId });
    expect([direct.plan.reveal, direct.plan.additions]).toEqual(['native', 'value']);
    const gateway = await createAnthropicMessagesToolSearch({ tools: anthropicTools, config, platform: 'gateway' }).prepare(messagesBody, { sessionId });
    expect(gateway.plan).toMatchObject({ platform: 'gateway', reveal: 'conversation' });
    expect(gateway.plan.additions).toBeUndefined();
    const responses = await createOpenAIResponsesToolSearch({ tools: responsesTools, config, platform: 'gateway' }).prepare(
      { model: 'gpt-5.4', input: 'hi' },
      { sessionId },
    );
    expect(responses.plan.reveal).toBe('conversation');
  });

  it('serves Claude on Bedrock: hosted search by default, tool additions by reference when asked for', async () => {
    const hosted = await createAnthropicMessagesToolSearch({ tools: anthropicTools, platform: 'bedrock' }).prepare(
      { ...messagesBody, model: 'us.anthropic.claude-opus-5-v1:0' },
      { sessionId },
    );
    expect(hosted.plan).toMatchObject({ mechanism: 'claude-hosted', platform: 'bedrock' });
    const native = await createAnthropicMessagesToolSearch({
      tools: anthropicTools,
      platform: 'bedrock',
      config: { mechanism: 'client', reveal: 'native' },
    }).prepare({ ...messagesBody, model: 'us.anthropic.claude-opus-5-v1:0' }, { sessionId });
    expect([native.plan.reveal, native.plan.additions]).toEqual(['native', 'reference']);
  });

  it('rejects an unknown platform when the factory is made', () => {
    expect(() => createAnthropicMessagesToolSearch({ tools: anthropicTools, platform: 'azure' as never })).toThrow(
      expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('`platform` must be one of') }),
    );
  });
});
