import type { JSONSchemaObject } from '../src/tools/tool-definition.js';

/**
 * Arguments a model would plausibly write for a tool: one short value per required parameter, by its type (a string
 * of a few words, a number, `true`, an empty list or object). Deterministic, so simulated sessions are reproducible.
 */
export function createSampleArguments(schema: JSONSchemaObject): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown; enum?: unknown }>;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const property = properties[name] ?? {};
    if (Array.isArray(property.enum) && property.enum.length > 0) {
      args[name] = property.enum[0];
      continue;
    }
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    switch (type) {
      case 'integer':
      case 'number':
        args[name] = 42;
        break;
      case 'boolean':
        args[name] = true;
        break;
      case 'array':
        args[name] = [];
        break;
      case 'object':
        args[name] = {};
        break;
      default:
        args[name] = 'quarterly_report.pdf';
    }
  }
  return args;
}
