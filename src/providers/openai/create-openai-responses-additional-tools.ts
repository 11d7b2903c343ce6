import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isRecord } from '../../records/is-record.js';
import type { OpenAIResponsesAdditionalToolsItem, OpenAIResponsesFunctionTool } from './openai-responses-api.js';
import { quoteNames } from '../../text/quote-names.js';

/** What {@link createOpenAIResponsesAdditionalTools} takes besides the names. */
export interface CreateOpenAIResponsesAdditionalToolsOptions {
  /**
   * The agent's Responses tools as the caller declared them (top-level functions and namespaces): the definitions. A
   * tool search output loads a tool found there as declared (its `strict`, its namespace), deferred, and builds others
   * from the result.
   */
  readonly tools: readonly unknown[];
  /** The request's name mapping (a transformer's `names`): the names are given as sent. @default no mapping */
  readonly names?: { readonly toWire: (name: string) => string };
}

/**
 * The `additional_tools` input item that adds loaded tools to the conversation (`reveal: 'native'`): append it after
 * the `function_call_output` that answers `tool_search`, and the model calls each tool by its own name from its next
 * step on, as an ordinary function (strict decoding where the caller declared `strict`), while the tool list, the
 * instructions and the cached prefix stay the same.
 *
 * Each name (as sent) becomes the caller's own function definition (its description, `parameters`, `strict`, …) under
 * that name, at the top level and without `defer_loading`: the client-side mechanism sends every function at the top
 * level, so a function the caller declared in a namespace is added there too and called without a `namespace`. Names
 * given twice are added once, in the order given. Pass only tools the history has not added yet (the session API does).
 *
 * Throws a `ToolSearchError` (`invalid-options`) when `names` is empty or not a list of strings, `options.tools` is not
 * a list or `options.names` not a mapping, or `names` names a function that `options.tools` does not declare (a tool
 * is never added without its definition).
 *
 * @example
 * ```ts
 * import { formatToolSearchResult, resolveNativeSearchResult } from 'tool-search';
 * import { createOpenAIResponsesAdditionalTools, readOpenAIResponsesAddedTools } from 'tool-search/openai';
 * const found = await search.execute(JSON.parse(call.arguments), { sessionId, names });
 * const { result, definitions } = resolveNativeSearchResult(found, { tools: catalog, added: readOpenAIResponsesAddedTools(input), names });
 * input.push({ type: 'function_call_output', call_id: call.call_id, output: formatToolSearchResult(result) });
 * if (definitions.length > 0) input.push(createOpenAIResponsesAdditionalTools(definitions.map((tool) => names.toWire(tool.name)), { tools, names }));
 * ```
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 */
export function createOpenAIResponsesAdditionalTools(
  names: readonly string[],
  options: CreateOpenAIResponsesAdditionalToolsOptions,
): OpenAIResponsesAdditionalToolsItem {
  if (!Array.isArray(names) || names.length === 0 || !names.every((name) => typeof name === 'string')) {
    throw new ToolSearchError('invalid-options', `\`names\` must be a non-empty list of the tool names to add, got ${describeValue(names)}`);
  }
  if (!isRecord(options) || !Array.isArray(options.tools)) {
    throw new ToolSearchError(
      'invalid-options',
      `\`options.tools\` must be the agent's Responses tools, got ${describeValue(isRecord(options) ? options.tools : options)}`,
    );
  }
  const mapping = options.names;
  if (mapping !== undefined && (!isRecord(mapping) || typeof mapping.toWire !== 'function')) {
    throw new ToolSearchError('invalid-options', `\`options.names\` must be a transformer's \`names\` (with \`toWire\`), got ${describeValue(mapping)}`);
  }
  const wanted = [...new Set(names)];
  const declared = resolveDeclaredFunctions(options.tools, mapping?.toWire);
  const missing = wanted.filter((name) => !declared.has(name));
  if (missing.length > 0) {
    throw new ToolSearchError(
      'invalid-options',
      `${quoteNames(missing)} ${missing.length === 1 ? 'is' : 'are'} not a function of \`options.tools\`; an addition carries the caller's definition, so pass the agent's tools`,
    );
  }
  return writeOpenAIResponsesAdditionalTools(wanted, declared);
}

/**
 * {@link createOpenAIResponsesAdditionalTools} for distinct names that `declared` all holds (the codec's predicted load,
 * whose tools it declares itself): nothing left to check. Not part of the public API.
 */
export function writeOpenAIResponsesAdditionalTools(
  names: readonly string[],
  declared: ReadonlyMap<string, DeclaredOpenAIResponsesFunction>,
): OpenAIResponsesAdditionalToolsItem {
  const tools = names.map((name) => {
    const { defer_loading: _deferLoading, ...definition } = (declared.get(name) as DeclaredOpenAIResponsesFunction).tool;
    return { ...definition, name } as unknown as OpenAIResponsesFunctionTool;
  });
  return { type: 'additional_tools', role: 'developer', tools };
}

/** A function the caller declared: the function as written, and the namespace holding it (with its own name), if any. */
export interface DeclaredOpenAIResponsesFunction {
  readonly tool: Readonly<Record<string, unknown>>;
  readonly namespace?: Readonly<Record<string, unknown>>;
}

/**
 * The functions a Responses tool list declares (top-level ones, and the members of namespaces), by the name sent, the
 * first of each name; anything that is not a function is skipped. Not part of the public API.
 */
export function resolveDeclaredFunctions(tools: unknown, toWire: (name: string) => string = (name) => name): Map<string, DeclaredOpenAIResponsesFunction> {
  const declared = new Map<string, DeclaredOpenAIResponsesFunction>();
  const add = (tool: unknown, namespace?: Readonly<Record<string, unknown>>): void => {
    if (!isRecord(tool) || tool.type !== 'function' || typeof tool.name !== 'string') return;
    const wire = toWire(tool.name);
    if (!declared.has(wire)) declared.set(wire, namespace === undefined ? { tool } : { tool, namespace });
  };
  for (const entry of Array.isArray(tools) ? tools : []) {
    if (isRecord(entry) && entry.type === 'namespace' && Array.isArray(entry.tools)) {
      if (typeof entry.name === 'string') for (const member of entry.tools) add(member, entry);
    } else add(entry);
  }
  return declared;
}
