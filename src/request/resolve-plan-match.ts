import { ToolSearchError } from '../errors/tool-search-error.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { isDeferredLeftOut } from '../plan/is-deferred-left-out.js';
import type { RequestBodyTool } from './request-tools.js';
import { quoteNames } from '../text/quote-names.js';

/**
 * How a caller's `plan-mismatch` message words its parts (each message is pinned by its tests):
 * `${lead}: the plan has …, ${lacks}; ${has} has …, which the plan lacks. Resolve the plan again ${again(reader)}.`
 */
export interface PlanMatchWording {
  /** The sentence the parts follow (`The plan was made for different tools than the request body holds`). */
  readonly lead: string;
  /** The clause after the plan tools the body lacks (`which the body's tools lack`). */
  readonly lacks: string;
  /** What has the tools the plan lacks (`the body`). */
  readonly has: string;
  /** How to resolve the plan again, from the input's `reader` (`` from `parseOpenAIResponsesTools(body)` ``). */
  again(reader: string): string;
}

/** What {@link resolvePlanMatch} reads. */
export interface ResolvePlanMatchInput {
  readonly plan: ToolSearchPlan;
  /** The plan's tool names (a set, or the plan's tools by name). */
  readonly planned: { has(name: string): boolean };
  /** The body's tools by the plan's name, in body order (the package's own tools left out). */
  readonly body: ReadonlyMap<string, RequestBodyTool>;
  /** The definitions the request may send for a plan tool the body lacks, by name; none by default. */
  readonly catalog?: ReadonlyMap<string, ToolDefinition>;
  /** Tools this request reveals (the option and the history), by original name. */
  readonly revealed?: readonly string[];
  /** Tools the history names (`tool_use`, `tool_reference`), by original name. */
  readonly referenced?: ReadonlySet<string>;
  /** Plan tools the request forces. */
  readonly forced?: readonly string[];
  readonly wording: PlanMatchWording;
  /** The call that reads a plan's tools from the body (`parseOpenAIResponsesTools(body)`), for the error's `again`. */
  readonly reader?: string;
  /**
   * Whether a deferred plan tool may be missing from the body when nothing shows it (see `revealed`); by default when
   * the plan's listing leaves deferred tools out ({@link isDeferredLeftOut}).
   */
  readonly leftOut?: boolean;
  /** Whether the body looks like the output of an earlier transform, asked only for the error's hint; never by default. */
  readonly isTransformed?: () => boolean;
}

const NONE: ReadonlyMap<string, ToolDefinition> = new Map();
const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * Matches the body's tools with the plan, for every decision (the client tool list that Chat, Gemini and Converse
 * use, the Messages and the Responses decisions): every plan tool once, no tool the plan lacks. A plan tool
 * the body lacks is sent from the catalog (returned, in plan order). A plan tool neither has is an error unless the
 * request would not send it anyway: a listing that leaves deferred tools out (see {@link isDeferredLeftOut}) while
 * nothing reveals (in the tool-list mode), forces or references it (a body this package already transformed no longer
 * holds it). A body tool the plan lacks is an error too, unless it is one an earlier pass restored deferred for the
 * history under hosted search (deferred, in the catalog, referenced). A body may name a tool by the caller's name or
 * by the name an earlier transform sent it under (the caller reads both to the plan's name).
 *
 * Throws a `ToolSearchError`: `plan-mismatch` naming the tools on both sides, in the API's `wording` (with a hint
 * when `isTransformed` and the body has nothing the plan lacks).
 * Pure. Not part of the public API.
 */
export function resolvePlanMatch(input: ResolvePlanMatchInput): ReadonlyMap<string, ToolDefinition> {
  const { plan, planned } = input;
  const catalog = input.catalog ?? NONE;
  const referenced = input.referenced ?? NO_NAMES;
  const hosted = plan.mechanism === 'claude-hosted' || plan.mechanism === 'openai-hosted';
  const unplanned: string[] = [];
  for (const [name, tool] of input.body) {
    // A tool an earlier pass restored for the history (deferred, in the catalog, referenced) is not the caller's.
    if (!planned.has(name) && !(hosted && tool.deferred && catalog.has(name) && referenced.has(name))) unplanned.push(tool.definition.name);
  }
  const restored = new Map<string, ToolDefinition>();
  const missing: string[] = [];
  let visible: ReadonlySet<string> | undefined;
  for (const tool of plan.tools) {
    if (input.body.has(tool.name)) continue;
    const definition = catalog.get(tool.name);
    if (definition !== undefined) {
      restored.set(tool.name, definition);
      continue;
    }
    // What a listing that leaves deferred tools out still sends: reveals (in the tool-list mode), every tool the
    // history names (a `tool_use` not sent through `call_tool`, a `tool_reference` of an earlier hosted search), a forced tool.
    visible ??= new Set([...(plan.reveal === 'tool-list' ? (input.revealed ?? []) : []), ...referenced, ...(input.forced ?? [])]);
    if (!((input.leftOut ?? isDeferredLeftOut(plan)) && tool.status === 'deferred' && !visible.has(tool.name))) missing.push(tool.name);
  }
  if (missing.length > 0 || unplanned.length > 0) throw planMismatch(missing, unplanned, input);
  return restored;
}

function planMismatch(
  missing: readonly string[],
  unplanned: readonly string[],
  { wording, reader = '', isTransformed }: ResolvePlanMatchInput,
): ToolSearchError {
  const parts = [
    missing.length > 0 ? `the plan has ${quoteNames(missing)}, ${wording.lacks}` : '',
    unplanned.length > 0 ? `${wording.has} has ${quoteNames(unplanned)}, which the plan lacks` : '',
  ].filter((part) => part !== '');
  // The client mechanism's `names` listing leaves unrevealed tools out of its output, so that output cannot be re-read.
  const hint =
    unplanned.length === 0 && isTransformed?.() === true
      ? ' This body looks like the output of an earlier transform: transform your original body each turn.'
      : '';
  return new ToolSearchError('plan-mismatch', `${wording.lead}: ${parts.join('; ')}. Resolve the plan again ${wording.again(reader)}.${hint}`);
}
