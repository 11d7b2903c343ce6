import { describe, expect, it } from 'vitest';
import { isStubInputSchema } from '../../src/tools/is-stub-input-schema.js';
import { STUB_INPUT_SCHEMA, createStubInputSchema } from '../../src/tools/tool-search-tool-definition.js';

describe('isStubInputSchema', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['the frozen stub', STUB_INPUT_SCHEMA as Record<string, unknown>, true],
    ['a fresh copy of the stub', createStubInputSchema() as Record<string, unknown>, true],
    ['the stub with its keys in another order', Object.fromEntries(Object.entries(createStubInputSchema()).reverse()), true],
    ['a schema with properties', { type: 'object', properties: { city: { type: 'string' } } }, false],
    ['an empty object schema', { type: 'object' }, false],
    ['a schema that serializes as the stub', { toJSON: () => createStubInputSchema() }, true],
  ])('%s: %s', (_case, schema, expected) => {
    expect(isStubInputSchema(schema)).toBe(expected);
  });
});
