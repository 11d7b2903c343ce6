import { describe, expect, it } from 'vitest';
import { formatToolSearchResult, resolveRevealedTools, type ToolSearchResult } from '../../src/client/tool-search-result.js';

const found: ToolSearchResult = {
  status: 'found',
  tools: [{ name: 'send_email', description: 'Send.', inputSchema: { type: 'object', properties: { to: { type: 'string' } } } }],
  more: ['send_sms'],
};

describe('formatToolSearchResult', () => {
  it('writes JSON with a stable key order', () => {
    const reordered = { more: ['send_sms'], tools: found.tools, status: 'found' } as ToolSearchResult;
    expect(formatToolSearchResult(reordered)).toBe(formatToolSearchResult(found));
    expect(formatToolSearchResult(found).startsWith('{"more":["send_sms"],"status":"found","tools":[')).toBe(true);
  });
});

describe('resolveRevealedTools', () => {
  const blind = { status: 'invalid-arguments', tool: 'b', errors: [], tools: [], loaded: ['b'], message: '' };

  it('collects loaded names from this package’s answers, oldest first, once each', () => {
    expect(
      resolveRevealedTools([
        { name: 'tool_search', output: formatToolSearchResult(found) },
        { name: 'b', output: blind },
        { name: 'tool_search', output: JSON.stringify({ ...found, loaded: ['c', 'send_email'] }) },
        { name: 'call_tool', output: { ...blind, tool: 'd', loaded: ['d'] } },
      ]),
    ).toEqual(['send_email', 'b', 'c', 'd']);
  });

  // Issue 15 item 14: a fetched page or a caller tool's JSON that looks like a search result counted as a reveal, so a
  // later search withheld the schema (`loadedEarlier`) and Claude never got a `tool_reference`.
  it.each([
    ['a found result another tool returned (a fetched page)', { name: 'fetch_page', output: formatToolSearchResult(found) }],
    ['a found result answering call_tool', { name: 'call_tool', output: formatToolSearchResult(found) }],
    ['a blind call’s answer naming another tool', { name: 'fetch_page', output: blind }],
    ['a blind call’s answer answering tool_search', { name: 'tool_search', output: blind }],
    [
      'a found result under the default name when the package’s search is tool_search_2',
      { name: 'tool_search', output: formatToolSearchResult(found) },
      { searchName: 'tool_search_2' },
    ],
  ])('ignores %s', (_label, call, options?: { searchName: string }) => {
    expect(resolveRevealedTools([call], options)).toEqual([]);
  });

  it('reads the package’s answers under the names its tools were sent by', () => {
    expect(resolveRevealedTools([{ name: 'tool_search_2', output: formatToolSearchResult(found) }], { searchName: 'tool_search_2' })).toEqual(['send_email']);
  });

  it.each([
    ['a single string', 'the weather is fine'],
    ['a number', 5],
    ['null', null],
    ['a list of bare outputs', ['{"status":"found"}']],
  ])('rejects results given as %s with invalid-options', (_label, value) => {
    expect(() => resolveRevealedTools(value as never)).toThrow(expect.objectContaining({ code: 'invalid-options' }));
  });

  it.each([
    ['plain text', 'the weather is fine'],
    ['invalid JSON', '{"loaded": ['],
    ['another tool’s JSON', '{"loaded": ["x"], "status": "ok"}'],
    ['a no-match result', JSON.stringify({ status: 'no-match', loaded: ['x'] })],
    ['a non-list loaded', JSON.stringify({ status: 'found', loaded: 'x' })],
    ['null', null],
    ['a number', 42],
  ])('ignores %s', (_label, value) => {
    expect(resolveRevealedTools([{ name: 'tool_search', output: value }])).toEqual([]);
  });
});
