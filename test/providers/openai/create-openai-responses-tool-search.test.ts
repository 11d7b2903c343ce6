import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Tool } from 'openai/resources/responses/responses';
import type { CreateOpenAIResponsesToolSearchOptions } from '../../../src/providers/openai/create-openai-responses-tool-search.js';
import { createOpenAIResponsesToolSearch } from '../../../src/providers/openai/create-openai-responses-tool-search.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';

const tools = GITHUB_MCP_TOOLS.map((tool) => ({ type: 'function' as const, name: tool.name, description: tool.description ?? null, parameters: tool.inputSchema, strict: false }));
const sessionId = 's';

describe('createOpenAIResponsesToolSearch', () => {
  it('sends the factory’s tools when the body has none, and the body’s own when it has them', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools });
    const all = await toolSearch.prepare({ model: 'gpt-4.1', input: 'hi' }, { sessionId });
    expect(all.plan.tools).toHaveLength(117);
    const few = await toolSearch.prepare({ model: 'gpt-4.1', input: 'hi', tools: tools.slice(0, 2) }, { sessionId });
    expect(few.plan.tools.map((entry) => entry.name)).toEqual(['actions_get', 'actions_list']);
    expect(few.body.tools).toHaveLength(2);
  });

  it('picks the mechanism from the body’s model, and reuses the plan while model and tools stay the same', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools });
    const hosted = await toolSearch.prepare({ model: 'gpt-5.4', input: 'hi' }, { sessionId });
    expect(hosted.plan.mechanism).toBe('openai-hosted');
    expect((await toolSearch.prepare({ model: 'gpt-5.4', input: 'again' }, { sessionId })).plan).toBe(hosted.plan);
    expect((await toolSearch.prepare({ model: 'gpt-5.2', input: 'hi' }, { sessionId })).plan.mechanism).toBe('client');
  });

  it('throws for a body without a model unless the configuration is client-side only', async () => {
    await expect(createOpenAIResponsesToolSearch({ tools }).prepare({ input: 'hi' }, { sessionId })).rejects.toMatchObject({ code: 'invalid-request' });
    const client = await createOpenAIResponsesToolSearch({ tools, config: { mechanism: 'client' } }).prepare({ input: 'hi' }, { sessionId });
    expect(client.plan.mechanism).toBe('client');
  });

  it('throws when OpenAI’s hosted search is configured for a model without it', async () => {
    await expect(createOpenAIResponsesToolSearch({ tools, config: { mechanism: 'openai' } }).prepare({ model: 'gpt-4.1', input: 'hi' }, { sessionId })).rejects.toMatchObject({
      code: 'mechanism-unsupported',
    });
  });

  it('returns only the answers apart, for a loop that chains previous_response_id', async () => {
    const request = await createOpenAIResponsesToolSearch({ tools }).prepare({ model: 'gpt-4.1', input: 'hi' }, { sessionId });
    const call = { type: 'function_call', call_id: 'c1', name: 'get_me', arguments: '{}' };
    const turn = await request.handle({ output: [{ type: 'reasoning', id: 'r1', summary: [] }, call] }, async () => 'me');
    expect(turn.answers).toEqual([{ type: 'function_call_output', call_id: 'c1', output: 'me' }]);
    expect(turn.input).toHaveLength(3);
    expect(turn.done).toBe(false);
  });

  it('rejects bad options and a response without output', async () => {
    expect(() => createOpenAIResponsesToolSearch({} as never)).toThrow(expect.objectContaining({ code: 'invalid-options' }));
    const request = await createOpenAIResponsesToolSearch({ tools }).prepare({ model: 'gpt-4.1', input: 'hi' }, { sessionId });
    await expect(request.handle({} as never, async () => '')).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(createOpenAIResponsesToolSearch({ tools }).prepare({ model: 'gpt-4.1' }, { sessionId: '' })).rejects.toMatchObject({ code: 'invalid-options' });
  });

  it('warns about a model id it does not recognise, and not on a recognised one', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools });
    const typo = await toolSearch.prepare({ model: 'gpt5.4', input: 'hi' }, { sessionId });
    expect(typo.plan.mechanism).toBe('client');
    expect(typo.warnings).toEqual([expect.objectContaining({ code: 'unknown-model', message: expect.stringContaining('Did you mean `gpt-5.4`?') })]);
    const alias = await toolSearch.prepare({ model: 'team-default', input: 'hi' }, { sessionId });
    expect(alias.warnings).toEqual([expect.objectContaining({ code: 'unknown-model', message: expect.not.stringContaining('Did you mean') })]);
    expect((await toolSearch.prepare({ model: 'gpt-4.1', input: 'hi' }, { sessionId })).warnings).toEqual([]);
  });

  describe('its `tools` option (type-checked by `npm run typecheck`)', () => {
    it('takes the openai SDK’s Responses Tool, hosted tools included', () => {
      expectTypeOf<Tool[]>().toExtend<CreateOpenAIResponsesToolSearchOptions['tools']>();
      const sdkTools: Tool[] = [...tools, { type: 'web_search' }];
      expect(createOpenAIResponsesToolSearch({ tools: sdkTools }).toolSearch.tools).toHaveLength(117);
    });

    it('does not compile with an object of no API’s shape, which also throws invalid-tools', () => {
      // @ts-expect-error: not a tool
      expect(() => createOpenAIResponsesToolSearch({ tools: [{ nonsense: true }] })).toThrow(expect.objectContaining({ code: 'invalid-tools' }));
    });
  });
});
