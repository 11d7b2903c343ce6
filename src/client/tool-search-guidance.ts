import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { TOOL_SEARCH_TOOL_NAME } from './tool-search-tool-definition.js';

/**
 * The one system-prompt note that tells the model how to use `tool_search`. It is sent once per request, not
 * repeated in every stub, so its cost does not grow with the catalog.
 */
export const TOOL_SEARCH_GUIDANCE =
  'Many of your tools are loaded lazily to save context: you can see their names and descriptions, but their parameter ' +
  `schemas are hidden until you load them. Before calling a tool whose parameters you have not loaded, call \`${TOOL_SEARCH_TOOL_NAME}\` ` +
  'with its exact name, or with a few keywords describing what you need (for example "read file" or "send email"). It returns the ' +
  'matching tools with their full parameter schemas, and on your next step those tools are callable with their full parameters. ' +
  'Tools shown with full parameter schemas do not need to be searched for.';

/**
 * The guidance note for a plan: `null` unless the plan applies the client-side mechanism and defers at least one
 * tool. In the `names` listing, deferred tools are not in the tool list, so the note also names them (every tool the
 * plan defers, revealed or not, so the note stays byte-identical from one turn to the next), by the names the model
 * sees: pass the provider's name mapping as `names` when the tool names sent differ from the caller's.
 *
 * @example
 * ```ts
 * import { resolveToolSearch, resolveToolSearchGuidance } from 'tool-search';
 * const note = resolveToolSearchGuidance(resolveToolSearch('gemini-2.5-pro', tools));
 * if (note !== null) systemPrompt += `\n\n${note}`;
 * ```
 */
export function resolveToolSearchGuidance(plan: ToolSearchPlan, options: { readonly names?: Pick<ToolNameMapping, 'toWire'> } = {}): string | null {
  if (plan.mechanism !== 'client' || !plan.tools.some((tool) => tool.status === 'deferred')) return null;
  if (plan.listing !== 'names') return TOOL_SEARCH_GUIDANCE;
  const toWire = options.names?.toWire ?? ((name: string) => name);
  const deferred = plan.tools.filter((tool) => tool.status === 'deferred').map((tool) => toWire(tool.name));
  return `${TOOL_SEARCH_GUIDANCE}${NAMES_LISTING_LEAD}${deferred.join(', ')}.`;
}

/** What the `names` listing's note adds after {@link TOOL_SEARCH_GUIDANCE}, before the names. */
export const NAMES_LISTING_LEAD = ` These tools are available but not listed; load them with \`${TOOL_SEARCH_TOOL_NAME}\` before use: `;

/**
 * Matches every note this package writes, and nothing after it: the note, optionally followed by the `names`
 * listing's list (tool names hold no white space or comma on any API, so the list ends at its final period). Global:
 * reset `lastIndex` or use it with `replace`.
 */
export const TOOL_SEARCH_GUIDANCE_PATTERN = new RegExp(`${escapeRegExp(TOOL_SEARCH_GUIDANCE)}(?:${escapeRegExp(NAMES_LISTING_LEAD)}[^\\s,]+(?:, [^\\s,]+)*\\.)?`, 'g');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
