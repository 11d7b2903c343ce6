import { createArgumentsJSONSchema, isArgumentsSchemaObject } from '../tools/create-arguments-json-schema.js';

/**
 * The object with its field `from`, when it holds a schema library's schema (zod 3 or 4, ArkType, any Standard JSON
 * Schema), written as JSON Schema in the field `to`, the way `createToolDefinition` converts it; the object itself
 * otherwise. What each session adapter's `withJSONSchemas` applies where its API keeps a tool's schema. Not part of
 * the public API.
 */
export function resolveJSONSchemaField(object: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const schema = object[from];
  if (!isArgumentsSchemaObject(schema)) return object;
  const name = typeof object.name === 'string' ? object.name : '(unnamed)';
  const { [from]: _replaced, ...rest } = object;
  return { ...rest, [to]: createArgumentsJSONSchema(schema, name) };
}
