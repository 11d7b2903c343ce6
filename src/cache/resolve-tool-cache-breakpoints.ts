/**
 * One of the caller's prompt-cache breakpoints in a tool list (Anthropic's `cache_control` on a tool, a Converse
 * `cachePoint` after one), as the new list sees it. An API's writer extends it with the breakpoint itself.
 */
export interface ToolCacheBreakpoint {
  /** The index, in the new list, of the entry made from the tool it marks, or `-1` when it marks no entry sent. */
  readonly at: number;
  /** It marks the end of the caller's tool list: the caller's intent is "cache every tool". */
  readonly callerLast: boolean;
}

/** Where each breakpoint goes: kept on its entry, or carried to the target, and which ones left a tool they marked. */
export interface ToolCacheBreakpoints<Breakpoint extends ToolCacheBreakpoint> {
  /** The breakpoint each entry keeps, by entry index (one at most). */
  readonly kept: ReadonlyMap<number, Breakpoint>;
  /** The one breakpoint the target gets, or `undefined` (none moves, there is no target, or the target keeps its own). */
  readonly carried: Breakpoint | undefined;
  /**
   * The breakpoints that had to leave the tool they mark, in order: its entry may not hold one, or the tool is not sent
   * at all (the caller's last-tool breakpoint aside, whose "cache every tool" the target keeps).
   */
  readonly moved: readonly Breakpoint[];
}

/**
 * Where the caller's prompt-cache breakpoints of a tool list go once the request's tools are decided, for every API
 * with tool-level breakpoints (the Messages API, Bedrock Converse). A breakpoint caches everything before it, and only
 * a prefix that keeps its bytes from request to request is worth caching, so:
 *
 * - a breakpoint stays on its entry when `holds(index)` (the entry may carry one, and its place holds across requests)
 *   and it is the first on that entry; the caller's last-tool breakpoint stays only on the target;
 * - every other breakpoint moves to `target` (the API's "end of what is cached": the last entry that may hold one, or
 *   the end of the list; `-1`: none), merged into one: the first "cache every tool" breakpoint, else the first that
 *   moved. A target that keeps a breakpoint of its own keeps only that one, so the breakpoints never outnumber the
 *   caller's (APIs cap them per request).
 *
 * `breakpoints` come in the caller's order. Pure. Not part of the public API.
 *
 * @example
 * ```ts
 * const { kept, carried } = resolveToolCacheBreakpoints(breakpoints, (index) => entries[index]?.status === 'loaded', entries.length);
 * ```
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool#prompt-caching
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
 */
export function resolveToolCacheBreakpoints<Breakpoint extends ToolCacheBreakpoint>(
  breakpoints: readonly Breakpoint[],
  holds: (index: number) => boolean,
  target: number,
): ToolCacheBreakpoints<Breakpoint> {
  const kept = new Map<number, Breakpoint>();
  const moved: Breakpoint[] = [];
  let carried: Breakpoint | undefined;
  let carriedAll = false;
  for (const breakpoint of breakpoints) {
    const { at, callerLast } = breakpoint;
    const holding = at >= 0 && holds(at);
    if (holding && (!callerLast || at === target) && !kept.has(at)) {
      kept.set(at, breakpoint);
      continue;
    }
    if (at >= 0 ? !holding : !callerLast) moved.push(breakpoint);
    if (carried === undefined || (callerLast && !carriedAll)) {
      carried = breakpoint;
      carriedAll = callerLast;
    }
  }
  const lands = carried !== undefined && target >= 0 && !kept.has(target);
  return { kept, carried: lands ? carried : undefined, moved };
}
