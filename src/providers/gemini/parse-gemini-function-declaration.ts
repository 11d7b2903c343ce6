import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { isRecord } from '../../records/is-record.js';
import type { JSONSchemaObject, ToolDefinition } from '../../tools/tool-definition.js';

export function parseGeminiFunctionDeclaration(value: unknown, at: string): ToolDefinition {
  if (!isRecord(value)) throw new ToolSearchError('invalid-request', `\`${at}\` must be a function declaration object, got ${describeValue(value)}`);
  const { name, description, parameters, parametersJsonSchema } = value;
  if (typeof name !== 'string' || name.length === 0) {
    throw new ToolSearchError('invalid-request', `\`${at}.name\` must be a non-empty string, got ${describeValue(name)}`);
  }
  if (description !== undefined && typeof description !== 'string') {
    throw new ToolSearchError('invalid-request', `\`${at}.description\` of \`${name}\` must be a string, got ${describeValue(description)}`);
  }
  checkSchema(parameters, `${at}.parameters`, name);
  checkSchema(parametersJsonSchema, `${at}.parametersJsonSchema`, name);
  let inputSchema: JSONSchemaObject;
  if (isRecord(parametersJsonSchema)) inputSchema = parametersJsonSchema;
  else if (isRecord(parameters)) inputSchema = toJSONSchema(parameters) as JSONSchemaObject;
  // "For function with no parameters, this can be left unset" (the SDK's doc comment).
  else inputSchema = { type: 'object', properties: {} };
  // Two literals, not a conditional spread: this runs for every declaration of every request, and the spread costs more.
  return description === undefined ? { name, inputSchema } : { name, description, inputSchema };
}

function checkSchema(schema: unknown, at: string, name: string): void {
  if (schema !== undefined && schema !== null && !isRecord(schema)) {
    throw new ToolSearchError('invalid-request', `\`${at}\` of \`${name}\` must be a schema object, got ${describeValue(schema)}`);
  }
}

/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMAS: ReadonlySet<string> = new Set(['items', 'anyOf', 'oneOf', 'allOf', 'not', 'additionalProperties']);

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', '$defs', 'definitions']);

/** A `parameters` schema (OpenAPI subset, types like `OBJECT`) written as JSON Schema, without touching the input. */
function toJSONSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJSONSchema);
  if (!isRecord(schema)) return schema;
  const result: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'nullable') continue;
    if (keyword === 'type') {
      if (typeof value === 'string' && value !== 'TYPE_UNSPECIFIED') result.type = value.toLowerCase();
      else if (Array.isArray(value)) result.type = value.map((type) => (typeof type === 'string' ? type.toLowerCase() : type));
      continue;
    }
    if (SCHEMA_MAPS.has(keyword) && isRecord(value)) {
      result[keyword] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toJSONSchema(property)]));
      continue;
    }
    result[keyword] = SUBSCHEMAS.has(keyword) ? toJSONSchema(value) : value;
  }
  if (schema.nullable === true) {
    if (typeof result.type === 'string') result.type = [result.type, 'null'];
    else if (Array.isArray(result.type) && !result.type.includes('null')) result.type = [...result.type, 'null'];
  }
  return result;
}
