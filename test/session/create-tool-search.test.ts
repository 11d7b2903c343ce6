import { describe, expect, it } from 'vitest';
import { createToolSearch } from '../../src/session/create-tool-search.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { manyTools, tool } from '../support/tools.js';

const weather: ToolDefinition = {
  name: 'get_weather',
  description: 'Get the current weather in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const tools = [weather, ...manyTools(19)];
const gemini = { id: 'gemini-2.5-flash', api: 'gemini' } as const;

describe('createToolSearch', () => {
  describe('handleToolCall', () => {
    it('answers the package’s tool_search with a search of the session', async () => {
      const store = createMemoryRevealStore();
      const toolSearch = createToolSearch({ tools, store });
      const plan = toolSearch.resolvePlan(gemini);
      const handling = await toolSearch.handleToolCall({ name: 'tool_search', arguments: '{"query":"weather in a city"}' }, { sessionId: 's1', plan });
      expect(handling).toMatchObject({ type: 'search', result: { status: 'found', tools: [{ name: 'get_weather', inputSchema: weather.inputSchema }] } });
      expect(await store.get('s1')).toEqual(['get_weather']);
      expect(await store.get('s2')).toEqual([]);
    });

    it('unwraps call_tool into the tool it names, with checked arguments', async () => {
      const toolSearch = createToolSearch({ tools });
      const plan = toolSearch.resolvePlan(gemini);
      expect(plan.tools.every((entry) => entry.status === 'deferred')).toBe(true);
      const handling = await toolSearch.handleToolCall(
        { name: 'call_tool', arguments: { name: 'get_weather', arguments: { city: 'Paris' } } },
        { sessionId: 's', plan },
      );
      expect(handling).toEqual({ type: 'run', name: 'get_weather', arguments: { city: 'Paris' }, checked: true });
    });

    it('answers a blind call whose arguments do not fit with what was wrong and the full schema', async () => {
      const toolSearch = createToolSearch({ tools });
      const plan = toolSearch.resolvePlan(gemini);
      const handling = await toolSearch.handleToolCall({ name: 'get_weather', arguments: '{}' }, { sessionId: 's', plan });
      expect(handling).toMatchObject({
        type: 'answer',
        result: { status: 'invalid-arguments', tool: 'get_weather', tools: [{ name: 'get_weather', inputSchema: weather.inputSchema }] },
      });
    });

    it('answers a call of a tool that does not exist', async () => {
      const toolSearch = createToolSearch({ tools });
      const plan = toolSearch.resolvePlan(gemini);
      const handling = await toolSearch.handleToolCall({ name: 'get_wether', arguments: {} }, { sessionId: 's', plan });
      expect(handling).toMatchObject({ type: 'answer', result: { status: 'no-match', message: expect.stringContaining('get_wether') } });
    });

    it('maps wire names back and answers in the names the model saw', async () => {
      const dotted = [tool('Cafe.change_drink'), ...manyTools(19)];
      const toolSearch = createToolSearch({ tools: dotted });
      const plan = toolSearch.resolvePlan(gemini);
      const names = createToolNameMapping(['Cafe.change_drink'], { label: 'test', allowed: /[A-Za-z0-9_-]/, maxLength: 64 });
      expect(await toolSearch.handleToolCall({ name: 'Cafe_change_drink', arguments: { path: 'a' } }, { sessionId: 's', plan, names })).toEqual({
        type: 'run',
        name: 'Cafe.change_drink',
        arguments: { path: 'a' },
        checked: true,
      });
      const search = await toolSearch.handleToolCall(
        { name: 'tool_search', arguments: { query: 'select:Cafe_change_drink' } },
        { sessionId: 's', plan, names },
      );
      expect(search).toMatchObject({ type: 'search', result: { tools: [{ name: 'Cafe_change_drink' }] } });
    });

    it('searches only the tools a request sends when it sends fewer than the catalog', async () => {
      const toolSearch = createToolSearch({ tools, config: { threshold: 1 } });
      const plan = toolSearch.resolvePlan(gemini, tools.slice(1));
      const handling = await toolSearch.handleToolCall({ name: 'tool_search', arguments: { query: 'get_weather' } }, { sessionId: 's', plan });
      expect(handling).toMatchObject({ type: 'search', result: { status: 'no-match' } });
    });

    it('runs the caller’s own tool_search when the plan sends none of its own', async () => {
      const own = { ...tool('tool_search'), deferrable: 'never' as const };
      const toolSearch = createToolSearch({ tools: [own, weather] });
      const plan = toolSearch.resolvePlan(gemini);
      expect(plan.tools.some((entry) => entry.status === 'deferred')).toBe(false);
      expect(await toolSearch.handleToolCall({ name: 'tool_search', arguments: { path: 'x' } }, { sessionId: 's', plan })).toMatchObject({
        type: 'run',
        name: 'tool_search',
      });
    });
  });

  describe('handleToolCall with native delivery', () => {
    const responses = { id: 'gpt-5.4', api: 'openai-responses' } as const;
    const native = () => {
      const toolSearch = createToolSearch({ tools, config: { mechanism: 'client' } });
      const plan = toolSearch.resolvePlan(responses);
      expect(plan).toMatchObject({ reveal: 'native', additions: 'value' });
      return { toolSearch, plan };
    };

    it('answers tool_search with the matches by name, said to be loaded, and their definitions as additions', async () => {
      const { toolSearch, plan } = native();
      const handling = await toolSearch.handleToolCall({ name: 'tool_search', arguments: { query: 'select:get_weather' } }, { sessionId: 's', plan });
      expect(handling).toEqual({
        type: 'search',
        result: {
          status: 'found',
          tools: [{ name: 'get_weather' }],
          message: 'These tools are now loaded: call them by their own names.',
        },
        additions: [weather],
      });
    });

    it('adds nothing the history already added, and a keyword search names it as loaded earlier', async () => {
      const { toolSearch, plan } = native();
      const handling = await toolSearch.handleToolCall(
        { name: 'tool_search', arguments: { query: 'weather in a city' } },
        { sessionId: 's', plan, loaded: [], added: ['get_weather'] },
      );
      expect(handling.type).toBe('search');
      expect(handling).not.toHaveProperty('additions');
      expect(handling).toMatchObject({ result: { status: 'found', tools: [], loadedEarlier: ['get_weather'] } });
    });

    it('runs a call of an added tool as an ordinary call checked against its full schema', async () => {
      const { toolSearch, plan } = native();
      const context = { sessionId: 's', plan, added: ['get_weather'] };
      expect(await toolSearch.handleToolCall({ name: 'get_weather', arguments: '{"city":"Paris"}' }, context)).toEqual({
        type: 'run',
        name: 'get_weather',
        arguments: { city: 'Paris' },
        checked: true,
      });
      const misfit = await toolSearch.handleToolCall({ name: 'get_weather', arguments: '{}' }, context);
      expect(misfit).toMatchObject({ type: 'answer', result: { status: 'invalid-arguments', tools: [], loaded: [] } });
      expect(misfit).not.toHaveProperty('additions');
    });

    it('answers a blind misfit call of a tool never added as before, and adds that tool', async () => {
      const { toolSearch, plan } = native();
      const handling = await toolSearch.handleToolCall({ name: 'get_weather', arguments: '{}' }, { sessionId: 's', plan });
      expect(handling).toMatchObject({
        type: 'answer',
        result: { status: 'invalid-arguments', tool: 'get_weather', tools: [{ name: 'get_weather' }], loaded: ['get_weather'] },
        additions: [weather],
      });
    });

    it('never adds a tool the plan sends in the tool list (never deferred), by a search or a misfit call, and names it loaded earlier', async () => {
      const toolSearch = createToolSearch({ tools, config: { mechanism: 'client', neverDefer: ['get_weather'] } });
      const plan = toolSearch.resolvePlan(responses);
      expect(plan.tools.find((entry) => entry.name === 'get_weather')?.status).not.toBe('deferred');
      const found = await toolSearch.handleToolCall({ name: 'tool_search', arguments: { query: 'select:get_weather,tool_1' } }, { sessionId: 's', plan });
      expect(found).toMatchObject({ type: 'search', result: { status: 'found', tools: [{ name: 'tool_1' }], loadedEarlier: ['get_weather'] } });
      expect((found as { additions?: ToolDefinition[] }).additions?.map((definition) => definition.name)).toEqual(['tool_1']);
      const misfit = await toolSearch.handleToolCall({ name: 'get_weather', arguments: '{}' }, { sessionId: 's', plan });
      expect(misfit).not.toHaveProperty('additions');
    });

    it('keeps schemas in the result and adds nothing with reveals in the conversation', async () => {
      const toolSearch = createToolSearch({ tools, config: { mechanism: 'client', reveal: 'conversation' } });
      const plan = toolSearch.resolvePlan(responses);
      const handling = await toolSearch.handleToolCall({ name: 'tool_search', arguments: { query: 'select:get_weather' } }, { sessionId: 's', plan });
      expect(handling).toEqual({
        type: 'search',
        result: { status: 'found', tools: [{ name: 'get_weather', description: weather.description, inputSchema: weather.inputSchema }] },
      });
    });

    it('rejects an added list that is not a list of names', async () => {
      const { toolSearch, plan } = native();
      await expect(toolSearch.handleToolCall({ name: 'get_weather', arguments: {} }, { sessionId: 's', plan, added: 'get_weather' as never })).rejects.toThrow(
        '`context.added` must be a list of tool names',
      );
    });
  });

  describe('resolvePlan', () => {
    it('resolves again for the same model id on another platform', () => {
      const toolSearch = createToolSearch({ tools });
      const id = 'us.anthropic.claude-opus-4-5-20251101-v1:0';
      expect(toolSearch.resolvePlan({ id, api: 'anthropic-messages' }).mechanism).toBe('client');
      expect(toolSearch.resolvePlan({ id, api: 'anthropic-messages', platform: 'bedrock' }).mechanism).toBe('claude-hosted');
    });

    it('resolves once per model and tool list, and again when either changes', () => {
      const toolSearch = createToolSearch({ tools });
      const first = toolSearch.resolvePlan(gemini);
      expect(toolSearch.resolvePlan(gemini)).toBe(first);
      expect(toolSearch.resolvePlan(gemini, [...tools])).toBe(first);
      expect(toolSearch.resolvePlan({ id: 'gpt-5.4', api: 'openai-responses' })).not.toBe(first);
      expect(toolSearch.resolvePlan({ id: 'gpt-5.4', api: 'openai-responses' }).mechanism).toBe('openai-hosted');
      const fewer = toolSearch.resolvePlan(gemini, tools.slice(0, 3));
      expect(fewer).not.toBe(first);
      expect(fewer.tools).toHaveLength(3);
    });

    it('throws when a configured mechanism does not apply, so every schema is never sent silently', () => {
      const toolSearch = createToolSearch({ tools, config: { mechanism: 'openai' } });
      const attempt = () => toolSearch.resolvePlan({ id: 'gpt-4.1', api: 'openai-responses' });
      expect(attempt).toThrow(ToolSearchError);
      expect(attempt).toThrow(expect.objectContaining({ code: 'mechanism-unsupported', message: expect.stringContaining("`unsupported: 'full-schemas'`") }));
    });

    it('says in that error that nothing was sent, not what a plan with full schemas would have done', () => {
      const toolSearch = createToolSearch({ tools, config: { mechanism: 'openai' } });
      const attempt = () => toolSearch.resolvePlan({ id: 'gpt-4.1', api: 'openai-responses' });
      expect(attempt).toThrow(
        "`openai` tool search was requested, but `gpt-4.1` does not support OpenAI's hosted tool search, so no plan was made and nothing was sent (`unsupported: 'throw'`, the default). " +
          "Set `mechanism: 'auto'` (hosted search where supported, the client-side `tool_search` elsewhere) or `'client'`, or pass `unsupported: 'full-schemas'` to send every schema on purpose",
      );
      expect(attempt).not.toThrow(/full schemas are sent/);
    });

    it('sends full schemas with a warning when told to', () => {
      const toolSearch = createToolSearch({ tools, config: { mechanism: 'openai' }, unsupported: 'full-schemas' });
      const plan = toolSearch.resolvePlan({ id: 'gpt-4.1', api: 'openai-responses' });
      expect(plan.mechanism).toBe('none');
      expect(plan.warnings.map((warning) => warning.code)).toEqual(['mechanism-unsupported']);
    });

    it('rejects a tool list with a tool outside the catalog', () => {
      const toolSearch = createToolSearch({ tools });
      expect(() => toolSearch.resolvePlan(gemini, [tool('send_email')])).toThrow(
        expect.objectContaining({ code: 'invalid-tools', message: expect.stringContaining('`send_email`') }),
      );
    });
  });

  describe('options', () => {
    it.each([
      ['no options', undefined, 'invalid-options'],
      ['tools that are not a list', { tools: 'all' }, 'invalid-tools'],
      ['an unknown `unsupported`', { tools, unsupported: 'ignore' }, 'invalid-options'],
      ['a bad configuration', { tools, config: { threshold: -1 } }, 'invalid-config'],
    ])('rejects %s', (_label, options, code) => {
      expect(() => createToolSearch(options as never)).toThrow(expect.objectContaining({ code }));
    });

    it('rejects a tool schema nested 10,000 levels deep, whose tool_search result no JSON writer can write (issue 24 item 11: a RangeError at search time)', () => {
      let schema: Record<string, unknown> = { type: 'object' };
      for (let level = 0; level < 10_000; level += 1) schema = { type: 'object', properties: { child: schema } };
      expect(() => createToolSearch({ tools: [...tools, { ...weather, name: 'deep', inputSchema: schema }] })).toThrow(
        expect.objectContaining({
          code: 'invalid-tools',
          message: expect.stringContaining('tool `deep` holds objects nested more than 1000 levels deep at `inputSchema.properties'),
        }),
      );
    });

    it('rejects a tool JSON cannot write (a schema that contains itself, a BigInt), naming it and the place, as tool_search would fail to answer with it', () => {
      const schema: Record<string, unknown> = { type: 'object', properties: {} };
      (schema.properties as Record<string, unknown>).self = schema;
      const bigint = { ...weather, name: 'get_order', inputSchema: { type: 'object', properties: { id: { type: 'integer', maximum: 10n } } } };
      expect(() => createToolSearch({ tools: [...tools, { ...weather, name: 'loop', inputSchema: schema }, bigint] as never })).toThrow(
        expect.objectContaining({
          code: 'invalid-tools',
          message: expect.stringContaining(
            'tool `loop` holds an object that contains itself (a cycle) at `inputSchema.properties.self`; tool `get_order` holds a BigInt at `inputSchema.properties.id.maximum`',
          ),
        }),
      );
    });

    // Issue 15 item 19: `loaded` and `names` were read only by a search, so a bad one passed on every other call.
    it.each([
      ['a `loaded` that is not a list of names', { loaded: 5 }, '`context.loaded`'],
      ['a `names` that is not a mapping', { names: 5 }, '`context.names`'],
      ['an empty `sessionId`', { sessionId: '' }, '`context.sessionId`'],
    ])('rejects %s on a call of the caller’s own tool too', async (_label, context, field) => {
      const toolSearch = createToolSearch({ tools });
      const plan = toolSearch.resolvePlan(gemini);
      for (const name of ['tool_search', 'get_weather']) {
        await expect(toolSearch.handleToolCall({ name, arguments: { city: 'Paris' } }, { sessionId: 's', plan, ...context } as never)).rejects.toThrow(
          expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining(field) }),
        );
      }
    });
  });
});
