import type { ReportPreflightViolation } from './preflight-result.js';

/** An API's own preflight rules as a table: each rule's id, with its message worded from what its check passes. */
export type PreflightRuleMessages = Readonly<Record<string, (...args: never[]) => string>>;

/** Records one broken rule of a {@link PreflightRuleMessages} table: its id, where, and what its message is worded from. */
export type ReportPreflightRule<Messages extends PreflightRuleMessages> = <Rule extends keyof Messages & string>(
  rule: Rule,
  path: string,
  ...args: Parameters<Messages[Rule]>
) => void;

/**
 * Reports the rules of `messages` through `add`, each worded by its entry, so an API's rules and their messages are
 * one table and a check names a rule and what broke it. Not part of the public API.
 *
 * @example
 * ```ts
 * const report = createPreflightRuleReport({ 'empty-tools': () => '`tools` is empty' }, add);
 * report('empty-tools', 'tools');
 * ```
 */
export function createPreflightRuleReport<Messages extends PreflightRuleMessages>(
  messages: Messages,
  add: ReportPreflightViolation<keyof Messages & string>,
): ReportPreflightRule<Messages> {
  return (rule, path, ...args) => add(rule, path, (messages[rule] as (...values: unknown[]) => string)(...args));
}
