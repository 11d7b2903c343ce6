import { isRecord } from '../records/is-record.js';
import { describeUnserializableValue, findUnserializableValue } from '../records/find-unserializable-value.js';
import { findLoneSurrogates } from './find-lone-surrogates.js';
import type { PreflightResult, PreflightRuleMessages, PreflightViolation, ReportPreflightRule, SharedPreflightRule } from './preflight-result.js';

/**
 * Runs one API's preflight checks on a request body inside the frame every preflight shares: a body that is not an
 * object is one `invalid-body` violation (worded by `invalidBodyMessage`), and a body JSON cannot write (a cycle, a
 * `BigInt`: no client can send it) is one `unserializable-value` violation; nothing else is checked then. Otherwise
 * `check` reads the body and reports each broken rule in body order (a rule of `messages`, worded by its entry, or a
 * shared rule with its message), and last every lone surrogate in the body is a `lone-surrogate` violation. `check`
 * returns `'stop'` when the body is too broken to look at further (no lone surrogates are then looked for). Total:
 * nothing throws unless `check` does, and no body makes it hang (a cyclic one is found before any check reads it).
 * Not part of the public API.
 *
 * @example
 * ```ts
 * const MESSAGES = { 'empty-tools': () => '`toolConfig.tools` holds no tool' } satisfies PreflightRuleMessages;
 * return preflightRequestBody(body, MESSAGES, (value) => `the body must be an object, got ${describeValue(value)}`, (request, report) => {
 *   if (Array.isArray(request.tools) && request.tools.length === 0) report('empty-tools', 'tools');
 * });
 * ```
 */
export function preflightRequestBody<Messages extends PreflightRuleMessages>(
  body: unknown,
  messages: Messages,
  invalidBodyMessage: (body: unknown) => string,
  check: (body: Record<string, unknown>, report: ReportPreflightRule<Messages>) => 'stop' | undefined,
): PreflightResult<(keyof Messages & string) | SharedPreflightRule> {
  type Rule = (keyof Messages & string) | SharedPreflightRule;
  const violations: PreflightViolation<Rule>[] = [];
  const add = (rule: Rule, path: string, message: string): void => {
    violations.push({ rule, path, message });
  };
  // A rule of the table is worded by its entry; a shared rule comes with its message.
  const report = ((rule: Rule, path: string, ...args: unknown[]) =>
    add(
      rule,
      path,
      Object.hasOwn(messages, rule) ? (messages[rule] as unknown as (...values: unknown[]) => string)(...args) : (args[0] as string),
    )) as ReportPreflightRule<Messages>;
  if (!isRecord(body)) {
    add('invalid-body', '', invalidBodyMessage(body));
    return { ok: false, violations };
  }
  const unserializable = findUnserializableValue(body);
  if (unserializable !== undefined) {
    const at = `\`${unserializable.path}\``;
    add(
      'unserializable-value',
      unserializable.path,
      `${at} is ${describeUnserializableValue(unserializable)}: JSON cannot write the body, so no client can send it (${unserializable.kind === 'cycle' ? '"Converting circular structure to JSON"' : '"Do not know how to serialize a BigInt"; write it as a number or a string'}); the body is not checked further`,
    );
    return { ok: false, violations };
  }
  if (check(body, report) === 'stop') return { ok: violations.length === 0, violations };
  for (const found of findLoneSurrogates(body)) add('lone-surrogate', found.path, found.message);
  return { ok: violations.length === 0, violations };
}
