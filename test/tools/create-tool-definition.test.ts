import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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
    expect(() => createToolDefinition({ name: 'x', schema: z.string() })).toThrow('tool `x`: the arguments schema must be a zod object schema');
  });

  it('rejects a schema JSON Schema cannot express', () => {
    expect(() => createToolDefinition({ name: 'x', schema: z.object({ when: z.date() }) })).toThrow(/tool `x`: its zod schema cannot be expressed as JSON Schema/);
  });
});
