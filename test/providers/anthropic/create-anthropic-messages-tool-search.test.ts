import { describe, expect, it } from 'vitest';
import { createAnthropicMessagesToolSearch } from '../../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';

const tools = GITHUB_MCP_TOOLS.map((tool) => ({ name: tool.name, description: tool.description ?? '', input_schema: tool.inputSchema }));
const sessionId = 's';

describe('createAnthropicMessagesToolSearch', () => {
  it('answers tool_search with text on the client-side mechanism', async () => {
    const request = await createAnthropicMessagesToolSearch({ tools }).prepare({ model: 'claude-3-7-sonnet', max_tokens: 10, messages: [] }, { sessionId });
    expect(request.plan.mechanism).toBe('client');
    const turn = await request.handle({ content: [{ type: 'tool_use', id: 't1', name: 'tool_search', input: { query: 'get_me' } }], stop_reason: 'tool_use' }, async () => '');
    const result = (turn.messages[1] as unknown as { content: { content: string }[] }).content[0];
    expect(JSON.parse(result?.content ?? '')).toMatchObject({ status: 'found', tools: [{ name: 'get_me' }] });
  });

  it('is not done while the turn is paused, and done when it ends without a call', async () => {
    const request = await createAnthropicMessagesToolSearch({ tools }).prepare({ model: 'claude-opus-4-8', max_tokens: 10, messages: [] }, { sessionId });
    expect((await request.handle({ content: [], stop_reason: 'pause_turn' }, async () => '')).done).toBe(false);
    expect(await request.handle({ content: [{ type: 'text', text: 'Hi.' }], stop_reason: 'end_turn' }, async () => '')).toEqual({
      messages: [{ role: 'assistant', content: [{ type: 'text', text: 'Hi.' }] }],
      done: true,
    });
  });

  it('throws for a body without a model, and for Anthropic’s search configured on a model without it', async () => {
    await expect(createAnthropicMessagesToolSearch({ tools }).prepare({ max_tokens: 10, messages: [] }, { sessionId })).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(
      createAnthropicMessagesToolSearch({ tools, config: { mechanism: 'claude' } }).prepare({ model: 'claude-3-7-sonnet', max_tokens: 10, messages: [] }, { sessionId }),
    ).rejects.toMatchObject({ code: 'mechanism-unsupported' });
  });
});
