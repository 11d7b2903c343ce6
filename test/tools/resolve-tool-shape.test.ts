import { describe, expect, it } from 'vitest';
import { resolveToolShape, type ToolShape } from '../../src/tools/resolve-tool-shape.js';

const schema = { type: 'object', properties: {} };

describe('resolveToolShape', () => {
  it.each<[string, unknown, ToolShape]>([
    ['a Responses function', { type: 'function', name: 'a', parameters: schema, strict: false }, 'openai-responses'],
    ['a Responses function with an MCP inputSchema', { type: 'function', name: 'a', inputSchema: schema }, 'openai-responses'],
    ['a Responses function without a name', { type: 'function', parameters: schema }, 'openai-responses'],
    ['a Responses namespace', { type: 'namespace', name: 'crm', description: 'CRM', tools: [] }, 'openai-responses'],
    ['a Responses custom tool', { type: 'custom', name: 'sql', format: { type: 'text' } }, 'openai-responses'],
    ['a Chat function', { type: 'function', function: { name: 'a', parameters: schema } }, 'openai-chat'],
    ['a Chat custom tool', { type: 'custom', custom: { name: 'sql' } }, 'openai-chat'],
    ['an Anthropic custom tool', { name: 'a', input_schema: schema }, 'anthropic-messages'],
    ['an Anthropic custom tool with its type', { type: 'custom', name: 'a', input_schema: schema }, 'anthropic-messages'],
    ['a Gemini tool', { functionDeclarations: [] }, 'gemini'],
    ['a Gemini built-in tool', { googleSearch: {} }, 'gemini'],
    ['a Gemini CallableTool', { tool: async () => ({}), callTool: async () => [] }, 'gemini'],
    ['a bare Gemini declaration', { name: 'a', parametersJsonSchema: schema }, 'gemini-declaration'],
    ['an MCP tool', { name: 'a', inputSchema: schema }, 'mcp'],
    ['a provider tool', { type: 'web_search_20250305', name: 'web_search' }, 'provider'],
    ['an object of no shape', { nonsense: true }, 'unknown'],
    ['a string', 'get_weather', 'unknown'],
  ])('reads %s', (_, tool, shape) => {
    expect(resolveToolShape(tool)).toBe(shape);
  });
});
