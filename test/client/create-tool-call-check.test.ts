import { describe, expect, it } from 'vitest';
import { createToolCallCheck } from '../../src/client/create-tool-call-check.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { resolveRevealedTools, formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { parseGeminiTools } from '../../src/providers/gemini/index.js';
import type { JSONSchemaObject } from '../../src/tools/tool-definition.js';

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
      expect(outcome).toMatchObject({
        ok: false,
        result: { status: 'invalid-arguments', tool: 'call_tool', message: expect.stringContaining('`call_tool` needs {"name"') },
      });
    });

    it('says so when the named tool does not exist', async () => {
      const { calls } = setup();
      const outcome = await calls.check({ name: 'call_tool', arguments: { name: 'nope', arguments: {} } }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: false, result: { status: 'no-match', message: expect.stringContaining('no tool named "nope"') } });
    });

    it('runs a catalog tool of its own named call_tool as that tool', async () => {
      const own: ToolDefinition = { name: 'call_tool', inputSchema: { type: 'object', properties: { x: { type: 'number' } } } };
      const calls = createToolCallCheck({ tools: [own], store: createMemoryRevealStore() });
      expect(await calls.check({ name: 'call_tool', arguments: { x: 1 } }, { sessionId: 's' })).toMatchObject({
        ok: true,
        name: 'call_tool',
        arguments: { x: 1 },
      });
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
    [
      { location: 3, unit: 'kelvin' },
      ['`location`: Invalid input: expected string, received number', '`unit`: Invalid option: expected one of "celsius"|"fahrenheit"'],
    ],
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
    if (!outcome.ok) expect(resolveRevealedTools([{ name: 'get_weather', output: formatToolSearchResult(outcome.result) }])).toEqual(['get_weather']);
  });

  /** The outcome of one call of a tool with `schema`. */
  async function checkAgainst(schema: JSONSchemaObject, args: unknown) {
    const calls = createToolCallCheck({ tools: [{ name: 't', inputSchema: schema }], store: createMemoryRevealStore() });
    return calls.check({ name: 't', arguments: args }, { sessionId: 's' });
  }

  // Issue 15 item 11: zod's converter refused these.
  describe('lets through arguments that fit', () => {
    it.each([
      [
        'a oneOf over two required sets (either property alone)',
        { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' } }, oneOf: [{ required: ['id'] }, { required: ['email'] }] },
        { id: 'u1' },
      ],
      ['a relative uri-reference', { type: 'object', properties: { href: { type: 'string', format: 'uri-reference' } } }, { href: '../docs/page#top' }],
      ['an integer above 2^53', { type: 'object', properties: { id: { type: 'integer' } } }, '{"id": 12345678901234567890}'],
      [
        'a date-time with lowercase t and z (RFC 3339 §5.6)',
        { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } },
        { at: '2026-12-01t10:00:00z' },
      ],
    ])('%s', async (_label, schema, args) => {
      expect(await checkAgainst(schema, args)).toMatchObject({ ok: true, checked: true });
    });
  });

  // Issue 15 items 12 and 13: zod's converter let these through, checked or not.
  describe('refuses arguments that do not fit, naming the property and the rule', () => {
    it.each([
      [
        'an allOf branch without type',
        { type: 'object', allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }] },
        {},
        ['`a`: Invalid input: expected string, received undefined'],
      ],
      [
        'an anyOf branch without type',
        { type: 'object', anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }] },
        { a: 1 },
        [
          'arguments: Invalid input: fits none of the options of `anyOf`; the closest, option 1, fails with `a`: Invalid input: expected string, received number',
        ],
      ],
      [
        'a nested object without type',
        { type: 'object', properties: { o: { properties: { a: { type: 'string' } }, required: ['a'] } } },
        { o: {} },
        ['`o.a`: Invalid input: expected string, received undefined'],
      ],
      [
        'a required property with a default',
        { type: 'object', properties: { a: { type: 'string', default: 'x' } }, required: ['a'] },
        {},
        ['`a`: Invalid input: expected string, received undefined'],
      ],
      [
        "Gemini's string-typed minItems",
        { type: 'OBJECT', properties: { tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1' } }, required: ['tags'] },
        { tags: [] },
        ['`tags`: Too small: expected array to have >=1 items'],
      ],
      [
        "Gemini's string-typed maxLength",
        { type: 'OBJECT', properties: { code: { type: 'STRING', maxLength: '5' } } },
        { code: 'abcdefgh' },
        ['`code`: Too big: expected string to have <=5 characters'],
      ],
      [
        'draft-07 definitions (pydantic v1)',
        // As pydantic v1's `.schema()` writes it: no `$schema`, titles everywhere.
        {
          title: 'Adopt',
          type: 'object',
          properties: { pet: { $ref: '#/definitions/Pet' } },
          required: ['pet'],
          definitions: { Pet: { title: 'Pet', type: 'object', properties: { name: { title: 'Name', type: 'string' } }, required: ['name'] } },
        },
        { pet: {} },
        ['`pet.name`: Invalid input: expected string, received undefined'],
      ],
      [
        "a $ref to '#/properties/x' (zod-to-json-schema)",
        { type: 'object', properties: { from: { type: 'string', format: 'date' }, to: { $ref: '#/properties/from' } }, required: ['from', 'to'] },
        { from: '2026-01-01', to: 'soon' },
        ['`to`: Invalid string: expected format "date"'],
      ],
      [
        'an $id with an $anchor',
        {
          $id: 'https://example.com/tools/move',
          type: 'object',
          properties: { point: { $ref: '#point' } },
          required: ['point'],
          $defs: { point: { $anchor: 'point', type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
        },
        { point: { x: 'one' } },
        ['`point.x`: Invalid input: expected number, received string'],
      ],
      [
        'if/then',
        {
          type: 'object',
          properties: { kind: { enum: ['card', 'cash'] }, card: { type: 'string' } },
          required: ['kind'],
          if: { properties: { kind: { const: 'card' } } },
          then: { required: ['card'] },
        },
        { kind: 'card' },
        ['`card`: Invalid input: expected string, received undefined'],
      ],
      [
        'not',
        { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, not: { required: ['a', 'b'] } },
        { a: 'x', b: 'y' },
        ['arguments: Invalid input: must not fit the `not` schema'],
      ],
      [
        'dependentRequired',
        { type: 'object', properties: { card: { type: 'string' }, expiry: { type: 'string' } }, dependentRequired: { card: ['expiry'] } },
        { card: '4111' },
        ['`expiry`: Invalid input: required when `card` is present'],
      ],
      [
        'unevaluatedProperties',
        { type: 'object', allOf: [{ properties: { a: { type: 'string' } } }], unevaluatedProperties: false },
        { a: 'x', b: 1 },
        ['arguments: Unrecognized key: "b"'],
      ],
    ])('%s', async (_label, schema, args, errors) => {
      expect(await checkAgainst(schema as JSONSchemaObject, args)).toMatchObject({ ok: false, result: { status: 'invalid-arguments', errors } });
    });

    it("checks a Gemini declaration's parameters as parseGeminiTools reads them", async () => {
      const body = {
        contents: [],
        tools: [
          {
            functionDeclarations: [
              {
                name: 'tag',
                parameters: { type: 'OBJECT', properties: { tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1', nullable: true } } },
              },
            ],
          },
        ],
      };
      const calls = createToolCallCheck({ tools: parseGeminiTools(body), store: createMemoryRevealStore() });
      expect(await calls.check({ name: 'tag', arguments: { tags: [] } }, { sessionId: 's' })).toMatchObject({
        ok: false,
        result: { errors: ['`tags`: Too small: expected array to have >=1 items'] },
      });
      expect(await calls.check({ name: 'tag', arguments: { tags: null } }, { sessionId: 's' })).toMatchObject({ ok: true, checked: true });
    });
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

  describe('lets a call through unchecked only when it cannot be validated at all (docs/call-check.md)', () => {
    it.each([
      ['a $ref to another document', { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, { a: 1 }],
      ['a $ref cycle that never reaches a value', { $ref: '#' }, {}],
      ['two subschemas with one $id', { properties: { a: { $id: 'https://example.com/a' }, b: { $id: 'https://example.com/a' } } }, {}],
    ])('%s', async (_label, schema, args) => {
      expect(await checkAgainst(schema as JSONSchemaObject, args)).toEqual({ ok: true, name: 't', arguments: args, checked: false });
    });

    it('a validation that would take exponential time: options recursing into the same property, nested deeply', async () => {
      // Two node kinds that both hold `children`: each level is validated under both, 2^depth in all.
      const tree = {
        $defs: {
          node: {
            anyOf: [
              { type: 'object', properties: { kind: { const: 'folder' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } },
              { type: 'object', properties: { kind: { const: 'group' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } },
            ],
          },
        },
        $ref: '#/$defs/node',
      };
      const nested = (depth: number): unknown => (depth === 0 ? { kind: 'folder' } : { kind: 'group', children: [nested(depth - 1)] });
      expect(await checkAgainst(tree, nested(4))).toMatchObject({ ok: true, checked: true });
      expect(await checkAgainst(tree, nested(40))).toMatchObject({ ok: true, checked: false });
      // The bound counts visits of each value, not of all: a wide tree is checked however many nodes it has.
      const wide = { kind: 'group', children: Array.from({ length: 3_000 }, () => ({ kind: 'folder', children: [] })) };
      expect(await checkAgainst(tree, wide)).toMatchObject({ ok: true, checked: true });
    });

    it('arguments a caller passes that are no JSON data (a bigint)', async () => {
      expect(await checkAgainst({ type: 'object' }, { n: 1n })).toMatchObject({ ok: true, checked: false });
    });

    it('and checks a key holding a lone surrogate, read with U+FFFD in its place', async () => {
      const schema = { type: 'object', additionalProperties: { type: 'string' } };
      expect(await checkAgainst(schema, '{"\\ud800": "x"}')).toMatchObject({ ok: true, checked: true });
      expect(await checkAgainst(schema, '{"\\ud800": 1}')).toMatchObject({
        ok: false,
        result: { errors: ['`["\ufffd"]`: Invalid input: expected string, received number'] },
      });
    });

    it('and checks the rest of a schema whose pattern no JavaScript engine reads', async () => {
      expect(await checkAgainst({ type: 'object', properties: { a: { type: 'string', pattern: '[a-' } } }, { a: 1 })).toMatchObject({
        ok: false,
        result: { errors: ['`a`: Invalid input: expected string, received number'] },
      });
      expect(await checkAgainst({ type: 'object', properties: { a: { type: 'string', pattern: '[a-' } } }, { a: 'z' })).toMatchObject({
        ok: true,
        checked: true,
      });
    });
  });

  it('compiles a tool’s schema on its first call and keeps the 512 tools called last', async () => {
    let compiled = 0;
    // Counts the walks of each schema's keys: compiling copies the schema once; checking a call never reads it.
    const counted = (index: number): ToolDefinition => ({
      name: `tool_${index}`,
      inputSchema: new Proxy(
        { type: 'object', properties: { a: { type: 'string' } } },
        {
          ownKeys: (target) => {
            compiled += 1;
            return Reflect.ownKeys(target);
          },
        },
      ),
    });
    const calls = createToolCallCheck({ tools: Array.from({ length: 600 }, (_, index) => counted(index)), store: createMemoryRevealStore() });
    expect(compiled).toBe(0);
    for (let index = 0; index < 600; index += 1) await calls.check({ name: `tool_${index}`, arguments: { a: 'x' } }, { sessionId: 's' });
    expect(compiled).toBe(600);
    await calls.check({ name: 'tool_599', arguments: { a: 'x' } }, { sessionId: 's' });
    expect(compiled).toBe(600);
    await calls.check({ name: 'tool_0', arguments: { a: 'x' } }, { sessionId: 's' });
    expect(compiled).toBe(601);
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

    it.each([1_500, 8_000, 20_000])('%i levels deep get a result saying so, never a stack overflow', async (depth) => {
      const outcome = await calls.check({ name: 'tree', arguments: nested(depth) }, { sessionId: 's' });
      expect(outcome).toMatchObject({ ok: false, result: { status: 'invalid-arguments', errors: ['arguments: nested more than 100 levels deep'] } });
    });

    it.each([8_000, 20_000])('%i levels deep as an object (not text) and inside call_tool get the same result', async (depth) => {
      const value = JSON.parse(nested(depth)) as unknown;
      for (const call of [
        { name: 'tree', arguments: value },
        { name: 'call_tool', arguments: { name: 'tree', arguments: value } },
        { name: 'call_tool', arguments: `{"name":"tree","arguments":${nested(depth)}}` },
      ]) {
        const outcome = await calls.check(call, { sessionId: 's' });
        expect(outcome).toMatchObject({ ok: false, result: { status: 'invalid-arguments', errors: ['arguments: nested more than 100 levels deep'] } });
      }
    });
  });

  describe('a caller schema nested thousands of levels deep (issue 24 item 11)', () => {
    const deepSchema = (depth: number): Record<string, unknown> => {
      let schema: Record<string, unknown> = { type: 'object', properties: { leaf: { type: 'string' } }, required: ['leaf'] };
      for (let level = 0; level < depth; level += 1) schema = { type: 'object', properties: { child: schema } };
      return schema;
    };

    it.each([2_000, 10_000])('%i levels: a typed result (let through unchecked), never a RangeError', async (depth) => {
      const calls = createToolCallCheck({ tools: [{ name: 'deep', inputSchema: deepSchema(depth) }], store: createMemoryRevealStore() });
      for (const args of [{}, { child: 1 }, '{"child":{"child":5}}']) {
        expect(await calls.check({ name: 'deep', arguments: args }, { sessionId: 's' })).toMatchObject({ ok: true, checked: false });
      }
    });
  });

  it('requires a session id and a store', async () => {
    const { calls } = setup();
    await expect(calls.check({ name: 'get_weather', arguments: {} }, { sessionId: '' })).rejects.toThrow(ToolSearchError);
    expect(() => createToolCallCheck({ tools: [weather], store: undefined as never })).toThrow('`store` must be a RevealStore');
  });
});
