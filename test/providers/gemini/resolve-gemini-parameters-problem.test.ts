import { describe, expect, it } from 'vitest';
import { resolveGeminiParametersProblem } from '../../../src/providers/gemini/resolve-gemini-parameters-problem.js';
import type { GeminiRequestShape } from '../../../src/providers/gemini/gemini-api.js';

const object = (extra: Record<string, unknown> = {}) => ({ type: 'OBJECT', properties: { a: { type: 'STRING' } }, required: ['a'], ...extra });

describe('resolveGeminiParametersProblem', () => {
  it.each<[string, unknown, GeminiRequestShape]>([
    ['a schema of Schema keywords', object({ description: 'x', propertyOrdering: ['a'] }), 'rest'],
    [
      'nested items and anyOf',
      { type: 'OBJECT', properties: { l: { type: 'ARRAY', items: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER', nullable: true }] } } } },
      'rest',
    ],
    ['additionalProperties, which the SDK drops', object({ additionalProperties: false }), 'sdk'],
    ['a type list, which the SDK rewrites', { type: ['string', 'null'] }, 'sdk'],
    ['a JSON Schema with $schema, which the SDK sends as parametersJsonSchema', { $schema: 'x', oneOf: [] }, 'sdk'],
  ])('accepts %s (%s shape)', (_, schema, shape) => {
    expect(resolveGeminiParametersProblem(schema, shape)).toBeNull();
  });

  it.each<[string, unknown, GeminiRequestShape, string]>([
    ['additionalProperties', object({ additionalProperties: false }), 'rest', '`additionalProperties` at the root is not a Gemini `parameters` keyword'],
    ['a nested $ref', { type: 'OBJECT', properties: { a: { $ref: '#/$defs/a' } } }, 'sdk', '`$ref` at the root.properties.a'],
    ['oneOf in items', { type: 'ARRAY', items: { oneOf: [] } }, 'rest', '`oneOf` at the root.items'],
    ['const in anyOf', { anyOf: [{ const: 1 }] }, 'rest', '`const` at the root.anyOf[0]'],
    ['a type list', { type: ['string', 'null'] }, 'rest', '`type` at the root is a list'],
    ['a required property that is not defined', object({ required: ['a', 'b'] }), 'rest', '`required` at the root names `b`, not in `properties`'],
    [
      'a required name inherited from Object.prototype',
      object({ required: ['toString'] }),
      'rest',
      '`required` at the root names `toString`, not in `properties`',
    ],
    [
      'a required entry that is a prototype-less object',
      object({ required: [Object.create(null)] }),
      'sdk',
      '`required` at the root names an object, not in `properties`',
    ],
    ['a required entry that is a number', object({ required: [1] }), 'rest', '`required` at the root names 1, not in `properties`'],
    ['an array without items', { type: 'OBJECT', properties: { tags: { type: 'ARRAY' } } }, 'sdk', 'the array at the root.properties.tags has no `items`'],
    ['a parameter name with a dash', { type: 'OBJECT', properties: { 'User-Agent': { type: 'STRING' } } }, 'rest', 'parameter name `User-Agent` at the root'],
    ['a parameter name starting with a digit', { type: 'OBJECT', properties: { '2fa': { type: 'STRING' } } }, 'sdk', 'parameter name `2fa`'],
    ['a schema that is not an object', 'x', 'sdk', 'the schema must be an object'],
  ])('rejects %s (%s shape)', (_, schema, shape, problem) => {
    expect(resolveGeminiParametersProblem(schema, shape)).toContain(problem);
  });
});
