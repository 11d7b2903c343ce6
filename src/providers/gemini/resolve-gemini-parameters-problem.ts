import { describeValue } from '../../errors/describe-value.js';
import { isRecord } from '../../records/is-record.js';
import { findJSONSchemaProblem } from '../../tools/find-json-schema-problem.js';
import type { GeminiRequestShape } from './gemini-api.js';
import { splitWords } from '../../text/split-words.js';

/** What the SDK's doc comment allows as a parameter name. */
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The keywords of Gemini's `Schema` (an OpenAPI 3.0 subset), as listed by the SDK's `Schema` type. */
const SCHEMA_KEYWORDS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ splitWords(
    'anyOf default description enum example format items maxItems maxLength maxProperties maximum',
    'minItems minLength minProperties minimum nullable pattern properties propertyOrdering required title type',
  ),
);

/**
 * The first reason Gemini would reject a function declaration's `parameters` (the OpenAPI-subset `Schema`), or
 * `null` when it has none of the problems checked here:
 *
 * - a keyword `Schema` does not have (`additionalProperties`, `$ref`, `$defs`, `oneOf`, `allOf`, `const`, …): the API
 *   answers "Invalid JSON payload received. Unknown name …";
 * - a `required` entry that is not in `properties` ("property is not defined");
 * - an array schema without `items` ("items: missing field");
 * - a parameter name that does not start with a letter or `_` or holds other characters than letters, digits and
 *   `_`, or is longer than 64 (the SDK's doc comment on `parameters`), such as `Content-Type`;
 * - in the REST shape, a `type` list (`["string", "null"]`).
 *
 * In the `sdk` shape the SDK converts the schema before sending (`processJsonSchema`: it drops
 * `additionalProperties`, turns a `type` list into `anyOf`/`nullable`, and moves a schema with `$schema` to
 * `parametersJsonSchema`), so those are not problems there. Use `parametersJsonSchema` for full JSON Schema.
 *
 * @example
 * ```ts
 * import { resolveGeminiParametersProblem } from 'tool-search/gemini';
 * resolveGeminiParametersProblem({ type: 'object', properties: {}, additionalProperties: false }, 'rest');
 * // '`additionalProperties` at the root is not a Gemini `parameters` keyword'
 * ```
 */
export function resolveGeminiParametersProblem(schema: unknown, shape: GeminiRequestShape): string | null {
  if (!isRecord(schema)) return 'the schema must be an object';
  // The SDK sends a schema that declares `$schema` as `parametersJsonSchema` (its `tTool`).
  if (shape === 'sdk' && '$schema' in schema) return null;
  return findJSONSchemaProblem(schema, 'the root', (node, where) => findProblem(node, where, shape), subschemas);
}

/** The first problem of one schema object, without its subschemas. */
function findProblem(schema: Record<string, unknown>, where: string, shape: GeminiRequestShape): string | null {
  for (const keyword of Object.keys(schema)) {
    if (SCHEMA_KEYWORDS.has(keyword)) continue;
    if (shape === 'sdk' && keyword === 'additionalProperties') continue;
    return `\`${keyword}\` at ${where} is not a Gemini \`parameters\` keyword`;
  }
  if (shape === 'rest' && Array.isArray(schema.type))
    return `\`type\` at ${where} is a list; Gemini \`parameters\` takes one type (use \`nullable\` or \`anyOf\`)`;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.some((type) => typeof type === 'string' && type.toLowerCase() === 'array') && schema.items === undefined) {
    return `the array at ${where} has no \`items\``;
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const badName = Object.keys(properties).find((name) => !PARAMETER_NAME.test(name));
  if (badName !== undefined)
    return `parameter name \`${badName}\` at ${where} must start with a letter or \`_\` and hold only letters, digits and \`_\` (at most 64)`;
  if (Array.isArray(schema.required)) {
    // Own properties only: `required: ['toString']` names nothing in `{}`.
    const undefinedNames = schema.required.filter((name) => typeof name !== 'string' || !Object.hasOwn(properties, name));
    if (undefinedNames.length > 0)
      return `\`required\` at ${where} names ${undefinedNames.map((name) => (typeof name === 'string' ? `\`${name}\`` : describeValue(name))).join(', ')}, not in \`properties\``;
  }
  return null;
}

/**
 * Where Gemini's `Schema` nests schemas: properties, array items and `anyOf` branches. Schema objects only: a list
 * elsewhere (a tuple's `items`) is not a `Schema`, so nothing in it is checked.
 */
function subschemas(schema: Record<string, unknown>, where: string): [string, unknown][] {
  const children: [string, unknown][] = [];
  if (isRecord(schema.properties)) for (const [name, value] of Object.entries(schema.properties)) children.push([`${where}.properties.${name}`, value]);
  children.push([`${where}.items`, schema.items]);
  if (Array.isArray(schema.anyOf)) for (const [index, item] of schema.anyOf.entries()) children.push([`${where}.anyOf[${index}]`, item]);
  return children.filter(([, child]) => isRecord(child));
}
