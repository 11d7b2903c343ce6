import { z } from 'zod';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';

/**
 * The zod schema of the `revealed` option every transformer takes; a transformer with options of its own puts it in
 * its options schema and reads the result with {@link parseRevealedOption}.
 */
export const REVEALED_OPTION_SCHEMA = z
  .custom<Iterable<unknown>>((value) => typeof value === 'object' && value !== null && typeof (value as Iterable<unknown>)[Symbol.iterator] === 'function', {
    error: 'must be an iterable of tool names (an array or a Set)',
  })
  .optional();

/**
 * The `revealed` option as a list of tool names. Throws a `ToolSearchError` (`invalid-options`) for a string, a value
 * that is not iterable, or an entry that is not a string (with its position); `field` is how the option is named in
 * that message.
 */
export function parseRevealedOption(value: unknown, field = '`options.revealed`'): string[] {
  return value === undefined ? [] : parseToolNameList(value, field);
}

const baseOptionsSchema = z.strictObject({ revealed: REVEALED_OPTION_SCHEMA }, { error: 'must be an object such as `{ revealed }`' });

/**
 * Validates the options of a transformer that takes only the common options (`TransformRequestOptions`) and returns the revealed
 * names. Throws a `ToolSearchError` (`invalid-options`) naming the option, the rule and the value given.
 */
export function parseTransformRequestOptions(options: unknown): { readonly revealed: string[] } {
  const parsed = baseOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys') {
      throw new ToolSearchError(
        'invalid-options',
        `\`options\` has an unknown option ${issue.keys.map((key) => `\`${key}\``).join(', ')}; the only option is \`revealed\``,
      );
    }
    const field = issue === undefined || issue.path.length === 0 ? '`options`' : `\`options.${issue.path.join('.')}\``;
    const value = issue === undefined || issue.path.length === 0 ? options : (options as Record<string, unknown>)[String(issue.path[0])];
    throw new ToolSearchError('invalid-options', `${field} ${issue?.message ?? 'is invalid'}, got ${describeValue(value)}`);
  }
  return { revealed: parseRevealedOption(parsed.data.revealed) };
}
