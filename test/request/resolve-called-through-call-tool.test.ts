import { describe, expect, it } from 'vitest';
import type { ToolListing } from '../../src/config/tool-search-config.js';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { resolveCalledThroughCallTool } from '../../src/request/resolve-defer-loading-api-request.js';
import { tool } from '../support/tools.js';

const tools = [tool('a.b'), tool('c'), tool('d'), tool('keep', 'never')];
const names = createToolNameMapping(
  tools.map((entry) => entry.name),
  { label: 'test', allowed: /[a-zA-Z0-9_-]/, maxLength: 64 },
);
const plan = (listing: ToolListing, model = 'claude-3-5-haiku') =>
  resolveToolSearch({ id: model, api: 'anthropic-messages' }, tools, { threshold: 3, listing, reveal: 'conversation' });

describe('resolveCalledThroughCallTool', () => {
  it.each(['names', 'none'] as const)('names the deferred tools the %s listing leaves out, by wire name', (listing) => {
    expect([...(resolveCalledThroughCallTool(plan(listing), [], names) ?? [])]).toEqual(['a_b', 'c', 'd']);
  });

  it('leaves a forced tool out: it is sent', () => {
    expect([...(resolveCalledThroughCallTool(plan('names'), ['c'], names) ?? [])]).toEqual(['a_b', 'd']);
  });

  it.each([
    ['a listing that sends a stub per deferred tool', plan('full')],
    ['hosted search', plan('names', 'claude-opus-4-5')],
  ])('is undefined for %s (no call_tool)', (_case, given) => {
    expect(resolveCalledThroughCallTool(given, [], names)).toBeUndefined();
  });
});
