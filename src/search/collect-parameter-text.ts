import { isRecord } from '../records/is-record.js';
import type { JSONSchemaObject } from '../tools/tool-definition.js';

/** How deep nested object schemas are read; deeper parameters are rare and their text is mostly repetition. */
const MAX_DEPTH = 4;
/** Bounds the text taken from one schema, so one enormous schema cannot dominate the index or its build time. */
const MAX_PIECES = 256;
const NESTED_SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

/**
 * Collects the searchable text of a tool's parameters: each property's name, `title` and `description`, and the
 * string values of its `enum`, walking nested objects, array `items` and `anyOf`/`oneOf`/`allOf` branches up to
 * four levels deep. Never throws on a malformed schema; parts that are not what JSON Schema says are skipped.
 * `skip` leaves out the top-level properties it returns `true` for, with everything under them (the tool index leaves
 * out the parameters a server's tools share: `findSharedParameters`).
 *
 * @example
 * ```ts
 * collectParameterText({ type: 'object', properties: { repoName: { type: 'string', description: 'Repository' } } });
 * // ['repoName', 'Repository']
 * ```
 */
export function collectParameterText(schema: JSONSchemaObject, skip?: (name: string, property: unknown) => boolean): string[] {
  const pieces: string[] = [];
  visit(schema, 0, pieces, skip);
  return pieces;
}

function visit(schema: unknown, depth: number, pieces: string[], skip?: (name: string, property: unknown) => boolean): void {
  if (depth > MAX_DEPTH || pieces.length >= MAX_PIECES || !isRecord(schema)) return;
  const properties = schema.properties;
  if (isRecord(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      if (pieces.length >= MAX_PIECES) return;
      if (skip?.(name, property) === true) continue;
      pieces.push(name);
      if (!isRecord(property)) continue;
      pushString(pieces, property.title);
      pushString(pieces, property.description);
      const values = property.enum;
      if (Array.isArray(values)) for (const value of values) pushString(pieces, value);
      visit(property, depth + 1, pieces);
    }
  }
  visit(schema.items, depth + 1, pieces);
  for (const key of NESTED_SCHEMA_LISTS) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) visit(branch, depth + 1, pieces);
  }
}

function pushString(pieces: string[], value: unknown): void {
  if (typeof value === 'string' && value.length > 0 && pieces.length < MAX_PIECES) pieces.push(value);
}
