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
  it('collects loaded names from this package’s results, oldest first, once each', () => {
    const blind = { status: 'invalid-arguments', tool: 'b', errors: [], tools: [], loaded: ['b'], message: '' };
    expect(resolveRevealedTools([formatToolSearchResult(found), blind, JSON.stringify({ ...found, loaded: ['c', 'send_email'] })])).toEqual([
      'send_email',
      'b',
      'c',
    ]);
  });

  it.each([
    ['a single string', 'the weather is fine'],
    ['a number', 5],
    ['null', null],
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
    expect(resolveRevealedTools([value])).toEqual([]);
  });
});
