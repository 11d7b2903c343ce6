import { describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { resolveToolSearchResultNames } from '../../src/client/resolve-tool-search-result-names.js';

const toWire = (name: string): string => name.replaceAll('.', '_');

describe('resolveToolSearchResultNames', () => {
  it('maps the names a result holds to the names sent', () => {
    const text = formatToolSearchResult({ status: 'found', tools: [{ name: 'github.create_issue', inputSchema: { type: 'object' } }] });
    expect(JSON.parse(resolveToolSearchResultNames(text, toWire)).tools[0].name).toBe('github_create_issue');
  });

  it('maps the further matches and the earlier loaded names too, which `select:` and calls use', () => {
    const text = formatToolSearchResult({
      status: 'found',
      tools: [{ name: 'github.create_issue', inputSchema: { type: 'object' } }],
      more: ['github.close_issue'],
      loadedEarlier: ['github.list_issues'],
    });
    const result = JSON.parse(resolveToolSearchResultNames(text, toWire));
    expect([result.more, result.loadedEarlier]).toEqual([['github_close_issue'], ['github_list_issues']]);
  });

  it.each([
    ['a result whose names are sent as they are', formatToolSearchResult({ status: 'found', tools: [{ name: 'read', inputSchema: { type: 'object' } }] })],
    ['text that is not a result', 'status: done'],
    ['JSON that is not a result', '{"status":"ok","tool":"a.b"}'],
    ['broken JSON', '{"status":'],
  ])('returns %s as the same string', (_label, text) => {
    expect(resolveToolSearchResultNames(text, toWire)).toBe(text);
  });
});
