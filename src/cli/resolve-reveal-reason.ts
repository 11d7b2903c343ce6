import type { ToolRevealChoice } from '../config/tool-search-config.js';
import type { ModelReference } from '../models/model-reference.js';
import { resolveModelSupport } from '../models/resolve-model-support.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';

/** Where a plan puts a loaded schema, and why: what `tool-search inspect` prints under the plan. */
export interface RevealReason {
  /** The plan's reveal mode. */
  readonly reveal: ToolSearchPlan['reveal'];
  /** How a native plan's additions carry a tool (`value` or `reference`), else `null`. */
  readonly additions: 'value' | 'reference' | null;
  /** The configuration's choice the plan resolved (`auto` unless asked for). */
  readonly choice: ToolRevealChoice;
  /** Why the plan has this mode: one sentence for people. */
  readonly reason: string;
}

/** The wire APIs whose providers have a tool-addition item. */
const ADDITION_APIS: ReadonlySet<string> = new Set(['openai-responses', 'anthropic-messages']);

/**
 * Why a plan puts loaded schemas where it does, for the model it was made for: the choice asked for, or what `auto`
 * found in the model's support (`resolveModelSupport`'s `toolAdditions`: documented tool additions where the model
 * is served), the listing and the API. The decision itself is `resolveToolSearch`'s; this only explains it.
 */
export function resolveRevealReason(plan: ToolSearchPlan, model: ModelReference, choice: ToolRevealChoice): RevealReason {
  const additions = plan.additions ?? null;
  const result = (reason: string): RevealReason => ({ reveal: plan.reveal, additions, choice, reason });
  if (plan.mechanism === 'none') return result('nothing is deferred, so nothing is loaded');
  if (plan.mechanism !== 'client') {
    return result('hosted search: the provider loads the schemas the search returns, where its result sits (`reveal` is for the client mechanism)');
  }
  const support = resolveModelSupport(model);
  const served = `${support.id}${support.platform === null ? '' : ` on ${support.platform}`}`;
  const form = additions === 'reference' ? 'by reference (deferred tools declared, the addition names them)' : 'by value (the definitions themselves)';
  if (choice !== 'auto') {
    if (plan.reveal === choice) return result(`asked for${plan.reveal === 'native' ? `; additions ${form}` : ''}`);
    return result(`\`${choice}\` was asked for but does not apply to ${served} (see the warnings)`);
  }
  if (plan.reveal === 'native') return result(`auto: the provider documents tool additions for ${served}; additions ${form}`);
  if (support.api !== null && !ADDITION_APIS.has(support.api)) return result(`auto: ${support.api} has no tool-addition item`);
  if (plan.listing === 'full' || plan.listing === 'compact') return result(`auto: the \`${plan.listing}\` listing sends stubs, which native delivery does not`);
  if (support.toolAdditions === null) {
    const where = support.platform === null && support.gateway !== null ? ' (a gateway spelling)' : '';
    return result(`auto: no tool additions are documented for ${served}${where} (\`--reveal native\` opts in)`);
  }
  return result(`auto: only additions by reference are documented for ${served}, and auto turns on additions by value only (\`--reveal native\` opts in)`);
}
