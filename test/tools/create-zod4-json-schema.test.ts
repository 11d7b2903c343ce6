import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { z as z3 } from 'zod3';
import { z as z3v4 } from 'zod3/v4';
import { createZod4JSONSchema, isZod4Schema } from '../../src/tools/create-zod4-json-schema.js';

describe('isZod4Schema', () => {
  it.each([
    ['a zod 4 schema', z.string(), true],
    ['a zod mini schema', zm.string(), true],
    ["a schema of zod 3.25's `zod/v4`", z3v4.string(), true],
    ['a zod 3 schema', z3.string(), false],
    ['a JSON Schema', { type: 'string' }, false],
    ['null', null, false],
  ])('says %s is %s', (_label, value, expected) => {
    expect(isZod4Schema(value)).toBe(expected);
  });
});

describe('createZod4JSONSchema', () => {
  const expected = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { to: { type: 'string', description: 'Recipient' }, retries: { type: 'integer', minimum: 0, default: 3 } },
    required: ['to'],
  };

  it.each([
    ['zod mini', () => zm.object({ to: zm.string().check(zm.describe('Recipient')), retries: zm._default(zm.int().check(zm.minimum(0)), 3) })],
    ["zod 3.25's `zod/v4`", () => z3v4.object({ to: z3v4.string().describe('Recipient'), retries: z3v4.number().int().min(0).default(3) })],
  ])('writes the input side of a %s schema, descriptions included', (_label, schema) => {
    expect(createZod4JSONSchema(schema())).toMatchObject(expected);
  });

  it('throws for a type JSON Schema cannot express', () => {
    expect(() => createZod4JSONSchema(zm.object({ when: zm.date() }))).toThrow(/cannot be represented in JSON Schema/);
  });
});
