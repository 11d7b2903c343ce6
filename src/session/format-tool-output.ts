import stringify from 'fast-json-stable-stringify';

/**
 * The text of a tool's output for an API whose tool results are text: a string as it is, anything else as JSON with
 * a stable key order (equal outputs give equal bytes, so a prompt cache keeps matching); `undefined` is `""`.
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
  return stringify(output) ?? '';
}

/**
 * A tool's output as the content of a tool result on an API that takes text or a list of parts: a list as it is (the
 * caller's own parts), anything else as {@link formatToolOutput}'s text. Not part of the public API.
 */
export function formatToolContent<Part>(output: unknown): string | Part[] {
  return Array.isArray(output) ? (output as Part[]) : formatToolOutput(output);
}
