import { describeValue } from './describe-value.js';
import { ToolSearchError } from './tool-search-error.js';

/**
 * Throws `ToolSearchError('invalid-options')` unless `sessionId` is a non-empty string (and `given`, when the object that
 * holds it is not one): `` `${field}` must be a non-empty string, got … ``, `field` naming the value and, before a colon,
 * the function it was passed to. Not part of the public API.
 */
export function checkSessionId(sessionId: unknown, field: string, given = true): asserts sessionId is string {
  if (!given || typeof sessionId !== 'string' || sessionId.length === 0) {
    throw new ToolSearchError('invalid-options', `${field} must be a non-empty string, got ${describeValue(sessionId)}`);
  }
}
