import { describe, expect, it } from 'vitest';
import { resolveToolCacheBreakpoints } from '../../src/cache/resolve-tool-cache-breakpoints.js';

/** A breakpoint named for messages: `at` its entry (`-1`: not sent), `last` when it marks the caller's last tool. */
const mark = (name: string, at: number, last = false) => ({ name, at, callerLast: last });

/** Entries 0–2 hold breakpoints (sent in full, in place); entries 3–4 do not (deferred). The target is entry 2. */
const holds = (index: number) => index <= 2;

describe('resolveToolCacheBreakpoints', () => {
  it.each<[string, ReturnType<typeof mark>[], number, [number, string][], string | undefined, string[]]>([
    ['keeps a breakpoint on an entry that holds one', [mark('a', 0)], 2, [[0, 'a']], undefined, []],
    ['moves a deferred entry’s breakpoint to the target', [mark('d', 3)], 2, [], 'd', ['d']],
    ['moves the breakpoint of a tool that is not sent', [mark('x', -1)], 2, [], 'x', ['x']],
    ['moves the caller’s last-tool breakpoint to the target, without calling it moved', [mark('z', 0, true)], 2, [], 'z', []],
    ['keeps the caller’s last-tool breakpoint that is on the target', [mark('c', 2, true)], 2, [[2, 'c']], undefined, []],
    ['moves a caller’s last-tool breakpoint that marks no entry, without calling it moved', [mark('end', -1, true)], 2, [], 'end', []],
    ['merges moved breakpoints into the first', [mark('d', 3), mark('e', 4)], 2, [], 'd', ['d', 'e']],
    ['merges them into the caller’s last-tool one when there is one', [mark('d', 3), mark('end', -1, true), mark('x', -1, true)], 2, [], 'end', ['d']],
    ['keeps one breakpoint per entry and moves the next', [mark('a', 0), mark('b', 0)], 2, [[0, 'a']], 'b', []],
    ['lets the target keep its own breakpoint instead of a moved one', [mark('c', 2), mark('d', 3)], 2, [[2, 'c']], undefined, ['d']],
    ['drops a moved breakpoint when there is no target', [mark('d', 3)], -1, [], undefined, ['d']],
    ['carries to a target past the last entry (the end of the list)', [mark('a', 1), mark('d', 3)], 5, [[1, 'a']], 'd', ['d']],
  ])('%s', (_case, breakpoints, target, kept, carried, moved) => {
    const result = resolveToolCacheBreakpoints(breakpoints, holds, target);
    expect([...result.kept].map(([index, breakpoint]) => [index, breakpoint.name])).toEqual(kept);
    expect(result.carried?.name).toBe(carried);
    expect(result.moved.map((breakpoint) => breakpoint.name)).toEqual(moved);
  });
});
