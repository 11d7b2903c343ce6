import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import type { ReportPreflightViolation } from './preflight-result.js';

/**
 * Whether a part of a body is an object (not an array); when it is not, reports `invalid-body` at `path`, worded the
 * same on every API: "a tool must be an object, got null", where `what` names the part ("a tool", "`config`"). Not
 * part of the public API.
 *
 * @example
 * ```ts
 * tools.forEach((tool, index) => {
 *   if (!isPreflightRecord(tool, `tools[${index}]`, 'a tool', report)) return;
 * });
 * ```
 */
export function isPreflightRecord(
  value: unknown,
  path: string,
  what: string,
  report: ReportPreflightViolation<'invalid-body'>,
): value is Record<string, unknown> {
  if (isRecord(value)) return true;
  report('invalid-body', path, `${what} must be an object, got ${describeValue(value)}`);
  return false;
}
