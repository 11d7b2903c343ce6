import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import { createZodJSONSchema, isZodSchema } from './create-zod-json-schema.js';
import type { JSONSchemaObject } from './tool-definition.js';

/**
 * The JSON Schema of a tool's arguments from a schema object of a schema library: the one conversion behind
 * `createToolDefinition` and the session factories' `tools` (a zod schema where JSON Schema belongs is converted here).
 *
 * The JSON Schema comes from the schema itself where it can give one (Standard JSON Schema: zod 4.2 and newer,
 * ArkType, …); from the package's own converter for other zod schemas (zod 4.0 and 4.1, zod mini, zod 3.25's `zod/v4`,
 * and zod 3's classic schemas, which have no converter of their own). The `$schema` keyword is
 * dropped (providers do not need it and it costs bytes in every request). Throws a `ToolSearchError`
 * (`invalid-tools`) naming `toolName` when the schema is not one of these, cannot be expressed as JSON Schema (a date,
 * a transform's output, …) or is not an object schema.
 */
export function createArgumentsJSONSchema(schema: unknown, toolName: string): JSONSchemaObject {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = toInputJSONSchema(schema);
    // A library's own converter may give anything back.
    if (!isRecord(jsonSchema)) throw new Error(`its converter gave ${describeValue(jsonSchema)}, not a JSON Schema object`);
  } catch (cause) {
    if (cause instanceof ToolSearchError) throw cause;
    throw new ToolSearchError(
      'invalid-tools',
      `tool \`${toolName}\`: its arguments schema cannot be expressed as JSON Schema (${cause instanceof Error ? cause.message : String(cause)})`,
      { cause },
    );
  }
  const { $schema: _dropped, ...inputSchema } = jsonSchema;
  if (inputSchema.type !== 'object') {
    throw new ToolSearchError(
      'invalid-tools',
      `tool \`${toolName}\`: the arguments schema must be an object schema (JSON Schema \`type: "object"\`), got type ${JSON.stringify(inputSchema.type ?? null)}`,
    );
  }
  return inputSchema as JSONSchemaObject;
}

/**
 * Whether a value is a schema object of a schema library (zod 3 or 4, or any Standard Schema library such as
 * ArkType) rather than a JSON Schema: what {@link createArgumentsJSONSchema} converts.
 */
export function isArgumentsSchemaObject(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const fields = value as Record<string, unknown>;
  return isRecord(fields['~standard']) || isZodSchema(value);
}

/** The input side's JSON Schema, from the first source that has one; throws `ToolSearchError` when none does. */
function toInputJSONSchema(schema: unknown): Record<string, unknown> {
  // ArkType's types are functions with properties.
  const fields = (typeof schema === 'object' || typeof schema === 'function') && schema !== null ? (schema as Record<string, unknown>) : undefined;
  const standard = fields !== undefined && isRecord(fields['~standard']) ? fields['~standard'] : undefined;
  const converter = standard !== undefined && isRecord(standard.jsonSchema) ? standard.jsonSchema.input : undefined;
  if (typeof converter === 'function') {
    // zod reads `unrepresentable` from the library options (its default, too); other libraries get none.
    const libraryOptions = standard?.vendor === 'zod' ? { libraryOptions: { unrepresentable: 'throw' } } : {};
    return converter({ target: 'draft-2020-12', ...libraryOptions }) as Record<string, unknown>;
  }
  if (isZodSchema(schema)) return createZodJSONSchema(schema);
  const vendor = typeof standard?.vendor === 'string' ? `a ${standard.vendor} schema` : describeValue(schema);
  throw new ToolSearchError(
    'invalid-tools',
    `\`schema\` must be a zod schema or a Standard JSON Schema (\`~standard.jsonSchema\`), got ${vendor} without one; pass a tool definition with its JSON Schema in \`inputSchema\` instead`,
  );
}
