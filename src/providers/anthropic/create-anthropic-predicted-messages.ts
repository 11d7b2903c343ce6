import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { isRecord } from '../../records/is-record.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import type { PredictedLoad } from '../../request/request-tools.js';
import { createAnthropicToolAdditionMessage } from './create-anthropic-tool-addition-message.js';
import { createAnthropicToolSearchResult } from './create-anthropic-tool-search-result.js';
import { resolveAnthropicToolKind } from './resolve-anthropic-tool-kind.js';

/**
 * The messages that carry a predicted load after the user's message, as the Messages session writes the package's own
 * answers:
 *
 * - native delivery: one `system` message of `tool_addition` blocks, by value (the caller's entry from `tools`, or the
 *   catalog's definition) or by reference, as the plan says;
 * - otherwise the package's `tool_search` `tool_use` in an assistant message and a user message with its `tool_result`:
 *   `tool_reference` blocks under Anthropic's hosted search with the library's ranking (the API loads the tools), the
 *   result's text on the client-side mechanism.
 *
 * `tools` is the body's tool list as the caller gave it; `toWire` the request's names. Not part of the public API.
 */
export function createAnthropicPredictedMessages(
  load: PredictedLoad,
  plan: Pick<ToolSearchPlan, 'mechanism' | 'additions'>,
  tools: readonly unknown[],
  toWire: (name: string) => string,
): unknown[] {
  if (load.form === 'addition') {
    const entries = load.definitions.map((definition) => {
      // The caller's own entry keeps its fields (`strict`, `input_examples`, …); the definition is the fallback.
      const entry = tools.find((tool) => isRecord(tool) && tool.name === definition.name && resolveAnthropicToolKind(tool) === 'custom');
      const written = isRecord(entry) ? entry : { description: definition.description, input_schema: definition.inputSchema };
      return { ...written, name: toWire(definition.name) };
    });
    return [createAnthropicToolAdditionMessage(entries, plan.additions ?? 'value')];
  }
  const result =
    plan.mechanism === 'claude-hosted'
      ? createAnthropicToolSearchResult(load.callId, load.result)
      : { type: 'tool_result', tool_use_id: load.callId, content: formatToolSearchResult(load.result) };
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id: load.callId, name: load.searchName, input: { query: load.query } }] },
    { role: 'user', content: [result] },
  ];
}
