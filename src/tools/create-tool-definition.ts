import { createArgumentsJSONSchema } from './create-arguments-json-schema.js';
import type { DeferrablePolicy, ToolDefinition } from './tool-definition.js';

/**
 * A schema of a tool's arguments from any Standard Schema library (the `~standard` property): zod 3.25+ and zod 4
 * (classic, mini, and zod 3.25's `zod/v4`), and any library that exposes Standard JSON Schema (`~standard.jsonSchema`),
 * such as ArkType. No type of a particular zod version is needed, so the package works next to any of them.
 * @see https://standardschema.dev
 */
export interface ToolArgumentsSchema {
  readonly '~standard': { readonly version: 1; readonly vendor: string };
}

/** What {@link createToolDefinition} needs: the tool's identity and a schema of its arguments. */
export interface CreateToolDefinitionOptions {
  /** The tool's name. */
  readonly name: string;
  /** What the tool does. */
  readonly description?: string;
  /** An object schema of the arguments (zod 3.25+, zod 4, ArkType, …); its input side becomes the JSON Schema. */
  readonly schema: ToolArgumentsSchema;
  /** A group label (OpenAI namespaces). */
  readonly category?: string;
  /** @default 'automatic' */
  readonly deferrable?: DeferrablePolicy;
}

/**
 * Turns a schema of a tool's arguments into a {@link ToolDefinition}, with the JSON Schema of the schema's input side.
 *
 * The JSON Schema comes from the schema itself where it can give one (Standard JSON Schema: zod 4.2 and newer,
 * ArkType, …); from this package's zod 4 for other zod 4 schemas (zod 4.0 and 4.1, zod mini, zod 3.25's `zod/v4`);
 * and from a converter of zod 3's classic schemas, which have no converter of their own. The `$schema` keyword is
 * dropped (providers do not need it and it costs bytes in every request). Throws a `ToolSearchError`
 * (`invalid-tools`) when the schema is not one of these, cannot be expressed as JSON Schema (a date, a transform's
 * output, …) or is not an object schema.
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
  const inputSchema = createArgumentsJSONSchema(options.schema, options.name);
  return {
    name: options.name,
    ...(options.description === undefined ? {} : { description: options.description }),
    inputSchema,
    ...(options.category === undefined ? {} : { category: options.category }),
    ...(options.deferrable === undefined ? {} : { deferrable: options.deferrable }),
  };
}
