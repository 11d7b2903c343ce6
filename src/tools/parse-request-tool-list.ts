import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';

/** What a body without tools holds: no tools. */
const NO_TOOLS: readonly unknown[] = Object.freeze([]);

/**
 * The tool list of a request body (its `tools`, Gemini's `config.tools`, Converse's `toolConfig.tools`), as the
 * body's entries, unchecked: `undefined` and `null` read as no tools. Throws a `ToolSearchError` (`invalid-request`)
 * worded the same for every API when it is not an array: "`tools` must be an array of tools, got …" (`path` names the
 * field, `what` its entries). Not part of the public API.
 *
 * @example
 * ```ts
 * const tools = parseRequestToolList(isRecord(request.toolConfig) ? request.toolConfig.tools : undefined, 'toolConfig.tools');
 * ```
 */
export function parseRequestToolList(value: unknown, path: string, what = 'tools'): readonly unknown[] {
  if (value === undefined || value === null) return NO_TOOLS;
  if (!Array.isArray(value)) throw new ToolSearchError('invalid-request', `\`${path}\` must be an array of ${what}, got ${describeValue(value)}`);
  return value;
}
