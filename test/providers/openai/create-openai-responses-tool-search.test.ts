import { createMemoryRevealStore } from '../../../src/reveal/create-memory-reveal-store.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Tool } from 'openai/resources/responses/responses';
import type { CreateOpenAIResponsesToolSearchOptions } from '../../../src/providers/openai/create-openai-responses-tool-search.js';
import { createOpenAIResponsesToolSearch, resolveOpenAIResponsesOutputItems } from '../../../src/providers/openai/create-openai-responses-tool-search.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';

const tools = GITHUB_MCP_TOOLS.map((tool) => ({
  type: 'function' as const,
  name: tool.name,
  description: tool.description ?? null,
  parameters: tool.inputSchema,
  strict: false,
}));
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
    await expect(
      createOpenAIResponsesToolSearch({ tools, config: { mechanism: 'openai' } }).prepare({ model: 'gpt-4.1', input: 'hi' }, { sessionId }),
    ).rejects.toMatchObject({
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
    await expect(createOpenAIResponsesToolSearch({ tools }).prepare({ model: 'gpt-4.1' }, { sessionId: '' })).rejects.toMatchObject({
      code: 'invalid-options',
    });
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

describe('createOpenAIResponsesToolSearch handle, library ranking under hosted search', () => {
  // Issue 15 items 15 and 7: say what a search that loaded nothing found; answer the client search call whatever the catalog names its functions.
  it('follows a tool_search_output that loads nothing with a note saying why', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools, config: { threshold: 0 } });
    const request = await toolSearch.prepare({ model: 'gpt-5.4', input: 'hi' }, { sessionId: 'notes' });
    expect(request.plan).toMatchObject({ mechanism: 'openai-hosted', search: 'library' });
    const call = (id: string, query: unknown) => ({
      type: 'tool_search_call',
      call_id: id,
      execution: 'client',
      arguments: query === undefined ? {} : { query },
      status: 'completed',
    });
    const turn = await request.handle({ output: [call('t1', 'zzzz qqqq'), call('t2', undefined), call('t3', 'select:nope')] }, async () => '');
    expect(turn.answers.map((item) => (item as { type: string }).type)).toEqual([
      'tool_search_output',
      'message',
      'tool_search_output',
      'message',
      'tool_search_output',
      'message',
    ]);
    expect(JSON.stringify(turn.answers[1])).toContain('no-match');
    expect(JSON.stringify(turn.answers[3])).toContain('needs a `query` string');
    expect(JSON.stringify(turn.answers[5])).toContain('nope');
    const first = await request.handle({ output: [call('t4', 'create issue')] }, async () => '');
    expect((first.answers[0] as unknown as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
  });

  it('answers a client tool_search_call when the catalog has a function named tool_search of its own', async () => {
    const own = {
      type: 'function' as const,
      name: 'tool_search',
      description: 'Search the web',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
      strict: false,
    };
    // Nothing deferred at this threshold: the body's own client-executed tool search is kept, and the model calls it.
    const toolSearch = createOpenAIResponsesToolSearch({ tools: [own, ...tools], config: { threshold: 1000, search: 'library' } });
    const searchTool = {
      type: 'tool_search',
      execution: 'client',
      description: 'Find tools',
      parameters: { type: 'object', properties: { query: { type: 'string' } } },
    };
    const request = await toolSearch.prepare({ model: 'gpt-5.4', input: 'hi', tools: [searchTool, own, ...tools] as never }, { sessionId: 'own' });
    const turn = await request.handle(
      { output: [{ type: 'tool_search_call', call_id: 't1', execution: 'client', arguments: { query: 'create issue' }, status: 'completed' }] },
      async () => 'ran',
    );
    expect(turn.answers[0]).toMatchObject({ type: 'tool_search_output', call_id: 't1', tools: [] });
    // Nothing is deferred: every match is in the request already, and the note says so.
    expect((turn.answers[1] as unknown as { content: string }).content).toContain('"loadedEarlier":[');
  });
});

// Issue 15 item 7: the library's search loaded tools already loaded or never deferred (a second definition in the
// output), and loaded definitions lost the caller's `strict` and namespace.
describe('createOpenAIResponsesToolSearch handle, what a tool_search_output loads', () => {
  const strictTool = {
    type: 'function' as const,
    name: 'get_invoice',
    description: 'Get an invoice by id',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
    strict: true,
  };
  const billing = { type: 'namespace' as const, name: 'billing', description: 'Billing tools', tools: [strictTool] };
  const call = (id: string, query: string) => ({ type: 'tool_search_call', call_id: id, execution: 'client', arguments: { query }, status: 'completed' });

  it('loads a namespaced function inside its namespace, with its strict flag', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: [billing, ...tools] as never, config: { threshold: 0 } });
    const request = await toolSearch.prepare({ model: 'gpt-5.4', input: 'hi' }, { sessionId: 'ns' });
    const turn = await request.handle({ output: [call('t1', 'select:get_invoice')] }, async () => '');
    expect((turn.answers[0] as unknown as { tools: unknown[] }).tools).toEqual([{ ...billing, tools: [{ ...strictTool, defer_loading: true }] }]);
  });

  it('never loads a tool the request sends in full (select: of a never-deferred tool), and says it is there already', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools, config: { threshold: 0, neverDefer: ['get_me'] } });
    const request = await toolSearch.prepare({ model: 'gpt-5.4', input: 'hi' }, { sessionId: 'never' });
    const turn = await request.handle({ output: [call('t1', 'select:get_me,issue_read')] }, async () => '');
    const loaded = (turn.answers[0] as unknown as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(loaded).toEqual(['issue_read']);
    expect((turn.answers[1] as unknown as { content: string }).content).toContain('"loadedEarlier":["get_me"]');
  });

  // Issue 24 item 6: a repeated search of a loaded tool was answered with `tools: []`, which reads as "nothing found".
  it('answers a repeated search of a tool an earlier tool_search_output loaded with the same definition again, and no note', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools, config: { threshold: 0 } });
    const first = await toolSearch.prepare({ model: 'gpt-5.4', input: 'hi' }, { sessionId: 'again' });
    const once = await first.handle({ output: [call('t1', 'select:issue_read')] }, async () => '');
    const next = await toolSearch.prepare({ model: 'gpt-5.4', input: [{ role: 'user', content: 'hi' }, ...once.input] as never }, { sessionId: 'again' });
    for (const query of ['select:issue_read', 'read an issue']) {
      const twice = await next.handle({ output: [call('t2', query)] }, async () => '');
      const loaded = (twice.answers[0] as unknown as { tools: { name: string }[] }).tools;
      expect(loaded.map((tool) => tool.name)).toContain('issue_read');
      expect(loaded.find((tool) => tool.name === 'issue_read')).toEqual((once.answers[0] as unknown as { tools: unknown[] }).tools[0]);
    }
    const twice = await next.handle({ output: [call('t3', 'select:issue_read')] }, async () => '');
    expect(twice.answers).toHaveLength(1);
  });
});

describe('createOpenAIResponsesToolSearch handle, native delivery (reveal: native)', () => {
  const weather = {
    type: 'function' as const,
    name: 'get_weather',
    description: 'Get the current weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    strict: true,
  };
  const crm = {
    type: 'namespace' as const,
    name: 'crm',
    description: 'CRM tools',
    tools: [
      {
        type: 'function' as const,
        name: 'get_customer',
        description: 'Look up a customer',
        parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        strict: false,
      },
    ],
  };
  const catalog = [weather, crm, ...tools.slice(0, 10)];
  const config = { mechanism: 'client', reveal: 'native', threshold: 0, neverDefer: ['actions_get'] } as const;
  const search = (id: string, query: string) => ({ type: 'function_call', call_id: id, name: 'tool_search', arguments: JSON.stringify({ query }) });
  const call = (id: string, name: string, args: unknown) => ({ type: 'function_call', call_id: id, name, arguments: JSON.stringify(args) });
  const types = (items: readonly unknown[]) => items.map((item) => (item as { type: string }).type);

  it('follows the tool_search answer with one additional_tools item holding the loaded tools as the caller declared them', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config });
    const request = await toolSearch.prepare({ model: 'gpt-5.2', input: 'hi' }, { sessionId: 'native-1' });
    expect([request.plan.reveal, request.plan.additions]).toEqual(['native', 'value']);
    const turn = await request.handle(
      { output: [{ type: 'reasoning', id: 'r1', summary: [] }, search('c1', 'select:get_weather,get_customer')] },
      async () => 'ran',
    );
    expect(types(turn.input)).toEqual(['reasoning', 'function_call', 'function_call_output', 'additional_tools']);
    expect(types(turn.answers)).toEqual(['function_call_output', 'additional_tools']);
    expect(turn.done).toBe(false);
    // Full definitions, namespaced ones at the top level (as the client mechanism sends them), no defer_loading.
    expect(turn.answers[1]).toEqual({ type: 'additional_tools', role: 'developer', tools: [weather, crm.tools[0]] });
    // The answer lists the matches by name (their definitions are in the item) and says they are loaded.
    const answer = JSON.parse((turn.answers[0] as unknown as { output: string }).output);
    expect(answer.tools).toEqual([{ name: 'get_weather' }, { name: 'get_customer' }]);
  });

  it('runs a call of an added tool by its own name as an ordinary call, checked against the full schema, and adds nothing again', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config });
    const history: unknown[] = [{ role: 'user', content: 'hi' }];
    const first = await toolSearch.prepare({ model: 'gpt-5.2', input: history }, { sessionId: 'native-2' });
    history.push(...(await first.handle({ output: [search('c1', 'weather')] }, async () => 'ran')).input);

    const ran: [string, unknown][] = [];
    const second = await toolSearch.prepare({ model: 'gpt-5.2', input: history }, { sessionId: 'native-2' });
    const misfit = await second.handle({ output: [call('c2', 'get_weather', { town: 'Paris' })] }, async () => 'ran');
    expect(types(misfit.answers)).toEqual(['function_call_output']);
    expect((misfit.answers[0] as unknown as { output: string }).output).toContain('invalid-arguments');
    const fits = await second.handle({ output: [call('c3', 'get_weather', { city: 'Paris' })] }, async (name, args) => {
      ran.push([name, args]);
      return 'sunny';
    });
    expect(ran).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(fits.answers).toEqual([{ type: 'function_call_output', call_id: 'c3', output: 'sunny' }]);

    // A search that finds the added tool again names it loaded earlier and adds nothing.
    const again = await second.handle({ output: [search('c4', 'select:get_weather')] }, async () => 'ran');
    expect(types(again.answers)).toEqual(['function_call_output']);
    expect(JSON.parse((again.answers[0] as unknown as { output: string }).output)).toMatchObject({ loadedEarlier: ['get_weather'] });
  });

  it('adds each loaded tool once per turn, after every function_call_output, also for a blind misfit call of a tool never added', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config });
    const request = await toolSearch.prepare({ model: 'gpt-5.2', input: 'hi' }, { sessionId: 'native-3' });
    const turn = await request.handle(
      { output: [call('c1', 'get_customer', {}), search('c2', 'select:get_customer,get_weather'), call('c3', 'get_me', {})] },
      async () => 'me',
    );
    expect(types(turn.answers)).toEqual(['function_call_output', 'function_call_output', 'function_call_output', 'additional_tools']);
    expect((turn.answers[3] as unknown as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual(['get_customer', 'get_weather']);
  });

  it('never adds a tool the request sends in full (a never-deferred tool), and names it loaded earlier', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config });
    const request = await toolSearch.prepare({ model: 'gpt-5.2', input: 'hi' }, { sessionId: 'native-5' });
    expect((request.body.tools as { name?: string }[]).map((tool) => tool.name)).toEqual(['actions_get', 'tool_search']);
    const turn = await request.handle({ output: [search('c1', 'select:actions_get,get_weather'), call('c2', 'actions_get', { nope: 1 })] }, async () => 'ran');
    expect((turn.answers.at(-1) as unknown as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual(['get_weather']);
    expect(JSON.parse((turn.answers[0] as unknown as { output: string }).output)).toMatchObject({ loadedEarlier: ['actions_get'] });
  });

  it('never adds a tool twice in a session whose history the server keeps (previous_response_id, no history in input)', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config });
    const first = await toolSearch.prepare({ model: 'gpt-5.2', input: 'hi' }, { sessionId: 'native-6' });
    const loaded = await first.handle({ output: [search('c1', 'select:get_weather')] }, async () => 'ran');
    expect(types(loaded.answers)).toEqual(['function_call_output', 'additional_tools']);

    // Later requests carry only the new input: the additional_tools item is on the server.
    const later = await toolSearch.prepare({ model: 'gpt-5.2', previous_response_id: 'resp_2', input: 'and tomorrow?' }, { sessionId: 'native-6' });
    const again = await later.handle({ output: [search('c2', 'select:get_weather'), search('c3', 'weather city')] }, async () => 'ran');
    expect(types(again.answers)).toEqual(['function_call_output', 'function_call_output']);
    expect(JSON.parse((again.answers[0] as unknown as { output: string }).output)).toMatchObject({ loadedEarlier: ['get_weather'] });

    // Another session's record is its own: the same search there adds the tool.
    const other = await toolSearch.prepare({ model: 'gpt-5.2', previous_response_id: 'resp_9', input: 'hi' }, { sessionId: 'native-7' });
    const fresh = await other.handle({ output: [search('c1', 'select:get_weather')] }, async () => 'ran');
    expect(types(fresh.answers)).toEqual(['function_call_output', 'additional_tools']);

    // A body that carries its whole history is the record: a new conversation under the same id gets the tool again.
    const restarted = await toolSearch.prepare({ model: 'gpt-5.2', input: 'hi again' }, { sessionId: 'native-6' });
    const readded = await restarted.handle({ output: [search('c1', 'select:get_weather')] }, async () => 'ran');
    expect(types(readded.answers)).toEqual(['function_call_output', 'additional_tools']);
  });

  // Issue 24 items 4 and 5: the record of additions sat under a second store key, which `delete` left and which took a
  // second session of `maxSessions`; it shared the 256-name bound with reveals.
  describe('the session’s record of its additions, kept with its reveals as one store entry', () => {
    const serverKept = (sessionId: string, toolSearch: ReturnType<typeof createOpenAIResponsesToolSearch>) => async (id: string, query: string) => {
      const request = await toolSearch.prepare({ model: 'gpt-5.2', previous_response_id: 'resp_1', input: 'next' }, { sessionId });
      return types((await request.handle({ output: [search(id, query)] }, async () => 'ran')).answers);
    };

    it('goes with store.delete: a new conversation under that id gets the tool added again', async () => {
      const store = createMemoryRevealStore();
      const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config, store });
      const turn = serverKept('s', toolSearch);
      expect(await turn('c1', 'select:get_weather')).toEqual(['function_call_output', 'additional_tools']);
      expect(await turn('c2', 'select:get_weather')).toEqual(['function_call_output']);
      await store.delete('s');
      expect(await turn('c3', 'select:get_weather')).toEqual(['function_call_output', 'additional_tools']);
    });

    it('takes one session of maxSessions: with maxSessions 2, one other session does not evict it', async () => {
      const store = createMemoryRevealStore({ maxSessions: 2 });
      const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config, store });
      const first = serverKept('first', toolSearch);
      expect(await first('c1', 'select:get_weather')).toEqual(['function_call_output', 'additional_tools']);
      expect(await serverKept('second', toolSearch)('c1', 'select:get_customer')).toEqual(['function_call_output', 'additional_tools']);
      expect(await first('c2', 'select:get_weather')).toEqual(['function_call_output']);
    });

    it('never forgets an addition past maxToolsPerSession, the bound of reveals', async () => {
      const store = createMemoryRevealStore({ maxToolsPerSession: 1 });
      const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config, store });
      const turn = serverKept('s', toolSearch);
      expect(await turn('c1', 'select:get_weather,get_customer')).toEqual(['function_call_output', 'additional_tools']);
      expect(await turn('c2', 'select:get_weather,get_customer')).toEqual(['function_call_output']);
      expect(await store.get('s', 'added')).toEqual(['get_weather', 'get_customer']);
    });
  });

  it('gives step() users the same items', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: catalog, config });
    const request = await toolSearch.prepare({ model: 'gpt-5.2', input: 'hi' }, { sessionId: 'native-4' });
    const step = await request.step({ output: [search('c1', 'select:get_weather')] });
    expect(step.pending).toEqual([]);
    const turn = step.complete([]);
    expect(types(turn.answers)).toEqual(['function_call_output', 'additional_tools']);
  });
});

const outputCall = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{}', status: 'completed' };
const outputMessage = {
  type: 'message',
  id: 'msg_1',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: 'Hi.', annotations: [] }],
};
const outputSearch = { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_ts', execution: 'client', arguments: { query: 'x' }, status: 'completed' };

describe('resolveOpenAIResponsesOutputItems', () => {
  it('gives the list itself when no item carries the SDK’s parse results', () => {
    const output = [outputSearch, outputCall, outputMessage];
    expect(resolveOpenAIResponsesOutputItems(output)).toBe(output);
  });

  it('leaves out what finalResponse() adds, giving the items the API sent', () => {
    const helper = [outputSearch, { ...outputCall, parsed_arguments: null }, { ...outputMessage, content: [{ ...outputMessage.content[0], parsed: null }] }];
    expect(JSON.stringify(resolveOpenAIResponsesOutputItems(helper))).toBe(JSON.stringify([outputSearch, outputCall, outputMessage]));
  });
});
