import { describe, expect, it } from 'vitest';
import { z as z3 } from 'zod3';
import { z } from 'zod';
import { createZod3JSONSchema, isZod3Schema } from '../../src/tools/create-zod3-json-schema.js';

/** zod 4's own JSON Schema of the input side, without `$schema`: what the zod 3 converter must match. */
function zod4JSONSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dropped, ...rest } = z.toJSONSchema(schema, { io: 'input' });
  return rest;
}

enum Color {
  Red = 'red',
  Green = 'green',
}
enum Level {
  Low,
  High,
}

describe('createZod3JSONSchema', () => {
  it.each([
    ['a string with checks', z3.string().min(1).max(9), z.string().min(1).max(9)],
    ['a string with a pattern', z3.string().regex(/^a+$/), z.string().regex(/^a+$/)],
    ['a string with two patterns', z3.string().startsWith('ab').regex(/x+/), z.string().startsWith('ab').regex(/x+/)],
    ['an integer with bounds', z3.number().int().min(0).lt(10), z.number().int().min(0).lt(10)],
    ['a number with a step', z3.number().multipleOf(5).max(100), z.number().multipleOf(5).max(100)],
    ['a boolean', z3.boolean(), z.boolean()],
    ['null', z3.null(), z.null()],
    ['any', z3.any(), z.any()],
    ['a string literal', z3.literal('on'), z.literal('on')],
    ['a number literal', z3.literal(3), z.literal(3)],
    ['an enum', z3.enum(['a', 'b']), z.enum(['a', 'b'])],
    ['a string native enum', z3.nativeEnum(Color), z.enum(Color)],
    ['a numeric native enum', z3.nativeEnum(Level), z.enum(Level)],
    ['an array with bounds', z3.array(z3.string()).min(1).max(3), z.array(z.string()).min(1).max(3)],
    ['a tuple', z3.tuple([z3.string(), z3.number()]), z.tuple([z.string(), z.number()])],
    ['a record', z3.record(z3.string(), z3.number()), z.record(z.string(), z.number())],
    [
      'a union of objects',
      z3.union([z3.object({ a: z3.string() }), z3.object({ b: z3.number() })]),
      z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
    ],
    ['a nullable string', z3.string().nullable(), z.string().nullable()],
    ['a nullable object', z3.object({ a: z3.string() }).nullable(), z.object({ a: z.string() }).nullable()],
    ['a default', z3.number().default(10), z.number().default(10)],
    [
      'an object with optional, defaulted and described properties',
      z3.object({ to: z3.string().describe('Recipient'), cc: z3.array(z3.string()).optional(), limit: z3.number().default(5) }).describe('Mail'),
      z.object({ to: z.string().describe('Recipient'), cc: z.array(z.string()).optional(), limit: z.number().default(5) }).describe('Mail'),
    ],
    ['a strict object', z3.object({ a: z3.string() }).strict(), z.strictObject({ a: z.string() })],
    ['a passthrough object', z3.object({ a: z3.string() }).passthrough(), z.looseObject({ a: z.string() })],
    ['an object with a catchall', z3.object({ a: z3.string() }).catchall(z3.number()), z.object({ a: z.string() }).catchall(z.number())],
  ] as const)('writes %s as zod 4 does', (_label, zod3Schema, zod4Schema) => {
    expect(createZod3JSONSchema(zod3Schema)).toEqual(zod4JSONSchema(zod4Schema as z.ZodType));
  });

  it('writes formats, unions of plain types and intersections in their plain form (zod 4 adds a pattern or merges them)', () => {
    expect(createZod3JSONSchema(z3.string().email())).toEqual({ type: 'string', format: 'email' });
    expect(createZod3JSONSchema(z3.string().uuid())).toEqual({ type: 'string', format: 'uuid' });
    expect(createZod3JSONSchema(z3.union([z3.string(), z3.number()]))).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect(createZod3JSONSchema(z3.intersection(z3.object({ a: z3.string() }), z3.object({ b: z3.number() })))).toEqual({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] },
      ],
    });
  });

  it('describes the input of refinements, transforms, preprocessing, pipelines, brands and catch', () => {
    const schema = z3.object({
      refined: z3.string().refine((value) => value.length > 2),
      transformed: z3.string().transform((value) => value.length),
      preprocessed: z3.preprocess((value) => String(value), z3.string()),
      piped: z3.string().pipe(z3.string().email()),
      branded: z3.string().brand<'Id'>(),
      caught: z3.number().catch(0),
      optionalRefined: z3
        .string()
        .optional()
        .refine(() => true),
    });
    expect(createZod3JSONSchema(schema)).toEqual({
      type: 'object',
      properties: {
        refined: { type: 'string' },
        transformed: { type: 'string' },
        preprocessed: { type: 'string' },
        piped: { type: 'string' },
        branded: { type: 'string' },
        caught: { type: 'number' },
        optionalRefined: { type: 'string' },
      },
      required: ['refined', 'transformed', 'preprocessed', 'piped', 'branded', 'caught'],
    });
  });

  it('follows a lazy schema that is not recursive', () => {
    expect(createZod3JSONSchema(z3.object({ a: z3.lazy(() => z3.string()) }))).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
  });

  it.each([
    ['a date', z3.object({ when: z3.date() }), 'ZodDate cannot be expressed as JSON Schema'],
    ['a bigint', z3.object({ n: z3.bigint() }), 'ZodBigInt cannot be expressed as JSON Schema'],
    ['a set', z3.object({ s: z3.set(z3.string()) }), 'ZodSet cannot be expressed as JSON Schema'],
    ['a bigint literal', z3.object({ n: z3.literal(1n) }), 'the literal 1n cannot be expressed as JSON Schema'],
  ])('throws for %s, naming the type', (_label, schema, message) => {
    expect(() => createZod3JSONSchema(schema)).toThrow(message);
  });

  it('throws for a recursive schema instead of looping', () => {
    interface Node {
      children: Node[];
    }
    const node: z3.ZodType<Node> = z3.lazy(() => z3.object({ children: z3.array(node) }));
    expect(() => createZod3JSONSchema(node)).toThrow('a recursive (z.lazy) schema cannot be expressed here');
  });
});

describe('isZod3Schema', () => {
  it('tells zod 3 schemas from zod 4 schemas and other values', () => {
    expect(isZod3Schema(z3.string())).toBe(true);
    expect(isZod3Schema(z.string())).toBe(false);
    expect(isZod3Schema({ _def: {} })).toBe(false);
    expect(isZod3Schema(null)).toBe(false);
  });
});
