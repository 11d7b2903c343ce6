import { type core, globalRegistry, toJSONSchema } from 'zod';
import { isRecord } from '../records/is-record.js';

/*!
 * The build bundles zod's JSON Schema converter (`toJSONSchema`, https://github.com/colinhacks/zod) into dist/:
 *
 * MIT License
 *
 * Copyright (c) 2025 Colin McDonnell
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

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
 * The only module of the package that imports zod, and only `toJSONSchema` and its registry: a bundle that never
 * converts a schema (no `createToolDefinition`, no session factory) leaves zod out, and one that does takes zod's
 * converter alone, not its parsers or locales. The package's build bundles that converter in (tsup.config.ts), so Node
 * loads none of zod's modules either. Throws zod's `Error` for a type JSON Schema cannot express.
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
