import { ToolSearchError } from '../errors/tool-search-error.js';
import type { PlannedTool, ToolSearchPlan } from '../plan/tool-search-plan.js';
import { isDeferredLeftOut } from './is-deferred-left-out.js';
import type { RequestTool } from './request-tool.js';

/**
 * Checks that a request body holds the tools its plan was made for: every planned tool once (a deferred one a listing
 * leaves out may be missing, see {@link isDeferredLeftOut}), and no tool the plan lacks. A body may name a tool by the
 * caller's name or by the name an earlier transform sent it under; both at once are one tool twice.
 *
 * Throws a `ToolSearchError`: `plan-mismatch` naming the tools (and `reader`, the call that reads a plan's tools from
 * the body); `invalid-request` for one tool under both names. Not part of the public API.
 */
export function assertPlanMatch(plan: ToolSearchPlan, planned: ReadonlyMap<string, PlannedTool>, tools: readonly RequestTool[], reader: string): void {
  const found = new Map<string, string>();
  const unplanned: string[] = [];
  for (const tool of tools) {
    if (tool.kind !== 'planned') continue;
    if (!planned.has(tool.name)) {
      unplanned.push(`\`${tool.definition.name}\``);
      continue;
    }
    const first = found.get(tool.name);
    if (first !== undefined) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${first}\` and \`${tool.path}\` are the same tool \`${tool.name}\` (once under its original name, once under its wire name)`,
      );
    }
    found.set(tool.name, tool.path);
  }
  const leftOut = isDeferredLeftOut(plan);
  const missing = [...planned.values()].filter((tool) => !found.has(tool.name) && !(leftOut && tool.status === 'deferred')).map((tool) => `\`${tool.name}\``);
  if (missing.length === 0 && unplanned.length === 0) return;
  const parts = [
    missing.length > 0 ? `the plan has ${missing.join(', ')}, which the body's tools lack` : '',
    unplanned.length > 0 ? `the body has ${unplanned.join(', ')}, which the plan lacks` : '',
  ].filter((part) => part !== '');
  // The client mechanism's `names` listing leaves unrevealed tools out of its output, so that output cannot be re-read.
  const transformed = tools.some((tool) => tool.kind === 'own');
  const hint = transformed && unplanned.length === 0 ? ' This body looks like the output of an earlier transform: transform your original body each turn.' : '';
  throw new ToolSearchError(
    'plan-mismatch',
    `The plan was made for different tools than the request body holds: ${parts.join('; ')}. Resolve the plan again from \`${reader}\`.${hint}`,
  );
}
