import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { RequestToolWarning } from './request-tool-entry.js';

/** The plan tools a request forces (its `tool_choice`), and those of them the plan defers. */
export interface ForcedTools {
  /** Forced plan tools, by original name, in the order given, once each. */
  readonly forced: readonly string[];
  /** The forced tools the plan defers: a forced tool needs its schema, so each is sent in full. */
  readonly deferred: readonly string[];
}

/**
 * The plan tools among the names a request's `tool_choice` forces (original names; a name the plan does not hold,
 * such as a provider tool, is not the plan's to send). The model is made to call a forced tool without a chance to
 * search first, so every mechanism sends a forced tool with its full schema: hosted search without the defer flag,
 * the client-side list revealed (see `ResolveToolListOptions.forced`). Pure. Not part of the public API.
 */
export function resolveForcedTools(plan: Pick<ToolSearchPlan, 'tools'>, chosen: readonly string[]): ForcedTools {
  if (chosen.length === 0) return NONE;
  const forced: string[] = [];
  const deferred: string[] = [];
  for (const name of chosen) {
    const tool = forced.includes(name) ? undefined : plan.tools.find((planned) => planned.name === name);
    if (tool === undefined) continue;
    forced.push(name);
    if (tool.status === 'deferred') deferred.push(name);
  }
  return { forced, deferred };
}

/** The note for a forced tool the plan defers, saying how it was sent (`outcome`). */
export function createForcedToolWarning(name: string, outcome: string): RequestToolWarning {
  return {
    code: 'forced-tool-loaded',
    message: `\`tool_choice\` forces \`${name}\`, which the plan defers; a forced tool needs its schema, so it was ${outcome}`,
  };
}

const NONE: ForcedTools = Object.freeze({ forced: [], deferred: [] });
