import { isRecord } from '../records/is-record.js';
import { createArgumentsJSONSchema, isArgumentsSchemaObject } from '../tools/create-arguments-json-schema.js';

/**
 * The object with its field `from`, when it holds a schema library's schema (zod 3 or 4, ArkType, any Standard JSON
 * Schema), written as JSON Schema in the field `to`, the way `createToolDefinition` converts it; the object itself
 * otherwise. `within` is where the API nests that object in a tool (`['function']` for Chat Completions'
 * `tool.function.parameters`): each object on the way is copied only when the schema is converted. What each session
 * adapter's `withJSONSchemas` applies where its API keeps a tool's schema. Not part of the public API.
 */
export function resolveJSONSchemaField(object: Record<string, unknown>, from: string, to: string, within: readonly string[] = []): Record<string, unknown> {
  const [key, ...rest] = within;
  if (key !== undefined) {
    const inner = object[key];
    if (!isRecord(inner)) return object;
    const converted = resolveJSONSchemaField(inner, from, to, rest);
    return converted === inner ? object : { ...object, [key]: converted };
  }
  const schema = object[from];
  if (!isArgumentsSchemaObject(schema)) return object;
  const name = typeof object.name === 'string' ? object.name : '(unnamed)';
  const { [from]: _replaced, ...others } = object;
  return { ...others, [to]: createArgumentsJSONSchema(schema, name) };
}
