import { formatToolSearchResult } from '../../client/tool-search-result.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import type { PredictedLoad } from '../../request/request-tools.js';
import { createOpenAIResponsesAdditionalTools } from './create-openai-responses-additional-tools.js';
import { createOpenAIToolSearchOutput } from './create-openai-tool-search-output.js';

/**
 * The input items that carry a predicted load after the user's message, as the Responses session writes the package's
 * own answers:
 *
 * - native delivery: one `additional_tools` item with the tools' definitions (the caller's declarations, from `tools`);
 * - OpenAI's hosted search with the library's ranking: a client-executed `tool_search_call` and the
 *   `tool_search_output` that loads the tools (deferred, in their namespaces, as declared);
 * - the client-side mechanism: the package's `tool_search` `function_call` and its `function_call_output`.
 *
 * `tools` is the body's tool list as the caller gave it; `toWire` the request's names. Not part of the public API.
 */
export function createOpenAIResponsesPredictedItems(
  load: PredictedLoad,
  plan: Pick<ToolSearchPlan, 'mechanism'>,
  tools: readonly unknown[],
  names: { readonly toWire: (name: string) => string },
): unknown[] {
  if (load.form === 'addition') {
    // A tool the body does not declare (the catalog's) is added from its definition.
    const definitions = load.definitions.map((tool) => ({
      type: 'function',
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
      strict: false,
    }));
    return [
      createOpenAIResponsesAdditionalTools(
        load.definitions.map((tool) => names.toWire(tool.name)),
        { tools: [...tools, ...definitions], names },
      ),
    ];
  }
  if (plan.mechanism === 'openai-hosted') {
    return [
      { type: 'tool_search_call', call_id: load.callId, execution: 'client', arguments: { query: load.query }, status: 'completed' },
      createOpenAIToolSearchOutput({ call_id: load.callId }, load.result, { tools, names }),
    ];
  }
  return [
    { type: 'function_call', call_id: load.callId, name: load.searchName, arguments: JSON.stringify({ query: load.query }) },
    { type: 'function_call_output', call_id: load.callId, output: formatToolSearchResult(load.result) },
  ];
}
