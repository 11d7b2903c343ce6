import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { parseToolSearchPlan } from '../plan/parse-tool-search-plan.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from './tool-search-tool-definition.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';

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
  return createToolSearchGuidance(parseToolSearchPlan(given), options);
}

/** {@link resolveToolSearchGuidance} for a plan the package has already checked. Not part of the public API. */
export function createToolSearchGuidance(plan: ToolSearchPlan, options: ResolveToolSearchGuidanceOptions = {}): string | null {
  // The note is about the library's `tool_search`: no note when the request does not send it.
  if (!resolveOwnToolsSent(plan).search) return null;
  const deferred = plan.tools.filter((tool) => tool.status === 'deferred');
  const listed = options.listed ?? (plan.listing === 'full' || plan.listing === 'compact');
  const client = plan.mechanism === 'client';
  if (listed) {
    const loaded = client && plan.reveal === 'tool-list' ? GUIDANCE_TAILS.nextStep : GUIDANCE_TAILS.callWithParameters;
    return `${TOOL_SEARCH_GUIDANCE}${loaded}${GUIDANCE_TAILS.shownInFull}`;
  }
  const toWire = options.names?.toWire ?? ((name: string) => name);
  const which =
    plan.listing === 'none'
      ? ` ${deferred.length}${GUIDANCE_TAILS.countedLead}`
      : `${GUIDANCE_TAILS.namesLead}${deferred.map((tool) => toWire(tool.name)).join(', ')}.`;
  const how = !client ? GUIDANCE_TAILS.callDirectly : plan.reveal === 'tool-list' ? GUIDANCE_TAILS.joinsToolList : GUIDANCE_TAILS.callThroughCallTool;
  return `${TOOL_SEARCH_GUIDANCE}${which}${how}`;
}

/** The sentences a note may add after {@link TOOL_SEARCH_GUIDANCE}, each with its leading space. */
const GUIDANCE_TAILS = {
  nextStep: ' On your next step those tools are callable with their full parameters.',
  callWithParameters: ' Then call them with those parameters.',
  shownInFull: ' Tools shown with full parameter schemas do not need to be searched for.',
  // Followed by the names, comma-separated, and a period; tool names hold no white space or comma on any API.
  namesLead: ' These tools are available but not in your tool list: ',
  // After the count of deferred tools.
  countedLead: ` more tools are available but not listed; find them with \`${TOOL_SEARCH_TOOL_NAME}\`.`,
  callDirectly: ` Once \`${TOOL_SEARCH_TOOL_NAME}\` has returned a tool, call it directly.`,
  joinsToolList: ' A tool it returns is in your tool list from your next step on.',
  callThroughCallTool: ` Call them through \`${CALL_TOOL_NAME}\` with their name and arguments.`,
} as const;

/**
 * Matches every note this package writes, and nothing after it: {@link TOOL_SEARCH_GUIDANCE}, then the sentences a
 * mode adds (a list of names ends at its final period: tool names hold no white space or comma on any API). Global:
 * reset `lastIndex` or use it with `replace`.
 */
export const TOOL_SEARCH_GUIDANCE_PATTERN = new RegExp(
  `${escapeRegExp(TOOL_SEARCH_GUIDANCE)}` +
    `(?:(?:${escapeRegExp(GUIDANCE_TAILS.nextStep)}|${escapeRegExp(GUIDANCE_TAILS.callWithParameters)})${escapeRegExp(GUIDANCE_TAILS.shownInFull)}` +
    `|(?:${escapeRegExp(GUIDANCE_TAILS.namesLead)}[^\\s,]+(?:, [^\\s,]+)*\\.| \\d+${escapeRegExp(GUIDANCE_TAILS.countedLead)})` +
    `(?:${escapeRegExp(GUIDANCE_TAILS.callDirectly)}|${escapeRegExp(GUIDANCE_TAILS.joinsToolList)}|${escapeRegExp(GUIDANCE_TAILS.callThroughCallTool)})?)?`,
  'g',
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
