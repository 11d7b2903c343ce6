import { describe, expect, it } from 'vitest';
import { resolveAnthropicToolDeferral, type AnthropicToolDeferral } from '../../../src/providers/anthropic/anthropic-messages-tool-rules.js';

describe('resolveAnthropicToolDeferral', () => {
  it.each<[string, unknown, AnthropicToolDeferral]>([
    ['a custom tool', { name: 'a', input_schema: {} }, 'loaded'],
    ['a deferred custom tool', { name: 'a', input_schema: {}, defer_loading: true }, 'deferred'],
    ['defer_loading false', { name: 'a', input_schema: {}, defer_loading: false }, 'loaded'],
    ['a deferred provider tool', { type: 'bash_20250124', name: 'bash', defer_loading: true }, 'deferred'],
    ['a toolset without configs', { type: 'computer_toolset_20260801' }, 'loaded'],
    ['a toolset whose members defer', { type: 'browser_toolset_20260801', configs: { navigate: { defer_loading: true } } }, 'deferred'],
    [
      'a toolset whose deferring member is disabled',
      { type: 'browser_toolset_20260801', configs: { navigate: { defer_loading: true, enabled: false } } },
      'loaded',
    ],
    ['an MCP toolset', { type: 'mcp_toolset', mcp_server_name: 'db' }, 'loaded'],
    ['an MCP toolset deferred by default', { type: 'mcp_toolset', default_config: { defer_loading: true } }, 'deferred'],
    [
      'an MCP toolset deferred but for one tool',
      { type: 'mcp_toolset', default_config: { defer_loading: true }, configs: { a: { defer_loading: false } } },
      'partly-deferred',
    ],
    ['an MCP toolset loaded but for one tool', { type: 'mcp_toolset', configs: { a: { defer_loading: true } } }, 'partly-deferred'],
    ['something unreadable', 'x', 'loaded'],
  ])('reads %s as %s', (_case, entry, deferral) => {
    expect(resolveAnthropicToolDeferral(entry)).toBe(deferral);
  });
});
