import { z } from 'zod';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import { isRecord } from '../records/is-record.js';
import type { ToolDefinitionsInput } from '../tools/tool-definition.js';

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

/**
 * The zod schema of the `catalog` option of a transformer that may send tools the body lacks (an array of tool
 * definitions, an MCP `tools/list` result or a `createToolCatalog` catalog); read the result with
 * {@link parseCatalogOption}.
 */
export const CATALOG_OPTION_SCHEMA = z
  .custom<ToolDefinitionsInput>((value) => Array.isArray(value) || (isRecord(value) && 'tools' in value), {
    error: 'must be an array of tool definitions or an MCP `tools/list` result (`{ tools }`)',
  })
  .optional();

/**
 * The `catalog` option as a catalog: a session's catalog is read as it is, a plain list is checked on each call (none
 * is the empty catalog). Throws a `ToolSearchError` (`invalid-options`) with the list's problem.
 */
export function parseCatalogOption(value: ToolDefinitionsInput | undefined): ToolCatalog {
  try {
    return createToolCatalog(value ?? []);
  } catch (error) {
    throw new ToolSearchError('invalid-options', `\`catalog\`: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
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
