import { describeValue } from '../../../src/errors/describe-value.js';
import { isValidToolName } from '../../../src/names/create-tool-name-mapping.js';
import { isRecord } from '../../../src/records/is-record.js';
import { describeUnserializableValue, findUnserializableValue } from '../../../src/records/find-unserializable-value.js';
import type {
  PreflightResult,
  PreflightRuleMessages,
  PreflightToolNames,
  PreflightViolation,
  ReportPreflightRule,
  SharedPreflightRule,
} from './preflight-result.js';

/**
 * Runs one API's preflight checks on a request body inside the frame every preflight shares: a body that is not an
 * object is one `invalid-body` violation ("the body must be <`what`>, got null"), and a body JSON cannot write (a cycle, a
 * `BigInt`: no client can send it) is one `unserializable-value` violation; nothing else is checked then. Otherwise
 * `check` reads the body and reports each broken rule in body order (a rule of `messages`, worded by its entry, or a
 * shared rule with its message; `report.array`, `report.record` and `report.names` are the shape and name checks every
 * API makes), and last every lone surrogate in the body is a `lone-surrogate` violation. `check` returns `'stop'` when
 * the body is too broken to look at further (no lone surrogates are then looked for). Total: nothing throws unless
 * `check` does, and no body makes it hang (a cyclic one is found before any check reads it). Not part of the public
 * API.
 *
 * @example
 * ```ts
 * const MESSAGES = { 'empty-tools': () => '`toolConfig.tools` holds no tool' } satisfies PreflightRuleMessages;
 * return preflightRequestBody(body, MESSAGES, 'a request object', (request, report) => {
 *   if (report.array(request.tools, 'tools') && request.tools.length === 0) report('empty-tools', 'tools');
 * });
 * ```
 */
export function preflightRequestBody<Messages extends PreflightRuleMessages>(
  body: unknown,
  messages: Messages,
  what: string,
  check: (body: Record<string, unknown>, report: ReportPreflightRule<Messages>) => unknown,
): PreflightResult<(keyof Messages & string) | SharedPreflightRule> {
  type Rule = (keyof Messages & string) | SharedPreflightRule;
  const violations: PreflightViolation<Rule>[] = [];
  // Returns `false`, so a check that fails can report and answer in one expression.
  const add = (rule: Rule, path: string, message: string): false => {
    violations.push({ rule, path, message });
    return false;
  };
  // A rule of the table is worded by its entry; a shared rule comes with its message.
  const report = ((rule: Rule, path: string, ...args: unknown[]) =>
    add(
      rule,
      path,
      Object.hasOwn(messages, rule) ? (messages[rule] as unknown as (...values: unknown[]) => string)(...args) : (args[0] as string),
    )) as unknown as ReportPreflightRule<Messages>;
  report.array = (value, path): value is unknown[] =>
    Array.isArray(value) || add('invalid-body', path, `\`${path.slice(path.lastIndexOf('.') + 1)}\` must be an array, got ${describeValue(value)}`);
  report.record = (value, path, what): value is Record<string, unknown> =>
    isRecord(value) || add('invalid-body', path, `${what} must be an object, got ${describeValue(value)}`);
  report.names = (rule, wording = {}) => {
    const first = new Map<string, string>();
    const names: PreflightToolNames = {
      checkName: (name: unknown, place: string, path = `${place}.name`): name is string =>
        (typeof name === 'string' && isValidToolName(name, rule)) ||
        add(
          'invalid-tool-name',
          path,
          wording.invalid?.(name, place) ?? `tool name ${describeValue(name)} does not match '^${rule.allowed.source}{1,${rule.maxLength}}$'`,
        ),
      claim(name, place, path = `${place}.name`) {
        const earlier = first.get(name);
        if (earlier === undefined) first.set(name, place);
        else add('duplicate-tool-name', path, wording.duplicate?.(name, earlier, place) ?? `tool \`${name}\` is also defined at \`${earlier}\``);
        return earlier === undefined;
      },
      check(name: unknown, place: string, path = `${place}.name`): name is string {
        const valid = names.checkName(name, place, path);
        if (typeof name === 'string') names.claim(name, place, path);
        return valid;
      },
      has: (name) => typeof name === 'string' && first.has(name),
    };
    return names;
  };
  // A body JSON cannot write is not checked further; nor are lone surrogates looked for once a check stops.
  const unserializable = isRecord(body) ? findUnserializableValue(body) : undefined;
  if (!isRecord(body)) add('invalid-body', '', `the body must be ${what}, got ${describeValue(body)}`);
  else if (unserializable !== undefined) {
    add(
      'unserializable-value',
      unserializable.path,
      `\`${unserializable.path}\` is ${describeUnserializableValue(unserializable)}: JSON cannot write the body, so no client can send it (${unserializable.kind === 'cycle' ? '"Converting circular structure to JSON"' : '"Do not know how to serialize a BigInt"; write it as a number or a string'}); the body is not checked further`,
    );
  } else if (check(body, report) !== 'stop') {
    for (const path of findLoneSurrogates(body)) {
      add(
        'lone-surrogate',
        path,
        `\`${path}\` holds a lone UTF-16 surrogate (half of an emoji or another character beyond the Basic Multilingual Plane, cut in two); JSON carries it as an unpaired \\udXXX escape, which the API rejects (Anthropic: "no low surrogate in string")`,
      );
    }
  }
  return { ok: violations.length === 0, violations };
}

/** Matches a surrogate without its other half: in a `u` pattern a well-formed pair is one code point, never `\p{Cs}`. */
// biome-ignore lint/complexity/useRegexLiterals: built from a string, as search/split-search-words.ts says why.
const LONE_SURROGATE = /* @__PURE__ */ new RegExp('\\p{Cs}', 'u');

/**
 * The path of every string and object key in a body that holds a lone surrogate, in body order. `JSON.stringify`
 * writes one as an unpaired `\udXXX` escape, which the providers' JSON parsers reject (Anthropic answers 400 "no low
 * surrogate in string"), so a body with one fails whatever else it holds. Walks without recursion, so a deeply nested
 * body cannot overflow the stack.
 */
function findLoneSurrogates(body: Record<string, unknown>): string[] {
  const found: string[] = [];
  // Each entry: a value, its path, and whether the key that leads to it holds one (reported in body order).
  const pending: [unknown, string, boolean][] = [[body, '', false]];
  while (pending.length > 0) {
    const [value, path, loneKey] = pending.pop() as [unknown, string, boolean];
    if (loneKey) found.push(path);
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) found.push(path);
    if (typeof value !== 'object' || value === null) continue;
    // `Array.from`, not `map`: a hole of a sparse list is a child too (`undefined`), as JSON writes it (`null`).
    const children: [unknown, string, boolean][] = Array.isArray(value)
      ? Array.from(value, (item, index): [unknown, string, boolean] => [item, `${path}[${index}]`, false])
      : Object.entries(value).map(([key, item]) => [item, path === '' ? key : `${path}.${key}`, LONE_SURROGATE.test(key)]);
    // Reversed onto the stack, so they come off in body order (one by one: a spread of a long list overflows).
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index] as [unknown, string, boolean]);
  }
  return found;
}
