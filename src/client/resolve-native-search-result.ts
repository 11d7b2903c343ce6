import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { checkNamesContext, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { isRecord } from '../records/is-record.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import type { ToolSearchMatch, ToolSearchResult } from './tool-search-result.js';

/** What {@link resolveNativeSearchResult} needs besides the result. */
export interface ResolveNativeSearchResultOptions {
  /** The catalog the result was made from, with full schemas (what the additions carry). */
  readonly tools: ToolDefinitionsInput | ToolCatalog;
  /**
   * The tools the conversation already added natively (the history's tool-addition items, additions minus removals),
   * in either name form: they are named in `loadedEarlier` and not added again. @default none
   */
  readonly added?: Iterable<string>;
  /** The request's tool-name mapping, when the names sent differ from the catalog's. @default no mapping */
  readonly names?: Pick<ToolNameMapping, 'toWire' | 'fromWire'>;
}

/** A result as native delivery sends it, and what it loaded. */
export interface NativeSearchResult {
  /** The answer to send back: the matches by name (their definitions follow in the addition), said to be loaded. */
  readonly result: ToolSearchResult;
  /**
   * The tools the answer loaded that the conversation has not added yet, in the result's order, as the catalog defines
   * them (the caller's names: the writer maps them): what the API's tool-addition item after the answer carries. Empty
   * when it loaded nothing new.
   */
  readonly definitions: readonly ToolDefinition[];
}

/**
 * A `tool_search` answer (or a blind call's `invalid-arguments` answer) for native delivery (`reveal: 'native'`): the
 * loaded tools' definitions leave the answer for the API's own tool-addition item, which the writer appends right
 * after it (OpenAI Responses `additional_tools`, Anthropic's `tool_addition` blocks), so the model calls them by their
 * own names as ordinary tools.
 *
 * - `found`: each match keeps its name only (description and schema go in the addition); a match the conversation already
 *   added moves to `loadedEarlier` (it is never added twice); the message says the others are now loaded.
 * - `invalid-arguments` for a catalog tool: the tool is listed without its schema; when it was not added yet its
 *   definition is loaded now, and the message says to call it again by its name.
 * - Every other result comes back as it is, with no definitions.
 *
 * Pure and idempotent: a result it returned gives the same result and definitions again. Throws a `ToolSearchError`
 * (`invalid-options`) for options of the wrong shape, or a result whose lists it reads are not lists of names.
 *
 * @example
 * ```ts
 * import { resolveNativeSearchResult, formatToolSearchResult } from 'tool-search';
 * const { result, definitions } = resolveNativeSearchResult(found, { tools, added, names });
 * history.push(toolOutput(formatToolSearchResult(result)));
 * if (definitions.length > 0) history.push(additionItem(definitions)); // the API's tool-addition item
 * ```
 */
export function resolveNativeSearchResult(result: ToolSearchResult, options: ResolveNativeSearchResultOptions): NativeSearchResult {
  if (typeof options !== 'object' || options === null) {
    throw new ToolSearchError('invalid-options', `resolveNativeSearchResult: the options must be \`{ tools, added?, names? }\`, got ${describeValue(options)}`);
  }
  const { fromWire } = checkNamesContext(options.names, 'resolveNativeSearchResult');
  if (!isNativeResultShape(result)) {
    throw new ToolSearchError('invalid-options', `resolveNativeSearchResult: \`result\` must be a \`tool_search\` result, got ${describeValue(result)}`);
  }
  const { byName } = createToolCatalog(options.tools);
  const added = new Set(parseToolNameList(options.added ?? [], '`options.added`').map(fromWire));
  switch (result?.status) {
    case 'found': {
      const isAdded = (match: ToolSearchMatch) => added.has(fromWire(match.name));
      const listed = result.tools.filter((match) => !isAdded(match));
      const earlier = result.tools.filter(isAdded).map((match) => match.name);
      const definitions = listed.flatMap((match) => byName.get(fromWire(match.name)) ?? []);
      const loadedEarlier = [...new Set([...(result.loadedEarlier ?? []), ...earlier])];
      const said = listed.length > 0 ? NOW_LOADED : loadedEarlier.length > 0 ? ALREADY_LOADED : undefined;
      const message = [withoutLoadedNote(result.message), said].filter((part) => part !== undefined && part !== '');
      return {
        result: {
          status: 'found',
          tools: listed.map(withoutSchema),
          ...(result.more === undefined ? {} : { more: result.more }),
          ...(loadedEarlier.length === 0 ? {} : { loadedEarlier }),
          ...(message.length === 0 ? {} : { message: message.join(' ') }),
        },
        definitions,
      };
    }
    case 'invalid-arguments': {
      const definition = byName.get(fromWire(result.tool));
      if (definition === undefined) return { result, definitions: [] };
      const fresh = !added.has(definition.name);
      return {
        result: {
          ...result,
          tools: fresh ? result.tools.map(withoutSchema) : [],
          loaded: fresh ? result.loaded : [],
          message: fresh
            ? `The arguments for \`${result.tool}\` do not fit its parameters. Its definition is now loaded: call \`${result.tool}\` again, by its own name, with arguments that match.`
            : `The arguments for \`${result.tool}\` do not fit its parameters: call it again with arguments that match its definition.`,
        },
        definitions: fresh ? [definition] : [],
      };
    }
    default:
      return { result, definitions: [] };
  }
}

const NOW_LOADED = 'These tools are now loaded: call them by their own names.';
const ALREADY_LOADED = 'These tools are already loaded (`loadedEarlier`): call them by their own names.';

/** A result's own message (unknown `select:` names) without the note an earlier pass added. */
function withoutLoadedNote(message: string | undefined): string | undefined {
  return message?.replace(NOW_LOADED, '').replace(ALREADY_LOADED, '').trim();
}

/**
 * A match as the native answer lists it: its name alone. Its description and schema follow in the tool addition,
 * where the model reads the tool; repeating the description in the answer cost about 0.1× of no deferral per session
 * on the benchmark's BFCL sessions (both APIs), against 0.01× without it.
 */
function withoutSchema(match: ToolSearchMatch): ToolSearchMatch {
  return { name: match.name };
}

const isNames = (value: unknown): boolean => Array.isArray(value) && value.every((name) => typeof name === 'string');
const isMatches = (value: unknown): boolean => Array.isArray(value) && value.every((match) => isRecord(match) && typeof match.name === 'string');

/** Whether the parts of `result` this function reads have their documented shape (a result the caller built or parsed). */
function isNativeResultShape(result: unknown): result is ToolSearchResult {
  if (!isRecord(result)) return false;
  if (result.status === 'found') {
    return (
      isMatches(result.tools) &&
      (result.loadedEarlier === undefined || isNames(result.loadedEarlier)) &&
      (result.message === undefined || typeof result.message === 'string')
    );
  }
  if (result.status === 'invalid-arguments') return typeof result.tool === 'string' && isMatches(result.tools) && isNames(result.loaded);
  return true;
}
