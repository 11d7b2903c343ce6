import { describe, expect, it } from 'vitest';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../src/tools/parse-wire-tool-definition.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';

const describeField: DescribeWireToolField = (at, field, name) => `\`${at}.${field}\`${name === undefined ? '' : ` (tool \`${name}\`)`}`;
const schema = { type: 'object', properties: { city: { type: 'string' } } };

describe('parseWireToolDefinition', () => {
  it('reads a tool with its schema kept whole, and without a description when it has none', () => {
    const withDescription = parseWireToolDefinition({ name: 'a', description: 'Does a.', inputSchema: schema }, 'tools[0]', describeField, 'required');
    expect(withDescription).toEqual({ name: 'a', description: 'Does a.', inputSchema: schema });
    expect(withDescription.inputSchema).toBe(schema);
    const without = parseWireToolDefinition({ name: 'a', description: undefined, inputSchema: schema }, 'tools[0]', describeField, 'required');
    expect(Object.keys(without)).toEqual(['name', 'inputSchema']);
  });

  it('reads a missing optional schema as a tool without arguments', () => {
    expect(parseWireToolDefinition({ name: 'a', description: undefined, inputSchema: undefined }, 'tools[0]', describeField, 'optional')).toEqual({
      name: 'a',
      inputSchema: { type: 'object', properties: {} },
    });
  });

  it.each<[string, { name: unknown; description: unknown; inputSchema: unknown }, 'required' | 'optional', string]>([
    [
      'no name',
      { name: undefined, description: undefined, inputSchema: schema },
      'required',
      '`tools[2].name` must be a non-empty string, got nothing (undefined)',
    ],
    ['an empty name', { name: '', description: undefined, inputSchema: schema }, 'required', '`tools[2].name` must be a non-empty string, got "" (a string)'],
    [
      'a description that is not a string',
      { name: 'a', description: 5, inputSchema: schema },
      'required',
      '`tools[2].description` (tool `a`) must be a string, got 5',
    ],
    [
      'a missing required schema',
      { name: 'a', description: undefined, inputSchema: undefined },
      'required',
      '`tools[2].inputSchema` (tool `a`) must be a JSON Schema object, got nothing (undefined)',
    ],
    [
      'a schema that is null',
      { name: 'a', description: undefined, inputSchema: null },
      'optional',
      '`tools[2].inputSchema` (tool `a`) must be a JSON Schema object, got null',
    ],
    [
      'a schema that is an array',
      { name: 'a', description: undefined, inputSchema: [] },
      'optional',
      '`tools[2].inputSchema` (tool `a`) must be a JSON Schema object, got an array',
    ],
  ])('throws invalid-request for %s, naming the field as the API words it', (_, fields, mode, message) => {
    expect(() => parseWireToolDefinition(fields, 'tools[2]', describeField, mode)).toThrow(new ToolSearchError('invalid-request', message));
    expect(() => parseWireToolDefinition(fields, 'tools[2]', describeField, mode)).toThrow(expect.objectContaining({ code: 'invalid-request' }));
  });
});
