import { resolveModelSupport } from '../models/resolve-model-support.js';
import type { ToolSearchPlan } from './tool-search-plan.js';

/** The plan a transformer applies for the plan's model, and why it differs from the one it was given (or `null`). */
export interface PlanForModel {
  readonly plan: ToolSearchPlan;
  /** The sentence for the transformer's warning when the plan had to fall back, else `null`. */
  readonly fallback: string | null;
}

/**
 * The plan a transformer applies, given the model the plan was made for. A hosted plan (`claude-hosted`,
 * `openai-hosted`) for a model the support table knows lacks that hosted search (`claude-3-5-haiku`, `gpt-4o`, a
 * Claude model on Bedrock's Converse API), as a stored or hand-made plan can be, falls back to the client-side
 * mechanism: the same tools deferred, this package's `tool_search`, no hosted search tool the API would reject.
 * Unknown and gateway ids keep their plan. Not part of the public API.
 */
export function resolvePlanForModel(plan: ToolSearchPlan): PlanForModel {
  if (plan.mechanism !== 'claude-hosted' && plan.mechanism !== 'openai-hosted') return { plan, fallback: null };
  const support = resolveModelSupport(plan.platform === undefined ? plan.model : { id: plan.model, platform: plan.platform });
  const claude = plan.mechanism === 'claude-hosted';
  const unsupported = claude ? support.family === 'claude' && !support.claudeHosted : support.family === 'gpt' && !support.openaiHosted;
  if (!unsupported) return { plan, fallback: null };
  return {
    plan: { ...plan, mechanism: 'client', search: 'library' },
    fallback:
      `the plan uses ${claude ? "Anthropic's" : "OpenAI's"} hosted tool search (\`${plan.mechanism}\`), but \`${plan.model}\`${plan.platform === undefined ? '' : ` on \`${plan.platform}\``} ` +
      `does not support it; the same tools are deferred with the client-side \`tool_search\` instead. Resolve the plan again for this model`,
  };
}
