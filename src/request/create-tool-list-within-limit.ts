import type { PlannedTool, ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolList, type ResolveToolListOptions } from './resolve-tool-list.js';
import type { ToolList } from './request-tool-entry.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';

/**
 * What {@link createToolListWithinLimit} changed to fit the limit, as data for the transformer's warnings.
 *
 * - `listing-changed-to-names`: the `full` or `compact` listing sent one entry per deferred tool; deferred tools
 *   were left out of the tool list and named in the note (the `names` listing), called through `call_tool`.
 * - `tools-deferred-for-limit`: even so, more tools were loaded than fit; the last of them were deferred (reachable
 *   through `tool_search` and `call_tool`).
 * - `over-tool-limit`: what no deferral can shorten (tools forced by `tool_choice`, the caller's other tool entries)
 *   still does not fit; the API will reject the request.
 */
export interface ToolListLimitChange {
  readonly code: 'listing-changed-to-names' | 'tools-deferred-for-limit' | 'over-tool-limit';
  readonly message: string;
}

/** The tool list within the limit, the plan it was made with, and what was changed to fit. */
export interface ToolListWithinLimit {
  readonly plan: ToolSearchPlan;
  readonly list: ToolList;
  readonly changes: readonly ToolListLimitChange[];
}

/** What limits the list: the API's most entries in `tools`, and how many of them the caller's other tools take. */
export interface ToolListLimit {
  /** The most entries the API accepts (OpenAI Chat Completions: 128; Gemini: 512 function declarations). */
  readonly maxTools: number;
  /** Entries that are not in the list but count toward the limit (custom or provider tools sent beside it). */
  readonly otherEntries: number;
  /** The API's name, for the messages (`OpenAI Chat Completions`). */
  readonly label: string;
}

/**
 * The client-side tool list for an API that caps the number of tools, never longer than the cap while anything can
 * still be deferred, and never dropping a tool: each stays callable. In order, as far as needed:
 *
 * 1. the plan as it is;
 * 2. deferred tools out of the list, named in the note and called through `call_tool` (the `names` listing, reveals
 *    in the conversation), instead of one stub per deferred tool (`full`, `compact`);
 * 3. the last loaded tools (by input order; a tool `tool_choice` forces and the package's own tools stay) deferred
 *    too, under the client-side mechanism, so `tool_search` and `call_tool` reach them.
 *
 * The plan returned is the one the list was made with: the transformer writes the rest of the request (the note,
 * the history) from it. Pure. Not part of the public API.
 */
export function createToolListWithinLimit(
  plan: ToolSearchPlan,
  tools: readonly ToolDefinition[],
  options: ResolveToolListOptions,
  limit: ToolListLimit,
): ToolListWithinLimit {
  const room = limit.maxTools - limit.otherEntries;
  // A list holds at most every planned tool and the package's two: a plan that fits so is not counted (no limit, or a
  // plan well under it, on every request).
  if (plan.tools.length + 2 <= room) return { plan, list: createToolList(plan, tools, options), changes: [] };
  // Sizes come from the plan, not from the tools at hand: the transformer's own output (which no longer holds the tools
  // a listing left out) must take the same decision on a second pass.
  const size = (candidate: ToolSearchPlan): number => resolvePlannedListSize(candidate, options);
  const first = size(plan);
  if (first <= room) return { plan, list: createToolList(plan, tools, options), changes: [] };

  const changes: ToolListLimitChange[] = [];
  const deferring = plan.mechanism === 'client' && plan.tools.some((tool) => tool.status === 'deferred');
  let fitted = plan;
  // First the listing, then (reveals in the tool list append each revealed tool) where reveals go.
  const steps: ToolSearchPlan[] = [];
  if (deferring && (plan.listing === 'full' || plan.listing === 'compact')) steps.push({ ...plan, listing: 'names' });
  if (deferring && plan.reveal === 'tool-list') steps.push({ ...plan, listing: plan.listing === 'none' ? 'none' : 'names', reveal: 'conversation' });
  for (const step of steps) {
    fitted = step;
    const fits = size(fitted) <= room;
    if (fits || step === steps[steps.length - 1]) {
      changes.push({
        code: 'listing-changed-to-names',
        message:
          `the \`${plan.listing}\` listing${plan.reveal === 'tool-list' ? ' with reveals in the tool list' : ''} would send ${first + limit.otherEntries} tools, ` +
          `more than the ${limit.maxTools} ${limit.label} accepts; deferred tools were left out of the tool list and named in the note (the \`${fitted.listing}\` listing` +
          `${fitted.reveal === plan.reveal ? '' : ', reveals in the conversation, calls through `call_tool`'})`,
      });
    }
    if (fits) return { plan: fitted, list: createToolList(fitted, tools, options), changes };
  }

  // Still too many: the client-side mechanism (`tool_search`, `call_tool`, deferred tools named in the note), and the
  // last loaded tools deferred until the list fits. Two places go to the package's tools; a tool `tool_choice` forces
  // keeps its place.
  const forced = new Set(options.forced ?? []);
  // A caller's own `tool_search` or `call_tool` (reason `search-tool`) is sent as it is, never deferred: it keeps its
  // place like a forced tool, and the package's tools go by other names.
  const keepable = (tool: PlannedTool): boolean => tool.status === 'loaded' && tool.reason !== 'search-tool' && !forced.has(tool.name);
  let keep = Math.max(0, room - 2 - fitted.tools.filter((tool) => forced.has(tool.name) || tool.reason === 'search-tool').length);
  const deferred: string[] = [];
  const planned = fitted.tools.map((tool): PlannedTool => {
    if (!keepable(tool)) return tool;
    if (keep > 0) {
      keep -= 1;
      return tool;
    }
    deferred.push(tool.name);
    return tool.category === undefined
      ? { name: tool.name, status: 'deferred', reason: 'tool-limit' }
      : { name: tool.name, status: 'deferred', reason: 'tool-limit', category: tool.category };
  });
  const wasClient = fitted.mechanism === 'client';
  fitted = { ...fitted, mechanism: 'client', search: 'library', listing: fitted.listing === 'none' ? 'none' : 'names', reveal: 'conversation', tools: planned };
  if (deferred.length > 0 || !wasClient) {
    const what =
      deferred.length === 0
        ? 'the tools'
        : `${deferred.length} loaded tool${deferred.length === 1 ? '' : 's'} (${deferred
            .slice(0, 5)
            .map((name) => `\`${name}\``)
            .join(', ')}${deferred.length > 5 ? ', …' : ''})`;
    changes.push({
      code: 'tools-deferred-for-limit',
      message:
        `${what} would not fit in the ${limit.maxTools} tools ${limit.label} accepts; the client-side mechanism deferred ${deferred.length === 1 ? 'it' : 'them'}` +
        `${wasClient ? '' : ` (the plan's mechanism is \`${plan.mechanism}\`)`}, reachable through \`tool_search\` and \`call_tool\``,
    });
  }
  const result = createToolList(fitted, tools, options);
  if (size(fitted) > room) {
    changes.push({
      code: 'over-tool-limit',
      message: `${result.tools.length + limit.otherEntries} tools are sent, more than the ${limit.maxTools} ${limit.label} accepts: what is left is forced by \`tool_choice\` or is not a function the plan manages; the API will reject the request. Send fewer`,
    });
  }
  return { plan: fitted, list: result, changes };
}

/** How many tools {@link createToolList} returns for a plan and options, counted from the plan alone. */
function resolvePlannedListSize(plan: ToolSearchPlan, options: ResolveToolListOptions): number {
  const deferring = plan.mechanism === 'client' && plan.tools.some((tool) => tool.status === 'deferred');
  if (!deferring) return plan.tools.length;
  const fromWire = options.names?.fromWire ?? ((name: string) => name);
  const shown = new Set([...(plan.reveal === 'tool-list' ? [...(options.revealed ?? [])] : []), ...(options.forced ?? [])].map((name) => fromWire(name)));
  const listed = plan.listing === 'full' || plan.listing === 'compact';
  const own = resolveOwnToolsSent(plan);
  let count = (own.search ? 1 : 0) + (own.callTool ? 1 : 0);
  for (const tool of plan.tools) {
    if (tool.status === 'loaded' || listed || shown.has(tool.name)) count += 1;
  }
  return count;
}
