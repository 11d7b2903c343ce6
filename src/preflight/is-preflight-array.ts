import { describeValue } from '../errors/describe-value.js';
import type { ReportPreflightViolation } from './preflight-result.js';

/**
 * Whether a part of a body is an array; when it is not, reports `invalid-body` at `path`, worded the same on every API:
 * "`tools` must be an array, got an object" (the field is the last name in `path`). Not part of the public API.
 *
 * @example
 * ```ts
 * if (isPreflightArray(settings.tools, 'config.tools', report)) settings.tools.forEach(checkTool);
 * ```
 */
export function isPreflightArray(value: unknown, path: string, report: ReportPreflightViolation<'invalid-body'>): value is unknown[] {
  if (Array.isArray(value)) return true;
  report('invalid-body', path, `\`${path.slice(path.lastIndexOf('.') + 1)}\` must be an array, got ${describeValue(value)}`);
  return false;
}
