import { resolveModelSupport } from '../models/resolve-model-support.js';
import type { ToolSearchPlan } from './tool-search-plan.js';

/** The plan a transformer applies for the plan's model, and why it differs from the one it was given (or `null`). */
export interface PlanForModel {
  readonly plan: ToolSearchPlan;
  /** The sentence for the transformer's warning when the plan's mechanism had to fall back, else `null`. */
  readonly fallback: string | null;
  /** The sentence for the transformer's warning when the plan's native delivery had to fall back, else `null`. */
  readonly revealFallback: string | null;
}

/**
 * The plan a transformer applies, given the model the plan was made for. A hosted plan (`claude-hosted`,
 * `openai-hosted`) for a model the support table knows lacks that hosted search (`claude-3-5-haiku`, `gpt-4o`, a
 * Claude model on Bedrock's Converse API), as a stored or hand-made plan can be, falls back to the client-side
 * mechanism: the same tools deferred, this package's `tool_search`, no hosted search tool the API would reject. A
 * `reveal: 'native'` plan for a model or platform known not to take tool additions (`claude-sonnet-5`, a Claude model
 * before Opus 4.8, Claude on Foundry: `resolveModelSupport`'s `toolAdditionsOptIn`) reveals in the conversation
 * instead (`call_tool` is then sent), as `resolveToolSearch` would have planned it. Unknown and gateway ids keep their
 * plan. Not part of the public API.
 */
export function resolvePlanForModel(given: ToolSearchPlan): PlanForModel {
  const hosted = given.mechanism === 'claude-hosted' || given.mechanism === 'openai-hosted';
  const native = given.reveal === 'native';
  if (!hosted && !native) return { plan: given, fallback: null, revealFallback: null };
  const support = resolveModelSupport(given.platform === undefined ? given.model : { id: given.model, platform: given.platform });
  const where = `\`${given.model}\`${given.platform === undefined ? '' : ` on \`${given.platform}\``}`;
  let plan = given;
  let fallback: string | null = null;
  let revealFallback: string | null = null;
  if (hosted) {
    const claude = plan.mechanism === 'claude-hosted';
    const unsupported = claude ? support.family === 'claude' && !support.claudeHosted : support.family === 'gpt' && !support.openaiHosted;
    if (unsupported) {
      plan = { ...plan, mechanism: 'client', search: 'library' };
      fallback =
        `the plan uses ${claude ? "Anthropic's" : "OpenAI's"} hosted tool search (\`${given.mechanism}\`), but ${where} ` +
        `does not support it; the same tools are deferred with the client-side \`tool_search\` instead. Resolve the plan again for this model`;
    }
  }
  if (native && support.toolAdditionsOptIn === null) {
    const { additions: _additions, ...rest } = plan;
    plan = { ...rest, reveal: 'conversation' };
    revealFallback =
      `the plan delivers loaded tools natively (\`reveal: 'native'\`), but ${where} does not take tool additions; loaded schemas stay in ` +
      `the \`tool_search\` result (\`reveal: 'conversation'\`) instead. Resolve the plan again for this model`;
  }
  return { plan, fallback, revealFallback };
}
