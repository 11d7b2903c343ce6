import { describe, expect, it } from 'vitest';
import { createValidationSchema } from '../../src/tools/create-validation-schema.js';
import { deepFreeze } from '../support/arbitraries.js';

describe('createValidationSchema', () => {
  it('copies the schema and leaves the caller’s untouched (a frozen one too)', () => {
    const schema = deepFreeze({ type: 'OBJECT', properties: { a: { type: 'STRING', nullable: true } } });
    const copy = createValidationSchema(schema);
    expect(copy).toEqual({ type: 'object', properties: { a: { type: ['string', 'null'] } } });
    expect(schema).toEqual({ type: 'OBJECT', properties: { a: { type: 'STRING', nullable: true } } });
    expect((copy as { properties: unknown }).properties).not.toBe(schema.properties);
  });

  describe('reads Gemini’s and OpenAPI’s Schema as JSON Schema', () => {
    it.each([
      ['types in capitals', { type: 'ARRAY', items: { type: 'INTEGER' } }, { type: 'array', items: { type: 'integer' } }],
      [
        'TYPE_UNSPECIFIED and unknown type names as no type',
        { type: 'TYPE_UNSPECIFIED', properties: { a: { type: 'float' }, b: { type: ['String', 'any'] } } },
        { properties: { a: {}, b: { type: ['string'] } } },
      ],
      ['counts written as strings', { type: 'STRING', minLength: '2', maxLength: '5' }, { type: 'string', minLength: 2, maxLength: 5 }],
      ['counts that are not numbers, left out', { type: 'ARRAY', minItems: 'one', maxItems: null }, { type: 'array' }],
      ['an INTEGER enum written as strings', { type: 'INTEGER', format: 'enum', enum: ['101', '201'] }, { type: 'integer', enum: [101, 201] }],
      ['a STRING enum of digits, kept as text', { type: 'STRING', format: 'enum', enum: ['101', '201'] }, { type: 'string', enum: ['101', '201'] }],
      ['numeric formats as annotations', { type: 'NUMBER', format: 'double' }, { type: 'number' }],
      ['nullable on a type', { type: 'STRING', nullable: true }, { type: ['string', 'null'] }],
      ['nullable on an enum', { type: 'STRING', enum: ['a'], nullable: true }, { type: ['string', 'null'], enum: ['a', null] }],
      ['nullable on a const', { const: 'a', nullable: true }, { enum: ['a', null] }],
      [
        'nullable on anyOf, appended',
        { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }], nullable: true },
        { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      ],
      ['nullable on a $ref', { $ref: '#/$defs/a', nullable: true }, { anyOf: [{ $ref: '#/$defs/a' }, { type: 'null' }] }],
      ['nullable: false', { type: 'STRING', nullable: false }, { type: 'string' }],
      ['example data left out', { type: 'OBJECT', example: { id: 'x' } }, { type: 'object' }],
    ])('%s', (_label, schema, expected) => {
      expect(createValidationSchema(schema)).toEqual(expected);
    });
  });

  it.each([
    ['exclusiveMinimum: true', { minimum: 0, exclusiveMinimum: true, maximum: 1 }, { exclusiveMinimum: 0, maximum: 1 }],
    ['exclusiveMaximum: false', { maximum: 1, exclusiveMaximum: false }, { maximum: 1 }],
    ['draft 6 numbers, kept', { exclusiveMinimum: 0, exclusiveMaximum: '1' }, { exclusiveMinimum: 0, exclusiveMaximum: 1 }],
  ])('writes draft 4 bounds in the draft 6 form: %s', (_label, schema, expected) => {
    expect(createValidationSchema(schema)).toEqual(expected);
  });

  it.each([
    ['(?P<name>…) and (?P=name)', '^(?P<a>x)(?P=a)$', '^(?<a>x)\\k<a>$'],
    ['\\A and \\Z', '\\A[a-z]+\\Z', '^[a-z]+$'],
    ['an escaped backslash before A, kept', '\\\\A', '\\\\A'],
    ['\\- and \\: outside a class (refused under the u flag)', '^\\d{3}\\-\\d{4}\\:[\\w\\-]$', '^\\d{3}-\\d{4}:[\\w\\-]$'],
  ])('writes Python’s %s the JavaScript way', (_label, pattern, expected) => {
    expect(createValidationSchema({ pattern, patternProperties: { [pattern]: { type: 'string' } } })).toEqual({
      pattern: expected,
      patternProperties: { [expected]: { type: 'string' } },
    });
  });

  it.each([
    ['a pattern no JavaScript engine reads', { type: 'string', pattern: '[a-' }, { type: 'string' }],
    ['a pattern the u flag refuses', { type: 'string', pattern: '^[\\w-a]+$' }, { type: 'string' }],
    ['a patternProperties key no engine reads', { patternProperties: { '(': { type: 'string' }, '^x': true } }, { patternProperties: { '^x': true } }],
    ['required: true (OpenAPI 2 style)', { type: 'string', required: true }, { type: 'string' }],
    ['required names that are not strings', { required: ['a', 1, null] }, { required: ['a'] }],
    ['an empty anyOf', { anyOf: [] }, {}],
    ['a multipleOf ≤ 0', { multipleOf: 0 }, {}],
    ['an enum that is no list', { enum: 'a' }, {}],
    ['a format the specification does not define', { type: 'string', format: 'url' }, { type: 'string' }],
    ['a schema that is a type name', { properties: { a: 'string' } }, { properties: { a: true } }],
  ])('leaves out what cannot be checked: %s', (_label, schema, expected) => {
    expect(createValidationSchema(schema)).toEqual(expected);
  });

  it('keeps the formats the specification defines', () => {
    expect(createValidationSchema({ format: 'date-time' })).toEqual({ format: 'date-time' });
  });

  it('follows $dynamicRef and $dynamicAnchor as $ref and $anchor', () => {
    expect(createValidationSchema({ $dynamicAnchor: 'n', properties: { next: { $dynamicRef: '#n' } } })).toEqual({
      $dynamicAnchor: 'n',
      $anchor: 'n',
      properties: { next: { $dynamicRef: '#n', $ref: '#n' } },
    });
  });

  it('keeps a property named __proto__ as an own key, and the prototype as it was', () => {
    const schema = JSON.parse('{"properties":{"__proto__":{"type":"STRING"}},"required":["__proto__"]}') as Record<string, unknown>;
    const copy = createValidationSchema(schema) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(Object.hasOwn(copy.properties, '__proto__')).toBe(true);
    expect(JSON.stringify(copy)).toBe('{"properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}');
  });

  it('keeps unknown keywords as data, so a $ref into them still resolves', () => {
    expect(createValidationSchema({ $ref: '#/components/schemas/a', components: { schemas: { a: { type: 'string' } } } })).toEqual({
      $ref: '#/components/schemas/a',
      components: { schemas: { a: { type: 'string' } } },
    });
  });
});
