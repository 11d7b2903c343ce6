import { isRecord } from '../records/is-record.js';

/** The part of a zod 3 schema this converter reads: its definition, tagged with the class name. */
interface Zod3Definition {
  readonly typeName: string;
  readonly description?: string;
  readonly [field: string]: unknown;
}

/** Whether a value is a zod 3 schema (the classic API of zod 3.x, `import { z } from 'zod'` in zod 3.25). */
export function isZod3Schema(value: unknown): value is { readonly _def: Zod3Definition } {
  return isRecord(value) && isRecord(value._def) && typeof value._def.typeName === 'string' && !('_zod' in value);
}

/**
 * The JSON Schema (draft 2020-12) of a zod 3 schema's input side, written the way zod 4's `z.toJSONSchema(schema, {
 * io: 'input' })` writes the same schema: zod 3 has no converter of its own, and zod 3.25's `zod/v4` cannot read
 * zod 3 schemas.
 *
 * Covers every type JSON Schema can express: primitives, literals, enums (also native), objects (strict, passthrough,
 * catchall), arrays, tuples, records, unions, intersections, optional, nullable, default, and the wrappers that keep
 * their input (refinements, transforms and preprocessing describe their inner schema, pipelines their input side,
 * brand, readonly, catch, lazy). String and number checks with a JSON Schema keyword are kept (lengths, bounds,
 * `int`, `multipleOf`, `email`, `url`, `uuid`, dates and times, `regex`, `startsWith`, `endsWith`, `includes`);
 * other checks and refinements are left out, as zod 4 leaves them, so the schema is looser than the validator, never
 * stricter. Throws an `Error` naming the type for one JSON Schema cannot express (dates, bigints, maps, sets,
 * functions, promises, symbols, `undefined`, recursive schemas), or when `schema` is not a zod 3 schema.
 */
export function createZod3JSONSchema(schema: unknown): Record<string, unknown> {
  return convert(definitionOf(schema), []);
}

function convert(def: Zod3Definition, path: readonly Zod3Definition[]): Record<string, unknown> {
  if (path.includes(def)) throw new Error('a recursive (z.lazy) schema cannot be expressed here');
  const within = [...path, def];
  const inner = (schema: unknown): Record<string, unknown> => convert(definitionOf(schema), within);
  const result = convertType(def, inner);
  return typeof def.description === 'string' ? { ...result, description: def.description } : result;
}

function convertType(def: Zod3Definition, inner: (schema: unknown) => Record<string, unknown>): Record<string, unknown> {
  switch (def.typeName) {
    case 'ZodString':
      return { type: 'string', ...stringChecks(checksOf(def)) };
    case 'ZodNumber':
      return numberSchema(checksOf(def));
    case 'ZodBoolean':
      return { type: 'boolean' };
    case 'ZodNull':
      return { type: 'null' };
    case 'ZodAny':
    case 'ZodUnknown':
      return {};
    case 'ZodNever':
      return { not: {} };
    case 'ZodLiteral':
      return literalSchema(def.value);
    case 'ZodEnum':
      return { type: 'string', enum: [...(def.values as string[])] };
    case 'ZodNativeEnum':
      return nativeEnumSchema(def.values as Record<string, string | number>);
    case 'ZodObject':
      return objectSchema(def, inner);
    case 'ZodArray': {
      // zod 3 keeps each bound as `{ value }` (or `null`); `length(n)` is both bounds.
      const bound = (field: string) => (def[field] as { value: number } | null | undefined)?.value;
      const minItems = bound('minLength') ?? bound('exactLength');
      const maxItems = bound('maxLength') ?? bound('exactLength');
      return { type: 'array', items: inner(def.type), ...(minItems === undefined ? {} : { minItems }), ...(maxItems === undefined ? {} : { maxItems }) };
    }
    case 'ZodTuple': {
      const items = (def.items as unknown[]).map(inner);
      return def.rest
        ? { type: 'array', prefixItems: items, items: inner(def.rest), minItems: items.length }
        : { type: 'array', prefixItems: items, items: false, minItems: items.length, maxItems: items.length };
    }
    case 'ZodRecord':
      return { type: 'object', propertyNames: inner(def.keyType), additionalProperties: inner(def.valueType) };
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return { anyOf: [...(def.options as Iterable<unknown>)].map(inner) };
    case 'ZodIntersection':
      return { allOf: [inner(def.left), inner(def.right)] };
    case 'ZodNullable': {
      const schema = inner(def.innerType);
      // zod 4's form: a `type` list for a plain type, `anyOf` otherwise.
      return typeof schema.type === 'string' && Object.keys(schema).length === 1 ? { type: [schema.type, 'null'] } : { anyOf: [schema, { type: 'null' }] };
    }
    case 'ZodDefault':
      return { ...inner(def.innerType), default: (def.defaultValue as () => unknown)() };
    case 'ZodReadonly':
      return { ...inner(def.innerType), readOnly: true };
    case 'ZodOptional':
    case 'ZodCatch':
    case 'ZodEffects':
    case 'ZodPipeline':
    case 'ZodBranded':
      return inner(def[INNER_FIELDS[def.typeName] as string]);
    case 'ZodLazy':
      return inner((def.getter as () => unknown)());
    default:
      throw new Error(`${def.typeName} cannot be expressed as JSON Schema`);
  }
}

function objectSchema(def: Zod3Definition, inner: (schema: unknown) => Record<string, unknown>): Record<string, unknown> {
  const shape = (def.shape as () => Record<string, unknown>)();
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    properties[key] = inner(value);
    if (!isOptionalInput(definitionOf(value))) required.push(key);
  }
  const catchall = definitionOf(def.catchall);
  let additionalProperties: unknown;
  if (catchall.typeName !== 'ZodNever') additionalProperties = inner(def.catchall);
  else if (def.unknownKeys === 'strict') additionalProperties = false;
  else if (def.unknownKeys === 'passthrough') additionalProperties = {};
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(additionalProperties === undefined ? {} : { additionalProperties }),
  };
}

/**
 * Where each wrapper that keeps its input (refinements and transforms, pipelines by their input side) holds the
 * schema it wraps.
 */
const INNER_FIELDS: Readonly<Record<string, string>> = {
  ZodOptional: 'innerType',
  ZodDefault: 'innerType',
  ZodNullable: 'innerType',
  ZodReadonly: 'innerType',
  ZodCatch: 'innerType',
  ZodEffects: 'schema',
  ZodPipeline: 'in',
  ZodBranded: 'type',
};

/** Whether a property may be left out of the input: optional or defaulted, through wrappers that keep the input. */
function isOptionalInput(def: Zod3Definition): boolean {
  if (def.typeName === 'ZodOptional' || def.typeName === 'ZodDefault') return true;
  const inner = INNER_FIELDS[def.typeName];
  return inner !== undefined && isOptionalInput(definitionOf(def[inner]));
}

interface Zod3Check {
  readonly kind: string;
  readonly value?: unknown;
  readonly inclusive?: boolean;
  readonly regex?: RegExp;
}

function checksOf(def: Zod3Definition): readonly Zod3Check[] {
  return Array.isArray(def.checks) ? (def.checks as Zod3Check[]) : [];
}

const STRING_FORMATS: Readonly<Record<string, string>> = {
  email: 'email',
  url: 'uri',
  uuid: 'uuid',
  datetime: 'date-time',
  date: 'date',
  time: 'time',
  duration: 'duration',
};

function stringChecks(checks: readonly Zod3Check[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const patterns: string[] = [];
  for (const check of checks) {
    const format = STRING_FORMATS[check.kind];
    if (format !== undefined) result.format = format;
    else if (check.kind === 'min') result.minLength = check.value;
    else if (check.kind === 'max') result.maxLength = check.value;
    else if (check.kind === 'length') result.minLength = result.maxLength = check.value;
    else if (check.kind === 'regex' && check.regex instanceof RegExp) patterns.push(check.regex.source);
    else if (check.kind === 'startsWith') patterns.push(`^${escapePattern(String(check.value))}.*`);
    else if (check.kind === 'endsWith') patterns.push(`.*${escapePattern(String(check.value))}$`);
    else if (check.kind === 'includes') patterns.push(escapePattern(String(check.value)));
  }
  if (patterns.length === 1) result.pattern = patterns[0];
  else if (patterns.length > 1) result.allOf = patterns.map((pattern) => ({ pattern }));
  return result;
}

function numberSchema(checks: readonly Zod3Check[]): Record<string, unknown> {
  const result: Record<string, unknown> = { type: checks.some((check) => check.kind === 'int') ? 'integer' : 'number' };
  for (const check of checks) {
    if (check.kind === 'min') result[check.inclusive === false ? 'exclusiveMinimum' : 'minimum'] = check.value;
    else if (check.kind === 'max') result[check.inclusive === false ? 'exclusiveMaximum' : 'maximum'] = check.value;
    else if (check.kind === 'multipleOf') result.multipleOf = check.value;
  }
  return result;
}

function literalSchema(value: unknown): Record<string, unknown> {
  if (value === null) return { type: 'null' };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { type: typeof value, const: value };
  throw new Error(`the literal ${typeof value === 'bigint' ? `${value}n` : String(value)} cannot be expressed as JSON Schema`);
}

function nativeEnumSchema(values: Record<string, string | number>): Record<string, unknown> {
  // A numeric TypeScript enum maps each value back to its key too; those reverse entries are not values.
  const members = Object.keys(values)
    .filter((key) => typeof values[values[key] as string] !== 'number')
    .map((key) => values[key] as string | number);
  const types = [...new Set(members.map((member) => typeof member))];
  return { type: types.length === 1 ? types[0] : types, enum: members };
}

function definitionOf(schema: unknown): Zod3Definition {
  if (!isZod3Schema(schema)) throw new Error('a part of the schema is not a zod 3 schema');
  return schema._def;
}

function escapePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
