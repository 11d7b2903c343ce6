import { describe, expect, it } from 'vitest';
import { globalRegistry, toJSONSchema, z } from 'zod';
import * as zm from 'zod/mini';
import { z as z3 } from 'zod3';
import { z as z3v4 } from 'zod3/v4';
import { createZodJSONSchema, isZodSchema } from '../../src/tools/create-zod-json-schema.js';

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

describe('createZodJSONSchema of a zod 3 schema', () => {
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
    expect(createZodJSONSchema(zod3Schema)).toEqual(zod4JSONSchema(zod4Schema as z.ZodType));
  });

  it('writes formats, unions of plain types and intersections in their plain form (zod 4 adds a pattern or merges them)', () => {
    expect(createZodJSONSchema(z3.string().email())).toEqual({ type: 'string', format: 'email' });
    expect(createZodJSONSchema(z3.string().uuid())).toEqual({ type: 'string', format: 'uuid' });
    expect(createZodJSONSchema(z3.union([z3.string(), z3.number()]))).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect(createZodJSONSchema(z3.intersection(z3.object({ a: z3.string() }), z3.object({ b: z3.number() })))).toEqual({
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
    expect(createZodJSONSchema(schema)).toEqual({
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
    expect(createZodJSONSchema(z3.object({ a: z3.lazy(() => z3.string()) }))).toEqual({
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
    expect(() => createZodJSONSchema(schema)).toThrow(message);
  });

  it('throws for a recursive schema instead of looping', () => {
    interface Node {
      children: Node[];
    }
    const node: z3.ZodType<Node> = z3.lazy(() => z3.object({ children: z3.array(node) }));
    expect(() => createZodJSONSchema(node)).toThrow('a recursive (z.lazy) schema cannot be expressed here');
  });
});

describe('isZodSchema', () => {
  it.each([
    ['a zod 4 schema', z.string(), true],
    ['a zod mini schema', zm.string(), true],
    ["a schema of zod 3.25's `zod/v4`", z3v4.string(), true],
    ['a zod 3 schema', z3.string(), true],
    ['a JSON Schema', { type: 'string' }, false],
    ['a record with a `_def` but no zod 3 type name', { _def: {} }, false],
    ['null', null, false],
  ])('says %s is %s', (_label, value, expected) => {
    expect(isZodSchema(value)).toBe(expected);
  });
});

describe('createZodJSONSchema of a zod 4 schema', () => {
  const expected = {
    type: 'object',
    properties: { to: { type: 'string', description: 'Recipient' }, retries: { type: 'integer', minimum: 0, default: 3 } },
    required: ['to'],
  };

  it.each([
    ['zod mini', () => zm.object({ to: zm.string().check(zm.describe('Recipient')), retries: zm._default(zm.int().check(zm.minimum(0)), 3) })],
    ["zod 3.25's `zod/v4`", () => z3v4.object({ to: z3v4.string().describe('Recipient'), retries: z3v4.number().int().min(0).default(3) })],
  ])('writes the input side of a %s schema, descriptions included', (_label, schema) => {
    expect(createZodJSONSchema(schema())).toMatchObject(expected);
  });

  it('throws for a type JSON Schema cannot express', () => {
    expect(() => createZodJSONSchema(zm.object({ when: zm.date() }))).toThrow(/cannot be represented in JSON Schema/);
  });
});

/** zod's own converter, as the package called it before it had its own: the input side, descriptions from any copy of zod. */
function zodOwnJSONSchema(schema: unknown): Record<string, unknown> {
  const ownMetadata = (part: unknown) => (part as { meta?: () => unknown }).meta?.call(part);
  const metadata = { get: (part: never) => globalRegistry.get(part) ?? ownMetadata(part) } as unknown as typeof globalRegistry;
  const { $schema: _dropped, ...rest } = toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'throw', metadata });
  return rest;
}

/** What a conversion gives: its JSON text (so key order counts too), or its error's message. */
function outcome(convert: () => unknown): string {
  try {
    return JSON.stringify(convert());
  } catch (error) {
    return `throws: ${(error as Error).message}`;
  }
}

interface TreeNode {
  value: string;
  children: TreeNode[];
}
const tree: zm.ZodMiniType<TreeNode> = zm.object({
  value: zm.string(),
  get children() {
    return zm.array(tree);
  },
});
interface ListNode {
  next?: ListNode;
}
const list: zm.ZodMiniType<ListNode> = zm.lazy(() => zm.object({ next: zm.optional(list) }));

describe('createZodJSONSchema writes what zod 4 writes', () => {
  it.each([
    ['an object with required, optional, any and unknown properties', zm.object({ a: zm.any(), b: zm.unknown(), c: zm.optional(zm.string()) })],
    ['a strict object', zm.strictObject({ a: zm.string() })],
    ['a loose object', zm.looseObject({ a: zm.string() })],
    ['an object with a catch-all', zm.catchall(zm.object({ a: zm.string() }), zm.number())],
    [
      'nested objects, arrays and nullable enums',
      zm.object({ a: zm.object({ b: zm.array(zm.object({ c: zm.optional(zm.nullable(zm.enum(['p', 'q']))) })) }) }),
    ],
    ['a default', zm._default(zm.number(), 3)],
    ['a prefault', zm.prefault(zm.number(), 3)],
    ['a catch value', zm.catch(zm.number(), 0)],
    ['a described default of a nullable', zm.object({ a: zm._default(zm.nullable(zm.string()), null).check(zm.describe('d')) })],
    [
      'a default of a transform',
      zm.object({
        a: zm._default(
          zm.pipe(
            zm.string(),
            zm.transform((value: string) => value.length),
          ),
          4,
        ),
      }),
    ],
    ['a readonly object', zm.readonly(zm.object({ a: zm.string() }))],
    ['a nonoptional property', zm.object({ a: zm.nonoptional(zm.optional(zm.string())) })],
    ['a string enum', zm.enum(['x', 'y'])],
    ['a numeric enum', zm.enum({ A: 1, B: 2 })],
    ['a mixed enum', zm.enum({ A: 1, B: 'b' })],
    ['a string literal', zm.literal('on')],
    ['a number literal', zm.literal(3)],
    ['a boolean literal', zm.literal(true)],
    ['a null literal', zm.literal(null)],
    ['a literal of several values', zm.literal(['a', 'b'])],
    ['a template literal', zm.templateLiteral(['a', zm.number()])],
    ['a union of plain types', zm.union([zm.string(), zm.number(), zm.null()])],
    ['a union of an object and a string', zm.union([zm.object({ a: zm.string() }), zm.string()])],
    ['a nullable union', zm.nullable(zm.union([zm.string(), zm.number()]))],
    ['a nullable object', zm.nullable(zm.object({}))],
    ['a discriminated union', zm.discriminatedUnion('k', [zm.object({ k: zm.literal('a') }), zm.object({ k: zm.literal('b'), n: zm.number() })])],
    ['an intersection of strings', zm.intersection(zm.string(), zm.string().check(zm.minLength(1)))],
    ['an array with bounds', zm.array(zm.string()).check(zm.minLength(1), zm.maxLength(3))],
    ['a tuple with an optional item', zm.tuple([zm.string(), zm.optional(zm.number())])],
    ['a tuple with a rest', zm.tuple([zm.string()], zm.number())],
    ['an empty tuple', zm.tuple([])],
    ['a record', zm.record(zm.string(), zm.number())],
    ['a record of enum keys', zm.record(zm.enum(['a', 'b']), zm.number())],
    ['a partial record', zm.partialRecord(zm.enum(['a', 'b']), zm.number())],
    ['a record of optional values', zm.record(zm.enum(['a', 'b']), zm.optional(zm.number()))],
    ['a described nullable', zm.nullable(zm.string()).check(zm.describe('x'))],
    ['a description inside an optional', zm.object({ a: zm.optional(zm.string().check(zm.describe('inner'))) })],
    ['a description on an optional', zm.object({ a: zm.optional(zm.string()).check(zm.describe('outer')) })],
    ['a title, examples and a deprecation', zm.string().check(zm.meta({ title: 'T', examples: ['a'], deprecated: true }))],
    ['a refinement', zm.string().check(zm.refine((value) => value.length > 1))],
    [
      'a transform by its input',
      zm.pipe(
        zm.string(),
        zm.transform((value: string) => value.length),
      ),
    ],
    ['string lengths', zm.string().check(zm.minLength(2), zm.maxLength(5))],
    ['an exact string length', zm.string().check(zm.length(3))],
    ['a pattern', zm.string().check(zm.regex(/^a+$/))],
    ['several patterns', zm.string().check(zm.startsWith('a'), zm.endsWith('z'), zm.includes('m'))],
    ['a lowercase string', zm.string().check(zm.lowercase())],
    ['an email', zm.email()],
    ['a UUID', zm.uuid()],
    ['a URL', zm.url()],
    ['a date-time', zm.iso.datetime()],
    ['a local date-time', zm.iso.datetime({ local: true })],
    ['a date', zm.iso.date()],
    ['a time', zm.iso.time()],
    ['base64', zm.base64()],
    ['base64url', zm.base64url()],
    ['an integer', zm.int()],
    ['exclusive and inclusive bounds', zm.number().check(zm.gt(1), zm.gte(0), zm.lte(9))],
    ['a bound and a tighter exclusive bound', zm.number().check(zm.gte(2), zm.lt(2.5))],
    ['two divisors', zm.number().check(zm.multipleOf(5), zm.multipleOf(3))],
    ['a success', zm.success(zm.string())],
    ['a recursive property', zm.object({ root: tree })],
    ['a recursive root', tree],
    ['a recursive lazy root', list],
    ['a schema with an id', zm.object({ user: zm.object({ name: zm.string() }).check(zm.meta({ id: 'User' })) })],
    [
      "an object of zod 3.25's `zod/v4`",
      z3v4
        .object({
          to: z3v4.string().describe('Recipient'),
          retries: z3v4.number().int().min(0).default(3),
          tags: z3v4.array(z3v4.string()).optional(),
          mode: z3v4.enum(['a', 'b']).nullable(),
          email: z3v4.string().email(),
          when: z3v4.string().datetime(),
          site: z3v4.string().url(),
        })
        .describe('Mail'),
    ],
    ["a strict object of zod 3.25's `zod/v4`", z3v4.object({ a: z3v4.string() }).strict()],
    [
      "a discriminated union of zod 3.25's `zod/v4`",
      z3v4.discriminatedUnion('t', [z3v4.object({ t: z3v4.literal('a') }), z3v4.object({ t: z3v4.literal('b') })]),
    ],
    [
      "refinements, transforms and preprocessing of zod 3.25's `zod/v4`",
      z3v4.object({
        a: z3v4.string().transform((value) => value.length),
        b: z3v4.preprocess((value) => String(value), z3v4.string()),
        c: z3v4
          .string()
          .optional()
          .refine(() => true),
      }),
    ],
    ["base64 of zod 3.25's `zod/v4`", z3v4.base64()],
  ] as const)('for %s', (_label, schema) => {
    expect(outcome(() => createZodJSONSchema(schema))).toBe(outcome(() => zodOwnJSONSchema(schema)));
  });

  it.each([
    ['a date', zm.date()],
    ['a bigint', zm.bigint()],
    ['a symbol', zm.symbol()],
    ['undefined', zm.undefined()],
    ['void', zm.void()],
    ['NaN', zm.nan()],
    ['a custom type', zm.custom()],
    ['a map', zm.map(zm.string(), zm.string())],
    ['a set', zm.set(zm.string())],
    ['a bigint literal', zm.literal(1n)],
    ['a transform', zm.transform((value) => value)],
    ['a catch value that needs the error', zm.catch(zm.string(), (context) => String(context.error.issues.length))],
    ['a divisor of 0', zm.number().check(zm.multipleOf(0))],
  ])('and throws zod’s error for %s, which JSON Schema cannot express', (_label, schema) => {
    const own = outcome(() => createZodJSONSchema(schema));
    expect(own).toMatch(/^throws: /);
    expect(own).toBe(outcome(() => zodOwnJSONSchema(schema)));
  });
});
