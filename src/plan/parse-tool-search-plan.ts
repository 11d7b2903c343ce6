import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { TOOL_LISTINGS, TOOL_REVEAL_MODES, TOOL_SEARCH_RANKINGS } from '../config/tool-search-config.js';
import { TOOL_SEARCH_MECHANISMS as MECHANISMS, type PlannedTool, type ToolSearchPlan } from './tool-search-plan.js';
import { PLANNED_TOOLS_INDEX, parsePlannedTools } from './parse-planned-tools.js';

/**
 * Checks that a value is a plan from `resolveToolSearch` (for example one read back from JSON) and returns it typed.
 * Every transformer calls it on the plan it is given. A plan stored by an earlier version, without `listing`,
 * `reveal` or `search`, comes back as a copy with the behaviour it was made for: the `full` listing, reveals in the
 * tool list, and the provider's own search under a hosted mechanism.
 *
 * Throws a `ToolSearchError` (`invalid-options`) when the value is not an object with a known `mechanism` and a
 * `tools` list of `{ name, status }` entries, each name listed once, or when `additions` (`'value'` or
 * `'reference'`) is missing from a `reveal: 'native'` plan or present on another.
 *
 * @example
 * ```ts
 * import { parseToolSearchPlan } from 'tool-search';
 * const plan = parseToolSearchPlan(JSON.parse(stored));
 * ```
 */
export function parseToolSearchPlan(value: unknown): ToolSearchPlan {
  // A plan an agent checked and froze (`rememberCheckedPlan`) is read as it is: the hot path checks it once per agent.
  if (typeof value === 'object' && value !== null && (value as { readonly [CHECKED_PLAN]?: true })[CHECKED_PLAN] === true) return value as ToolSearchPlan;
  const candidate = value as { mechanism?: unknown; tools?: unknown } | null;
  if (typeof candidate !== 'object' || candidate === null || !Array.isArray(candidate.tools) || typeof candidate.mechanism !== 'string') {
    throw new ToolSearchError(
      'invalid-options',
      `\`plan\` must be a plan from \`resolveToolSearch\` (with \`mechanism\` and \`tools\`), got ${describeValue(value)}`,
    );
  }
  if (!(MECHANISMS as readonly string[]).includes(candidate.mechanism)) {
    throw new ToolSearchError(
      'invalid-options',
      `\`plan.mechanism\` must be one of ${MECHANISMS.map((mechanism) => `'${mechanism}'`).join(', ')}, got ${describeValue(candidate.mechanism)}`,
    );
  }
  // Each tool `{ name, status }`, each name once; the check is kept for the requests that read the same list.
  parsePlannedTools(candidate.tools);
  const unmanaged = (candidate as { unmanagedToolNames?: unknown }).unmanagedToolNames;
  if (unmanaged !== undefined && (!Array.isArray(unmanaged) || !unmanaged.every((name) => typeof name === 'string'))) {
    throw new ToolSearchError('invalid-options', `\`plan.unmanagedToolNames\` must be a list of tool names, got ${describeValue(unmanaged)}`);
  }
  const plan = value as ToolSearchPlan;
  const stored = candidate as { listing?: unknown; reveal?: unknown; search?: unknown };
  checkField('listing', stored.listing, TOOL_LISTINGS);
  checkField('reveal', stored.reveal, TOOL_REVEAL_MODES);
  checkField('search', stored.search, TOOL_SEARCH_RANKINGS);
  checkAdditions(stored.reveal, (candidate as { additions?: unknown }).additions);
  if (stored.listing !== undefined && stored.reveal !== undefined && stored.search !== undefined) return plan;
  const hosted = plan.mechanism === 'openai-hosted' || plan.mechanism === 'claude-hosted';
  return { ...plan, listing: plan.listing ?? 'full', reveal: plan.reveal ?? 'tool-list', search: plan.search ?? (hosted ? 'provider' : 'library') };
}

/** The mark of a plan checked once and frozen by {@link rememberCheckedPlan} (a copy of it is not marked). */
const CHECKED_PLAN: unique symbol = Symbol('tool-search checked plan');

/**
 * Checks a plan once, freezes it (the plan, its tool entries and its lists) and remembers it, so that
 * {@link parseToolSearchPlan} returns it at once on every later transform and call check. For a plan shared by many
 * requests (an agent's cached plan); a frozen plan cannot change after its check. Returns the checked plan (a copy
 * where `parseToolSearchPlan` upgrades one from an earlier version). Not part of the public API.
 */
export function rememberCheckedPlan(value: ToolSearchPlan): ToolSearchPlan {
  const checked = parseToolSearchPlan(value);
  if ((checked as { readonly [CHECKED_PLAN]?: true })[CHECKED_PLAN] === true) return checked;
  // A copy when the value is frozen already (a plan resolved by an earlier version, a stored one): the marks go on it.
  const plan = Object.isFrozen(checked) ? { ...checked } : checked;
  const tools = Object.isFrozen(plan.tools) ? [...plan.tools] : (plan.tools as PlannedTool[]);
  for (const entry of tools) Object.freeze(entry);
  Object.defineProperty(tools, PLANNED_TOOLS_INDEX, { value: parsePlannedTools(tools) });
  (plan as { tools: readonly PlannedTool[] }).tools = Object.freeze(tools);
  Object.freeze(plan.warnings);
  if (plan.unmanagedToolNames !== undefined) Object.freeze(plan.unmanagedToolNames);
  Object.defineProperty(plan, CHECKED_PLAN, { value: true });
  return Object.freeze(plan);
}

/** `additions` says how native delivery carries a tool, so a plan has it exactly when its reveal is `native`. */
function checkAdditions(reveal: unknown, additions: unknown): void {
  if (reveal === 'native' ? additions === 'value' || additions === 'reference' : additions === undefined) return;
  throw new ToolSearchError(
    'invalid-options',
    reveal === 'native'
      ? `\`plan.additions\` must be 'value' or 'reference' in a plan with \`reveal: 'native'\`, got ${describeValue(additions)}`
      : `\`plan.additions\` belongs to a plan with \`reveal: 'native'\` only; this plan's \`reveal\` is ${describeValue(reveal)}, and \`additions\` is ${describeValue(additions)}`,
  );
}

function checkField(field: string, value: unknown, allowed: readonly string[]): void {
  if (value === undefined || (typeof value === 'string' && allowed.includes(value))) return;
  throw new ToolSearchError(
    'invalid-options',
    `\`plan.${field}\` must be one of ${allowed.map((entry) => `'${entry}'`).join(', ')}, got ${describeValue(value)}`,
  );
}
