import { resolveModelSupport } from '../models/resolve-model-support.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { RequestToolWarning } from './request-tool-entry.js';

/**
 * What happens to tools the caller deferred itself (a provider tool with the defer flag, a toolset or MCP toolset
 * whose members defer), which only the provider's hosted search can load (the library's `tool_search` answers with
 * the plan's tools).
 *
 * - `kept`: nothing to do (nothing deferred, or a hosted search tool is sent).
 * - `hosted-search-added`: the provider's hosted search tool is sent for them, first in the tools.
 * - `removed`: the model has no hosted search, so nothing could ever load them: sent without the defer flag.
 */
export type CallerDeferral = 'kept' | 'hosted-search-added' | 'removed';

/** What {@link resolveCallerDeferral} reads. */
export interface ResolveCallerDeferralInput {
  readonly plan: Pick<ToolSearchPlan, 'model' | 'platform' | 'mechanism'>;
  /** The body's entries that defer tools of their own, as the warning names them (`` `mcp` (`mcp_toolset`) ``). */
  readonly deferring: readonly string[];
  /** Whether the request already sends a hosted search tool. */
  readonly hostedSearchSent: boolean;
  /** The hosted search the wire API offers, for the model's support and the note. */
  readonly hosted: 'claude-hosted' | 'openai-hosted';
}

/**
 * Tools the caller deferred itself under a mechanism that sends no hosted search of its own (the client-side one,
 * none): a model with hosted search gets the provider's hosted search tool for them, another gets them without the
 * defer flag (loaded up front). Either way with a note. Pure. Not part of the public API.
 */
export function resolveCallerDeferral(input: ResolveCallerDeferralInput): { readonly deferral: CallerDeferral; readonly warning?: RequestToolWarning } {
  const { plan, deferring } = input;
  if (deferring.length === 0 || input.hostedSearchSent) return { deferral: 'kept' };
  const list = `${deferring.join(', ')} defer${deferring.length === 1 ? 's' : ''} tools of the body's own`;
  const support = resolveModelSupport(plan.platform === undefined ? plan.model : { id: plan.model, platform: plan.platform });
  if (input.hosted === 'claude-hosted' ? support.claudeHosted : support.openaiHosted) {
    return {
      deferral: 'hosted-search-added',
      warning: {
        code: 'hosted-search-for-caller-deferral',
        message: `${list}, which nothing this package sends under the \`${plan.mechanism}\` mechanism can load; ${input.hosted === 'claude-hosted' ? 'Anthropic' : 'OpenAI'}'s hosted search tool was sent for them, first in \`tools\``,
      },
    };
  }
  return {
    deferral: 'removed',
    warning: {
      code: 'caller-deferral-removed',
      message: `${list}, but \`${plan.model}\` has no hosted tool search to load them (nothing else can); sent without \`defer_loading\`, loaded up front`,
    },
  };
}
