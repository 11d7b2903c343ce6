import { WIRE_API_NAMES, type WireAPI } from '../models/model-reference.js';
import type { ToolSearchMechanism, ToolSearchPlan } from './tool-search-plan.js';
import { parseToolSearchPlan } from './parse-tool-search-plan.js';

/** The hosted mechanism each wire API carries, if any. */
const HOSTED_ON: Readonly<Record<WireAPI, ToolSearchMechanism | null>> = {
  'openai-responses': 'openai-hosted',
  'anthropic-messages': 'claude-hosted',
  'openai-chat': null,
  gemini: null,
  'bedrock-converse': null,
};

/** The plan a transformer applies, and why it differs from the one it was given (or `null`). */
export interface PlanForWireAPI {
  readonly plan: ToolSearchPlan;
  /** The sentence for the transformer's warning when the plan had to fall back, else `null`. */
  readonly fallback: string | null;
}

/**
 * The plan a transformer for `api` applies. A plan whose mechanism is a hosted search this API cannot carry (OpenAI's
 * on Chat Completions, Anthropic's on Responses, …) falls back to the client-side mechanism: the same tools deferred,
 * the plan's listing, this package's `tool_search` instead of the hosted one; `fallback` then says so, for the
 * transformer's warning. A `reveal: 'native'` plan (made without `api`) on an API that has no tool-addition item
 * (Chat Completions, Gemini, Converse) reveals in the conversation instead (`call_tool` is then sent), silently: the
 * plan did not know the API, and the configuration's `auto` chose `native` for the model. On Responses its additions
 * are by value, the only form that API's item has. Every other plan, `none` included, is returned as
 * `parseToolSearchPlan` reads it (a plan of an earlier version gets the settings it was made with).
 *
 * @example
 * ```ts
 * const { plan: applied, fallback } = resolvePlanForWireAPI(plan, 'openai-chat');
 * if (fallback !== null) warnings.push({ code: 'hosted-mechanism-unsupported', message: fallback });
 * ```
 */
export function resolvePlanForWireAPI(given: ToolSearchPlan, api: WireAPI): PlanForWireAPI {
  return resolveCheckedPlanForWireAPI(parseToolSearchPlan(given), api);
}

/** {@link resolvePlanForWireAPI} of a plan `parseToolSearchPlan` has checked (the driver checks each plan once). */
export function resolveCheckedPlanForWireAPI(checked: ToolSearchPlan, api: WireAPI): PlanForWireAPI {
  const plan = resolveRevealForWireAPI(checked, api);
  const { mechanism } = plan;
  if ((mechanism !== 'openai-hosted' && mechanism !== 'claude-hosted') || HOSTED_ON[api] === mechanism) return { plan, fallback: null };
  const provider = mechanism === 'openai-hosted' ? "OpenAI's" : "Anthropic's";
  const planned = mechanism === 'openai-hosted' ? 'openai-responses' : 'anthropic-messages';
  return {
    // The client-side mechanism's search is always the library's.
    plan: { ...plan, mechanism: 'client', search: 'library' },
    fallback:
      `the plan uses ${provider} hosted tool search (\`${mechanism}\`), which ${WIRE_API_NAMES[api]} does not carry; the same tools are deferred ` +
      `with the client-side \`tool_search\` instead. Resolve the plan with \`{ id: '${plan.model}', api: '${api}' }\` (hosted search needs \`api: '${planned}'\`)`,
  };
}

/** A native plan on an API without a tool-addition item reveals in the conversation; Responses adds by value. */
function resolveRevealForWireAPI(plan: ToolSearchPlan, api: WireAPI): ToolSearchPlan {
  if (plan.reveal !== 'native') return plan;
  if (api === 'anthropic-messages' || (api === 'openai-responses' && plan.additions === 'value')) return plan;
  if (api === 'openai-responses') return { ...plan, additions: 'value' };
  const { additions: _additions, ...rest } = plan;
  return { ...rest, reveal: 'conversation' };
}
