import { describe, expect, it } from 'vitest';
import { resolveSharedNamePrefixes } from '../../../src/providers/openai/resolve-grouping-api-request.js';

describe('resolveSharedNamePrefixes', () => {
  it.each([
    ['double underscores', ['github__create_issue', 'github__list_issues'], 'github'],
    ['dots', ['github.create_issue', 'github.list_issues'], 'github'],
    ['slashes', ['github/create_issue', 'github/list_issues'], 'github'],
    ['colons', ['github:create_issue', 'github:list_issues'], 'github'],
    ["Claude Code's mcp__ names", ['mcp__github__create_issue', 'mcp__github__list_issues'], 'github'],
  ])('reads the prefix of %s', (_label, names, prefix) => {
    expect([...resolveSharedNamePrefixes(names).values()]).toEqual([prefix, prefix]);
  });

  it('leaves out a prefix only one tool has, and names without a prefix', () => {
    const prefixes = resolveSharedNamePrefixes(['github__a', 'github__b', 'slack__post', 'read_file', '__hidden', 'trailing__']);
    expect(prefixes).toEqual(
      new Map([
        ['github__a', 'github'],
        ['github__b', 'github'],
      ]),
    );
  });
});
