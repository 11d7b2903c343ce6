import { isRecord } from '../records/is-record.js';
import { splitWords } from '../text/split-words.js';

/** A JSON Schema node as the validator reads it: an object schema or a boolean one. */
export type ValidationSchema = { [keyword: string]: unknown } | boolean;

/** The JSON types; any other `type` value (Gemini's `TYPE_UNSPECIFIED`, a made-up `any`) constrains nothing. */
const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * The formats that are checked: those of the JSON Schema specification that the validator implements. Anything else
 * is an annotation: OpenAPI's and Gemini's `int32`, `int64`, `float`, `double`, `byte`, `binary`, `password` and
 * `enum`, and `url`, whose check refuses `localhost` and private addresses.
 */
const ASSERTED_FORMATS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ splitWords(
    'date time date-time duration email hostname ipv4 ipv6 uri uri-reference uri-template uuid regex json-pointer relative-json-pointer',
  ),
);

/** What a keyword's value is read as in the copy: the value kept, or `undefined` to leave the keyword out. */
type KeywordReader = (value: unknown) => unknown;

/**
 * The reader of each keyword this copy reads, by groups of space-separated keywords. A keyword not listed (`const`,
 * `default`, annotations and keywords unknown here) is kept as data: a `$ref` may point into an unknown one, such as
 * OpenAPI's `components`.
 */
const KEYWORD_READERS: ReadonlyMap<string, KeywordReader> = /* @__PURE__ */ createKeywordReaders([
  ['type', readType],
  // Gemini's `Schema` writes the counts as strings (`"minItems": "1"`, int64 in proto JSON).
  ['minLength maxLength minItems maxItems minProperties maxProperties minContains maxContains minimum maximum', readNumber],
  ['multipleOf', readDivisor],
  ['exclusiveMinimum exclusiveMaximum', (value) => (typeof value === 'boolean' ? value : readNumber(value))],
  ['format', (value) => (typeof value === 'string' && ASSERTED_FORMATS.has(value) ? value : undefined)],
  ['pattern', (value) => (typeof value === 'string' ? readPattern(value) : undefined)],
  ['required', readNameList],
  ['enum', (value) => (Array.isArray(value) ? copyData(value) : undefined)],
  ['uniqueItems $recursiveAnchor', (value) => (typeof value === 'boolean' ? value : undefined)],
  // Identifiers and references.
  ['$ref $id id $anchor $schema $recursiveRef $comment', (value) => (typeof value === 'string' ? value : undefined)],
  // One schema, or for `items` in drafts before 2020-12 a list of schemas.
  ['items', (value) => (Array.isArray(value) ? value.map(createValidationSchema) : readSchema(value))],
  ['additionalItems contains additionalProperties unevaluatedProperties unevaluatedItems propertyNames not if then else', readSchema],
  // A non-empty list of schemas.
  ['allOf anyOf oneOf prefixItems', (value) => (Array.isArray(value) && value.length > 0 ? value.map(createValidationSchema) : undefined)],
  // Names to schemas.
  ['properties $defs definitions dependentSchemas', (value) => (isRecord(value) ? copyMap(value, createValidationSchema) : undefined)],
  ['patternProperties', (value) => (isRecord(value) ? copyMap(value, createValidationSchema, readPattern) : undefined)],
  ['dependentRequired', (value) => (isRecord(value) ? copyMap(value, readNameList) : undefined)],
  // Draft 7: a list of names (what `dependentRequired` became) or a schema (what `dependentSchemas` became).
  [
    'dependencies',
    (value) => (isRecord(value) ? copyMap(value, (entry) => (Array.isArray(entry) ? readNameList(entry) : createValidationSchema(entry))) : undefined),
  ],
  // Left out: `nullable` (read into `type` and the rest instead), and the annotations holding example data, which
  // nothing validates against and which the validator would read as schemas (two examples with the same `id` make it
  // throw on a "duplicate schema URI").
  ['nullable example examples', () => undefined],
]);

function createKeywordReaders(groups: readonly (readonly [keywords: string, read: KeywordReader])[]): ReadonlyMap<string, KeywordReader> {
  return new Map(groups.flatMap(([keywords, read]) => splitWords(keywords).map((keyword) => [keyword, read] as const)));
}

/**
 * The JSON Schema the call check validates a tool's arguments against: a fresh copy of `schema` (the caller's is
 * never touched, and the validator writes into what it is given) in which what real producers write outside the
 * standard is read the way they mean it:
 *
 * - Gemini's and OpenAPI's `Schema`: a `type` in capitals (`STRING`, `OBJECT`); `nullable: true` (null is allowed:
 *   added to `type`, to `enum`, or as one more option); counts written as strings (`"minItems": "1"`,
 *   `"maxLength": "5"`); an `INTEGER` or `NUMBER` enum written as strings (`["101", "201"]`, the SDK's own example);
 *   `format: 'enum'` and the numeric formats (annotations).
 * - draft 4's boolean `exclusiveMinimum`/`exclusiveMaximum`, written in the draft 6+ form.
 * - Python's regular expression syntax in `pattern` and `patternProperties` (`(?P<name>…)`, `(?P=name)`, `\A`, `\Z`),
 *   written the JavaScript way, and escapes the validator's `u` flag refuses (`\-` outside a class) without the
 *   backslash.
 * - 2020-12's `$dynamicRef` and `$dynamicAnchor`, which the validator lacks, as `$ref` and `$anchor` (resolved where
 *   they point; dynamic scope only matters to schemas that extend one another, such as meta-schemas).
 *
 * What cannot be checked is left out rather than refusing every call: a `type` that is not a JSON type, a `pattern`
 * that is no valid JavaScript regular expression, a format the specification does not define, a keyword whose value
 * has the wrong shape (`required: true`, an empty `anyOf`, a negative `multipleOf`). `example` and `examples` are
 * left out too (data, not constraints).
 */
export function createValidationSchema(schema: unknown): ValidationSchema {
  if (typeof schema === 'boolean') return schema;
  // A schema that is not one (a type name written as a string, say) constrains nothing.
  if (!isRecord(schema)) return true;
  const copy: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const written = (KEYWORD_READERS.get(keyword) ?? copyData)(value);
    if (written !== undefined) setOwn(copy, keyword, written);
  }
  // 2020-12's dynamic references, which the validator does not know, followed statically: where they point unless a
  // schema extends another through them (meta-schemas do; tool schemas do not).
  if (typeof copy.$dynamicRef === 'string' && copy.$ref === undefined) copy.$ref = copy.$dynamicRef;
  if (typeof copy.$dynamicAnchor === 'string' && copy.$anchor === undefined) copy.$anchor = copy.$dynamicAnchor;
  if (typeof copy.exclusiveMinimum === 'boolean' || typeof copy.exclusiveMaximum === 'boolean') writeExclusiveBounds(copy);
  readNumericEnum(copy);
  if (schema.nullable === true) allowNull(copy);
  return copy;
}

/** A `type` in lower case with only JSON types kept; `undefined` (no constraint) when none is left. */
function readType(value: unknown): string | string[] | undefined {
  if (typeof value === 'string') {
    const type = value.toLowerCase();
    return JSON_TYPES.has(type) ? type : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const types = [...new Set(value.filter((type): type is string => typeof type === 'string').map((type) => type.toLowerCase()))].filter((type) =>
    JSON_TYPES.has(type),
  );
  // An empty list would refuse everything; one that held only unknown names constrained nothing readable.
  return types.length === 0 ? undefined : types;
}

/** A finite number, also from its decimal text (`"5"`); `undefined` for anything else. */
function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A number above 0, as `multipleOf` takes; `undefined` for anything else. */
function readDivisor(value: unknown): number | undefined {
  const divisor = readNumber(value);
  return divisor !== undefined && divisor > 0 ? divisor : undefined;
}

function readNameList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : undefined;
}

/**
 * A regular expression as JavaScript reads it with the `u` flag (as the validator compiles it), or `undefined` when
 * it cannot be. Python's named groups and string anchors (pydantic copies a `constr` pattern as written) are
 * rewritten first.
 */
function readPattern(pattern: string): string | undefined {
  const written = withoutIdentityEscapes(
    pattern
      .replace(/\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/g, '(?<$1>')
      .replace(/\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/g, '\\k<$1>')
      .replace(/(^|[^\\])\\A/g, '$1^')
      .replace(/(^|[^\\])\\[Zz]/g, '$1$'),
  );
  try {
    new RegExp(written, 'u');
    return written;
  } catch {
    return undefined;
  }
}

/**
 * Characters a `u`-flag regular expression may escape (its syntax characters and `/`), besides letters and digits. A
 * literal, not a `Set` built by a call: an app's bundler drops a literal it never reads (tsup.config.ts).
 */
const ESCAPABLE = /^[\^$\\.*+?()[\]{}|/]$/;

/**
 * A pattern with its identity escapes of other characters (`\-`, `\:`, `\@`, `\"`, common in schemas and fine
 * without the `u` flag) written as the character itself, which the `u` flag requires; `\-` inside a class is kept.
 */
function withoutIdentityEscapes(pattern: string): string {
  let written = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string;
    if (character === '\\' && index + 1 < pattern.length) {
      const next = pattern[index + 1] as string;
      const kept = /[A-Za-z0-9]/.test(next) || ESCAPABLE.test(next) || (inClass && next === '-');
      written += kept ? `\\${next}` : next;
      index += 1;
      continue;
    }
    if (character === '[' && !inClass) inClass = true;
    else if (character === ']' && inClass) inClass = false;
    written += character;
  }
  return written;
}

/**
 * Draft 4's `exclusiveMinimum: true` beside `minimum: 5` written as draft 6's `exclusiveMinimum: 5` (and `false` as
 * no keyword), so one reading applies to every draft.
 */
function writeExclusiveBounds(copy: Record<string, unknown>): void {
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof copy[exclusive] !== 'boolean') continue;
    if (copy[exclusive] === true && typeof copy[inclusive] === 'number') {
      copy[exclusive] = copy[inclusive];
      delete copy[inclusive];
    } else delete copy[exclusive];
  }
}

/**
 * Gemini's `enum` holds strings whatever the type ("`{type: INTEGER, format: enum, enum: ["101", "201"]}`", the SDK's
 * doc comment), and the model answers with numbers: for a number type, an enum of decimal texts is read as numbers.
 */
function readNumericEnum(copy: Record<string, unknown>): void {
  const types = typeof copy.type === 'string' ? [copy.type] : Array.isArray(copy.type) ? (copy.type as string[]) : [];
  if (!Array.isArray(copy.enum) || !types.some((type) => type === 'integer' || type === 'number')) return;
  if (types.includes('string') || !copy.enum.every((value) => value === null || (typeof value === 'string' && readNumber(value) !== undefined))) return;
  copy.enum = copy.enum.map((value) => (value === null ? null : readNumber(value)));
}

/** OpenAPI's `nullable: true`: null is allowed as well as what the schema allows. */
function allowNull(copy: Record<string, unknown>): void {
  if (typeof copy.type === 'string' && copy.type !== 'null') copy.type = [copy.type, 'null'];
  else if (Array.isArray(copy.type) && !copy.type.includes('null')) copy.type = [...copy.type, 'null'];
  if (Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  if ('const' in copy && copy.const !== null) {
    copy.enum = [copy.const, null];
    delete copy.const;
  }
  // The combinators refuse null unless one more option allows it; appended, so existing options keep their place
  // (a `$ref` may point to `#/anyOf/0`).
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(copy[keyword])) copy[keyword] = [...(copy[keyword] as unknown[]), { type: 'null' }];
  }
  const refusing = ['allOf', '$ref', 'not'].filter((keyword) => keyword in copy);
  if (refusing.length > 0 && !('anyOf' in copy)) {
    const moved: Record<string, unknown> = {};
    for (const keyword of refusing) {
      setOwn(moved, keyword, copy[keyword]);
      delete copy[keyword];
    }
    copy.anyOf = [moved, { type: 'null' }];
  }
}

/** One schema, object or boolean; `undefined` for anything else. */
function readSchema(value: unknown): ValidationSchema | undefined {
  return typeof value === 'boolean' || isRecord(value) ? createValidationSchema(value) : undefined;
}

/** A map's entries each read by `copyEntry`, under their key read by `readKey`; what either reads as `undefined` is left out. */
function copyMap(
  value: Record<string, unknown>,
  copyEntry: (entry: unknown) => unknown,
  readKey: (key: string) => string | undefined = (key) => key,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value)) {
    const key = readKey(name);
    const written = key === undefined ? undefined : copyEntry(entry);
    if (key !== undefined && written !== undefined) setOwn(copy, key, written);
  }
  return copy;
}

/** A deep copy of JSON data; keys such as `__proto__` stay own keys. */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) setOwn(copy, key, copyData(child));
  return copy;
}

/** Defined, not assigned: assigning `__proto__` would set the prototype instead of a key. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
