import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { parseToolSearchPlan } from '../plan/parse-tool-search-plan.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import { resolveOwnToolsSent, type OwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolRevealMode } from '../config/tool-search-config.js';
import { escapeRegExp } from '../text/escape-reg-exp.js';

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
 * to call them (`call_tool` on the client-side mechanism; by their own names once loaded with native delivery,
 * `reveal: 'native'`, whose search result is followed by their definitions; the provider loads them on a hosted one). Names are the
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

/**
 * {@link resolveToolSearchGuidance} for a plan the package has already checked, with the package's tools it sends
 * when the caller has them at hand (`resolveOwnToolsSent(plan)`). Not part of the public API.
 */
export function createToolSearchGuidance(
  plan: ToolSearchPlan,
  options: ResolveToolSearchGuidanceOptions = {},
  own: OwnToolsSent = resolveOwnToolsSent(plan),
): string | null {
  // The note is about the library's `tool_search`: no note when the request does not send it.
  if (!own.search) return null;
  const toWire = options.names?.toWire ?? ((name: string) => name);
  // Where the caller has a tool of its own named `tool_search`, the package's goes by another name: the note says so.
  const searchName = toWire(own.searchName);
  const lead = searchName === TOOL_SEARCH_TOOL_NAME ? TOOL_SEARCH_GUIDANCE : `${TOOL_SEARCH_GUIDANCE}${fill(GUIDANCE_TAILS.renamedSearch, searchName)}`;
  const listed = options.listed ?? (plan.listing === 'full' || plan.listing === 'compact');
  const client = plan.mechanism === 'client';
  if (listed) {
    const loaded = client && plan.reveal === 'tool-list' ? GUIDANCE_TAILS.nextStep : GUIDANCE_TAILS.callWithParameters;
    return `${lead}${loaded}${GUIDANCE_TAILS.shownInFull}`;
  }
  // Only a note that names or counts the deferred tools reads them.
  const deferred = plan.tools.filter((tool) => tool.status === 'deferred');
  const which =
    plan.listing === 'none'
      ? ` ${deferred.length}${fill(GUIDANCE_TAILS.countedLead, searchName)}`
      : `${GUIDANCE_TAILS.namesLead}${deferred.map((tool) => toWire(tool.name)).join(', ')}.`;
  // How the model calls a tool the list leaves out: through `call_tool` when reveals stay in the conversation, by its
  // own name once native delivery has added it, from the tool list once revealed there; directly on a hosted mechanism.
  const call = client
    ? fill(CLIENT_CALL_TAILS[plan.reveal], plan.reveal === 'conversation' ? toWire(own.callToolName) : searchName)
    : fill(GUIDANCE_TAILS.callDirectly, searchName);
  return `${lead}${which}${call}`;
}

/** The placeholder a tail holds for the name of one of the package's own tools (`tool_search_2` when the caller has a `tool_search`). */
const NAME = '\u0000';

/** The sentences a note may add after {@link TOOL_SEARCH_GUIDANCE}, each with its leading space. */
const GUIDANCE_TAILS = {
  // Right after the first part, when the caller has its own `tool_search`.
  renamedSearch: ` Here that tool is named \`${NAME}\` (\`${TOOL_SEARCH_TOOL_NAME}\` is another tool).`,
  nextStep: ' On your next step those tools are callable with their full parameters.',
  callWithParameters: ' Then call them with those parameters.',
  shownInFull: ' Tools shown with full parameter schemas do not need to be searched for.',
  // Followed by the names, comma-separated, and a period; tool names hold no white space or comma on any API.
  namesLead: ' These tools are available but not in your tool list: ',
  // After the count of deferred tools.
  countedLead: ` more tools are available but not listed; find them with \`${NAME}\`.`,
  callDirectly: ` Once \`${NAME}\` has returned a tool, call it directly.`,
  joinsToolList: ' A tool it returns is in your tool list from your next step on.',
  callThroughCallTool: ` Call them through \`${NAME}\` with their name and arguments.`,
  // Native delivery: the search result is followed by the tools' own definitions.
  callByName: ` Once \`${NAME}\` has loaded a tool, call it by its own name like any other tool.`,
} as const;

/** The tail that tells the client-side mechanism's model how to call a tool the list leaves out, per reveal mode. */
const CLIENT_CALL_TAILS: Readonly<Record<ToolRevealMode, string>> = {
  conversation: GUIDANCE_TAILS.callThroughCallTool,
  native: GUIDANCE_TAILS.callByName,
  'tool-list': GUIDANCE_TAILS.joinsToolList,
};

function fill(tail: string, name: string): string {
  return tail.replace(NAME, name);
}

/** A tail as a pattern: its own tool's name is the default name or a renamed one (`_2`, `_3`, …). */
function tailPattern(tail: string, base: string): string {
  return escapeRegExp(tail).replace(NAME, `${escapeRegExp(base)}(?:_\\d+)?`);
}

/**
 * Matches every note this package writes, and nothing after it: {@link TOOL_SEARCH_GUIDANCE}, then the sentences a
 * mode adds (a list of names ends at its final period: tool names hold no white space or comma on any API). Global:
 * reset `lastIndex` or use it with `replace`.
 */
export const TOOL_SEARCH_GUIDANCE_PATTERN = new RegExp(
  `${escapeRegExp(TOOL_SEARCH_GUIDANCE)}(?:${tailPattern(GUIDANCE_TAILS.renamedSearch, TOOL_SEARCH_TOOL_NAME)})?` +
    `(?:(?:${escapeRegExp(GUIDANCE_TAILS.nextStep)}|${escapeRegExp(GUIDANCE_TAILS.callWithParameters)})${escapeRegExp(GUIDANCE_TAILS.shownInFull)}` +
    `|(?:${escapeRegExp(GUIDANCE_TAILS.namesLead)}[^\\s,]+(?:, [^\\s,]+)*\\.| \\d+${tailPattern(GUIDANCE_TAILS.countedLead, TOOL_SEARCH_TOOL_NAME)})` +
    `(?:${tailPattern(GUIDANCE_TAILS.callDirectly, TOOL_SEARCH_TOOL_NAME)}|${escapeRegExp(GUIDANCE_TAILS.joinsToolList)}|${tailPattern(GUIDANCE_TAILS.callThroughCallTool, CALL_TOOL_NAME)}` +
    `|${tailPattern(GUIDANCE_TAILS.callByName, TOOL_SEARCH_TOOL_NAME)})?)?`,
  'g',
);
