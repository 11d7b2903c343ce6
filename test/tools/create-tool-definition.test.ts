import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { z as z3 } from 'zod3';
import { z as z3v4 } from 'zod3/v4';
import { type } from 'arktype';
import { createToolDefinition } from '../../src/tools/create-tool-definition.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';

describe('createToolDefinition', () => {
  it('turns a zod object schema into a tool definition with its JSON Schema', () => {
    const definition = createToolDefinition({
      name: 'send_email',
      description: 'Send an email.',
      schema: z.object({ to: z.string(), cc: z.array(z.string()).optional(), body: z.string().describe('Plain text') }),
      category: 'Mail',
      deferrable: 'always',
    });
    expect(definition).toEqual({
      name: 'send_email',
      description: 'Send an email.',
      inputSchema: {
        type: 'object',
        properties: { to: { type: 'string' }, cc: { type: 'array', items: { type: 'string' } }, body: { type: 'string', description: 'Plain text' } },
        required: ['to', 'body'],
      },
      category: 'Mail',
      deferrable: 'always',
    });
  });

  it('describes the input side of a schema with defaults', () => {
    const definition = createToolDefinition({ name: 'list', schema: z.object({ limit: z.number().default(10) }) });
    expect(definition.inputSchema).toMatchObject({ properties: { limit: { type: 'number', default: 10 } } });
    expect(definition.inputSchema.required).toBeUndefined();
  });

  it('rejects a schema that is not an object', () => {
    expect(() => createToolDefinition({ name: 'x', schema: z.string() })).toThrow(ToolSearchError);
    expect(() => createToolDefinition({ name: 'x', schema: z.string() })).toThrow(
      'tool `x`: the arguments schema must be an object schema (JSON Schema `type: "object"`), got type "string"',
    );
  });

  it('rejects a schema JSON Schema cannot express', () => {
    expect(() => createToolDefinition({ name: 'x', schema: z.object({ when: z.date() }) })).toThrow(
      /tool `x`: its arguments schema cannot be expressed as JSON Schema/,
    );
  });

  describe('with a schema of another library or zod version', () => {
    const expected = {
      type: 'object',
      properties: { to: { type: 'string', description: 'Recipient' }, cc: { type: 'array', items: { type: 'string' } } },
      required: ['to'],
    };

    it('takes a zod 3.25 schema (the classic v3 API, which has no JSON Schema converter of its own)', () => {
      const schema = z3.object({ to: z3.string().describe('Recipient'), cc: z3.array(z3.string()).optional() });
      expect(createToolDefinition({ name: 'send', schema }).inputSchema).toEqual(expected);
    });

    it("takes a schema of zod 3.25's `zod/v4`, descriptions included (kept in that copy's registry)", () => {
      const schema = z3v4.object({ to: z3v4.string().describe('Recipient'), cc: z3v4.array(z3v4.string()).optional() });
      expect(createToolDefinition({ name: 'send', schema }).inputSchema).toEqual(expected);
    });

    it('takes a zod mini schema', () => {
      const schema = zm.object({ to: zm.string().check(zm.describe('Recipient')), cc: zm.optional(zm.array(zm.string())) });
      expect(createToolDefinition({ name: 'send', schema }).inputSchema).toEqual(expected);
    });

    it('takes an ArkType type through Standard JSON Schema', () => {
      const schema = type({ to: type('string').describe('Recipient'), 'cc?': 'string[]' });
      expect(createToolDefinition({ name: 'send', schema }).inputSchema).toEqual(expected);
    });

    it('types `schema` without any zod version, so zod 3 and zod 4 schemas both fit', () => {
      expectTypeOf(z3.object({})).toExtend<Parameters<typeof createToolDefinition>[0]['schema']>();
      expectTypeOf(z.object({})).toExtend<Parameters<typeof createToolDefinition>[0]['schema']>();
      expectTypeOf({ type: 'object' }).not.toExtend<Parameters<typeof createToolDefinition>[0]['schema']>();
    });

    it('rejects a zod 3 schema JSON Schema cannot express, naming the type', () => {
      expect(() => createToolDefinition({ name: 'x', schema: z3.object({ when: z3.date() }) })).toThrow(
        'tool `x`: its arguments schema cannot be expressed as JSON Schema (ZodDate cannot be expressed as JSON Schema)',
      );
      expect(() => createToolDefinition({ name: 'x', schema: z3.string() })).toThrow('the arguments schema must be an object schema');
    });

    it('rejects a Standard Schema that exposes no JSON Schema, saying what to pass instead', () => {
      const schema = { '~standard': { version: 1, vendor: 'valibot', validate: (value: unknown) => ({ value }) } } as const;
      const create = () => createToolDefinition({ name: 'x', schema });
      expect(create).toThrow(ToolSearchError);
      expect(create).toThrow(
        '`schema` must be a zod schema or a Standard JSON Schema (`~standard.jsonSchema`), got a valibot schema without one; pass a tool definition with its JSON Schema in `inputSchema` instead',
      );
    });

    it.each([
      ['nothing', undefined],
      ['null', null],
      ['a string', '{"type":"object"}'],
    ])('rejects a Standard JSON Schema whose converter gives %s, with a ToolSearchError naming the tool', (_label, given) => {
      const schema = {
        '~standard': { version: 1, vendor: 'made-up', validate: (value: unknown) => ({ value }), jsonSchema: { input: () => given, output: () => given } },
      } as const;
      const create = () => createToolDefinition({ name: 'x', schema });
      expect(create).toThrow(ToolSearchError);
      expect(create).toThrow(
        expect.objectContaining({
          code: 'invalid-tools',
          message: expect.stringContaining('tool `x`: its arguments schema cannot be expressed as JSON Schema'),
        }),
      );
    });

    it('rejects a value that is no schema at all', () => {
      expect(() => createToolDefinition({ name: 'x', schema: { type: 'object' } as never })).toThrow('got an object without one');
    });
  });
});
