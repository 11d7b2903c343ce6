import { describeValue } from '../errors/describe-value.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { isRecord } from '../records/is-record.js';

/**
 * The value at `path` in a response (`['choices', 0, 'message']`: a key of an object, an index of a list), for a
 * session adapter's `readResponse`. Throws a `ToolSearchError` (`invalid-request`) naming the path from `root` and
 * `what` the value must be when the value there fails `is`: `` `completion.choices[0].message` must be the assistant
 * message, got nothing (undefined) ``. Not part of the public API.
 */
export function readSessionResponseValue<Value>(
  response: unknown,
  root: string,
  path: readonly (string | number)[],
  what: string,
  is: (value: unknown) => value is Value,
): Value {
  let value = response;
  for (const key of path) {
    if (typeof key === 'number') value = Array.isArray(value) ? value[key] : undefined;
    else value = isRecord(value) ? value[key] : undefined;
  }
  if (is(value)) return value;
  const at = path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key}`), root);
  throw new ToolSearchError('invalid-request', `\`${at}\` must be ${what}, got ${describeValue(value)}`);
}
