import { describe, expect, it } from 'vitest';
import { resolveAnthropicResponseContent } from '../../../src/providers/anthropic/resolve-anthropic-response-content.js';

const use = { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' }, caller: { type: 'direct' } };
const server = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'weather' }, caller: { type: 'direct' } };

describe('resolveAnthropicResponseContent', () => {
  it('gives the list itself when every tool block has its input after its name', () => {
    const content = [{ type: 'text', text: 'Hi.' }, server, use];
    expect(resolveAnthropicResponseContent(content)).toBe(content);
  });

  it('puts input back after name where finalMessage() moved it last', () => {
    const moved = [
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', caller: { type: 'direct' }, input: { city: 'Paris' } },
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', caller: { type: 'direct' }, input: { query: 'weather' } },
    ];
    expect(JSON.stringify(resolveAnthropicResponseContent(moved))).toBe(JSON.stringify([use, server]));
  });

  it('leaves other blocks and blocks without a name or input as they are', () => {
    const content = [{ type: 'thinking', thinking: 'x', signature: 's' }, { type: 'tool_use', id: 'a', input: {} }, 'text'];
    expect(resolveAnthropicResponseContent(content)).toBe(content);
  });
});
