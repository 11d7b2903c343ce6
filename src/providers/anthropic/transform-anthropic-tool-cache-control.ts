import { isRecord } from '../../records/is-record.js';
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
 * Puts the tool-level `cache_control` breakpoints where the Messages API accepts them.
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
  out.forEach((entry, index) => {
    if (isRecord(entry) && resolveAnthropicToolDeferral(entry) === 'loaded') lastLoaded = index;
  });
  const moved: string[] = [];
  let carried: unknown;
  out.forEach((entry, index) => {
    if (!isRecord(entry) || entry.cache_control === undefined || entry.cache_control === null) return;
    const deferred = resolveAnthropicToolDeferral(entry) !== 'loaded';
    const endOfList = index === context.callerLast && index !== lastLoaded;
    if (!deferred && !endOfList) return;
    const { cache_control: cacheControl, ...rest } = entry;
    out[index] = rest;
    if (deferred) moved.push(nameOf(entry, index));
    // The caller's last-tool breakpoint is the representative one; otherwise the first one found.
    if (carried === undefined || index === context.callerLast) carried = cacheControl;
  });
  for (const hidden of context.hidden) {
    if (!hidden.callerLast) moved.push(hidden.name);
    if (carried === undefined || hidden.callerLast) carried = hidden.cacheControl;
  }
  if (carried === undefined || lastLoaded === -1) return { tools: out, moved, target: null };
  const target = out[lastLoaded] as Record<string, unknown>;
  if (target.cache_control === undefined || target.cache_control === null) out[lastLoaded] = { ...target, cache_control: carried };
  return { tools: out, moved, target: moved.length > 0 ? nameOf(target, lastLoaded) : null };
}

function nameOf(entry: Record<string, unknown>, index: number): string {
  return typeof entry.name === 'string' ? entry.name : typeof entry.type === 'string' ? entry.type : `tools[${index}]`;
}
