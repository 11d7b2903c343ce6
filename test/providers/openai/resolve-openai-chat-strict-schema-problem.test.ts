import { describe, expect, it } from 'vitest';
import { resolveOpenAIChatStrictSchemaProblem } from '../../../src/providers/openai/resolve-openai-chat-strict-schema-problem.js';
import { STUB_INPUT_SCHEMA } from '../../../src/tools/tool-search-tool-definition.js';

const strictObject = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

describe('resolveOpenAIChatStrictSchemaProblem', () => {
  it.each<[string, unknown]>([
    ['an empty strict object', strictObject({})],
    ['nested strict objects', strictObject({ a: strictObject({ b: { type: 'string' } }), list: { type: 'array', items: strictObject({}) } })],
    ['a nullable optional property', strictObject({ a: { type: ['string', 'null'] } })],
    ['strict objects in $defs', { ...strictObject({ a: { $ref: '#/$defs/a' } }), $defs: { a: strictObject({}) } }],
  ])('accepts %s', (_, schema) => {
    expect(resolveOpenAIChatStrictSchemaProblem(schema)).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['the permissive stub', STUB_INPUT_SCHEMA, '`additionalProperties` must be false at the root, got true'],
    ['a missing additionalProperties', { type: 'object', properties: {} }, '`additionalProperties` must be false at the root, got nothing'],
    ['an optional property', { type: 'object', properties: { a: {}, b: {} }, required: ['a'], additionalProperties: false }, 'missing `b`'],
    ['a nested open object', strictObject({ inner: { type: 'object', properties: {} } }), 'at the root.properties.inner'],
    ['an open object in items', strictObject({ list: { type: 'array', items: { type: 'object' } } }), 'at the root.properties.list.items'],
    ['an open object in anyOf', strictObject({ either: { anyOf: [{ type: 'string' }, { type: 'object' }] } }), 'at the root.properties.either.anyOf[1]'],
    ['a root anyOf', { anyOf: [strictObject({})] }, 'the root must be an object schema, not `anyOf`'],
    ['a root that is not an object', { type: 'string' }, "the root must have `type: 'object'`"],
    ['a schema that is not an object', 'x', 'the schema must be an object'],
  ])('rejects %s', (_, schema, problem) => {
    expect(resolveOpenAIChatStrictSchemaProblem(schema)).toContain(problem);
  });
});
