import { describe, expect, it } from 'vitest';
import { transformAnthropicToolCacheControl } from '../../../src/providers/anthropic/anthropic-messages-tools.js';
import { deepCopy } from '../../support/anthropic-messages-bodies.js';

const cache = { type: 'ephemeral' };
const hour = { type: 'ephemeral', ttl: '1h' };
const loaded = (name: string, extra = {}) => ({ name, input_schema: { type: 'object' }, ...extra });
const deferred = (name: string, extra = {}) => loaded(name, { defer_loading: true, ...extra });
const marks = (tools: readonly unknown[]) =>
  (tools as Record<string, unknown>[]).flatMap((tool) => (tool.cache_control === undefined ? [] : [[tool.name ?? tool.type, tool.cache_control]]));

describe('transformAnthropicToolCacheControl', () => {
  it.each<[string, unknown[], number, unknown[], string[]]>([
    ['leaves breakpoints on loaded tools alone', [loaded('a', { cache_control: cache }), loaded('b')], -1, [['a', cache]], []],
    [
      'moves a deferred tool’s breakpoint to the last loaded tool',
      [loaded('a'), loaded('b'), deferred('c', { cache_control: hour })],
      -1,
      [['b', hour]],
      ['c'],
    ],
    [
      'keeps the target’s own breakpoint',
      [loaded('a'), loaded('b', { cache_control: cache }), deferred('c', { cache_control: hour })],
      -1,
      [['b', cache]],
      ['c'],
    ],
    [
      'merges several moved breakpoints into one',
      [loaded('a'), deferred('b', { cache_control: cache }), deferred('c', { cache_control: cache })],
      -1,
      [['a', cache]],
      ['b', 'c'],
    ],
    [
      'moves the caller’s last-tool breakpoint to the new last loaded tool, silently',
      [loaded('z', { cache_control: cache }), loaded('a'), deferred('b')],
      0,
      [['a', cache]],
      [],
    ],
    [
      'does not put a breakpoint on a toolset whose members defer',
      [loaded('a'), { type: 'computer_toolset_20260801', configs: { key: { defer_loading: true } } }, deferred('c', { cache_control: cache })],
      -1,
      [['a', cache]],
      ['c'],
    ],
    [
      'removes a breakpoint from a partly deferred MCP toolset',
      [
        loaded('a'),
        { type: 'mcp_toolset', mcp_server_name: 'db', default_config: { defer_loading: true }, configs: { x: { defer_loading: false } }, cache_control: cache },
      ],
      -1,
      [['a', cache]],
      ['mcp_toolset'],
    ],
  ])('%s', (_case, tools, callerLast, expected, moved) => {
    const before = deepCopy(tools);
    const result = transformAnthropicToolCacheControl(tools, { callerLast, hidden: [] });
    expect(marks(result.tools)).toEqual(expected);
    expect(result.moved).toEqual(moved);
    expect(tools).toEqual(before);
  });

  it('moves the breakpoint of a tool that is not sent', () => {
    const result = transformAnthropicToolCacheControl([loaded('a')], { callerLast: -1, hidden: [{ name: 'b', cacheControl: hour, callerLast: false }] });
    expect(marks(result.tools)).toEqual([['a', hour]]);
    expect(result).toMatchObject({ moved: ['b'], target: 'a' });
  });

  it('drops the breakpoint when no tool is sent in full', () => {
    const result = transformAnthropicToolCacheControl([deferred('a', { cache_control: cache })], { callerLast: 0, hidden: [] });
    expect(marks(result.tools)).toEqual([]);
    expect(result).toMatchObject({ moved: ['a'], target: null });
  });
});
