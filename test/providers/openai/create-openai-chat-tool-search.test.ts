import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { CreateOpenAIChatToolSearchOptions } from '../../../src/providers/openai/create-openai-chat-tool-search.js';
import { createOpenAIChatToolSearch } from '../../../src/providers/openai/create-openai-chat-tool-search.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';

const tools = GITHUB_MCP_TOOLS.map((tool) => ({
  type: 'function' as const,
  function: { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema },
}));
const sessionId = 's';
const completion = (message: object) => ({ choices: [{ message }] });

describe('createOpenAIChatToolSearch', () => {
  it('gives every model the client-side mechanism, without needing the model', async () => {
    const request = await createOpenAIChatToolSearch({ tools }).prepare({ messages: [] }, { sessionId });
    expect(request.plan.mechanism).toBe('client');
  });

  it('throws when a hosted mechanism is configured, which Chat Completions cannot carry', async () => {
    await expect(
      createOpenAIChatToolSearch({ tools, config: { mechanism: 'openai' } }).prepare({ model: 'gpt-5.4', messages: [] }, { sessionId }),
    ).rejects.toMatchObject({
      code: 'mechanism-unsupported',
    });
    const full = await createOpenAIChatToolSearch({ tools, config: { mechanism: 'openai' }, unsupported: 'full-schemas' }).prepare(
      { model: 'gpt-5.4', messages: [] },
      { sessionId },
    );
    expect(full.plan.mechanism).toBe('none');
    expect(full.warnings.map((warning) => warning.code)).toContain('mechanism-unsupported');
  });

  it('is done when the assistant message calls no tool', async () => {
    const request = await createOpenAIChatToolSearch({ tools }).prepare({ model: 'gpt-4.1', messages: [] }, { sessionId });
    const message = { role: 'assistant', content: 'Hello.' };
    expect(await request.handle(completion(message), async () => '')).toEqual({ messages: [message], done: true });
  });

  it('sends an object output as JSON with sorted keys, and text parts as they are', async () => {
    const request = await createOpenAIChatToolSearch({ tools }).prepare({ model: 'gpt-4.1', messages: [] }, { sessionId });
    const calls = [
      { id: 'a', type: 'function', function: { name: 'call_tool', arguments: '{"name":"get_me","arguments":{}}' } },
      { id: 'b', type: 'function', function: { name: 'call_tool', arguments: '{"name":"get_teams","arguments":{}}' } },
    ];
    const outputs: Record<string, unknown> = { get_me: { login: 'octo', id: 1 }, get_teams: [{ type: 'text', text: 'none' }] };
    const turn = await request.handle(completion({ role: 'assistant', content: null, tool_calls: calls }), async (name) => outputs[name]);
    expect(turn.messages.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: '{"id":1,"login":"octo"}' },
      { role: 'tool', tool_call_id: 'b', content: [{ type: 'text', text: 'none' }] },
    ]);
  });

  it('answers a function call that a compatible server sent without `type`, so the next request keeps its pairing', async () => {
    const request = await createOpenAIChatToolSearch({ tools }).prepare({ model: 'gpt-4.1', messages: [] }, { sessionId });
    const calls = [{ id: 'a', function: { name: 'call_tool', arguments: '{"name":"get_me","arguments":{}}' } }];
    const turn = await request.handle(completion({ role: 'assistant', content: null, tool_calls: calls }), async () => 'octo');
    expect(turn.done).toBe(false);
    expect(turn.messages.slice(1)).toEqual([{ role: 'tool', tool_call_id: 'a', content: 'octo' }]);
  });

  it('rejects a completion without a message', async () => {
    const request = await createOpenAIChatToolSearch({ tools }).prepare({ model: 'gpt-4.1', messages: [] }, { sessionId });
    await expect(request.handle({ choices: [] }, async () => '')).rejects.toMatchObject({ code: 'invalid-request' });
  });

  describe('its `tools` option (type-checked by `npm run typecheck`)', () => {
    it('takes the openai SDK’s ChatCompletionTool', () => {
      expectTypeOf<ChatCompletionTool[]>().toExtend<CreateOpenAIChatToolSearchOptions['tools']>();
      const sdkTools: ChatCompletionTool[] = tools;
      expect(createOpenAIChatToolSearch({ tools: sdkTools }).toolSearch.tools).toHaveLength(117);
    });

    it('does not compile with an object of no API’s shape, or a Responses-shaped tool, which also throw invalid-tools', () => {
      // @ts-expect-error: not a tool
      expect(() => createOpenAIChatToolSearch({ tools: [{ nonsense: true }] })).toThrow(expect.objectContaining({ code: 'invalid-tools' }));
      // @ts-expect-error: a Responses tool (no `function` wrapper)
      expect(() => createOpenAIChatToolSearch({ tools: [{ type: 'function', name: 'get_me', parameters: {} }] })).toThrow(
        expect.objectContaining({ code: 'invalid-tools' }),
      );
    });
  });
});
