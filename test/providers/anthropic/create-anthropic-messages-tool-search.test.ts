import { describe, expect, expectTypeOf, it } from 'vitest';
import type Anthropic from '@anthropic-ai/sdk';
import type { CreateAnthropicMessagesToolSearchOptions } from '../../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { createAnthropicMessagesToolSearch } from '../../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';
import { preflightAnthropicMessagesRequest } from '../../support/preflight/preflight-anthropic-messages-request.js';

const tools = GITHUB_MCP_TOOLS.map((tool) => ({ name: tool.name, description: tool.description ?? '', input_schema: tool.inputSchema }));
const sessionId = 's';

describe('createAnthropicMessagesToolSearch', () => {
  it('answers tool_search with text on the client-side mechanism', async () => {
    const request = await createAnthropicMessagesToolSearch({ tools }).prepare({ model: 'claude-3-7-sonnet', max_tokens: 10, messages: [] }, { sessionId });
    expect(request.plan.mechanism).toBe('client');
    const turn = await request.handle(
      { content: [{ type: 'tool_use', id: 't1', name: 'tool_search', input: { query: 'get_me' } }], stop_reason: 'tool_use' },
      async () => '',
    );
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
    await expect(createAnthropicMessagesToolSearch({ tools }).prepare({ max_tokens: 10, messages: [] }, { sessionId })).rejects.toMatchObject({
      code: 'invalid-request',
    });
    await expect(
      createAnthropicMessagesToolSearch({ tools, config: { mechanism: 'claude' } }).prepare(
        { model: 'claude-3-7-sonnet', max_tokens: 10, messages: [] },
        { sessionId },
      ),
    ).rejects.toMatchObject({ code: 'mechanism-unsupported' });
  });

  it('warns about a model id it does not recognise, naming the nearest, and gives it the client-side mechanism', async () => {
    const request = await createAnthropicMessagesToolSearch({ tools }).prepare({ model: 'claude-sonnet-4.5', max_tokens: 10, messages: [] }, { sessionId });
    expect(request.plan.mechanism).toBe('client');
    expect(request.warnings).toEqual([
      expect.objectContaining({ code: 'unknown-model', message: expect.stringContaining('Did you mean `claude-sonnet-4-5`?') }),
    ]);
  });

  it('warns once that a catalog below the threshold defers nothing', async () => {
    const toolSearch = createAnthropicMessagesToolSearch({ tools: tools.slice(0, 5) });
    const request = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 10, messages: [] }, { sessionId });
    expect(request.warnings.map((warning) => warning.code)).toEqual(['below-threshold']);
    expect(request.warnings[0]?.message).toContain('set `threshold` to 5 or less');
    expect((request.body as unknown as { tools: unknown[] }).tools).toEqual(tools.slice(0, 5));
  });

  describe('its `tools` option (type-checked by `npm run typecheck`)', () => {
    it('takes the Anthropic SDK’s ToolUnion, server tools included', () => {
      expectTypeOf<Anthropic.ToolUnion[]>().toExtend<CreateAnthropicMessagesToolSearchOptions['tools']>();
      const sdkTools: Anthropic.ToolUnion[] = [...(tools as Anthropic.Tool[]), { type: 'web_search_20250305', name: 'web_search' }];
      expect(createAnthropicMessagesToolSearch({ tools: sdkTools }).toolSearch.tools).toHaveLength(117);
    });

    it('does not compile with an object of no API’s shape or an MCP tool, which also throw invalid-tools', () => {
      // @ts-expect-error: not a tool
      expect(() => createAnthropicMessagesToolSearch({ tools: [{ nonsense: true }] })).toThrow(expect.objectContaining({ code: 'invalid-tools' }));
      // @ts-expect-error: an MCP tool (`inputSchema`, not `input_schema`)
      expect(() => createAnthropicMessagesToolSearch({ tools: [{ name: 'get_me', inputSchema: { type: 'object' } }] })).toThrow(
        expect.objectContaining({ code: 'invalid-tools' }),
      );
    });

    it('throws invalid-tools for Chat-shaped tools, which the type cannot tell from a server tool', () => {
      const chat = [{ type: 'function', function: { name: 'get_me', parameters: { type: 'object' } } }];
      expect(() => createAnthropicMessagesToolSearch({ tools: chat })).toThrow(
        expect.objectContaining({ code: 'invalid-tools', message: expect.stringContaining('use `createOpenAIChatToolSearch`') }),
      );
    });
  });
});

// Issue 15 item 7: `select:` of a tool the request sends in full answered with a `tool_reference` to a tool that is
// not deferred.
describe('createAnthropicMessagesToolSearch handle, library ranking under hosted search', () => {
  it('references only deferred tools, and tells the model it has the others already', async () => {
    const toolSearch = createAnthropicMessagesToolSearch({ tools, config: { threshold: 0, neverDefer: ['get_me'] } });
    const request = await toolSearch.prepare({ model: 'claude-opus-4-5', max_tokens: 10, messages: [] }, { sessionId: 'never' });
    expect(request.plan).toMatchObject({ mechanism: 'claude-hosted', search: 'library' });
    const turn = await request.handle(
      { content: [{ type: 'tool_use', id: 't1', name: 'tool_search', input: { query: 'select:get_me,issue_read' } }], stop_reason: 'tool_use' },
      async () => '',
    );
    const content =
      (turn.messages[1] as unknown as { content: { content: { type: string; tool_name?: string; text?: string }[] }[] }).content[0]?.content ?? [];
    expect(content.filter((block) => block.type === 'tool_reference').map((block) => block.tool_name)).toEqual(['issue_read']);
    expect(content.find((block) => block.type === 'text')?.text).toContain('"loadedEarlier":["get_me"]');
  });
});

describe('createAnthropicMessagesToolSearch with native delivery', () => {
  type Message = { role: string; content: unknown };
  const search = (query: string, id = 't1') => ({ content: [{ type: 'tool_use', id, name: 'tool_search', input: { query } }], stop_reason: 'tool_use' });
  const getMe = tools.find((tool) => tool.name === 'get_me');

  it('follows the tool_search result with one system message adding the loaded tools by value, then runs their calls as ordinary calls', async () => {
    const toolSearch = createAnthropicMessagesToolSearch({ tools, config: { mechanism: 'client' } });
    const messages: Message[] = [{ role: 'user', content: 'who am I?' }];
    const first = await toolSearch.prepare({ model: 'claude-opus-5', max_tokens: 10, messages }, { sessionId: 'native-1' });
    expect([first.plan.reveal, first.plan.additions]).toEqual(['native', 'value']);
    const turn = await first.handle(search('select:get_me'), async () => '');
    expect(turn.messages).toHaveLength(3);
    expect(turn.messages[2]).toEqual({ role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_definition', definition: getMe } }] });
    const result = (turn.messages[1] as unknown as { content: { content: string }[] }).content[0]?.content ?? '';
    expect(result).toContain('get_me');
    expect(result).not.toContain('"inputSchema"');
    messages.push(...(turn.messages as Message[]));

    const second = await toolSearch.prepare({ model: 'claude-opus-5', max_tokens: 10, messages }, { sessionId: 'native-1' });
    expect((second.body as { betas?: unknown }).betas).toEqual(['inline-tools-2026-09-15']);
    expect((second.body as unknown as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual(['tool_search']);
    const ran: [string, unknown][] = [];
    const called = await second.handle(
      { content: [{ type: 'tool_use', id: 't2', name: 'get_me', input: {} }], stop_reason: 'tool_use' },
      async (name, args) => {
        ran.push([name, args]);
        return 'octocat';
      },
    );
    expect(ran).toEqual([['get_me', {}]]);
    expect(called.messages).toHaveLength(2);

    // A later search of the same tool adds nothing: the history added it already.
    const again = await second.handle(search('select:get_me', 't3'), async () => '');
    expect(again.messages).toHaveLength(2);
  });

  it('checks a call of an added tool against its full schema', async () => {
    const toolSearch = createAnthropicMessagesToolSearch({ tools, config: { mechanism: 'client' } });
    const issueRead = tools.find((tool) => tool.name === 'issue_read');
    const messages = [
      { role: 'user', content: 'read issue 1' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'tool_search', input: { query: 'select:issue_read' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'loaded' }] },
      { role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_definition', definition: issueRead } }] },
    ];
    const request = await toolSearch.prepare({ model: 'claude-opus-5', max_tokens: 10, messages }, { sessionId: 'native-2' });
    let ran = false;
    const turn = await request.handle(
      { content: [{ type: 'tool_use', id: 't2', name: 'issue_read', input: { owner: 1 } }], stop_reason: 'tool_use' },
      async () => {
        ran = true;
        return '';
      },
    );
    expect(ran).toBe(false);
    expect(turn.messages).toHaveLength(2);
    expect(JSON.stringify(turn.messages[1])).toContain('issue_read');
  });

  it('adds by reference on Amazon Bedrock, where every deferred tool is declared', async () => {
    const toolSearch = createAnthropicMessagesToolSearch({
      tools,
      model: 'us.anthropic.claude-opus-5-v1:0',
      config: { mechanism: 'client', reveal: 'native' },
    });
    const request = await toolSearch.prepare({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 10, messages: [] }, { sessionId: 'native-3' });
    expect([request.plan.reveal, request.plan.additions]).toEqual(['native', 'reference']);
    const turn = await request.handle(search('select:get_me'), async () => '');
    expect(turn.messages[2]).toEqual({ role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'get_me' } }] });
  });

  // Issue 24 item 2: the history's system message was still sent to a model without them, with no warning.
  describe.each(['claude-sonnet-4-5', 'claude-3-5-haiku', 'claude-opus-4-1'])('moved from claude-opus-4-8 to %s after loading a tool', (model) => {
    it('sends the addition as text in the user turn before it, with a warning; the preflight passes and the model can call the tool', async () => {
      const toolSearch = createAnthropicMessagesToolSearch({ tools, config: { mechanism: 'client' } });
      const sessionId = `moved-${model}`;
      const messages: Message[] = [{ role: 'user', content: 'who am I?' }];
      const first = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 10, messages }, { sessionId });
      expect(first.plan.reveal).toBe('native');
      messages.push(...((await first.handle(search('select:get_me'), async () => '')).messages as Message[]));
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'system']);

      const moved = await toolSearch.prepare({ model, max_tokens: 10, messages }, { sessionId });
      const body = moved.body as unknown as { messages: Message[]; betas?: unknown };
      expect(preflightAnthropicMessagesRequest(body).violations).toEqual([]);
      expect(body.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
      expect(JSON.stringify(body.messages[2]?.content)).toContain('The tool `get_me` was added to this conversation. Its definition:');
      expect(body.betas).toBeUndefined();
      expect(moved.warnings.map((warning) => warning.code)).toContain('tool-changes-sent-as-text');
      // The tool's schema is in the conversation: a call of it runs, by its own name or through call_tool.
      let ran = false;
      const name = moved.plan.mechanism === 'client' ? 'call_tool' : 'get_me';
      const input = name === 'call_tool' ? { name: 'get_me', arguments: {} } : {};
      await moved.handle({ content: [{ type: 'tool_use', id: 't2', name, input }], stop_reason: 'tool_use' }, async () => {
        ran = true;
        return 'octocat';
      });
      expect(ran).toBe(true);
    });

    it('takes the inline-tools beta out of a prepared body sent again with only the model changed', async () => {
      const toolSearch = createAnthropicMessagesToolSearch({ tools, config: { mechanism: 'client' } });
      const first = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }, { sessionId: 'beta' });
      expect((first.body as { betas?: unknown }).betas).toEqual(['inline-tools-2026-09-15']);
      const again = await toolSearch.prepare({ ...first.body, model }, { sessionId: 'beta' });
      expect((again.body as { betas?: unknown }).betas).toBeUndefined();
      expect(preflightAnthropicMessagesRequest(again.body).violations).toEqual([]);
    });
  });
});
