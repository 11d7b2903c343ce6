import { ToolSearchError } from '../errors/tool-search-error.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { isDeferredLeftOut } from './is-deferred-left-out.js';
import type { RequestBodyTool } from './request-tool-entry.js';

/** What a request needs to match its body's tools with the plan. */
export interface ResolveRequestToolMatchInput {
  readonly plan: ToolSearchPlan;
  /** The plan's tool names. */
  readonly planned: ReadonlySet<string>;
  /** The body's tools, by original name, in body order (the package's own tools left out). */
  readonly bodyTools: ReadonlyMap<string, RequestBodyTool>;
  /** The definitions the request may send for a tool the body lacks, by name (`catalog`). */
  readonly catalog: ReadonlyMap<string, ToolDefinition>;
  /** Tools this request reveals (the option and the history), by original name. */
  readonly revealed: readonly string[];
  /** Tools the history names (`tool_use`, `tool_reference`), by original name. */
  readonly referenced: ReadonlySet<string>;
  /** Plan tools the request forces. */
  readonly forced: readonly string[];
  /** How to resolve the plan again for this body, for the error (`parseAnthropicMessagesTools(body)`). */
  readonly reader: string;
}

/**
 * Matches the body's tools with the plan: a plan tool the body lacks is sent from the catalog (returned, in plan
 * order). A plan tool neither has is an error unless the request would not send it anyway: the client-side `names`
 * and `none` listings leave a deferred tool out while nothing reveals, forces or references it (a body this package
 * already transformed no longer holds it). A body tool the plan lacks is an error too, unless it is one an earlier
 * pass restored deferred for the history under hosted search (deferred, in the catalog, referenced).
 *
 * Throws a `ToolSearchError` (`plan-mismatch`) naming the tools on both sides. Pure. Not part of the public API.
 */
export function resolveRequestToolMatch(input: ResolveRequestToolMatchInput): ReadonlyMap<string, ToolDefinition> {
  const { plan, planned, bodyTools, catalog, referenced } = input;
  const restored = new Map<string, ToolDefinition>();
  const missing: string[] = [];
  let visible: ReadonlySet<string> | undefined;
  for (const tool of plan.tools) {
    if (bodyTools.has(tool.name)) continue;
    const definition = catalog.get(tool.name);
    if (definition !== undefined) {
      restored.set(tool.name, definition);
      continue;
    }
    // What a listing that leaves deferred tools out still sends: reveals (in the tool-list mode), every tool the
    // history names (a `tool_use` not sent through `call_tool`, a `tool_reference` of an earlier hosted search), a forced tool.
    visible ??= new Set([...(plan.reveal === 'tool-list' ? input.revealed : []), ...referenced, ...input.forced]);
    if (!(isDeferredLeftOut(plan) && tool.status === 'deferred' && !visible.has(tool.name))) missing.push(tool.name);
  }
  const hosted = plan.mechanism === 'claude-hosted' || plan.mechanism === 'openai-hosted';
  const unplanned: string[] = [];
  for (const [name, tool] of bodyTools) {
    if (planned.has(name)) continue;
    // A tool an earlier pass restored for the history (deferred, in the catalog, referenced) is not the caller's.
    if (!(hosted && tool.deferred && catalog.has(name) && referenced.has(name))) unplanned.push(name);
  }
  if (missing.length > 0 || unplanned.length > 0) throw planMismatch(missing, unplanned, input.reader);
  return restored;
}

function planMismatch(missing: readonly string[], unplanned: readonly string[], reader: string): ToolSearchError {
  const parts = [
    missing.length > 0
      ? `the plan has ${missing.map((name) => `\`${name}\``).join(', ')}, which the body's \`tools\` lacks (pass its definition in \`catalog\` to send it anyway)`
      : '',
    unplanned.length > 0 ? `the body's \`tools\` has ${unplanned.map((name) => `\`${name}\``).join(', ')}, which the plan lacks` : '',
  ].filter((part) => part !== '');
  return new ToolSearchError(
    'plan-mismatch',
    `The plan was made for different tools than the request holds: ${parts.join('; ')}. Resolve the plan again with ${reader}.`,
  );
}
