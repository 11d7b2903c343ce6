/**
 * Tool lists given to the session-API factories (their `tools`, or a body's): another API's shape is a typed
 * `invalid-tools` error naming the shape found and the right entry point; a zod schema where JSON Schema belongs is
 * converted the way `createToolDefinition` converts it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod3';
import { createOpenAIChatToolSearch } from '../../src/providers/openai/create-openai-chat-tool-search.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/create-gemini-tool-search.js';
import { createBedrockConverseToolSearch } from '../../src/providers/bedrock/create-bedrock-converse-tool-search.js';
import { createToolDefinition } from '../../src/tools/create-tool-definition.js';
import * as openai from '../../src/providers/openai/index.js';
import * as anthropic from '../../src/providers/anthropic/index.js';
import * as gemini from '../../src/providers/gemini/index.js';
import * as bedrock from '../../src/providers/bedrock/index.js';

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
/** The readers and converters the messages name, as their subpaths export them. */
const PUBLIC_FUNCTIONS = {
  ...pick(openai, ['parseOpenAIResponsesTools', 'parseOpenAIChatTools', 'createOpenAIResponsesTools', 'createOpenAIChatTools']),
  ...pick(anthropic, ['parseAnthropicMessagesTools', 'createAnthropicMessagesTools']),
  ...pick(gemini, ['parseGeminiTools', 'createGeminiFunctionDeclarations']),
  ...pick(bedrock, ['parseBedrockConverseTools', 'createBedrockConverseTools']),
};

function pick<Module extends Record<string, unknown>>(module: Module, names: readonly (keyof Module & string)[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, module[name]]));
}

const shapes = {
  responses: { type: 'function', name: 'get_weather', description: 'Weather.', parameters: schema, strict: false },
  chat: { type: 'function', function: { name: 'get_weather', description: 'Weather.', parameters: schema } },
  anthropic: { name: 'get_weather', description: 'Weather.', input_schema: schema },
  gemini: { functionDeclarations: [{ name: 'get_weather', description: 'Weather.', parametersJsonSchema: schema }] },
  declaration: { name: 'get_weather', description: 'Weather.', parametersJsonSchema: schema },
  mcp: { name: 'get_weather', description: 'Weather.', inputSchema: schema },
  bedrock: { toolSpec: { name: 'get_weather', description: 'Weather.', inputSchema: { json: schema } } },
};
type Shape = keyof typeof shapes;

/** Each factory, called with an untyped list (the type tests live with each factory's own tests). */
const factories: Record<string, (tools: unknown[]) => unknown> = {
  createOpenAIResponsesToolSearch: (tools) => createOpenAIResponsesToolSearch({ tools: tools as never }),
  createOpenAIChatToolSearch: (tools) => createOpenAIChatToolSearch({ tools: tools as never }),
  createAnthropicMessagesToolSearch: (tools) => createAnthropicMessagesToolSearch({ tools: tools as never }),
  createGeminiToolSearch: (tools) => createGeminiToolSearch({ tools: tools as never }),
  createBedrockConverseToolSearch: (tools) => createBedrockConverseToolSearch({ tools: tools as never }),
};

function thrown(run: () => unknown): Error & { code?: string } {
  try {
    run();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a throw');
}

describe('the session factories’ tools', () => {
  describe('in another API’s shape', () => {
    it.each<[string, Shape, string[]]>([
      [
        'createAnthropicMessagesToolSearch',
        'chat',
        [
          'an OpenAI Chat Completions tool',
          'use `createOpenAIChatToolSearch`',
          'convert them: `createAnthropicMessagesTools(parseOpenAIChatTools({ tools }))` (`parseOpenAIChatTools` from `tool-search/openai`, `createAnthropicMessagesTools` from `tool-search/anthropic`)',
        ],
      ],
      ['createAnthropicMessagesToolSearch', 'responses', ['an OpenAI Responses tool', 'use `createOpenAIResponsesToolSearch`']],
      ['createAnthropicMessagesToolSearch', 'mcp', ['an MCP tool', 'convert MCP tools with `createAnthropicMessagesTools(tools)`', '`createToolSearch`']],
      [
        'createOpenAIResponsesToolSearch',
        'chat',
        [
          'an OpenAI Chat Completions tool',
          'use `createOpenAIChatToolSearch`',
          '`createOpenAIResponsesTools(parseOpenAIChatTools({ tools }))` (`parseOpenAIChatTools` and `createOpenAIResponsesTools` from `tool-search/openai`)',
        ],
      ],
      ['createOpenAIResponsesToolSearch', 'anthropic', ['an Anthropic Messages API tool', 'use `createAnthropicMessagesToolSearch`']],
      ['createOpenAIChatToolSearch', 'responses', ["without Chat's `function` wrapper", 'use `createOpenAIResponsesToolSearch`']],
      ['createOpenAIChatToolSearch', 'gemini', ['a Gemini tool', 'use `createGeminiToolSearch`']],
      [
        'createGeminiToolSearch',
        'chat',
        ['an OpenAI Chat Completions tool', '`[{ functionDeclarations: createGeminiFunctionDeclarations(parseOpenAIChatTools({ tools })) }]`'],
      ],
      [
        'createGeminiToolSearch',
        'declaration',
        ['a Gemini function declaration', 'wrap the declarations in a tool, `[{ functionDeclarations: declarations }]`'],
      ],
      ['createGeminiToolSearch', 'mcp', ['an MCP tool', '`[{ functionDeclarations: createGeminiFunctionDeclarations(tools) }]`']],
    ])('%s rejects %s-shaped tools with invalid-tools, naming the shape and the entry point', (factory, shape, parts) => {
      const error = thrown(() => (factories[factory] as (tools: unknown[]) => unknown)([shapes[shape]]));
      expect(error.name).toBe('ToolSearchError');
      expect(error.code).toBe('invalid-tools');
      expect(error.message).toContain(`\`tools\`[0] is `);
      expect(error.message).toContain(`but \`${factory}\` takes`);
      for (const part of parts) expect(error.message).toContain(part);
    });

    // What the message says to type must work when typed: each suggested conversion, run on the rejected list with the
    // package's functions, gives tools the factory takes, with the same tool in them.
    const convertible = (['responses', 'chat', 'anthropic', 'gemini', 'declaration', 'bedrock'] as const).flatMap((shape) =>
      Object.keys(factories).map((factory) => [factory, shape] as const),
    );
    it.each(convertible)('%s: the conversion its error suggests for %s-shaped tools works as written', (factory, shape) => {
      const create = factories[factory] as (tools: unknown[]) => unknown;
      let message: string;
      try {
        create([shapes[shape]]);
        return; // the factory's own shape
      } catch (error) {
        message = (error as Error).message;
      }
      if (factory === 'createGeminiToolSearch' && shape === 'declaration') {
        expect(message).toContain('wrap the declarations in a tool');
        return;
      }
      const code = /convert them: `([^`]+)`/.exec(message)?.[1];
      expect(code, message).toBeDefined();
      const converted = new Function('tools', ...Object.keys(PUBLIC_FUNCTIONS), `return ${code};`)([shapes[shape]], ...Object.values(PUBLIC_FUNCTIONS));
      expect(() => create(converted as unknown[])).not.toThrow();
      expect(JSON.stringify(converted)).toContain('"get_weather"');
      for (const name of /\(([^)]*)\)$/.exec(message)?.[1]?.match(/`(\w+)` from/g) ?? []) expect(Object.keys(PUBLIC_FUNCTIONS)).toContain(name.slice(1, -6));
    });

    it('rejects them in a body too (a Chat-shaped body given to the Anthropic factory)', async () => {
      const toolSearch = createAnthropicMessagesToolSearch({ tools: [shapes.anthropic as never] });
      const error = await toolSearch
        .prepare({ model: 'claude-opus-4-8', max_tokens: 10, messages: [], tools: [shapes.chat] } as never, { sessionId: 's' })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'invalid-tools', message: expect.stringContaining('`body.tools`[0] is an OpenAI Chat Completions tool') });
    });

    it('accepts each API’s own shape and its provider tools', () => {
      expect(() => createOpenAIResponsesToolSearch({ tools: [shapes.responses, { type: 'web_search' }] })).not.toThrow();
      expect(() => createOpenAIChatToolSearch({ tools: [shapes.chat as never] })).not.toThrow();
      expect(() => createAnthropicMessagesToolSearch({ tools: [shapes.anthropic, { type: 'web_search_20250305', name: 'web_search' }] })).not.toThrow();
      expect(() => createGeminiToolSearch({ tools: [shapes.gemini, { googleSearch: {} }] })).not.toThrow();
    });
  });

  describe('with a zod schema where JSON Schema belongs', () => {
    const arguments_ = z.object({ city: z.string().describe('The city.') });
    const expected = createToolDefinition({ name: 'get_weather', schema: arguments_ }).inputSchema;
    const sessionId = 's';

    it('converts it on Responses, as createToolDefinition does', async () => {
      const request = await createOpenAIResponsesToolSearch({
        tools: [{ type: 'function', name: 'get_weather', parameters: arguments_ as never, strict: false }],
      }).prepare({ model: 'gpt-4.1', input: 'hi' }, { sessionId });
      expect((request.body.tools as { parameters: unknown }[])[0]?.parameters).toEqual(expected);
    });

    it('converts it on Chat Completions, in the factory’s tools and in a body’s', async () => {
      const tool = { type: 'function' as const, function: { name: 'get_weather', parameters: arguments_ as never } };
      const toolSearch = createOpenAIChatToolSearch({ tools: [tool] });
      for (const body of [
        { model: 'gpt-4.1', messages: [] },
        { model: 'gpt-4.1', messages: [], tools: [tool] },
      ]) {
        const request = await toolSearch.prepare(body, { sessionId });
        expect((request.body as { tools: { function: { parameters: unknown } }[] }).tools[0]?.function.parameters).toEqual(expected);
      }
    });

    it('converts it on Anthropic, also from zod 3', async () => {
      const zod3 = z3.object({ city: z3.string().describe('The city.') });
      const request = await createAnthropicMessagesToolSearch({ tools: [{ name: 'get_weather', input_schema: zod3 as never }] }).prepare(
        { model: 'claude-opus-4-8', max_tokens: 10, messages: [] },
        { sessionId },
      );
      expect((request.body as unknown as { tools: { input_schema: unknown }[] }).tools[0]?.input_schema).toEqual(expected);
    });

    it('converts it on Gemini into parametersJsonSchema', async () => {
      const request = await createGeminiToolSearch({ tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: arguments_ as never }] }] }).prepare(
        { model: 'gemini-2.5-flash', contents: [] },
        { sessionId },
      );
      const declaration = (request.body as unknown as { config: { tools: { functionDeclarations: Record<string, unknown>[] }[] } }).config.tools[0]
        ?.functionDeclarations[0];
      expect(declaration).toEqual({ name: 'get_weather', parametersJsonSchema: expected });
    });

    it('checks the calls against the converted schema', async () => {
      const request = await createAnthropicMessagesToolSearch({
        tools: [{ name: 'get_weather', input_schema: arguments_ as never }],
        config: { threshold: 1 },
      }).prepare({ model: 'claude-3-7-sonnet', max_tokens: 10, messages: [] }, { sessionId });
      const step = await request.step({ content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: { town: 'Paris' } }] });
      expect(step.calls[0]).toMatchObject({ type: 'answer', name: 'get_weather', result: { status: 'invalid-arguments' } });
    });

    it('names the tool when the schema cannot be JSON Schema', () => {
      const error = thrown(() =>
        createOpenAIChatToolSearch({ tools: [{ type: 'function', function: { name: 'when', parameters: z.object({ at: z.date() }) as never } }] }),
      );
      expect(error).toMatchObject({
        code: 'invalid-tools',
        message: expect.stringContaining('tool `when`: its arguments schema cannot be expressed as JSON Schema'),
      });
    });
  });
});
