import { isRecord } from '../../records/is-record.js';
import { quoteNames } from '../../text/quote-names.js';
import { findJSONSchemaProblem } from '../../tools/find-json-schema-problem.js';

/**
 * The first reason OpenAI's strict mode (Structured Outputs) would reject a function's `parameters`, or `null` when
 * the schema meets the documented rules checked here: the root is an object schema (not `anyOf`), and every object
 * schema in it (through `properties`, `items`, `anyOf`, `allOf`, `$defs` and `definitions`) sets
 * `additionalProperties: false` and lists every property in `required`.
 *
 * Not every strict-mode limit is checked (nesting depth and size limits change over time); the ones above are the
 * common 400s, including a permissive stub (`additionalProperties: true`) sent with `strict: true`.
 *
 * @see https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
 * @example
 * ```ts
 * import { resolveOpenAIChatStrictSchemaProblem } from 'tool-search/openai';
 * resolveOpenAIChatStrictSchemaProblem({ type: 'object', additionalProperties: true });
 * // '`additionalProperties` must be false at the root, got true'
 * ```
 */
export function resolveOpenAIChatStrictSchemaProblem(schema: unknown): string | null {
  if (!isRecord(schema)) return 'the schema must be an object';
  if (schema.anyOf !== undefined) return 'the root must be an object schema, not `anyOf`';
  if (!hasType(schema, 'object')) return `the root must have \`type: 'object'\`, got ${JSON.stringify(schema.type) ?? 'no type'}`;
  return findJSONSchemaProblem(schema, 'the root', findProblem, subschemas);
}

/** The first strict-mode problem of one schema object, without its subschemas. */
function findProblem(schema: Record<string, unknown>, where: string): string | null {
  if (hasType(schema, 'object') || isRecord(schema.properties)) {
    if (schema.additionalProperties !== false) {
      return `\`additionalProperties\` must be false at ${where}, got ${JSON.stringify(schema.additionalProperties) ?? 'nothing'}`;
    }
    const properties = isRecord(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? new Set(schema.required) : new Set<unknown>();
    const optional = properties.filter((name) => !required.has(name));
    if (optional.length > 0) {
      return `every property must be in \`required\` at ${where} (make optional ones nullable instead); missing ${quoteNames(optional)}`;
    }
  }
  return null;
}

/** Where strict mode's rules reach: properties, definitions, array items and the branches of `anyOf` and `allOf`. */
function subschemas(schema: Record<string, unknown>, where: string): [string, unknown][] {
  const children: [string, unknown][] = [];
  if (isRecord(schema.properties)) for (const [name, value] of Object.entries(schema.properties)) children.push([`${where}.properties.${name}`, value]);
  for (const keyword of ['$defs', 'definitions']) {
    const defined = schema[keyword];
    if (isRecord(defined)) for (const [name, value] of Object.entries(defined)) children.push([`${where}.${keyword}.${name}`, value]);
  }
  for (const keyword of ['items', 'anyOf', 'allOf']) if (schema[keyword] !== undefined) children.push([`${where}.${keyword}`, schema[keyword]]);
  return children;
}

function hasType(schema: Record<string, unknown>, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}
