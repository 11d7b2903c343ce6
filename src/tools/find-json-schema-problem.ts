import { isRecord } from '../records/is-record.js';

/** Where a walk of a JSON Schema goes from one schema object: each subschema under it, with its place. */
export type JSONSchemaChildren = (schema: Record<string, unknown>, where: string) => Iterable<readonly [string, unknown]>;

/**
 * The first problem `check` finds in a JSON Schema or in the subschemas `children` leads to, depth first (a schema
 * before its subschemas, these in the order `children` gives them), or `null` when there is none. A list met on the
 * way is walked item by item (`where[0]`, `where[1]`, …); any other value that is not a schema object has no problem
 * to find. `where` names the root in the messages `check` writes (`the root`), and a subschema is named by its place
 * under it (`the root.properties.city`). Each API that checks a schema against its own subset (Gemini's `parameters`,
 * OpenAI's strict mode) brings its `check` and says where it looks. Not part of the public API.
 *
 * @example
 * ```ts
 * findJSONSchemaProblem(schema, 'the root', (node, where) => ('$ref' in node ? `\`$ref\` at ${where}` : null), propertiesOf);
 * ```
 */
export function findJSONSchemaProblem(
  schema: unknown,
  where: string,
  check: (schema: Record<string, unknown>, where: string) => string | null,
  children: JSONSchemaChildren,
): string | null {
  if (Array.isArray(schema)) {
    for (const [index, item] of schema.entries()) {
      const problem = findJSONSchemaProblem(item, `${where}[${index}]`, check, children);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (!isRecord(schema)) return null;
  const problem = check(schema, where);
  if (problem !== null) return problem;
  for (const [place, child] of children(schema, where)) {
    const childProblem = findJSONSchemaProblem(child, place, check, children);
    if (childProblem !== null) return childProblem;
  }
  return null;
}
