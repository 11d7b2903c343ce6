import type { ToolSearchResult } from './tool-search-result.js';

/**
 * A search result for a provider that loads what it names (OpenAI's `tool_search_output`, Anthropic's `tool_reference`
 * blocks): a tool `loadable` refuses (one the request sends in full, never deferred, or one the conversation already
 * loaded) moves from `tools` to `loadedEarlier`, so it is never defined a second time nor referenced while not
 * deferred, and the model is told it already has it. Other results come back as they are. Not part of the public API.
 */
export function resolveLoadableSearchResult(result: ToolSearchResult, loadable: (name: string) => boolean): ToolSearchResult {
  if (result.status !== 'found' || result.tools.every((tool) => loadable(tool.name))) return result;
  const kept = result.tools.filter((tool) => loadable(tool.name));
  const already = result.tools.filter((tool) => !loadable(tool.name)).map((tool) => tool.name);
  return { ...result, tools: kept, loadedEarlier: [...new Set([...(result.loadedEarlier ?? []), ...already])] };
}
