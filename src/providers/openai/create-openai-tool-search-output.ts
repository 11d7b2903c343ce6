import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import type { ToolSearchResult } from '../../client/tool-search-result.js';
import type {
  OpenAIResponsesFunctionTool,
  OpenAIResponsesNamespaceTool,
  OpenAIResponsesTool,
  OpenAIResponsesToolSearchOutputItem,
} from './openai-responses-api.js';
import {
  resolveDeclaredFunctions,
  type CreateOpenAIResponsesAdditionalToolsOptions,
  type DeclaredOpenAIResponsesFunction,
} from './create-openai-responses-additional-tools.js';
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
 * append {@link createOpenAIToolSearchNote}'s developer message after it (the session API's `handle` does). The
 * session API answers a match an earlier output loaded by loading it again, as declared (it moves the deferred ones of
 * `loadedEarlier` into `tools`), so a repeated search never reads as "nothing found".
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
export function createOpenAIToolSearchOutput(
  call: { readonly call_id?: string | null },
  result: ToolSearchResult,
  options: Partial<CreateOpenAIResponsesAdditionalToolsOptions> = {},
): OpenAIResponsesToolSearchOutputItem {
  const callId = call?.call_id;
  if (typeof callId !== 'string' || callId.length === 0) {
    throw new ToolSearchError(
      'invalid-options',
      `\`call.call_id\` must be the \`call_id\` of a client-executed \`tool_search_call\`, got ${describeValue(callId)}`,
    );
  }
  if (typeof options !== 'object' || options === null || (options.tools !== undefined && !Array.isArray(options.tools))) {
    throw new ToolSearchError('invalid-options', `\`options.tools\` must be the request's \`tools\` list, got ${describeValue(options?.tools)}`);
  }
  return writeOpenAIToolSearchOutput(callId, result, resolveDeclaredFunctions(options.tools ?? [], options.names?.toWire));
}

/**
 * {@link createOpenAIToolSearchOutput} for a call id and the request's functions by the name sent (`resolveDeclaredFunctions`)
 * the package made itself (the codec's predicted load): nothing to check. Not part of the public API.
 */
export function writeOpenAIToolSearchOutput(
  callId: string,
  result: ToolSearchResult,
  declared: ReadonlyMap<string, DeclaredOpenAIResponsesFunction>,
): OpenAIResponsesToolSearchOutputItem {
  const tools: OpenAIResponsesTool[] = [];
  const namespaces = new Map<string, OpenAIResponsesNamespaceTool>();
  const found = result.status === 'found' || result.status === 'invalid-arguments' ? result.tools : [];
  for (const tool of found) {
    const entry = declared.get(tool.name);
    // A declared function loads as declared (`strict`, description), deferred; another from the result.
    const loaded = (
      entry === undefined
        ? {
            type: 'function',
            name: tool.name,
            parameters: { ...tool.inputSchema },
            strict: false,
            defer_loading: true,
            ...(tool.description === undefined ? {} : { description: tool.description }),
          }
        : { ...entry.tool, name: tool.name, defer_loading: true }
    ) as OpenAIResponsesFunctionTool;
    const holder = entry?.namespace;
    if (holder === undefined) {
      tools.push(loaded);
      continue;
    }
    // A namespace's deferred functions load inside it, as the request declared it.
    const label = holder.name as string;
    let namespace = namespaces.get(label);
    if (namespace === undefined) {
      const { tools: _members, ...declaredNamespace } = holder;
      namespace = { ...(declaredNamespace as Omit<OpenAIResponsesNamespaceTool, 'tools'>), tools: [] };
      namespaces.set(label, namespace);
      tools.push(namespace);
    }
    namespace.tools.push(loaded);
  }
  return { type: 'tool_search_output', call_id: callId, execution: 'client', status: 'completed', tools };
}
