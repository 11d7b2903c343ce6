import { type core, globalRegistry, toJSONSchema } from 'zod';
import { isRecord } from '../records/is-record.js';

/** A zod 4 schema as zod's converter takes it: any copy's (zod 4, zod mini, zod 3.25's `zod/v4`). */
type Zod4Schema = core.$ZodType;

/** Whether a value is a zod 4 schema of any copy of zod (its internals sit in `_zod`). */
export function isZod4Schema(value: unknown): boolean {
  return isRecord(value) && '_zod' in value;
}

/**
 * The JSON Schema (draft 2020-12) of a zod 4 schema's input side, by zod's own converter: for the zod 4 schemas that
 * do not convert themselves through Standard JSON Schema (zod 4.0 and 4.1, zod mini, zod 3.25's `zod/v4`).
 *
 * The only module of the package that imports zod at run time, and only `toJSONSchema` and its registry: a bundle that
 * never converts a schema (no `createToolDefinition`, no session factory) leaves zod out, and one that does takes
 * zod's converter alone, not its parsers or locales. Throws zod's `Error` for a type JSON Schema cannot express.
 */
export function createZod4JSONSchema(schema: unknown): Record<string, unknown> {
  // A zod 4 schema from another copy of zod keeps `.describe()` texts in that copy's registry: read them there.
  const metadata = { get: (part: unknown) => globalRegistry.get(part as Zod4Schema) ?? ownMetadata(part) };
  return toJSONSchema(schema as Zod4Schema, {
    io: 'input',
    unrepresentable: 'throw',
    metadata: metadata as unknown as typeof globalRegistry,
  }) as Record<string, unknown>;
}

/** A zod 4 classic schema's metadata from its own copy of zod (`schema.meta()`), or `undefined`. */
function ownMetadata(schema: unknown): Record<string, unknown> | undefined {
  const meta = isRecord(schema) ? schema.meta : undefined;
  if (typeof meta !== 'function') return undefined;
  const value: unknown = meta.call(schema);
  return isRecord(value) ? value : undefined;
}
