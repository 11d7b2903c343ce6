import { ToolSearchError } from '../errors/tool-search-error.js';
import { MAX_VALUE_DEPTH, describeUnserializableValue, findUnserializableValue } from '../records/find-unserializable-value.js';
import { createUnicodePattern } from '../text/create-unicode-pattern.js';

/**
 * A caller's tool output, checked that JSON can write it, returned as it is (or repaired, see below): every API sends a tool result as JSON
 * (text APIs as its JSON text, Gemini as the `functionResponse`'s `response` object). `undefined`, functions and
 * symbols are accepted (JSON leaves them out, as every SDK's serializer does; a text API sends `undefined` as `""`), as
 * is a string of any length; a lone surrogate in its text (half an emoji) becomes U+FFFD, which JSON carries and the
 * providers accept. Not part of the public API: `step.complete` (and so `handle`) checks every output with it.
 *
 * Throws a `ToolSearchError` (`invalid-tool-output`) naming `where` and the place in the output when it holds an object
 * that contains itself (a cycle), a `BigInt`, or objects nested more than 1,000 levels deep (`JSON.stringify`, which
 * every SDK sends a request with, overflows the stack a few thousand levels down), and naming `where` when JSON fails
 * on it otherwise (a `toJSON` or a getter that throws).
 *
 * @example
 * ```ts
 * parseToolOutput({ id: 1n }, 'the output of `get_order`'); // throws: `id` is a BigInt
 * ```
 */
export function parseToolOutput(output: unknown, where: string): unknown {
  if (findUnserializableValue(output, MAX_VALUE_DEPTH) !== undefined) throw createToolOutputError(output, where);
  try {
    // What the walk cannot see: a `toJSON` or a getter that throws, more text than one string holds.
    JSON.stringify(output);
  } catch (error) {
    throw createToolOutputError(output, where, error);
  }
  return withWellFormedText(output);
}

/**
 * The output with every lone UTF-16 surrogate in its text (strings and keys) replaced by U+FFFD, as
 * `String.prototype.toWellFormed` does: JSON carries one as an unpaired `\udXXX` escape, which the providers reject
 * (Anthropic: "no low surrogate in string"), so a tool that cut an emoji in two would fail the next request. Copied
 * only where something changes; the output itself otherwise. Recursive: the output is at most 1,000 levels deep here.
 */
function withWellFormedText(value: unknown): unknown {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value;
  if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (Array.isArray(value)) {
    const items = value.map(withWellFormedText);
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const written = withWellFormedText(key) as string;
    const item = withWellFormedText(child);
    changed ||= written !== key || item !== child;
    Object.defineProperty(copy, written, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return changed ? copy : value;
}

const LONE_SURROGATE = /* @__PURE__ */ createUnicodePattern('\\p{Cs}', 'u');
const LONE_SURROGATES = /* @__PURE__ */ createUnicodePattern('\\p{Cs}', 'gu');

/**
 * The `invalid-tool-output` error for an output JSON cannot write (`cause`: what JSON threw): where, what, and what to
 * return instead.
 */
export function createToolOutputError(output: unknown, where: string, cause?: unknown): ToolSearchError {
  const found = findUnserializableValue(output, MAX_VALUE_DEPTH);
  if (found === undefined) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new ToolSearchError(
      'invalid-tool-output',
      `${where} cannot be written as JSON (${reason}), so it cannot be sent as the tool's result; return JSON data`,
      {
        cause,
      },
    );
  }
  const at = found.path === '' ? where : `${where} at \`${found.path}\``;
  const fix =
    found.kind === 'bigint'
      ? 'return it as a string (`value.toString()`) or a number'
      : found.kind === 'cycle'
        ? 'return JSON data (copy what the model needs into a plain object)'
        : 'return what the model needs, less deeply nested';
  const message = `${at} holds ${describeUnserializableValue(found)}, which JSON cannot write, so it cannot be sent as the tool's result; ${fix}`;
  return new ToolSearchError('invalid-tool-output', message, { cause });
}
