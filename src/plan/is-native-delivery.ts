import type { ToolSearchPlan } from './tool-search-plan.js';

/**
 * Whether the plan delivers the tools `tool_search` loads natively: the client-side mechanism with `reveal: 'native'`,
 * where each loaded definition goes in the API's tool-addition item after the search result (hosted search loads
 * natively on its own; a stored plan that pairs it with `native` still delivers nothing itself). Not part of the public API.
 */
export function isNativeDelivery(plan: Pick<ToolSearchPlan, 'mechanism' | 'reveal'>): boolean {
  return plan.mechanism === 'client' && plan.reveal === 'native';
}
