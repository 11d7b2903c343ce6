import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { parseToolSearchPlan } from '../plan/parse-tool-search-plan.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from './tool-search-tool-definition.js';

/**
 * The first part of the one system-prompt note that tells the model how to use `tool_search`, the same in every
 * mode (the rest says where loaded schemas go and which tools are not listed). It is sent once per request, not
 * repeated in every stub, so its cost does not grow with the catalog; a note always starts with it, which is how a
 * note an earlier transform left is found again.
 */
export const TOOL_SEARCH_GUIDANCE =
  'Many of your tools are loaded on demand: their parameter schemas are not shown until you load them. Before calling such a ' +
  `tool, call \`${TOOL_SEARCH_TOOL_NAME}\` with its exact name or a few keywords (for example "read file" or "send email"); it ` +
  'returns the matching tools with their full parameter schemas.';

/** What {@link resolveToolSearchGuidance} needs besides the plan. */
export interface ResolveToolSearchGuidanceOptions {
  /** The provider's name mapping, so the note names tools as the model sees them. @default no mapping */
  readonly names?: Pick<ToolNameMapping, 'toWire'>;
  /**
   * Whether deferred tools appear in the tool list the model reads (by name and description). Defaults to what the
   * plan's listing says (`full` and `compact` list them); a transformer whose provider hides deferred definitions
   * (Anthropic's `defer_loading`) passes `false`, so the note names them.
   */
  readonly listed?: boolean;
}

/**
 * The guidance note for a plan: `null` unless the library's `tool_search` searches deferred tools (the client-side
 * mechanism, or a hosted one with `search: 'library'`) and the plan defers at least one tool.
 *
 * The note is {@link TOOL_SEARCH_GUIDANCE}, then what the mode needs: with reveals in the tool list, that loaded
 * tools are callable on the next step; with reveals in the conversation, to call a tool with the parameters the
 * search returned; for deferred tools the tool list does not hold, their names (`names` listing, every deferred tool,
 * revealed or not, so the note stays byte-identical from one request to the next) or their number (`none`), and how
 * to call them (`call_tool` on the client-side mechanism; the provider loads them on a hosted one). Names are the
 * ones the model sees: pass the provider's mapping as `names` when they differ from the caller's.
 *
 * @example
 * ```ts
 * import { resolveToolSearch, resolveToolSearchGuidance } from 'tool-search';
 * const note = resolveToolSearchGuidance(resolveToolSearch('gemini-2.5-pro', tools));
 * if (note !== null) systemPrompt += `\n\n${note}`;
 * ```
 */
export function resolveToolSearchGuidance(given: ToolSearchPlan, options: ResolveToolSearchGuidanceOptions = {}): string | null {
  const plan = parseToolSearchPlan(given);
  if (plan.mechanism === 'none' || plan.search !== 'library') return null;
  const deferred = plan.tools.filter((tool) => tool.status === 'deferred');
  if (deferred.length === 0) return null;
  const listed = options.listed ?? (plan.listing === 'full' || plan.listing === 'compact');
  const client = plan.mechanism === 'client';
  const parts = [TOOL_SEARCH_GUIDANCE];
  if (listed) {
    parts.push(
      client && plan.reveal === 'tool-list'
        ? 'On your next step those tools are callable with their full parameters.'
        : 'Then call them with those parameters.',
      'Tools shown with full parameter schemas do not need to be searched for.',
    );
    return parts.join(' ');
  }
  const toWire = options.names?.toWire ?? ((name: string) => name);
  parts.push(
    plan.listing === 'none'
      ? `${deferred.length} more tools are available but not listed; find them with \`${TOOL_SEARCH_TOOL_NAME}\`.`
      : `These tools are available but not in your tool list: ${deferred.map((tool) => toWire(tool.name)).join(', ')}.`,
  );
  if (!client) parts.push(`Once \`${TOOL_SEARCH_TOOL_NAME}\` has returned a tool, call it directly.`);
  else if (plan.reveal === 'tool-list') parts.push('A tool it returns is in your tool list from your next step on.');
  else parts.push(`Call them through \`${CALL_TOOL_NAME}\` with their name and arguments.`);
  return parts.join(' ');
}
