import { ToolSearchError } from '../errors/tool-search-error.js';
import { MAX_VALUE_DEPTH, describeUnserializableValue, findUnserializableValue, type UnserializableValue } from '../records/find-unserializable-value.js';

/**
 * A caller's tool output, checked that JSON can write it, returned as it is: every API sends a tool result as JSON
 * (text APIs as its JSON text, Gemini as the `functionResponse`'s `response` object). `undefined`, functions and
 * symbols are accepted (JSON leaves them out, as every SDK's serializer does; a text API sends `undefined` as `""`), as
 * is a string of any length. Not part of the public API: `step.complete` (and so `handle`) checks every output with it.
 *
 * Throws a `ToolSearchError` (`invalid-tool-output`) naming `where` and the place in the output when it holds an object
 * that contains itself (a cycle), a `BigInt`, or objects nested more than 1,000 levels deep (`JSON.stringify`, which
 * every SDK sends a request with, overflows the stack a few thousand levels down).
 *
 * @example
 * ```ts
 * parseToolOutput({ id: 1n }, 'the output of `get_order`'); // throws: `id` is a BigInt
 * ```
 */
export function parseToolOutput(output: unknown, where: string): unknown {
  const found = findUnserializableValue(output, MAX_VALUE_DEPTH);
  if (found !== undefined) throw new ToolSearchError('invalid-tool-output', describeUnserializableOutput(found, where));
  return output;
}

/** The message for an output JSON cannot write: where, what, and what to return instead. */
export function describeUnserializableOutput(found: UnserializableValue, where: string): string {
  const at = found.path === '' ? where : `${where} at \`${found.path}\``;
  const fix =
    found.kind === 'bigint'
      ? 'return it as a string (`value.toString()`) or a number'
      : found.kind === 'cycle'
        ? 'return JSON data (copy what the model needs into a plain object)'
        : 'return what the model needs, less deeply nested';
  return `${at} holds ${describeUnserializableValue(found)}, which JSON cannot write, so it cannot be sent as the tool's result; ${fix}`;
}
