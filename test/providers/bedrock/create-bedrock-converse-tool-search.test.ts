import type { Tool } from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBedrockConverseToolSearch } from '../../../src/providers/bedrock/create-bedrock-converse-tool-search.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';
import { toBedrockConverseTool } from '../../support/bedrock-converse-bodies.js';

const tools = GITHUB_MCP_TOOLS.map(toBedrockConverseTool) as Tool[];
const sessionId = 's';
const modelId = 'us.amazon.nova-pro-v1:0';
const hi = { role: 'user', content: [{ text: 'hi' }] };

describe('createBedrockConverseToolSearch', () => {
  it('fills the tools of a body without them, and gives the same bytes for the body it returned', async () => {
    const toolSearch = createBedrockConverseToolSearch({ tools: [...tools, { cachePoint: { type: 'default' } }] });
    const first = await toolSearch.prepare({ modelId, messages: [hi] }, { sessionId });
    const names = (first.body as unknown as { toolConfig: { tools: { toolSpec?: { name: string } }[] } }).toolConfig.tools.map(
      (tool) => tool.toolSpec?.name ?? 'cachePoint',
    );
    expect(names).toEqual(['tool_search', 'call_tool', 'cachePoint']);
    expect(first.plan).toMatchObject({ api: 'bedrock-converse', mechanism: 'client' });
    const again = await toolSearch.prepare(JSON.parse(JSON.stringify(first.body)) as object, { sessionId });
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
  });

  it('answers every toolUse with a toolResult: the search as JSON text, the caller’s output as text, never an empty block', async () => {
    const request = await createBedrockConverseToolSearch({ tools }).prepare({ modelId, messages: [hi] }, { sessionId });
    const use = (id: string, name: string, input: unknown) => ({ toolUse: { toolUseId: id, name, input } });
    const message = {
      role: 'assistant',
      content: [
        { text: 'Looking.' },
        use('t1', 'tool_search', { query: 'get_me' }),
        use('t2', 'call_tool', { name: 'get_me', arguments: {} }),
        use('t3', 'call_tool', { name: 'get_teams', arguments: {} }),
      ],
    };
    const outputs: Record<string, unknown> = { get_me: { login: 'octo' }, get_teams: '' };
    const turn = await request.handle({ output: { message } }, async (name) => outputs[name]);
    expect(turn.done).toBe(false);
    expect(turn.messages[0]).toBe(message);
    const results = (turn.messages[1] as unknown as { content: { toolResult: { toolUseId: string; content: { text: string }[] } }[] }).content;
    expect(results.map((block) => block.toolResult.toolUseId)).toEqual(['t1', 't2', 't3']);
    expect(JSON.parse(results[0]?.toolResult.content[0]?.text ?? '')).toMatchObject({ status: 'found', tools: [{ name: 'get_me' }] });
    expect(results[1]?.toolResult.content).toEqual([{ text: '{"login":"octo"}' }]);
    expect(results[2]?.toolResult.content).toEqual([{ text: '(no output)' }]);
  });

  it('says the model is done when its message makes no call, and rejects a response without a message', async () => {
    const request = await createBedrockConverseToolSearch({ tools }).prepare({ modelId, messages: [hi] }, { sessionId });
    const message = { role: 'assistant', content: [{ text: 'Done.' }] };
    expect(await request.handle({ output: { message } }, async () => '')).toEqual({ messages: [message], done: true });
    await expect(request.handle({ output: {} }, async () => '')).rejects.toMatchObject({ code: 'invalid-request' });
  });

  it('throws invalid-request for a toolResult that answers no toolUse of the message before it', async () => {
    const messages = [
      hi,
      { role: 'assistant', content: [{ text: 'x' }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'gone', content: [{ text: 'ok' }] } }] },
    ];
    await expect(createBedrockConverseToolSearch({ tools }).prepare({ modelId, messages }, { sessionId })).rejects.toMatchObject({
      code: 'invalid-request',
      message: expect.stringContaining('`messages[2].content[0]`'),
    });
  });

  it('converts a zod schema in inputSchema.json, and names the right entry point for another API’s tools', () => {
    const zodTool = { toolSpec: { name: 'send', inputSchema: { json: z.object({ to: z.string() }) } } };
    const toolSearch = createBedrockConverseToolSearch({ tools: [zodTool] as never });
    expect(toolSearch.toolSearch.tools[0]?.inputSchema).toMatchObject({ type: 'object', properties: { to: { type: 'string' } }, required: ['to'] });
    const chatTool = { type: 'function', function: { name: 'x', parameters: {} } };
    expect(() => createBedrockConverseToolSearch({ tools: [chatTool] as never })).toThrow(
      expect.objectContaining({ code: 'invalid-tools', message: expect.stringContaining('createOpenAIChatToolSearch') }),
    );
  });
});
