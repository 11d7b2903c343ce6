import { isRecord } from '../records/is-record.js';
import { escapeRegExp } from '../text/escape-reg-exp.js';

type JSONSchema = Record<string, unknown>;
type Fields = Readonly<Record<string, unknown>>;
type Names = Record<string, string>;

/** The part of a zod 3 schema the converter reads: its definition, tagged with the class name. */
type Zod3Definition = Fields & { readonly typeName: string };

/** The part of a zod 4 schema (zod 4, zod mini, zod 3.25's `zod/v4`) the converter reads: its internals. */
interface Zod4Internals {
  readonly def: Fields & { readonly type: string; readonly checks?: readonly { readonly _zod: { readonly def: Fields } }[] };
  readonly traits: ReadonlySet<string>;
  readonly optin?: string;
  readonly values?: ReadonlySet<unknown>;
}

type Bound = 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum';

/** What a schema's checks say about it, gathered alike from zod 3's and zod 4's checks (bounds are of length for strings and arrays). */
interface ZodChecks extends Partial<Record<Bound, number>> {
  multipleOf: number[];
  patterns: string[];
  format?: string;
  contentEncoding?: string;
  isInt?: boolean;
}

/**
 * One part of a zod schema as the converter walks it, whichever zod wrote it: zod 4's type name and field names, its
 * checks gathered, its metadata, and the message for a type JSON Schema cannot express.
 */
interface ZodPart {
  readonly type: string;
  readonly def: Fields;
  readonly checks: ZodChecks;
  readonly meta: Fields | undefined;
  readonly zod3: boolean;
  readonly unrepresentable: string;
}

/** What one conversion carries down: the schemas being converted (the root first) and the `$defs` of cycles and ids. */
interface ZodWalk {
  readonly path: unknown[];
  readonly defs: Record<string, JSONSchema>;
  readonly cycles: Map<unknown, string>;
}

/** Whether a value is a zod schema: zod 4's (zod 4, zod mini, zod 3.25's `zod/v4`; internals in `_zod`) or zod 3's classic one. */
export function isZodSchema(value: unknown): boolean {
  return isRecord(value) && ('_zod' in value || isZod3Schema(value));
}

/**
 * The JSON Schema (draft 2020-12, without `$schema`) of a zod schema's input side, as zod 4's `z.toJSONSchema(schema, {
 * io: 'input' })` writes it: for the zod 4 schemas that do not convert themselves through Standard JSON Schema (zod 4.0
 * and 4.1, zod mini, zod 3.25's `zod/v4`) and for zod 3's classic schemas, which have no converter of their own. One walk
 * over zod 4's type names; a zod 3 definition is read into the same shape first.
 *
 * Checks with a JSON Schema keyword are kept (lengths, bounds, `int`, `multipleOf`, formats, patterns); refinements are
 * left out, as zod leaves them, so the schema is looser than the validator, never stricter. Wrappers that keep their
 * input describe it (refinements, brands, pipelines by their input side, lazy). A zod 4 recursive schema refers to
 * itself by `$ref`. Throws an `Error` naming the type for one JSON Schema cannot express (dates, bigints, maps, sets,
 * functions, symbols, `undefined`, transforms' outputs; recursive zod 3 schemas).
 */
export function createZodJSONSchema(schema: unknown): Record<string, unknown> {
  const walk: ZodWalk = { path: [], defs: {}, cycles: new Map() };
  const json = convert(schema, walk);
  if (Object.keys(walk.defs).length > 0) json.$defs = walk.defs;
  // zod's converter hands back what JSON keeps of it (dates written as strings, `undefined` left out).
  return JSON.parse(JSON.stringify(json)) as Record<string, unknown>;
}

function convert(schema: unknown, walk: ZodWalk): JSONSchema {
  if (walk.path.includes(schema)) {
    if (isZod3Schema(schema)) throw new Error('a recursive (z.lazy) schema cannot be expressed here');
    if (schema === walk.path[0]) return { $ref: '#' };
    if (!walk.cycles.has(schema)) walk.cycles.set(schema, `__schema${walk.cycles.size}`);
    return { $ref: `#/$defs/${walk.cycles.get(schema)}` };
  }
  const part = readPart(schema);
  walk.path.push(schema);
  const [own, inner] = convertPart(part, (child) => convert(child, walk));
  Object.assign(own, part.meta);
  if (!part.zod3 && ('default' in own || 'examples' in own) && isTransforming(schema, new Set())) {
    // A default or example describes a transform's output, not the input.
    delete own.default;
    delete own.examples;
  }
  // A wrapper's own keywords come first and win over those of the schema it wraps.
  const json = inner === undefined ? own : Object.assign({ ...own }, convert(inner, walk), own);
  walk.path.pop();
  if (!part.zod3 || part.type === 'nullable') compactTypes(json);
  const id = walk.cycles.get(schema) ?? (typeof part.meta?.id === 'string' ? part.meta.id : undefined);
  if (id === undefined) return json;
  const { id: _tag, ...body } = json;
  walk.defs[id] = body;
  return { $ref: `#/$defs/${id}` };
}

/** A part's own JSON Schema keywords and, for a wrapper, the schema it wraps. */
function convertPart(part: ZodPart, convertChild: (schema: unknown) => JSONSchema): [JSONSchema, unknown?] {
  const { def, checks } = part;
  switch (part.type) {
    case 'string': {
      const { minimum: minLength, maximum: maxLength, format, contentEncoding, patterns } = checks;
      const allOf = patterns.length > 1 ? patterns.map((pattern) => ({ pattern })) : undefined;
      return [defined({ type: 'string', minLength, maxLength, format, contentEncoding, pattern: allOf ? undefined : patterns[0], allOf })];
    }
    case 'number':
      return [numberSchema(checks)];
    case 'template_literal':
      return [{ type: 'string', pattern: (def.pattern as RegExp).source }];
    case 'file':
      return [defined({ type: 'string', format: 'binary', contentEncoding: 'binary', minLength: checks.minimum, maxLength: checks.maximum })];
    case 'literal':
      return [valuesSchema(def.values as unknown[], part)];
    case 'enum':
      return [valuesSchema(enumValues(def.entries as Fields), part)];
    case 'object':
      return [objectSchema(def, convertChild)];
    case 'array':
      return [defined({ minItems: checks.minimum, maxItems: checks.maximum, type: 'array', items: convertChild(def.element) })];
    case 'tuple': {
      const items = def.items as unknown[];
      let minItems = items.length;
      while (minItems > 0 && isOptionalInput(items[minItems - 1])) minItems -= 1;
      const [prefixItems, rest] = [items.map(convertChild), def.rest ?? undefined];
      const maxItems = rest === undefined ? items.length : undefined;
      return [defined({ type: 'array', prefixItems, items: rest === undefined ? false : convertChild(rest), minItems: minItems || undefined, maxItems })];
    }
    case 'record': {
      const json: JSONSchema = { type: 'object', propertyNames: convertChild(def.keyType), additionalProperties: convertChild(def.valueType) };
      // zod 4 requires every key of an enum or literal key schema, unless the record is partial or its values optional.
      const keys = [...((def.keyType as { _zod?: Zod4Internals })._zod?.values ?? [])].filter((key) => typeof key === 'string' || typeof key === 'number');
      if (keys.length > 0 && !def.partial && !isOptionalInput(def.valueType)) json.required = keys.map(String);
      return [json];
    }
    case 'union':
      return [{ [def.inclusive === false ? 'oneOf' : 'anyOf']: (def.options as unknown[]).map(convertChild) }];
    case 'intersection':
      return [{ allOf: [convertChild(def.left), convertChild(def.right)] }];
    case 'nullable':
      return [{ anyOf: [convertChild(def.innerType), { type: 'null' }] }];
    case 'default':
    case 'prefault':
      return [{ default: def.defaultValue }, def.innerType];
    case 'catch':
      return [{ default: catchValue(def) }, def.innerType];
    case 'readonly':
      return [{ readOnly: true }, def.innerType];
    case 'optional':
    case 'nonoptional':
    case 'promise':
    case 'lazy':
      return [{}, def.innerType];
    case 'pipe':
      // The input side: what goes in, or what a transform at the start hands on.
      return [{}, readPart(def.in).type === 'transform' ? def.out : def.in];
    default: {
      const fixed = FIXED_SCHEMAS[part.type];
      if (fixed === undefined) throw new Error(part.unrepresentable);
      return [{ ...fixed }];
    }
  }
}

/** The types whose JSON Schema is always the same. */
const FIXED_SCHEMAS: Readonly<Record<string, Fields>> = {
  boolean: { type: 'boolean' },
  success: { type: 'boolean' },
  null: { type: 'null' },
  any: {},
  unknown: {},
  never: { not: {} },
};

function objectSchema(def: Fields, convertChild: (schema: unknown) => JSONSchema): JSONSchema {
  const shape = def.shape as Fields;
  const properties: JSONSchema = {};
  const required: string[] = [];
  for (const key in shape) {
    properties[key] = convertChild(shape[key]);
    if (!isOptionalInput(shape[key])) required.push(key);
  }
  const catchall = def.catchall;
  // A strict object's catch-all is `never`; a loose one's `unknown`.
  const additionalProperties = catchall === undefined ? undefined : readPart(catchall).type === 'never' ? false : convertChild(catchall);
  return defined({ type: 'object', properties, required: required.length > 0 ? required : undefined, additionalProperties });
}

function numberSchema(checks: ZodChecks): JSONSchema {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = checks;
  // Of a bound and an exclusive bound, the tighter is written.
  const exclusiveLow = exclusiveMinimum !== undefined && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
  const exclusiveHigh = exclusiveMaximum !== undefined && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
  const divisors = new Set<number>();
  for (const divisor of checks.multipleOf) {
    if (!Number.isFinite(divisor) || divisor === 0) throw new Error(`A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
    divisors.add(Math.abs(divisor));
  }
  const [multipleOf, ...more] = divisors;
  const allOf = more.length > 0 ? more.map((divisor) => ({ multipleOf: divisor })) : undefined;
  const [low, high] = [exclusiveLow ? { exclusiveMinimum } : { minimum }, exclusiveHigh ? { exclusiveMaximum } : { maximum }];
  return defined({ type: checks.isInt ? 'integer' : 'number', ...low, ...high, multipleOf, allOf });
}

/** A literal's or an enum's values: `const` for one, `enum` for more, with their type when they share one. */
function valuesSchema(values: readonly unknown[], part: ZodPart): JSONSchema {
  for (const value of values) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') continue;
    const bigint = typeof value === 'bigint';
    if (part.zod3) throw new Error(`the literal ${bigint ? `${value}n` : String(value)} cannot be expressed as JSON Schema`);
    throw new Error(`${bigint ? 'BigInt literals' : 'Literal `undefined`'} cannot be represented in JSON Schema`);
  }
  if (values.length === 0) return { not: {} };
  const types = new Set(values.map((value) => (value === null ? 'null' : typeof value)));
  const type = types.size === 1 ? [...types][0] : undefined;
  return defined(values.length === 1 ? { type, const: values[0] } : { type, enum: [...values] });
}

/** An enum's values: a TypeScript numeric enum maps each value back to its key too, and those entries are not values. */
function enumValues(entries: Fields): unknown[] {
  const numbers = Object.values(entries).filter((value) => typeof value === 'number');
  return Object.entries(entries)
    .filter(([key]) => !numbers.includes(Number(key)))
    .map(([, value]) => value);
}

function catchValue(def: Fields): unknown {
  try {
    return (def.catchValue as (context: undefined) => unknown)(undefined);
  } catch {
    throw new Error('Dynamic catch values are not supported in JSON Schema');
  }
}

/** zod 4's form of a union of plain types: one `type` list instead of `anyOf` (`nullable()` gives one too). */
function compactTypes(json: JSONSchema): void {
  const options = json.anyOf;
  if (!Array.isArray(options) || options.length === 0 || json.type !== undefined) return;
  const types: unknown[] = [];
  for (const option of options) {
    if (!isRecord(option) || Object.keys(option).join() !== 'type') return;
    for (const type of [option.type].flat()) {
      if (typeof type !== 'string') return;
      if (!types.includes(type)) types.push(type);
    }
  }
  delete json.anyOf;
  json.type = types.length === 1 ? types[0] : types;
}

/** Whether a property or tuple item may be left out of the input: zod 4 says it (`optin`); zod 3 by its wrappers. */
function isOptionalInput(schema: unknown): boolean {
  const part = readPart(schema);
  if (part.zod3) {
    if (part.type === 'optional' || part.type === 'default') return true;
    const inner = part.type === 'pipe' ? part.def.in : part.type === 'nullable' || part.type === 'readonly' ? part.def.innerType : undefined;
    return inner !== undefined && isOptionalInput(inner);
  }
  // A transform or `catch` lets the parser see a missing key, but the declared input stays required.
  if (part.type === 'pipe' && readPart(part.def.in).type === 'transform') return isOptionalInput(part.def.out);
  return part.type === 'catch' ? isOptionalInput(part.def.innerType) : (schema as { _zod: Zod4Internals })._zod.optin !== undefined;
}

/** Whether a zod 4 schema transforms its input somewhere inside (zod's rule for leaving defaults and examples out). */
function isTransforming(schema: unknown, seen: Set<unknown>): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const { type, def } = readPart(schema);
  if (type === 'transform' || (schema as { _zod: Zod4Internals })._zod.traits.has('$ZodCodec')) return true;
  const { shape, options, items } = def as Record<string, unknown[] | undefined>;
  const children =
    type === 'object' ? Object.values(shape ?? {}) : [def.innerType, def.element, def.keyType, def.valueType, def.left, def.right, def.in, def.out, def.rest];
  return [...children, ...(options ?? items ?? [])].some((child) => isRecord(child) && isTransforming(child, seen));
}

/** zod 4's names in its messages for the types JSON Schema cannot express, where they are not the type's own. */
const ZOD4_NAMES: Readonly<Names> = {
  bigint: 'BigInt',
  symbol: 'Symbols',
  nan: 'NaN',
  custom: 'Custom types',
  function: 'Function types',
  transform: 'Transforms',
};

function readPart(schema: unknown): ZodPart {
  if (isZod3Schema(schema)) return readZod3(schema._def);
  const internals = isRecord(schema) && isRecord(schema._zod) ? (schema._zod as unknown as Zod4Internals) : undefined;
  if (internals === undefined) throw new Error('a part of the schema is not a zod schema');
  const { def } = internals;
  // zod 4 keeps a lazy schema's target and a template literal's pattern beside the definition.
  const fields = def.type === 'lazy' || def.type === 'template_literal' ? (internals as unknown as Fields) : def;
  // zod 4 keeps `.describe()` and `.meta()` in its global registry (shared by every copy of zod from 4.1, on `globalThis`);
  // a classic schema of an older copy reads its own with `meta()`.
  const registry = (globalThis as { __zod_globalRegistry?: { get(schema: unknown): Fields | undefined } }).__zod_globalRegistry;
  const meta = (schema as { meta?: () => unknown }).meta;
  const ownMeta = registry?.get(schema) ?? (typeof meta === 'function' ? meta.call(schema) : undefined);
  return {
    type: def.type,
    def: fields,
    checks: zod4Checks(internals),
    meta: isRecord(ownMeta) ? ownMeta : undefined,
    zod3: false,
    unrepresentable: `${ZOD4_NAMES[def.type] ?? def.type.charAt(0).toUpperCase() + def.type.slice(1)} cannot be represented in JSON Schema`,
  };
}

/** zod 4's formats under their JSON Schema names; `''` for a format JSON Schema has no name for. */
const ZOD4_FORMATS: Readonly<Names> = { guid: 'uuid', url: 'uri', datetime: 'date-time', json_string: 'json-string', regex: '', time: '' };

/**
 * The ranges of zod 4's number formats (`int()` is `safeint`). Written out (`safeint` is `Number.MIN_SAFE_INTEGER` to
 * `Number.MAX_SAFE_INTEGER`, `float64` `±Number.MAX_VALUE`): a table that reads no property is one an app's bundler can
 * drop from the shared `dist/core.js` when the app never converts a zod schema.
 */
const NUMBER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  safeint: [-9007199254740991, 9007199254740991],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
  float64: [-1.7976931348623157e308, 1.7976931348623157e308],
};

/**
 * zod 4 checks base64 with a lax pattern (the exact one overflows the regex stack on long input) and writes the exact
 * one into JSON Schema.
 */
const EXACT_BASE64_PATTERNS: Readonly<Record<string, string>> = {
  '^[0-9a-zA-Z+/]*={0,2}$': '^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$',
  '^[A-Za-z0-9_-]*$': '^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$',
};

function zod4Checks(internals: Zod4Internals): ZodChecks {
  const checks: ZodChecks = { multipleOf: [], patterns: [] };
  let lax = false;
  // A format schema (`z.email()`, `z.int()`) is its own first check.
  const own = internals.traits.has('$ZodCheck') ? [internals.def] : [];
  for (const check of [...own, ...(internals.def.checks ?? []).map((item) => item._zod.def)]) {
    // A length or size check names its bound by its meaning (`minimum`, `maximum`, `length`, `size`).
    tighten(checks, 'minimum', check.minimum ?? check.length ?? check.size);
    tighten(checks, 'maximum', check.maximum ?? check.length ?? check.size);
    const { value, format } = check as { value: number; format: string };
    if (check.check === 'greater_than') tighten(checks, check.inclusive ? 'minimum' : 'exclusiveMinimum', value);
    else if (check.check === 'less_than') tighten(checks, check.inclusive ? 'maximum' : 'exclusiveMaximum', value);
    else if (check.check === 'multiple_of' && !checks.multipleOf.includes(value)) checks.multipleOf.push(value);
    else if (check.check === 'number_format') {
      checks.isInt ||= format.includes('int');
      tighten(tighten(checks, 'minimum', NUMBER_RANGES[format]?.[0]), 'maximum', NUMBER_RANGES[format]?.[1]);
    } else if (check.check === 'string_format') {
      checks.format = format;
      let source = check.pattern instanceof RegExp ? check.pattern.source : undefined;
      if (format === 'base64' || format === 'base64url') {
        checks.contentEncoding = format;
        source = EXACT_BASE64_PATTERNS[source ?? ''] ?? source;
      }
      if (source !== undefined && !checks.patterns.includes(source)) checks.patterns.push(source);
      // A date-time with a local or any precision accepts what the `date-time` format forbids.
      lax ||= check.local === true || check.precision === -1;
    }
  }
  if (checks.format !== undefined) checks.format = lax ? undefined : (ZOD4_FORMATS[checks.format] ?? checks.format) || undefined;
  return checks;
}

/** Whether a value is a zod 3 schema (the classic API of zod 3.x, `import { z } from 'zod'` in zod 3.25). */
function isZod3Schema(value: unknown): value is { readonly _def: Zod3Definition } {
  return isRecord(value) && isRecord(value._def) && typeof value._def.typeName === 'string' && !('_zod' in value);
}

/**
 * The zod 3 classes not named after their zod 4 type (`ZodString` is `string`): wrappers that keep their input
 * (refinements, brands, `catch`) read as pipes, and promises as no type.
 */
const ZOD3_TYPES: Readonly<Names> = {
  ZodNativeEnum: 'enum',
  ZodDiscriminatedUnion: 'union',
  ZodPipeline: 'pipe',
  ZodEffects: 'pipe',
  ZodBranded: 'pipe',
  ZodCatch: 'pipe',
  ZodPromise: '',
};

/** A zod 3 schema that accepts anything: a passthrough object's catch-all. */
const ZOD3_UNKNOWN: Readonly<Fields> = { _def: { typeName: 'ZodUnknown' } };

/** The zod 3 string checks that are formats, under their JSON Schema names. */
const ZOD3_FORMATS: Readonly<Names> = { email: 'email', url: 'uri', uuid: 'uuid', datetime: 'date-time', date: 'date', time: 'time', duration: 'duration' };

function readZod3(def: Zod3Definition): ZodPart {
  const call = (field: string) => (typeof def[field] === 'function' ? (def[field] as () => unknown)() : undefined);
  const strip = def.unknownKeys === 'strip' && readPart(def.catchall).type === 'never';
  // zod 3's fields under zod 4's names; each type reads only its own.
  const fields = {
    ...def,
    shape: call('shape'),
    defaultValue: call('defaultValue'),
    innerType: def.innerType ?? call('getter'),
    element: def.type,
    entries: def.values,
    values: [def.value],
    in: def.in ?? def.schema ?? def.type ?? def.innerType,
    catchall: def.unknownKeys === 'passthrough' ? ZOD3_UNKNOWN : strip ? undefined : def.catchall,
  };
  return {
    type: ZOD3_TYPES[def.typeName] ?? def.typeName.slice(3).toLowerCase(),
    def: fields,
    checks: zod3Checks(def),
    meta: typeof def.description === 'string' ? { description: def.description } : undefined,
    zod3: true,
    unrepresentable: `${def.typeName} cannot be expressed as JSON Schema`,
  };
}

function zod3Checks(def: Zod3Definition): ZodChecks {
  const checks: ZodChecks = { multipleOf: [], patterns: [] };
  // zod 3 keeps an array's bounds as `{ value }` (or `null`); `length(n)` is both.
  const bound = (field: string) => (def[field] as { value: number } | null | undefined)?.value;
  tighten(checks, 'minimum', bound('minLength') ?? bound('exactLength'));
  tighten(checks, 'maximum', bound('maxLength') ?? bound('exactLength'));
  const list = Array.isArray(def.checks) ? (def.checks as { kind: string; value?: unknown; inclusive?: boolean; regex?: RegExp }[]) : [];
  for (const { kind, value, inclusive, regex } of list) {
    const text = escapeRegExp(String(value));
    if (ZOD3_FORMATS[kind] !== undefined) checks.format = ZOD3_FORMATS[kind];
    else if (kind === 'min') tighten(checks, inclusive === false ? 'exclusiveMinimum' : 'minimum', value);
    else if (kind === 'max') tighten(checks, inclusive === false ? 'exclusiveMaximum' : 'maximum', value);
    else if (kind === 'length') tighten(tighten(checks, 'minimum', value), 'maximum', value);
    else if (kind === 'int') checks.isInt = true;
    else if (kind === 'multipleOf') checks.multipleOf.push(value as number);
    else if (kind === 'regex' && regex instanceof RegExp) checks.patterns.push(regex.source);
    else if (kind === 'startsWith') checks.patterns.push(`^${text}.*`);
    else if (kind === 'endsWith') checks.patterns.push(`.*${text}$`);
    else if (kind === 'includes') checks.patterns.push(text);
  }
  return checks;
}

/** Narrows a bound: a minimum only rises, a maximum only falls. */
function tighten(checks: ZodChecks, key: Bound, value: unknown): ZodChecks {
  const current = checks[key];
  if (typeof value === 'number' && (current === undefined || (key.endsWith('inimum') ? value > current : value < current))) checks[key] = value;
  return checks;
}

/** The keywords of a schema that have a value. */
function defined(json: JSONSchema): JSONSchema {
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}
