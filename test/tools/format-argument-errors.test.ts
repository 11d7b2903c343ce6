import { describe, expect, it } from 'vitest';
import * as jsonSchema from '@cfworker/json-schema';
import { createArgumentValidator } from '../../src/tools/create-argument-validator.js';

/** The lines for `value` against `schema` (formatArgumentErrors, through the validator that calls it). */
function linesFor(schema: Record<string, unknown>, value: unknown): string[] {
  const validator = createArgumentValidator(schema, jsonSchema);
  if (validator === null) throw new Error('schema did not compile');
  return validator.validate(value);
}

const shapes = {
  type: 'object',
  properties: {
    shape: {
      anyOf: [
        { type: 'object', properties: { kind: { const: 'circle' }, radius: { type: 'number', exclusiveMinimum: 0 } }, required: ['kind', 'radius'] },
        {
          type: 'object',
          properties: { kind: { const: 'rect' }, width: { type: 'number' }, height: { type: 'number' } },
          required: ['kind', 'width', 'height'],
        },
        { type: 'string' },
      ],
    },
  },
};

describe('formatArgumentErrors', () => {
  describe('a failed anyOf or oneOf', () => {
    it('names the option of the value’s own kind with the fewest problems, and why it fails', () => {
      expect(linesFor(shapes, { shape: { kind: 'rect', width: 1 } })).toEqual([
        '`shape`: Invalid input: fits none of the 3 options of `anyOf`; the closest, option 2, fails with `shape.height`: Invalid input: expected number, received undefined',
      ]);
    });

    it('gives the innermost reason for options nested in options, in one line', () => {
      const json = {
        $defs: { value: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'object', additionalProperties: { $ref: '#/$defs/value' } }] } },
        $ref: '#/$defs/value',
      };
      expect(linesFor(json, { a: { b: { c: true } } })).toEqual([
        'arguments: Invalid input: fits none of the 3 options of `anyOf`; the closest, option 3, fails with `a.b.c`: Invalid input: expected string or number or object, received boolean',
      ]);
    });

    it('lists the types when every option fails on its type alone', () => {
      expect(linesFor({ properties: { note: { anyOf: [{ type: 'string' }, { type: 'null' }] } } }, { note: 1 })).toEqual([
        '`note`: Invalid input: expected string or null, received number',
      ]);
    });

    it('says how many options fit when a oneOf has more than one', () => {
      expect(linesFor({ oneOf: [{ required: ['a'] }, { required: ['b'] }] }, { a: 1, b: 2 })).toEqual([
        'arguments: Invalid input: fits 2 of the 2 options of `oneOf`; exactly one must fit',
      ]);
    });
  });

  it('names a missing property with the type its schema gives, through a $ref, an allOf or the properties beside a then', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/text' }, b: { allOf: [{ $ref: '#/$defs/count' }], description: 'pydantic v1' }, c: { enum: ['x', 'y'] }, d: {} },
      required: ['a', 'b', 'c'],
      if: { required: ['c'] },
      then: { required: ['d'] },
      $defs: { text: { type: 'string' }, count: { type: 'integer' } },
    };
    expect(linesFor(schema, {})).toEqual([
      '`a`: Invalid input: expected string, received undefined',
      '`b`: Invalid input: expected integer, received undefined',
      '`c`: Invalid input: expected one of "x"|"y", received undefined',
    ]);
    expect(linesFor(schema, { a: 'x', b: 1, c: 'x' })).toEqual(['`d`: Invalid input: expected a value, received undefined']);
  });

  it('says a failed format once, without the pattern beside it, and quotes no pattern longer than 80 characters', () => {
    expect(linesFor({ type: 'string', format: 'email', pattern: '^\\S+@\\S+$' }, 'nope')).toEqual(['arguments: Invalid string: expected format "email"']);
    expect(linesFor({ type: 'string', pattern: `^(${'a|'.repeat(50)}b)$` }, 'c')).toEqual(['arguments: Invalid string: must match the pattern in its schema']);
    expect(linesFor({ type: 'string', format: 'date-time', pattern: 'Z$' }, '2026-01-01T00:00:00+01:00')).toEqual([
      'arguments: Invalid string: must match pattern /Z$/ (format "date-time")',
    ]);
  });

  it('reports a key the schema does not allow at its object, unless its value already has a problem', () => {
    const schema = { type: 'object', properties: { list: { type: 'array', prefixItems: [{ type: 'string' }], items: false } }, unevaluatedProperties: false };
    expect(linesFor(schema, { other: 1 })).toEqual(['arguments: Unrecognized key: "other"']);
    expect(linesFor(schema, { list: ['a', 'b'] })).toEqual(['`list.1`: Invalid input: no item is allowed at this position']);
  });

  it('writes a key that is no plain name in brackets', () => {
    expect(linesFor({ additionalProperties: { type: 'string' } }, { 'a.b': 1, 'x y': 2, 'a`b': 3 })).toEqual([
      '`["a.b"]`: Invalid input: expected string, received number',
      '`["x y"]`: Invalid input: expected string, received number',
      '`["a`b"]`: Invalid input: expected string, received number',
    ]);
  });

  it('lists at most 10 lines', () => {
    const value = Object.fromEntries(Array.from({ length: 14 }, (_, index) => [`p${index}`, index]));
    const lines = linesFor({ additionalProperties: { type: 'string' } }, value);
    expect(lines).toHaveLength(10);
    expect(lines.at(-1)).toBe('… and 5 more problems');
  });

  it.each([
    [{ uniqueItems: true }, [1, 2, 1], 'arguments: Invalid input: items must be unique (items 0 and 2 are equal)'],
    [{ contains: { const: 'x' } }, ['a'], 'arguments: Invalid input: no item fits `contains`'],
    [{ propertyNames: { maxLength: 2 } }, { abc: 1 }, 'arguments: Invalid key: "abc"'],
    [{ not: { type: 'string' } }, 'x', 'arguments: Invalid input: must not fit the `not` schema'],
    [{ multipleOf: 0.5 }, 0.3, 'arguments: Invalid number: expected a multiple of 0.5'],
    [{ maxProperties: 1 }, { a: 1, b: 2 }, 'arguments: Too big: expected object to have <=1 properties'],
    [{ dependencies: { a: ['b'] } }, { a: 1 }, '`b`: Invalid input: required when `a` is present'],
    [{ properties: { a: false } }, { a: 1 }, '`a`: Invalid input: no value is allowed here'],
  ])('writes %j against %j as one line', (schema, value, line) => {
    expect(linesFor(schema, value)).toEqual([line]);
  });
});
