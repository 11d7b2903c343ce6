import { describeValue } from './describe-value.js';
import { ToolSearchError } from './tool-search-error.js';

/** The exhaustiveness check at the end of every `switch` over a string-literal union. */
export function assertNever(value: never, what = 'value'): never {
  throw new ToolSearchError('invalid-options', `unexpected ${what} ${describeValue(value)}`);
}
