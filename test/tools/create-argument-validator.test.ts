import { describe, expect, it } from 'vitest';
import * as jsonSchema from '@cfworker/json-schema';
import { createArgumentValidator } from '../../src/tools/create-argument-validator.js';

describe('createArgumentValidator', () => {
  it('gives no problem for arguments that fit, and a line per problem for those that do not', () => {
    const validator = createArgumentValidator(
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', minimum: 1 } }, required: ['a'] },
      jsonSchema,
    );
    expect(validator?.validate({ a: 'x', b: 2 })).toEqual([]);
    expect(validator?.validate({ b: 0 })).toEqual(['`a`: Invalid input: expected string, received undefined', '`b`: Too small: expected number to be >=1']);
  });

  it.each([
    ['a $ref to another document', { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }],
    ['a $ref to a relative file', { type: 'object', properties: { a: { $ref: 'a.json#/x' } } }],
    ['a $ref to nowhere', { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }],
    ['a $recursiveRef to nowhere', { properties: { a: { $recursiveRef: 'https://example.com/x' } } }],
    [
      'two subschemas with one $id',
      { properties: { a: { $id: 'https://example.com/a', type: 'string' }, b: { $id: 'https://example.com/a', type: 'number' } } },
    ],
    ['an $id that is no URI reference', { $id: 'http://[bad', type: 'object' }],
  ])('cannot be made for %s', (_label, schema) => {
    expect(createArgumentValidator(schema, jsonSchema)).toBeNull();
  });

  it('cannot be made for a schema that is no JSON (a cycle)', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    expect(createArgumentValidator(schema, jsonSchema)).toBeNull();
  });

  it('is made for a $ref unused by any value only when it resolves: a $ref is checked where it stands, not where it is reached', () => {
    expect(createArgumentValidator({ $defs: { unused: { $ref: '#/nowhere' } } }, jsonSchema)).toBeNull();
    expect(createArgumentValidator({ $defs: { used: { $ref: '#/$defs/leaf' }, leaf: { type: 'string' } } }, jsonSchema)).not.toBeNull();
  });

  it('throws, for the caller to let the call through unchecked, on a $ref cycle that never reaches a value', () => {
    const validator = createArgumentValidator({ $ref: '#' }, jsonSchema);
    expect(validator).not.toBeNull();
    expect(() => validator?.validate({})).toThrow(RangeError);
  });
});
