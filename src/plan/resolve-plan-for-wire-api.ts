import { lacksHostedSearch, readModelId, takesToolAdditions } from '../models/resolve-model-support.js';
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

/** The plan a transformer applies for the plan's model, and why it differs from the one it was given (or `null`). */
export interface PlanForModel extends PlanForWireAPI {
  /** The sentence for the transformer's warning when the plan's native delivery had to fall back, else `null`. */
  readonly revealFallback: string | null;
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
  // A native plan on an API without a tool-addition item reveals in the conversation; Responses adds by value.
  const plan =
    checked.reveal !== 'native' || api === 'anthropic-messages' || (api === 'openai-responses' && checked.additions === 'value')
      ? checked
      : api === 'openai-responses'
        ? { ...checked, additions: 'value' as const }
        : inConversation(checked);
  const { mechanism } = plan;
  if ((mechanism !== 'openai-hosted' && mechanism !== 'claude-hosted') || HOSTED_ON[api] === mechanism) return { plan, fallback: null };
  const planned = mechanism === 'openai-hosted' ? 'openai-responses' : 'anthropic-messages';
  return toClient(
    plan,
    `, which ${WIRE_API_NAMES[api]} does not carry`,
    `Resolve the plan with \`{ id: '${plan.model}', api: '${api}' }\` (hosted search needs \`api: '${planned}'\`)`,
  );
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
  const { mechanism } = given;
  if (mechanism !== 'claude-hosted' && mechanism !== 'openai-hosted' && given.reveal !== 'native') return { plan: given, fallback: null, revealFallback: null };
  const model = readModelId(given.platform === undefined ? given.model : { id: given.model, platform: given.platform });
  const where = `\`${given.model}\`${given.platform === undefined ? '' : ` on \`${given.platform}\``}`;
  const lacks = (mechanism === 'claude-hosted' || mechanism === 'openai-hosted') && lacksHostedSearch(model, mechanism);
  const { plan, fallback } = lacks ? toClient(given, `, but ${where} does not support it`, RESOLVE_AGAIN) : { plan: given, fallback: null };
  if (given.reveal !== 'native' || takesToolAdditions(model)) return { plan, fallback, revealFallback: null };
  return {
    plan: inConversation(plan),
    fallback,
    revealFallback:
      `the plan delivers loaded tools natively (\`reveal: 'native'\`), but ${where} does not take tool additions; loaded schemas stay in ` +
      `the \`tool_search\` result (\`reveal: 'conversation'\`) instead. ${RESOLVE_AGAIN}`,
  };
}

const RESOLVE_AGAIN = 'Resolve the plan again for this model';

/** A hosted plan turned client-side (the same tools deferred; the client-side search is always the library's), and why. */
function toClient(plan: ToolSearchPlan, why: string, remedy: string): PlanForWireAPI {
  const provider = plan.mechanism === 'openai-hosted' ? "OpenAI's" : "Anthropic's";
  return {
    plan: { ...plan, mechanism: 'client', search: 'library' },
    fallback: `the plan uses ${provider} hosted tool search (\`${plan.mechanism}\`)${why}; the same tools are deferred with the client-side \`tool_search\` instead. ${remedy}`,
  };
}

/** A native plan revealing in the conversation instead (no `additions`). Not part of the public API. */
export function inConversation(plan: ToolSearchPlan): ToolSearchPlan {
  const { additions: _additions, ...rest } = plan;
  return { ...rest, reveal: 'conversation' };
}
