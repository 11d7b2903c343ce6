import { formatStableJSON } from '../records/format-stable-json.js';
import { createToolOutputError } from './parse-tool-output.js';

/**
 * The text of a tool's output for an API whose tool results are text: a string as it is, anything else as JSON with
 * a stable key order (equal outputs give equal bytes, so a prompt cache keeps matching); `undefined` is `""`.
 *
 * Throws a `ToolSearchError` (`invalid-tool-output`) for an output JSON cannot write: one that holds an object
 * containing itself (a cycle) or a `BigInt`, a `toJSON` or getter that throws, or more JSON text than a string can hold.
 *
 * @example
 * ```ts
 * import { formatToolOutput } from 'tool-search';
 * formatToolOutput({ temperature: 21, city: 'Paris' }); // '{"city":"Paris","temperature":21}'
 * ```
 */
export function formatToolOutput(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output === undefined) return '';
  try {
    return formatStableJSON(output) ?? '';
  } catch (error) {
    // Looked for only once the JSON failed: the output of every call is written here.
    throw createToolOutputError(output, "the tool's output", error);
  }
}
