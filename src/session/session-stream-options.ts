import { describeValue } from '../errors/describe-value.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { isRecord } from '../records/is-record.js';

/**
 * What `request.step(stream, options)` and `request.handle(stream, runTool, options)` take when they read a stream.
 *
 * @example
 * ```ts
 * const turn = await request.handle(anthropic.messages.stream(request.body), runTool, { onText: (text) => process.stdout.write(text) });
 * ```
 */
export interface SessionStreamOptions {
  /**
   * Called with each piece of the model's answer text as the stream delivers it, in order, before `step` reads the
   * calls (awaited: a slow writer slows the reading, nothing is buffered). Not called for reasoning, tool input or a
   * complete response (you hold its text). An exception ends `step` and reaches the caller.
   */
  readonly onText?: ((text: string) => void | Promise<void>) | undefined;
}

/**
 * The `onText` of `step`'s or `handle`'s options, or `undefined`. Throws a `ToolSearchError` (`invalid-options`) for
 * options that are not an object, or an `onText` that is not a function. Not part of the public API.
 */
export function parseSessionStreamOptions(options: unknown, method: string): SessionStreamOptions['onText'] {
  if (options === undefined) return undefined;
  if (!isRecord(options) || (options.onText !== undefined && typeof options.onText !== 'function')) {
    throw new ToolSearchError(
      'invalid-options',
      `\`${method}\`: \`options\` must be \`{ onText?: (text) => void }\`, got ${describeValue(isRecord(options) ? options.onText : options)}${isRecord(options) ? ' for `onText`' : ''}`,
    );
  }
  return options.onText as SessionStreamOptions['onText'];
}
