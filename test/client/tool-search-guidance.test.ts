import { describe, expect, it } from 'vitest';
import { TOOL_SEARCH_GUIDANCE, resolveToolSearchGuidance } from '../../src/client/tool-search-guidance.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { manyTools, tool } from '../support/tools.js';

describe('resolveToolSearchGuidance', () => {
  it('returns the note when the client mechanism defers a tool', () => {
    expect(resolveToolSearchGuidance(resolveToolSearch('gemini-2.5-pro', manyTools(15)))).toBe(TOOL_SEARCH_GUIDANCE);
  });

  it.each([
    ['below the threshold', resolveToolSearch('gemini-2.5-pro', manyTools(14))],
    ['under hosted OpenAI search', resolveToolSearch('gpt-5.4', manyTools(15))],
    ['under hosted Claude search', resolveToolSearch('claude-opus-4-5', manyTools(15))],
    ['with no mechanism', resolveToolSearch('gpt-5.2', manyTools(15), { mechanism: 'openai' })],
    ['when every tool is never-deferred', resolveToolSearch('gemini-2.5-pro', manyTools(15, 'never'))],
  ])('returns null %s', (_label, plan) => {
    expect(resolveToolSearchGuidance(plan)).toBeNull();
  });

  it('names the deferred tools in the names listing', () => {
    const plan = resolveToolSearch('gemini-2.5-pro', [tool('a', 'always'), tool('b', 'never'), tool('c', 'always')], { listing: 'names' });
    expect(resolveToolSearchGuidance(plan)).toBe(`${TOOL_SEARCH_GUIDANCE} These tools are available but not listed; load them with \`tool_search\` before use: a, c.`);
  });

  it('tells the model to search by exact name or keywords', () => {
    expect(TOOL_SEARCH_GUIDANCE).toContain('call `tool_search` with its exact name, or with a few keywords');
  });
});
