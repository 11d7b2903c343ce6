import { describe, expect, it } from 'vitest';
import { parseGeminiTools } from '../../../src/providers/gemini/index.js';
import { TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { geminiDeclaration, geminiParameters, geminiRESTBody } from '../../support/gemini-bodies.js';

describe('parseGeminiTools', () => {
  it.each([
    ['the SDK shape', geminiParameters([geminiDeclaration('b'), geminiDeclaration('a.dotted')])],
    ['the REST shape', geminiRESTBody([geminiDeclaration('b'), geminiDeclaration('a.dotted')])],
  ])('reads declarations in %s, in body order', (_, body) => {
    expect(parseGeminiTools(body).map((tool) => tool.name)).toEqual(['b', 'a.dotted']);
  });

  it('writes Gemini parameters as JSON Schema: lower-case types, nullable as a null type', () => {
    const body = geminiParameters([
      geminiDeclaration('a', {
        parameters: {
          type: 'OBJECT',
          properties: { list: { type: 'ARRAY', items: { type: 'STRING', nullable: true } }, any: { type: 'TYPE_UNSPECIFIED', description: 'x' } },
          required: ['list'],
          propertyOrdering: ['list', 'any'],
        },
      }),
    ]);
    expect(parseGeminiTools(body)[0]?.inputSchema).toEqual({
      type: 'object',
      properties: { list: { type: 'array', items: { type: ['string', 'null'] } }, any: { description: 'x' } },
      required: ['list'],
      propertyOrdering: ['list', 'any'],
    });
  });

  it('prefers parametersJsonSchema, and gives a declaration without parameters an empty object schema', () => {
    const body = geminiRESTBody([
      { name: 'json', parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      { name: 'ping', description: 'Pings.' },
    ]);
    expect(parseGeminiTools(body)).toEqual([
      { name: 'json', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      { name: 'ping', description: 'Pings.', inputSchema: { type: 'object', properties: {} } },
    ]);
  });

  it('leaves out built-in tools, SDK CallableTools and its own tool_search declaration', () => {
    const own = { name: 'tool_search', description: TOOL_SEARCH_TOOL_DEFINITION.description, parametersJsonSchema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema };
    const body = geminiParameters([], undefined, {
      tools: [{ googleSearch: {} }, { tool: async () => ({}), callTool: async () => [] }, { functionDeclarations: [own, geminiDeclaration('a')] }],
    });
    expect(parseGeminiTools(body).map((tool) => tool.name)).toEqual(['a']);
  });

  it.each([
    ['a body with model and no config (SDK shape)', { model: 'gemini-2.5-flash', contents: 'hi' }],
    ['a REST body without tools', { contents: [] }],
  ])('returns nothing for %s', (_, body) => {
    expect(parseGeminiTools(body)).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['an array', [], 'The request body must be a Gemini request object, got an array'],
    [
      'a description that is not a string',
      geminiRESTBody([{ name: 'a', description: 3 }]),
      '`tools[0].functionDeclarations[0].description` of `a` must be a string, got 3',
    ],
    ['a declaration that is not an object', geminiRESTBody(['a']), '`tools[0].functionDeclarations[0]` must be a function declaration object'],
    ['a snake_case tool config', { contents: [], tool_config: {} }, '`tool_config` is the snake_case spelling of `toolConfig`'],
  ])('throws invalid-request for %s', (_, body, message) => {
    const call = () => parseGeminiTools(body);
    expect(call).toThrow(ToolSearchError);
    expect(call).toThrow(expect.objectContaining({ code: 'invalid-request', message: expect.stringContaining(message) }));
  });
});
