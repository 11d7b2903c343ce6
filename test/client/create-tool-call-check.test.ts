import { describe, expect, it } from 'vitest';
import { createToolCallCheck } from '../../src/client/create-tool-call-check.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { resolveRevealedTools, formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';

const weather: ToolDefinition = {
  name: 'get_weather',
  description: 'Get the weather.',
  inputSchema: {
    type: 'object',
    properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['location'],
  },
};

function setup() {
  const store = createMemoryRevealStore();
  return { store, calls: createToolCallCheck({ tools: [weather], store }) };
}

describe('createToolCallCheck', () => {
  describe('a call through call_tool', () => {
    it('is checked and answered as a call of the tool it names', async () => {
      const { calls } = setup();
      expect(await calls.check({ name: 'call_tool', arguments: { name: 'get_weather', arguments: { location: 'Paris' } } }, { sessionId: 's' })).toEqual({
        ok: true,
        name: 'get_weather',
        arguments: { location: 'Paris' },
        checked: true,
      });
    });

    it('returns the named tool’s schema and errors when the arguments do not fit', async () => {
      const { calls, store } = setup();
      const outcome = await calls.check({ name: 'call_tool', arguments: '{"name":"get_weather","arguments":{"unit":"kelvin"}}' }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: false, result: { status: 'invalid-arguments', tool: 'get_weather', tools: [{ name: 'get_weather' }] } });
      expect(await store.get('s')).toEqual(['get_weather']);
    });

    it.each([
      ['no name', { arguments: {} }],
      ['a name that is not a string', { name: 42, arguments: {} }],
      ['itself', { name: 'call_tool', arguments: {} }],
      ['text that is not JSON', 'not json'],
    ])('answers %s with what call_tool needs, never throwing', async (_label, args) => {
      const { calls } = setup();
      const outcome = await calls.check({ name: 'call_tool', arguments: args }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: false, result: { status: 'invalid-arguments', tool: 'call_tool', message: expect.stringContaining('`call_tool` needs {"name"') } });
    });

    it('says so when the named tool does not exist', async () => {
      const { calls } = setup();
      const outcome = await calls.check({ name: 'call_tool', arguments: { name: 'nope', arguments: {} } }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: false, result: { status: 'no-match', message: expect.stringContaining('no tool named "nope"') } });
    });

    it('runs a catalog tool of its own named call_tool as that tool', async () => {
      const own: ToolDefinition = { name: 'call_tool', inputSchema: { type: 'object', properties: { x: { type: 'number' } } } };
      const calls = createToolCallCheck({ tools: [own], store: createMemoryRevealStore() });
      expect(await calls.check({ name: 'call_tool', arguments: { x: 1 } }, { sessionId: 's' })).toMatchObject({ ok: true, name: 'call_tool', arguments: { x: 1 } });
    });
  });

  it('lets a call that fits the schema through, with parsed arguments', async () => {
    const { calls, store } = setup();
    expect(await calls.check({ name: 'get_weather', arguments: '{"location":"Paris"}' }, { sessionId: 's' })).toEqual({
      ok: true,
      name: 'get_weather',
      arguments: { location: 'Paris' },
      checked: true,
    });
    expect(await store.get('s')).toEqual([]);
  });

  it('accepts arguments already parsed and extra properties the schema allows', async () => {
    const { calls } = setup();
    expect(await calls.check({ name: 'get_weather', arguments: { location: 'Paris', extra: 1 } }, { sessionId: 's' })).toMatchObject({ ok: true });
  });

  it.each([
    ['{}', ['`location`: Invalid input: expected string, received undefined']],
    ['', ['`location`: Invalid input: expected string, received undefined']],
    [{ location: 3, unit: 'kelvin' }, ['`location`: Invalid input: expected string, received number', '`unit`: Invalid option: expected one of "celsius"|"fahrenheit"']],
    ['{"location":', ['arguments: not valid JSON']],
  ])('answers a blind call with %j with what was wrong and the full schema, and reveals the tool', async (args, errors) => {
    const { calls, store } = setup();
    const outcome = await calls.check({ name: 'get_weather', arguments: args }, { sessionId: 's' });
    expect(outcome).toEqual({
      ok: false,
      result: {
        status: 'invalid-arguments',
        tool: 'get_weather',
        errors,
        tools: [weather],
        loaded: ['get_weather'],
        message: 'The arguments for `get_weather` do not fit its parameters. Its full schema is included and loaded; call it again with arguments that match.',
      },
    });
    expect(await store.get('s')).toEqual(['get_weather']);
    if (!outcome.ok) expect(resolveRevealedTools([formatToolSearchResult(outcome.result)])).toEqual(['get_weather']);
  });

  it('takes and gives the names the model saw when given the request’s name mapping', async () => {
    const store = createMemoryRevealStore();
    const dotted = { ...weather, name: 'weather.get' };
    const names = createToolNameMapping(['weather.get'], { label: 'OpenAI', allowed: /[A-Za-z0-9_-]/, maxLength: 64 });
    const outcome = await createToolCallCheck({ tools: [dotted], store }).check({ name: 'weather_get', arguments: {} }, { sessionId: 's', names });
    expect(outcome).toMatchObject({ ok: false, result: { tool: 'weather_get', loaded: ['weather_get'], tools: [{ name: 'weather_get' }] } });
    expect(await store.get('s')).toEqual(['weather.get']);
  });

  it('answers a call to a tool that does not exist without throwing', async () => {
    const { calls } = setup();
    const outcome = await calls.check({ name: 'get_wether', arguments: {} }, { sessionId: 's' });
    expect(outcome).toMatchObject({ ok: false, result: { status: 'no-match', message: expect.stringContaining('There is no tool named "get_wether"') } });
  });

  it('answers a malformed call object without throwing', async () => {
    const { calls } = setup();
    expect(await calls.check(null as never, { sessionId: 's' })).toMatchObject({ ok: false, result: { status: 'no-match' } });
  });

  it('lets a call through unchecked when the schema cannot be compiled', async () => {
    const odd: ToolDefinition = { name: 'odd', inputSchema: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } };
    const calls = createToolCallCheck({ tools: [odd], store: createMemoryRevealStore() });
    const outcome = await calls.check({ name: 'odd', arguments: { a: 1 } }, { sessionId: 's' });
    expect(outcome.ok).toBe(true);
  });

  describe('a property named __proto__', () => {
    const guarded: ToolDefinition = JSON.parse(
      '{"name":"set_proto","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"number"}},"required":["__proto__"]}}',
    ) as ToolDefinition;
    const calls = createToolCallCheck({ tools: [guarded], store: createMemoryRevealStore() });

    it('is validated like any other property', async () => {
      const outcome = await calls.check({ name: 'set_proto', arguments: '{"__proto__": 5, "a": 1}' }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: false, result: { errors: ['`__proto__`: Invalid input: expected string, received number'] } });
    });

    it('is required when the schema requires it', async () => {
      const outcome = await calls.check({ name: 'set_proto', arguments: '{"a": 1}' }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: false, result: { errors: ['`__proto__`: Invalid input: expected string, received undefined'] } });
    });

    it('passes when it fits, and comes back as the model wrote it', async () => {
      const outcome = await calls.check({ name: 'set_proto', arguments: '{"__proto__": "x", "a": 1}' }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: true, checked: true });
      expect(outcome.ok && JSON.stringify(outcome.arguments)).toBe('{"__proto__":"x","a":1}');
    });
  });

  describe('deeply nested arguments', () => {
    const tree: ToolDefinition = { name: 'tree', inputSchema: { type: 'object', properties: { child: { $ref: '#' } } } };
    const calls = createToolCallCheck({ tools: [tree], store: createMemoryRevealStore() });
    const nested = (depth: number): string => {
      let text = '{}';
      for (let level = 0; level < depth; level += 1) text = `{"child":${text}}`;
      return text;
    };

    it('are checked under a recursive schema at a sensible depth', async () => {
      expect(await calls.check({ name: 'tree', arguments: nested(40) }, { sessionId: 's' })).toMatchObject({ ok: true, checked: true });
    });

    it.each([1_500, 20_000])('%i levels deep get a result saying so, never a stack overflow', async (depth) => {
      const outcome = await calls.check({ name: 'tree', arguments: nested(depth) }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: false, result: { status: 'invalid-arguments', errors: ['arguments: nested more than 100 levels deep'] } });
    });
  });

  it('requires a session id and a store', async () => {
    const { calls } = setup();
    await expect(calls.check({ name: 'get_weather', arguments: {} }, { sessionId: '' })).rejects.toThrow(ToolSearchError);
    expect(() => createToolCallCheck({ tools: [weather], store: undefined as never })).toThrow('`store` must be a RevealStore');
  });
});
