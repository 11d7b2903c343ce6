import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { isRecord } from '../records/is-record.js';
import { splitWords } from '../text/split-words.js';

/** What {@link formatArgumentErrors} reads besides the errors: the compiled schema, its references, and the arguments. */
export interface ArgumentErrorContext {
  readonly schema: Schema | boolean;
  readonly lookup: Record<string, Schema | boolean>;
  readonly instance: unknown;
}

/** The most messages one call's answer lists; the model gets the full schema beside them. */
const MAX_MESSAGES = 10;
/** The longest pattern a message quotes. */
const MAX_PATTERN_LENGTH = 80;
/** The most enum values a message lists. */
const MAX_ENUM_VALUES = 20;
/** Keywords whose own message says what is wrong below them; the errors beneath are not listed one by one. */
const SUMMARIZING_KEYWORDS: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'not', 'propertyNames']);
/** Keywords whose error only says that something below failed; what failed follows as its own errors. */
const WRAPPING_KEYWORDS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ splitWords(
    '$ref $recursiveRef allOf if properties patternProperties additionalProperties unevaluatedProperties',
    'items prefixItems additionalItems unevaluatedItems dependentSchemas',
  ),
);

/** Keywords that apply a schema to array items: a `false` one there refuses the item's position. */
const ITEM_KEYWORDS: ReadonlySet<string> = new Set(['items', 'prefixItems', 'additionalItems', 'unevaluatedItems']);

/**
 * The validator's errors for one call, written for the model: one line per problem, each naming where (`` `a.b.0` ``,
 * or `arguments` for the whole) and the rule (`Invalid input: expected string, received number`,
 * `Invalid option: expected one of "celsius"|"fahrenheit"`, `Too small: expected array to have >=1 items`,
 * `Unrecognized key: "x"`). The validator's own errors say only that a subschema failed, at a JSON pointer into the
 * schema; these read the schema there to say which rule. A failed `anyOf`/`oneOf` is one line naming the option that
 * came closest and why it failed. At most {@link MAX_MESSAGES} lines.
 */
export function formatArgumentErrors(errors: readonly OutputUnit[], context: ArgumentErrorContext): string[] {
  const messages = describeErrors(readEntries(errors), context).map(showProblem);
  if (messages.length <= MAX_MESSAGES) return messages;
  return [...messages.slice(0, MAX_MESSAGES - 1), `… and ${messages.length - MAX_MESSAGES + 1} more problems`];
}

/** One problem with the arguments: where, what, and of which kind (for the rules that merge problems). */
interface Problem {
  readonly path: readonly string[];
  readonly text: string;
  readonly kind: 'rule' | 'pattern' | 'format' | 'unrecognized-key';
  /** For a key the schema does not allow: the key. */
  readonly key?: string;
  /** For a failed `anyOf`/`oneOf`: the problems of the option that came closest. */
  readonly closest?: readonly Problem[];
}

/** One validator error with the schema location it belongs to, and the error before it. */
interface Entry {
  readonly error: OutputUnit;
  readonly location: string;
  readonly previous: OutputUnit | undefined;
}

function readEntries(errors: readonly OutputUnit[]): Entry[] {
  // A `false` schema's error carries the instance location where the schema location belongs: it is placed under the
  // error before it, the keyword that applied the `false` schema.
  const entries: Entry[] = [];
  for (const [index, error] of errors.entries()) {
    const previous = entries[index - 1];
    entries.push({
      error,
      location: error.keyword === 'false' && previous !== undefined ? `${previous.location}/false` : error.keywordLocation,
      previous: previous?.error,
    });
  }
  return entries;
}

function describeErrors(entries: readonly Entry[], context: ArgumentErrorContext): Problem[] {
  // `contains` keeps the errors of the items it tried, before or after its own: below it, nothing is listed.
  const underContains: string[] = [];
  for (const { error } of entries) {
    if (error.keyword === 'contains' || error.keyword === 'minContains' || error.keyword === 'maxContains')
      underContains.push(`${parentLocation(error.keywordLocation)}/contains/`);
  }
  const problems: Problem[] = [];
  const done = new Set<string>();
  // The errors below a summarizing keyword follow it, each at a location under its own.
  let summarized: string | undefined;
  for (const [index, { error, location, previous }] of entries.entries()) {
    if (summarized !== undefined && location.startsWith(summarized)) continue;
    summarized = SUMMARIZING_KEYWORDS.has(error.keyword) ? `${error.keywordLocation}/` : undefined;
    if (WRAPPING_KEYWORDS.has(error.keyword) || underContains.some((prefix) => location.startsWith(prefix))) continue;
    if (error.keyword === 'dependencies' && error.error.includes('dependant schema')) continue;
    const key = `${error.keyword}\n${error.instanceLocation}\n${error.keywordLocation}`;
    if (done.has(key)) continue;
    done.add(key);
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      // The options' errors follow their keyword's, each under `<keyword location>/<option>`.
      const prefix = `${error.keywordLocation}/`;
      const options = new Map<number, Entry[]>();
      for (let next = index + 1; next < entries.length && (entries[next] as Entry).location.startsWith(prefix); next += 1) {
        const entry = entries[next] as Entry;
        const end = entry.location.indexOf('/', prefix.length);
        const option = Number(entry.location.slice(prefix.length, end === -1 ? undefined : end));
        const list = options.get(option);
        if (list === undefined) options.set(option, [entry]);
        else list.push(entry);
      }
      problems.push(describeOptions(error, options, context));
    } else problems.push(...describeError(error, previous, context));
  }
  // Never an empty answer for a refused call: the validator's own words when nothing above applied.
  if (problems.length === 0 && entries.length > 0) {
    const first = entries.find(({ error }) => !WRAPPING_KEYWORDS.has(error.keyword)) ?? (entries[0] as Entry);
    problems.push({ path: readPointer(first.error.instanceLocation), text: first.error.error, kind: 'rule' });
  }
  return mergeProblems(problems);
}

/**
 * The problems worth telling: one of each; a failed format without the pattern beside it that says the same (zod 4
 * writes both); a key the schema does not know only when nothing is said about its value (the 2020-12 rule reports
 * a declared property whose value fails as unevaluated too).
 */
function mergeProblems(problems: readonly Problem[]): Problem[] {
  const formats = new Set(problems.filter((problem) => problem.kind === 'format').map((problem) => JSON.stringify(problem.path)));
  // Every path something is said about, and each of its prefixes (only when a key may need leaving out).
  const described = new Set<string>();
  if (problems.some((problem) => problem.kind === 'unrecognized-key')) {
    for (const problem of problems) {
      if (problem.kind === 'unrecognized-key') continue;
      let prefix = '';
      for (const segment of problem.path) {
        prefix += `${JSON.stringify(segment)},`;
        described.add(prefix);
      }
    }
  }
  const shown = new Set<string>();
  return problems.filter((problem) => {
    const text = showProblem(problem);
    if (shown.has(text)) return false;
    shown.add(text);
    if (problem.kind === 'pattern') return !formats.has(JSON.stringify(problem.path));
    if (problem.kind === 'unrecognized-key')
      return !described.has([...problem.path, problem.key ?? ''].map((segment) => `${JSON.stringify(segment)},`).join(''));
    return true;
  });
}

function showProblem(problem: Problem): string {
  return `${showPath(problem.path)}: ${problem.text}`;
}

/** What the model is told for a keyword whose rule its schema node says in full. */
const RULES: Readonly<Record<string, (node: Record<string, unknown>) => string>> = {
  enum: (node) => `Invalid option: expected one of ${describeEnum(node.enum)}`,
  const: (node) => `Invalid input: expected ${JSON.stringify(node.const)}`,
  multipleOf: (node) => `Invalid number: expected a multiple of ${String(node.multipleOf)}`,
  contains: () => 'Invalid input: no item fits `contains`',
  minContains: (node) => `Invalid input: expected at least ${String(node.minContains)} items to fit \`contains\``,
  maxContains: (node) => `Invalid input: expected at most ${String(node.maxContains)} items to fit \`contains\``,
  not: () => 'Invalid input: must not fit the `not` schema',
};

/** What a bounded count or size is of, by the keyword's suffix (a number without one): the subject and its unit. */
const BOUNDED: Readonly<Record<string, readonly string[]>> = {
  Length: ['string', ' characters'],
  Items: ['array', ' items'],
  Properties: ['object', ' properties'],
};

/** The rule of a bound keyword (`minLength` … `exclusiveMaximum`): `Too small: expected string to have >=3 characters`. */
function describeBound(keyword: string, node: Record<string, unknown>): string | undefined {
  const match = /^(exclusiveM|m)(in|ax)(Length|Items|Properties|imum)$/.exec(keyword);
  if (match === null) return undefined;
  const [subject, unit = ''] = BOUNDED[match[3] as string] ?? ['number'];
  const bound = `${match[2] === 'in' ? '>' : '<'}${match[1] === 'm' ? '=' : ''}${String(node[keyword])}${unit}`;
  return `Too ${match[2] === 'in' ? 'small' : 'big'}: expected ${subject} ${unit === '' ? 'to be' : 'to have'} ${bound}`;
}

/** The problems one error stands for. `previous` is the error before it (for a `false` schema: what applied it). */
function describeError(error: OutputUnit, previous: OutputUnit | undefined, context: ArgumentErrorContext): Problem[] {
  const path = readPointer(error.instanceLocation);
  const node = error.keyword === 'false' ? undefined : schemaAt(readPointer(parentLocation(error.keywordLocation)), context);
  const value = valueAt(path, context.instance);
  const rule = (text: string): Problem[] => [{ path, text, kind: 'rule' }];
  // A location not followed here: the validator's own words.
  if (node === undefined && error.keyword !== 'false') return rule(error.error);
  const text = node === undefined ? undefined : (RULES[error.keyword]?.(node) ?? describeBound(error.keyword, node));
  if (text !== undefined) return rule(text);
  switch (error.keyword) {
    case 'type':
      return rule(`Invalid input: expected ${describeType(node?.type)}, received ${jsonType(value)}`);
    case 'required':
      return readNames(node?.required)
        .filter((name) => !hasOwn(value, name))
        .map((name) => ({
          path: [...path, name],
          text: `Invalid input: expected ${describeExpected(propertySchema(error.keywordLocation, name, context), context)}, received undefined`,
          kind: 'rule',
        }));
    case 'dependentRequired':
    case 'dependencies': {
      const dependencies = error.keyword === 'dependentRequired' ? node?.dependentRequired : node?.dependencies;
      const problems: Problem[] = [];
      for (const [name, dependants] of Object.entries(isRecord(dependencies) ? dependencies : {})) {
        if (!hasOwn(value, name)) continue;
        for (const dependant of readNames(dependants)) {
          if (!hasOwn(value, dependant))
            problems.push({ path: [...path, dependant], text: `Invalid input: required when \`${name}\` is present`, kind: 'rule' });
        }
      }
      return problems;
    }
    case 'pattern': {
      const pattern = String(node?.pattern);
      // A long pattern (zod 4 writes one beside each format) is in the schema the answer carries.
      const shown = pattern.length > MAX_PATTERN_LENGTH ? 'the pattern in its schema' : `pattern /${pattern}/`;
      const text = typeof node?.format === 'string' ? `Invalid string: must match ${shown} (format "${node.format}")` : `Invalid string: must match ${shown}`;
      return [{ path, text, kind: 'pattern' }];
    }
    case 'format':
      return [{ path, text: `Invalid string: expected format "${String(node?.format)}"`, kind: 'format' }];
    case 'uniqueItems': {
      const pair = /indexes (\d+) and (\d+)/.exec(error.error);
      return rule(`Invalid input: items must be unique${pair === null ? '' : ` (items ${pair[1]} and ${pair[2]} are equal)`}`);
    }
    case 'propertyNames': {
      const name = /^Property name "([\s\S]*)" does not match schema\.$/.exec(error.error)?.[1];
      return rule(`Invalid key${name === undefined ? '' : `: ${JSON.stringify(name)}`}`);
    }
    case 'false':
      if (previous?.keyword === 'additionalProperties' || previous?.keyword === 'unevaluatedProperties') {
        const key = path.at(-1) ?? '';
        return [{ path: path.slice(0, -1), text: `Unrecognized key: ${JSON.stringify(key)}`, kind: 'unrecognized-key', key }];
      }
      if (previous !== undefined && ITEM_KEYWORDS.has(previous.keyword)) return rule('Invalid input: no item is allowed at this position');
      return rule('Invalid input: no value is allowed here');
    default:
      return rule(error.error);
  }
}

/**
 * The problem a failed `anyOf` or `oneOf` stands for: how many options fit, and for none, which came closest and why
 * it failed (the innermost reason, when that is an option nested in an option). When every option fails on its type
 * alone, the text lists the types (`expected string or null, received number`). `optionErrors` are the validator's
 * errors under each option.
 */
function describeOptions(error: OutputUnit, optionErrors: ReadonlyMap<number, readonly Entry[]>, context: ArgumentErrorContext): Problem {
  const path = readPointer(error.instanceLocation);
  const keyword = error.keyword as 'anyOf' | 'oneOf';
  const node = schemaAt(readPointer(parentLocation(error.keywordLocation)), context);
  const options = Array.isArray(node?.[keyword]) ? (node[keyword] as unknown[]) : [];
  const matches = Number(/\((\d+) matches\)/.exec(error.error)?.[1] ?? 0);
  const problem = (text: string, closest?: readonly Problem[]): Problem => ({ path, text, kind: 'rule', ...(closest === undefined ? {} : { closest }) });
  if (matches > 1) return problem(`Invalid input: fits ${matches} of the ${options.length} options of \`${keyword}\`; exactly one must fit`);
  const failures = options.map((_option, index) => {
    const entries = optionErrors.get(index) ?? [];
    return { index, entries, problems: describeErrors(entries, context) };
  });
  const ownTypeOnly = failures.every(({ entries }) => {
    const leaves = entries.filter(({ error: entry }) => !WRAPPING_KEYWORDS.has(entry.keyword));
    return leaves.length === 1 && leaves[0]?.error.keyword === 'type' && leaves[0].error.instanceLocation === error.instanceLocation;
  });
  const value = valueAt(path, context.instance);
  if (ownTypeOnly && failures.length > 0) {
    const types = failures.flatMap(({ entries }) => {
      const leaf = entries.find(({ error: entry }) => entry.keyword === 'type') as Entry;
      return readNames(schemaAt(readPointer(parentLocation(leaf.error.keywordLocation)), context)?.type);
    });
    return problem(`Invalid input: expected ${describeType([...new Set(types)])}, received ${jsonType(value)}`);
  }
  // The closest option: one of the value's own kind (no type, const or enum mismatch at its top), then the fewest problems.
  const rank = ({ entries, problems }: (typeof failures)[number]): number =>
    problems.length +
    (entries.some(({ error: entry }) => entry.instanceLocation === error.instanceLocation && ['type', 'const', 'enum', 'false'].includes(entry.keyword))
      ? 2 ** 30
      : 0);
  let closest: (typeof failures)[number] | undefined;
  for (const failure of failures) if (failure.problems.length > 0 && (closest === undefined || rank(failure) < rank(closest))) closest = failure;
  const summary = `Invalid input: fits none of the ${options.length === 1 ? 'options' : `${options.length} options`} of \`${keyword}\``;
  if (closest === undefined) return problem(summary);
  const reasons = closest.problems.slice(0, 2).map((reason) => showProblem(innermost(reason)));
  return problem(`${summary}; the closest, option ${closest.index + 1}, fails with ${reasons.join('; ')}`, closest.problems);
}

/** The reason at the bottom of options nested in options. */
function innermost(problem: Problem): Problem {
  let found = problem;
  while (found.closest?.[0] !== undefined) found = found.closest[0];
  return found;
}

/** What a property is expected to be, for a missing one: its type, its values, or "a value". */
function describeExpected(schema: unknown, context: ArgumentErrorContext, depth = 0): string {
  if (!isRecord(schema) || depth > 8) return 'a value';
  if (schema.type !== undefined) return describeType(schema.type);
  if (Array.isArray(schema.enum)) return `one of ${describeEnum(schema.enum)}`;
  if ('const' in schema) return JSON.stringify(schema.const);
  const reference = (schema as { __absolute_ref__?: unknown }).__absolute_ref__;
  if (typeof reference === 'string') return describeExpected(context.lookup[reference], context, depth + 1);
  // pydantic v1 wraps a `$ref` with a description in a one-item `allOf`.
  if (Array.isArray(schema.allOf)) {
    const described = schema.allOf.map((member) => describeExpected(member, context, depth + 1)).find((text) => text !== 'a value');
    if (described !== undefined) return described;
  }
  const options = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (options !== undefined) {
    const described = options.map((option) => describeExpected(option, context, depth + 1));
    if (!described.includes('a value')) return [...new Set(described)].join(' or ');
  }
  return 'a value';
}

/**
 * The schema of a property a `required` names: in the `properties` beside it, or in those of a schema that applies
 * to the same value around it (`then: { required: [...] }` beside the object's `properties`).
 */
function propertySchema(requiredLocation: string, name: string, context: ArgumentErrorContext): unknown {
  let segments = readPointer(parentLocation(requiredLocation));
  for (;;) {
    const properties = schemaAt(segments, context)?.properties;
    if (isRecord(properties) && hasOwn(properties, name)) return properties[name];
    const last = segments.at(-1);
    const before = segments.at(-2);
    if (last === 'then' || last === 'else' || last === 'if' || last === 'not' || last === '$ref') segments = segments.slice(0, -1);
    else if (before === 'allOf' || before === 'anyOf' || before === 'oneOf' || before === 'dependentSchemas' || before === 'dependencies')
      segments = segments.slice(0, -2);
    else return undefined;
  }
}

function describeType(type: unknown): string {
  const names = readNames(type);
  return names.length === 0 ? 'a value' : names.join(' or ');
}

/** The names a keyword lists (`type`, `required`, a dependency's names); one name alone for a single `type`. */
function readNames(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

function describeEnum(values: unknown): string {
  if (!Array.isArray(values)) return 'the listed values';
  const shown = values.slice(0, MAX_ENUM_VALUES).map((value) => JSON.stringify(value));
  return values.length > MAX_ENUM_VALUES ? `${shown.join('|')}|… (${values.length - MAX_ENUM_VALUES} more)` : shown.join('|');
}

/** The JSON type of a value, as the validator names it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasOwn(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}

/** A location without its last segment (the keyword). */
function parentLocation(location: string): string {
  return location.slice(0, Math.max(location.lastIndexOf('/'), 0)) || '#';
}

/** The segments of a JSON pointer as the validator writes one (`#/a/b%20c`), decoded. */
function readPointer(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (body === '') return [];
  return body
    .split('/')
    .slice(1)
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // Left as written: a segment the validator could encode decodes; this is for safety only.
      }
      return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

/**
 * A path as the model reads it: `` `a.b.0` ``, or `arguments` for the whole; a key that is no plain name in brackets,
 * so a key holding a dot is not read as two (`` `headers["X.Trace"]` ``).
 */
function showPath(path: readonly string[]): string {
  if (path.length === 0) return 'arguments';
  const written = path.map((segment, index) => (PLAIN_KEY.test(segment) ? `${index === 0 ? '' : '.'}${segment}` : `[${JSON.stringify(segment)}]`)).join('');
  return `\`${written}\``;
}

const PLAIN_KEY = /^[A-Za-z0-9_$-]+$/;

function valueAt(path: readonly string[], instance: unknown): unknown {
  let value = instance;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** The schema node at a location the validator reports (as segments), following `$ref` steps through its references. */
function schemaAt(segments: readonly string[], context: ArgumentErrorContext): Record<string, unknown> | undefined {
  let node: unknown = context.schema;
  for (const segment of segments) {
    if ((segment === '$ref' || segment === '$recursiveRef') && isRecord(node)) {
      // A `$recursiveRef` is read where it points statically: enough to name a rule, which is all this is for.
      const reference = (node as { __absolute_ref__?: unknown; __absolute_recursive_ref__?: unknown })[
        segment === '$ref' ? '__absolute_ref__' : '__absolute_recursive_ref__'
      ];
      node = typeof reference === 'string' ? context.lookup[reference] : undefined;
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else return undefined;
  }
  return isRecord(node) ? node : undefined;
}
