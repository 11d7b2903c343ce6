import type { Schema } from '@cfworker/json-schema';
import { isRecord } from '../records/is-record.js';
import { MAX_VALUE_DEPTH, findUnserializableValue } from '../records/find-unserializable-value.js';
import { createBudgetedValue } from './create-budgeted-value.js';
import { createValidationSchema } from './create-validation-schema.js';
import { formatArgumentErrors } from './format-argument-errors.js';
import { resolveJSONSchemaDraft } from './resolve-json-schema-draft.js';
import type * as JSONSchemaValidator from './json-schema-validator.js';

/** A tool's input schema, compiled for checking arguments. */
export interface ArgumentValidator {
  /**
   * What is wrong with `value` (fresh JSON data, as `JSON.parse` makes it), one line per problem; empty when it fits.
   * Throws when the validator itself fails: a `$ref` cycle that never reaches a value overflows the stack, and, for a
   * recursive schema, a `ValidationBudgetError` ends a validation that would take exponential time
   * (`createBudgetedValue`).
   */
  validate(value: unknown): string[];
}

/** The module holding the JSON Schema validator's functions (`json-schema-validator.ts`), loaded by the caller. */
export type JSONSchemaValidatorModule = typeof JSONSchemaValidator;

/**
 * Compiles a tool's input schema with `@cfworker/json-schema` (drafts 4 to 2020-12, no code generation, so it runs
 * where `eval` is barred), after `createValidationSchema` has read the producers' dialects (Gemini's and OpenAPI's
 * `Schema`, draft 4 bounds, Python patterns) as JSON Schema. The draft comes from `$schema`
 * (`resolveJSONSchemaDraft`).
 *
 * Returns `null` when the schema cannot be used: a `$ref` that points nowhere in the schema (a remote one such as
 * `https://example.com/address.json`, or a typo), an `$id` that is no URI reference, two subschemas with one `$id`,
 * or an object the copy cannot walk (a cycle, or objects nested more than `MAX_VALUE_DEPTH` levels: the copy, the
 * validator and the cycle check below recurse per level, and whether a few thousand levels overflow the stack depends
 * on how the engine compiled them, so the bound is set here, not left to the stack).
 */
export function createArgumentValidator(inputSchema: unknown, jsonSchema: JSONSchemaValidatorModule): ArgumentValidator | null {
  let schema: Schema | boolean;
  let lookup: Record<string, Schema | boolean>;
  try {
    schema = createValidationSchema(inputSchema) as Schema | boolean;
    // The copy's depth, not the caller's schema's: the caller's is read once, by the copy.
    if (findUnserializableValue(schema, MAX_VALUE_DEPTH) !== undefined) return null;
    lookup = jsonSchema.dereference(schema);
  } catch {
    return null;
  }
  // The validator throws on an unresolved `$ref` only when a value reaches it; found here, once, for every one.
  for (const node of Object.values(lookup)) {
    if (!isRecord(node)) continue;
    for (const field of ['__absolute_ref__', '__absolute_recursive_ref__'] as const) {
      const target = (node as Record<string, unknown>)[field];
      if (typeof target === 'string' && lookup[target] === undefined) return null;
    }
  }
  const draft = resolveJSONSchemaDraft(inputSchema);
  // Only a schema with a `$ref` cycle can make validation exponential in the arguments' nesting; the others are
  // validated without the counting view (it doubles the cost of a call). The walk recurses per level: a schema too
  // deep for it cannot be used either.
  let budgeted: boolean;
  try {
    budgeted = hasReferenceCycle(schema, lookup);
  } catch {
    return null;
  }
  return {
    validate(value) {
      const instance = budgeted ? createBudgetedValue(value) : value;
      const result = jsonSchema.validate(instance, schema, draft, lookup, false);
      return result.valid ? [] : formatArgumentErrors(result.errors, { schema, lookup, instance });
    },
  };
}

/** Whether a `$ref` (or `$recursiveRef`) leads back to a schema it is inside of: a recursive schema. */
function hasReferenceCycle(schema: Schema | boolean, lookup: Record<string, Schema | boolean>): boolean {
  const onPath = new Set<object>();
  const cleared = new Set<object>();
  const visit = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null || cleared.has(node)) return false;
    if (onPath.has(node)) return true;
    onPath.add(node);
    const fields = node as { __absolute_ref__?: unknown; __absolute_recursive_ref__?: unknown };
    for (const target of [fields.__absolute_ref__, fields.__absolute_recursive_ref__]) {
      if (typeof target === 'string' && visit(lookup[target])) return true;
    }
    for (const child of Object.values(node)) if (visit(child)) return true;
    onPath.delete(node);
    cleared.add(node);
    return false;
  };
  return visit(schema);
}
