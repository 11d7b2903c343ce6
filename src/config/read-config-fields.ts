import type { ToolSearchConfigIssue } from '../errors/tool-search-config-error.js';
import { describeValue } from '../errors/describe-value.js';
import { findUnknownKeys } from '../records/find-unknown-keys.js';
import { quoteNames } from '../text/quote-names.js';

/** One field's rule: the value at `path`, checked (`undefined` when absent or after reporting what is wrong). */
export type ConfigCheck<Value> = (value: unknown, path: string, issues: ToolSearchConfigIssue[]) => Value | undefined;

/** The values a set of checks reads. */
export type ConfigChecked<Checks> = { [Field in keyof Checks]: Checks[Field] extends ConfigCheck<infer Value> ? Value | undefined : never };

/**
 * Reads `object`'s fields with `checks`, in their order, then reports its unknown fields; `undefined` after any problem.
 * What the configuration and its `predict` settings are read with. Not part of the public API.
 */
export function readConfigFields<Checks extends Record<string, ConfigCheck<unknown>>>(
  object: Record<string, unknown>,
  path: string,
  checks: Checks,
  issues: ToolSearchConfigIssue[],
): ConfigChecked<Checks> | undefined {
  const count = issues.length;
  const fields: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(checks)) fields[key] = check(object[key], joinConfigPath(path, key), issues);
  const where = path === '' ? 'the configuration' : `\`${path}\``;
  const known = Object.keys(checks);
  for (const key of findUnknownKeys(object, known)) {
    issues.push({
      path: joinConfigPath(path, key),
      message: `${where} has an unknown option \`${key}\`; the options are ${quoteNames(known)}`,
    });
  }
  return issues.length === count ? (fields as ConfigChecked<Checks>) : undefined;
}

/** Reports that the value at `path` breaks `rule`, with the value given. */
export function reportConfigIssue(issues: ToolSearchConfigIssue[], path: string, rule: string, value: unknown): undefined {
  issues.push({ path, message: `${path === '' ? 'the configuration' : `\`${path}\``} ${rule}, got ${describeValue(value)}` });
  return undefined;
}

/** `check`, for a field that may be absent. */
export function optionalCheck<Value>(check: ConfigCheck<Value>): ConfigCheck<Value> {
  return (value, path, issues) => (value === undefined ? undefined : check(value, path, issues));
}

/** A number that `holds`, or a report of `rule`. */
export function numberCheck(holds: (value: number) => boolean, rule: string): ConfigCheck<number> {
  return (value, path, issues) => (typeof value === 'number' && holds(value) ? value : reportConfigIssue(issues, path, rule, value));
}

/** A path and a key below it (`a.b`, `a[0]`). */
export function joinConfigPath(path: string, key: string): string {
  if (path === '') return key;
  if (key === '') return path;
  return key.startsWith('[') ? `${path}${key}` : `${path}.${key}`;
}
