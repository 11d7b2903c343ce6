import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from './is-record.js';

/**
 * A request body handed to a reader or transformer, checked to be an object. Throws a `ToolSearchError`
 * (`invalid-request`) worded the same for every API: "The request body must be `what`, got …", where `what` names the
 * API's body ("a Chat Completions request object"). Not part of the public API.
 *
 * @example
 * ```ts
 * const request = parseRequestBody(body, 'a Converse request object');
 * ```
 */
export function parseRequestBody(body: unknown, what: string): Record<string, unknown> {
  if (!isRecord(body)) throw new ToolSearchError('invalid-request', `The request body must be ${what}, got ${describeValue(body)}`);
  return body;
}
