import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveJSONSchemaField } from '../../src/session/resolve-json-schema-field.js';

describe('resolveJSONSchemaField', () => {
  const zodSchema = z.object({ city: z.string() });

  it('writes a schema library schema as JSON Schema in the field named', () => {
    const converted = resolveJSONSchemaField({ name: 'weather', input_schema: zodSchema }, 'input_schema', 'input_schema');
    expect(converted).toMatchObject({ name: 'weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } });
  });

  it('reaches the object where the API nests it, copying each object on the way', () => {
    const tool = { toolSpec: { name: 'weather', inputSchema: { json: zodSchema } } };
    const converted = resolveJSONSchemaField(tool, 'json', 'json', ['toolSpec', 'inputSchema']);
    expect(converted).toMatchObject({ toolSpec: { name: 'weather', inputSchema: { json: { type: 'object', properties: { city: { type: 'string' } } } } } });
    expect(tool.toolSpec.inputSchema.json).toBe(zodSchema);
  });

  it.each([
    ['a JSON Schema', { function: { name: 'a', parameters: { type: 'object' } } }],
    ['no nested object', { type: 'function' }],
    ['a nested value that is not an object', { function: 'a' }],
  ])('returns the object itself for %s', (_case, tool) => {
    expect(resolveJSONSchemaField(tool, 'parameters', 'parameters', ['function'])).toBe(tool);
  });
});
