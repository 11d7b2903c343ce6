import { isRecord } from '../../records/is-record.js';
import { resolveToolCacheBreakpoints, type ToolCacheBreakpoint } from '../../cache/resolve-tool-cache-breakpoints.js';
import { resolveAnthropicToolDeferral } from './resolve-anthropic-tool-deferral.js';

/** Where the caller's tool-level cache breakpoints were, besides the entries themselves. */
export interface AnthropicToolCacheControlContext {
  /**
   * The index, in the new list, of the entry made from the caller's last tool, or `-1`. A breakpoint on the caller's
   * last tool means "cache the whole tool list", so it goes to the last tool of the new list.
   */
  readonly callerLast: number;
  /** Breakpoints of caller tools that are not sent at all (the client `names` listing), by tool name. */
  readonly hidden: readonly { readonly name: string; readonly cacheControl: unknown; readonly callerLast: boolean }[];
}

/** The tool list with its breakpoints where the API accepts them, and what moved. */
export interface AnthropicToolCacheControl {
  readonly tools: unknown[];
  /** Tools whose breakpoint had to leave them because they are deferred or not sent. */
  readonly moved: readonly string[];
  /** The tool that received a moved breakpoint, or `null` (no breakpoint moved, or no tool could take it). */
  readonly target: string | null;
}

/**
 * Puts the tool-level `cache_control` breakpoints where the Messages API accepts them, by the core's rule
 * ({@link resolveToolCacheBreakpoints}): the target is the last tool sent in full.
 *
 * The API rejects `cache_control` on a deferred tool ("Tool 'X' cannot both defer_loading=true cache_control set.
 * Tools defer_loading cannot use prompt caching."),
 * and on toolsets whose members defer. Deferred tools are stripped from the rendered tools section before the cache
 * key is computed, so a breakpoint on the last tool sent in full caches exactly the same prefix: that is where such a
 * breakpoint goes. A breakpoint on the caller's last tool goes to the new list's last tool sent in full (the
 * caller's intent is "cache every tool"). A target that already has a breakpoint keeps its own, so the number of
 * breakpoints (at most 4 per request) never grows. Entries are copied before they change; the input is not mutated.
 */
export function transformAnthropicToolCacheControl(tools: readonly unknown[], context: AnthropicToolCacheControlContext): AnthropicToolCacheControl {
  const out = [...tools];
  let lastLoaded = -1;
  const breakpoints: AnthropicToolBreakpoint[] = [];
  out.forEach((entry, index) => {
    if (isRecord(entry) && resolveAnthropicToolDeferral(entry) === 'loaded') lastLoaded = index;
    if (!isRecord(entry) || entry.cache_control === undefined || entry.cache_control === null) return;
    breakpoints.push({ at: index, callerLast: index === context.callerLast, name: nameOf(entry, index), cacheControl: entry.cache_control });
  });
  for (const hidden of context.hidden) breakpoints.push({ at: -1, ...hidden });
  const holds = (index: number) => resolveAnthropicToolDeferral(out[index]) === 'loaded';
  const { kept, carried, moved } = resolveToolCacheBreakpoints(breakpoints, holds, lastLoaded);
  for (const { at } of breakpoints) {
    if (at === -1 || kept.has(at)) continue;
    const { cache_control: _removed, ...rest } = out[at] as Record<string, unknown>;
    out[at] = rest;
  }
  if (carried !== undefined) out[lastLoaded] = { ...(out[lastLoaded] as Record<string, unknown>), cache_control: carried.cacheControl };
  const target = moved.length > 0 && lastLoaded !== -1 ? nameOf(out[lastLoaded] as Record<string, unknown>, lastLoaded) : null;
  return { tools: out, moved: moved.map((breakpoint) => breakpoint.name), target };
}

/** A breakpoint of the caller's, with the tool it marks and its `cache_control`. */
interface AnthropicToolBreakpoint extends ToolCacheBreakpoint {
  readonly name: string;
  readonly cacheControl: unknown;
}

function nameOf(entry: Record<string, unknown>, index: number): string {
  return typeof entry.name === 'string' ? entry.name : typeof entry.type === 'string' ? entry.type : `tools[${index}]`;
}
