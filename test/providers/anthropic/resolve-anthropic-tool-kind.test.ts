import { describe, expect, it } from 'vitest';
import { resolveAnthropicToolKind, type AnthropicToolKind } from '../../../src/providers/anthropic/anthropic-messages-tool-rules.js';

describe('resolveAnthropicToolKind', () => {
  it.each<[unknown, AnthropicToolKind]>([
    [{ name: 'a', input_schema: {} }, 'custom'],
    [{ type: null, name: 'a' }, 'custom'],
    [{ type: 'custom', name: 'a' }, 'custom'],
    [{ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }, 'tool-search'],
    [{ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }, 'tool-search'],
    [{ type: 'tool_search_tool_bm25', name: 'tool_search_tool_bm25' }, 'tool-search'],
    [{ type: 'tool_search_tool_regex' }, 'tool-search'],
    [{ type: 'computer_toolset_20260801' }, 'toolset'],
    [{ type: 'browser_toolset_20260801' }, 'toolset'],
    [{ type: 'mcp_toolset', mcp_server_name: 'x' }, 'mcp-toolset'],
    [{ type: 'web_search_20250305', name: 'web_search' }, 'provider'],
    [{ type: 'memory_20250818', name: 'memory' }, 'provider'],
    [{ type: 'tool_search' }, 'provider'],
    [{ type: 3 }, 'invalid'],
    [null, 'invalid'],
    [[], 'invalid'],
    ['tool', 'invalid'],
  ])('reads %j as %s', (entry, kind) => {
    expect(resolveAnthropicToolKind(entry)).toBe(kind);
  });
});
