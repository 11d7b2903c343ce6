import type { ToolSearchPlan } from './tool-search-plan.js';
import { isNativeDelivery } from './is-native-delivery.js';

/**
 * Whether the client-side mechanism adds loaded tools to the conversation by reference (Anthropic's `tool_reference`
 * additions on Bedrock and Vertex AI): every deferred tool is then sent with the provider's defer flag and no hosted
 * search tool. Not part of the public API.
 */
export function isAddedByReference(plan: Pick<ToolSearchPlan, 'mechanism' | 'reveal' | 'additions'>): boolean {
  return isNativeDelivery(plan) && plan.additions === 'reference';
}
