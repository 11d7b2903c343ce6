import { isNativeDelivery } from '../../plan/is-native-delivery.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import { ANTHROPIC_INLINE_TOOLS_BETA, ANTHROPIC_TOOL_CHANGES_BETA } from './anthropic-messages-api.js';

/**
 * The beta the request's tool changes need, or `undefined` without any: the plan's native additions and the history's
 * tool changes, by value (`inline-tools-2026-09-15`, which covers references too) or by reference only. On Amazon
 * Bedrock only the reference beta exists.
 */
export function resolveAnthropicToolChangesBeta(
  plan: ToolSearchPlan,
  changes: readonly { readonly form: 'value' | 'reference' }[],
  onBedrock: boolean,
): string | undefined {
  const planned = isNativeDelivery(plan) ? plan.additions : undefined;
  if (planned === undefined && changes.length === 0) return undefined;
  if (onBedrock) return ANTHROPIC_TOOL_CHANGES_BETA;
  return planned === 'value' || changes.some((change) => change.form === 'value') ? ANTHROPIC_INLINE_TOOLS_BETA : ANTHROPIC_TOOL_CHANGES_BETA;
}
