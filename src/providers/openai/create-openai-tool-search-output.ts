import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import type { ToolSearchResult } from '../../client/tool-search-result.js';
import type { OpenAIResponsesFunctionTool, OpenAIResponsesToolSearchOutputItem } from './openai-responses-api.js';
import type { createOpenAIToolSearchNote } from './create-openai-tool-search-note.js';

/**
 * The `tool_search_output` item that answers the model's client-executed `tool_search_call` (a plan with
 * `search: 'library'` on the Responses API), from what the package's `tool_search` returned for the call's
 * arguments. Append it to `input` after the call; the API then loads the tools it carries, so the model can call them
 * from its next step on (OpenAI puts loaded tools at the end of the context, so the cached prefix stays intact).
 *
 * Each tool the search returned with its schema becomes a function tool with `defer_loading: true` under the name the
 * model saw (run the search with the transformer's `names`). A search that loaded nothing (no match, an empty or bad
 * query, or only tools an earlier search of the session loaded) answers with no tools: the output cannot say why, so
 * append {@link createOpenAIToolSearchNote}'s developer message after it (the session API's `handle` does).
 *
 * Throws a `ToolSearchError` (`invalid-options`) when `call` has no `call_id` (a server-executed call is answered by
 * the API itself).
 *
 * @example
 * ```ts
 * import { createOpenAIToolSearchOutput } from 'tool-search/openai';
 * for (const item of response.output) {
 *   if (item.type !== 'tool_search_call') continue;
 *   const result = await search.execute(item.arguments, { sessionId, names });
 *   input.push(createOpenAIToolSearchOutput(item, result));
 * }
 * ```
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 */
export function createOpenAIToolSearchOutput(call: { readonly call_id?: string | null }, result: ToolSearchResult): OpenAIResponsesToolSearchOutputItem {
  const callId = call?.call_id;
  if (typeof callId !== 'string' || callId.length === 0) {
    throw new ToolSearchError('invalid-options', `\`call.call_id\` must be the \`call_id\` of a client-executed \`tool_search_call\`, got ${describeValue(callId)}`);
  }
  const tools: OpenAIResponsesFunctionTool[] =
    result.status === 'found' || result.status === 'invalid-arguments'
      ? result.tools.map((tool) => {
          const loaded: OpenAIResponsesFunctionTool = { type: 'function', name: tool.name, parameters: { ...tool.inputSchema }, strict: false, defer_loading: true };
          if (tool.description !== undefined) loaded.description = tool.description;
          return loaded;
        })
      : [];
  return { type: 'tool_search_output', call_id: callId, execution: 'client', status: 'completed', tools };
}
