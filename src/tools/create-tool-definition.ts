import { z } from 'zod';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import { createZod3JSONSchema, isZod3Schema } from './create-zod3-json-schema.js';
import type { DeferrablePolicy, JSONSchemaObject, ToolDefinition } from './tool-definition.js';

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
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = toInputJSONSchema(options.schema);
  } catch (cause) {
    if (cause instanceof ToolSearchError) throw cause;
    throw new ToolSearchError(
      'invalid-tools',
      `tool \`${options.name}\`: its arguments schema cannot be expressed as JSON Schema (${cause instanceof Error ? cause.message : String(cause)})`,
      { cause },
    );
  }
  const { $schema: _dropped, ...inputSchema } = jsonSchema;
  if (inputSchema.type !== 'object') {
    throw new ToolSearchError(
      'invalid-tools',
      `tool \`${options.name}\`: the arguments schema must be an object schema (JSON Schema \`type: "object"\`), got type ${JSON.stringify(inputSchema.type ?? null)}`,
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

/** The input side's JSON Schema, from the first source that has one; throws `ToolSearchError` when none does. */
function toInputJSONSchema(schema: unknown): Record<string, unknown> {
  // ArkType's types are functions with properties.
  const props = (typeof schema === 'object' || typeof schema === 'function') && schema !== null ? (schema as Record<string, unknown>) : undefined;
  const standard = props !== undefined && isRecord(props['~standard']) ? props['~standard'] : undefined;
  const converter = standard !== undefined && isRecord(standard.jsonSchema) ? standard.jsonSchema.input : undefined;
  if (typeof converter === 'function') {
    // zod reads `unrepresentable` from the library options (its default, too); other libraries get none.
    const libraryOptions = standard?.vendor === 'zod' ? { libraryOptions: { unrepresentable: 'throw' } } : {};
    return converter({ target: 'draft-2020-12', ...libraryOptions }) as Record<string, unknown>;
  }
  if (isRecord(schema) && '_zod' in schema) {
    // A zod 4 schema from another copy of zod keeps `.describe()` texts in that copy's registry: read them there.
    const metadata = { get: (part: unknown) => z.globalRegistry.get(part as z.ZodType) ?? ownMetadata(part) };
    return z.toJSONSchema(schema as unknown as z.ZodType, { io: 'input', unrepresentable: 'throw', metadata: metadata as unknown as typeof z.globalRegistry });
  }
  if (isZod3Schema(schema)) return createZod3JSONSchema(schema);
  const vendor = typeof standard?.vendor === 'string' ? `a ${standard.vendor} schema` : describeValue(schema);
  throw new ToolSearchError(
    'invalid-tools',
    `\`schema\` must be a zod schema or a Standard JSON Schema (\`~standard.jsonSchema\`), got ${vendor} without one; pass a tool definition with its JSON Schema in \`inputSchema\` instead`,
  );
}

/** A zod 4 classic schema's metadata from its own copy of zod (`schema.meta()`), or `undefined`. */
function ownMetadata(schema: unknown): Record<string, unknown> | undefined {
  const meta = isRecord(schema) ? schema.meta : undefined;
  if (typeof meta !== 'function') return undefined;
  const value: unknown = meta.call(schema);
  return isRecord(value) ? value : undefined;
}
