import { formatToolSearchResult, type ToolSearchResult } from '../../client/tool-search-result.js';
import type { OpenAIResponsesDeveloperMessageItem } from './openai-responses-api.js';

/**
 * What a `tool_search_output` cannot say, as a developer message to append right after it, or `null` when its tools say
 * everything. A `tool_search_output` carries tool definitions only (`ResponseToolSearchOutputItemParam`), so a search
 * that loaded nothing (no match, an empty or missing query, `select:` of unknown names), or that left something out
 * (tools an earlier search loaded, further matches), would read as "nothing found"; the note gives the model the
 * package's result without the schemas the output carries, as the other APIs' text results do: the status, the
 * message, the names available, the names loaded earlier.
 *
 * @example
 * ```ts
 * import { createOpenAIToolSearchNote, createOpenAIToolSearchOutput } from 'tool-search/openai';
 * input.push(createOpenAIToolSearchOutput(call, result));
 * const note = createOpenAIToolSearchNote(result);
 * if (note !== null) input.push(note);
 * ```
 */
export function createOpenAIToolSearchNote(result: ToolSearchResult): OpenAIResponsesDeveloperMessageItem | null {
  const told = resolveUntold(result);
  return told === null ? null : { type: 'message', role: 'developer', content: `tool_search result: ${formatToolSearchResult(told)}` };
}

/** The result without the tools the output carries, or `null` when nothing else is in it. */
function resolveUntold(result: ToolSearchResult): ToolSearchResult | null {
  if (result.status !== 'found') return result.status === 'invalid-arguments' ? { ...result, tools: [] } : result;
  const { tools, status: _status, ...rest } = result;
  if (tools.length > 0 && Object.keys(rest).length === 0) return null;
  // A search whose matches were all loaded earlier says which, so the model calls them instead of searching again.
  return { ...result, tools: [] };
}
