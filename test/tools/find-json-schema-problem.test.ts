import { describe, expect, it } from 'vitest';
import { findJSONSchemaProblem, type JSONSchemaChildren } from '../../src/tools/find-json-schema-problem.js';
import { isRecord } from '../../src/records/is-record.js';

/** A check that finds `$ref`, and a walk through `properties` and `items`. */
const noRef = (schema: Record<string, unknown>, where: string) => ('$ref' in schema ? `\`$ref\` at ${where}` : null);
const propertiesAndItems: JSONSchemaChildren = (schema, where) => [
  ...(isRecord(schema.properties) ? Object.entries(schema.properties).map(([name, value]) => [`${where}.properties.${name}`, value] as const) : []),
  [`${where}.items`, schema.items],
];

describe('findJSONSchemaProblem', () => {
  it('finds nothing in a schema without the problem', () => {
    expect(findJSONSchemaProblem({ type: 'object', properties: { a: { type: 'string' } } }, 'the root', noRef, propertiesAndItems)).toBeNull();
  });

  it('names the first problem depth first, by its place under the root', () => {
    const schema = { properties: { a: { items: { $ref: '#/a' } }, b: { $ref: '#/b' } } };
    expect(findJSONSchemaProblem(schema, 'the root', noRef, propertiesAndItems)).toBe('`$ref` at the root.properties.a.items');
  });

  it('checks a schema before its subschemas', () => {
    expect(findJSONSchemaProblem({ $ref: '#/x', properties: { a: { $ref: '#/a' } } }, 'the root', noRef, propertiesAndItems)).toBe('`$ref` at the root');
  });

  it('walks a list item by item and passes over values that are not schemas', () => {
    expect(findJSONSchemaProblem({ items: [true, 'x', { $ref: '#/t' }] }, 'the root', noRef, propertiesAndItems)).toBe('`$ref` at the root.items[2]');
    expect(findJSONSchemaProblem('x', 'the root', noRef, propertiesAndItems)).toBeNull();
  });

  it('goes only where the walk leads', () => {
    expect(findJSONSchemaProblem({ $defs: { a: { $ref: '#/a' } } }, 'the root', noRef, propertiesAndItems)).toBeNull();
  });
});
