import { describe, expect, it } from 'vitest';
import { resolveSearchToolSource, type ResolveSearchToolSourceInput } from '../../../src/providers/openai/resolve-grouping-api-request.js';

const HOSTED_TOOL = { index: 3, clientExecuted: false };
const CLIENT_TOOL = { index: 4, clientExecuted: true };
const base: ResolveSearchToolSourceInput = { hosted: true, library: false, librarySearchSent: false, deferring: true, bodySearchTools: [] };

describe('resolveSearchToolSource', () => {
  it.each([
    ["hosted search, something deferred: OpenAI's tool", {}, { source: 'hosted' }, []],
    [
      'hosted search, the body has one: the body’s',
      { bodySearchTools: [CLIENT_TOOL, HOSTED_TOOL] },
      { source: 'body', index: 3 },
      ['tool-search-tool-removed'],
    ],
    ['hosted search, nothing deferred: none', { deferring: false, bodySearchTools: [HOSTED_TOOL] }, undefined, ['tool-search-tool-removed']],
    [
      'hosted search, nothing deferred, a client-executed one of the body: kept',
      { deferring: false, bodySearchTools: [CLIENT_TOOL] },
      { source: 'body', index: 4 },
      [],
    ],
    ["the library's search: the library's tool", { library: true, librarySearchSent: true }, { source: 'library' }, []],
    [
      "the library's search, the body's client-executed one: the body's",
      { library: true, librarySearchSent: true, bodySearchTools: [CLIENT_TOOL] },
      { source: 'body', index: 4 },
      [],
    ],
    [
      "the library's search deferring nothing, the caller's deferrals: OpenAI's tool",
      { library: true, librarySearchSent: false },
      { source: 'hosted' },
      ['hosted-search-for-caller-deferral'],
    ],
    ['no hosted search: none', { hosted: false, deferring: false, bodySearchTools: [HOSTED_TOOL] }, undefined, ['tool-search-tool-removed']],
  ] as const)('%s', (_label, overrides, search, codes) => {
    const result = resolveSearchToolSource({ ...base, ...overrides });
    expect(result.search).toEqual(search);
    expect(result.warnings.map((warning) => warning.code)).toEqual(codes);
  });
});
