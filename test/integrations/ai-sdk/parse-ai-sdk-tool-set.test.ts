import { describe, expect, it } from 'vitest';
import * as ai from 'ai';
import { dynamicTool, jsonSchema, tool, zodSchema } from 'ai';
import { z } from 'zod';
import { parseAISDKToolSet } from '../../../src/integrations/ai-sdk/parse-ai-sdk-tool-set.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';

const objectSchema = { type: 'object' as const, properties: { city: { type: 'string' as const } } };
const execute = async () => 'sunny';

describe('parseAISDKToolSet', () => {
  it.each([
    ['a jsonSchema() tool', tool({ inputSchema: jsonSchema(objectSchema), execute })],
    ['a zodSchema() tool', tool({ inputSchema: zodSchema(z.object({ city: z.string() })), execute })],
    ['a zod tool', tool({ inputSchema: z.object({ city: z.string() }), execute })],
    ['a dynamic tool', dynamicTool({ inputSchema: jsonSchema(objectSchema), execute })],
    ['a lazy schema', { inputSchema: () => jsonSchema(objectSchema), execute }],
    ['a tool without inputSchema', { execute }],
    ['a provider tool', { type: 'provider', id: 'openai.web_search', args: {}, inputSchema: jsonSchema({ type: 'object' }) }],
  ])('takes %s as it is', (_label, given) => {
    const parsed = parseAISDKToolSet({ get_weather: given });
    expect(parsed.tools.get_weather).toBe(given);
    expect(parsed.warnings).toEqual([]);
  });

  it.each([
    ['null', null, '`tools.get_weather` must be an AI SDK tool', 'got null'],
    ['a string', 'get_weather', '`tools.get_weather` must be an AI SDK tool', 'got "get_weather" (a string)'],
    [
      'a plain JSON Schema as inputSchema',
      { inputSchema: objectSchema, execute },
      '`tools.get_weather.inputSchema` must be a schema the AI SDK reads',
      'got a plain object; a JSON Schema object goes in `jsonSchema(…)`',
    ],
    ['a number as inputSchema', { inputSchema: 42, execute }, '`tools.get_weather.inputSchema` must be a schema the AI SDK reads', 'got 42'],
    [
      'an unknown type',
      { type: 'mcp', inputSchema: jsonSchema(objectSchema) },
      "`tools.get_weather.type` must be 'function', 'dynamic' or 'provider'",
      'got "mcp" (a string)',
    ],
  ])('rejects %s, naming the tool and the fix', (_label, given, rule, got) => {
    const parse = () => parseAISDKToolSet({ get_weather: given });
    expect(parse).toThrow(ToolSearchError);
    expect(parse).toThrow(expect.objectContaining({ code: 'invalid-tools', message: expect.stringContaining(rule) }));
    expect(parse).toThrow(expect.objectContaining({ message: expect.stringContaining(got) }));
  });

  it('keeps a tool named __proto__ as a tool of the set, not as its prototype', () => {
    const proto = tool({ inputSchema: jsonSchema(objectSchema), execute });
    const parsed = parseAISDKToolSet(
      Object.fromEntries([
        ['__proto__', proto],
        ['get_weather', proto],
      ]),
    );
    expect(Object.keys(parsed.tools)).toEqual(['__proto__', 'get_weather']);
    expect(Object.getPrototypeOf(parsed.tools)).toBe(Object.prototype);
  });

  it('rejects the AI SDK’s own toolSearch(): one agent, one search', () => {
    // AI SDK 7's, where the project runs it; its mark elsewhere.
    const own =
      'toolSearch' in ai ? (ai.toolSearch as () => unknown)() : { [Symbol.for('vercel.ai.toolSearch')]: true, inputSchema: jsonSchema(objectSchema), execute };
    expect(() => parseAISDKToolSet({ search: own })).toThrow(
      expect.objectContaining({ code: 'invalid-tools', message: expect.stringContaining("`tools.search` is the AI SDK's own `toolSearch()`") }),
    );
  });

  it.each([undefined, null, [], 'tools'])('rejects a tool set that is not an object: %j', (given) => {
    expect(() => parseAISDKToolSet(given)).toThrow(
      expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('`tools` must be an AI SDK tool set') }),
    );
  });

  it('removes AI SDK 7’s deferLoading from the tools it sends, keeping the rest, and names them in one warning', () => {
    const deferred = { inputSchema: jsonSchema(objectSchema), execute, deferLoading: true };
    const undeferred = { inputSchema: jsonSchema(objectSchema), execute, deferLoading: false };
    const parsed = parseAISDKToolSet({ a: deferred, b: deferred, c: undeferred });
    expect(parsed.tools).toEqual({
      a: { inputSchema: deferred.inputSchema, execute },
      b: { inputSchema: deferred.inputSchema, execute },
      c: { inputSchema: deferred.inputSchema, execute },
    });
    expect(parsed.warnings).toEqual([{ code: 'defer-loading-ignored', message: expect.stringMatching(/^`a`, `b` have `deferLoading: true`/) }]);
    // The caller's objects are not changed.
    expect(deferred.deferLoading).toBe(true);
  });

  it('warns that a tool whose description is a function is searched by name alone, and keeps the tool as it is', () => {
    const described = { description: () => 'Get the weather.', inputSchema: jsonSchema(objectSchema), execute };
    const parsed = parseAISDKToolSet({ get_weather: described });
    expect(parsed.tools.get_weather).toBe(described);
    expect(parsed.warnings).toEqual([
      { code: 'description-not-searchable', message: expect.stringContaining('`get_weather` has a `description` that is a function') },
    ]);
  });
});
