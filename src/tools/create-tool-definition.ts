import { z } from 'zod';
import { ToolSearchError } from '../errors/tool-search-error.js';
import type { DeferrablePolicy, JSONSchemaObject, ToolDefinition } from './tool-definition.js';

/** What {@link createToolDefinition} needs: the tool's identity and a zod schema of its arguments. */
export interface CreateToolDefinitionOptions {
  /** The tool's name. */
  readonly name: string;
  /** What the tool does. */
  readonly description?: string;
  /** A zod object schema of the arguments; converted with `z.toJSONSchema` (the input side of transforms). */
  readonly schema: z.ZodType;
  /** A group label (OpenAI namespaces). */
  readonly category?: string;
  /** @default 'automatic' */
  readonly deferrable?: DeferrablePolicy;
}

/**
 * Turns a zod schema into a {@link ToolDefinition}, with the JSON Schema of the schema's input side.
 *
 * The `$schema` keyword is dropped (providers do not need it and it costs bytes in every request). Throws a
 * `ToolSearchError` (`invalid-tools`) when the schema cannot be expressed as JSON Schema or is not an object schema.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createToolDefinition } from 'tool-search';
 * const sendEmail = createToolDefinition({
 *   name: 'send_email',
 *   description: 'Send an email.',
 *   schema: z.object({ to: z.string().email(), body: z.string() }),
 * });
 * ```
 */
export function createToolDefinition(options: CreateToolDefinitionOptions): ToolDefinition {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(options.schema, { io: 'input', unrepresentable: 'throw' }) as Record<string, unknown>;
  } catch (cause) {
    throw new ToolSearchError(
      'invalid-tools',
      `tool \`${options.name}\`: its zod schema cannot be expressed as JSON Schema (${cause instanceof Error ? cause.message : String(cause)})`,
      { cause },
    );
  }
  const { $schema: _dropped, ...inputSchema } = jsonSchema;
  if (inputSchema.type !== 'object') {
    throw new ToolSearchError(
      'invalid-tools',
      `tool \`${options.name}\`: the arguments schema must be a zod object schema (JSON Schema \`type: "object"\`), got type ${JSON.stringify(inputSchema.type ?? null)}`,
    );
  }
  return {
    name: options.name,
    ...(options.description === undefined ? {} : { description: options.description }),
    inputSchema: inputSchema as JSONSchemaObject,
    ...(options.category === undefined ? {} : { category: options.category }),
    ...(options.deferrable === undefined ? {} : { deferrable: options.deferrable }),
  };
}
