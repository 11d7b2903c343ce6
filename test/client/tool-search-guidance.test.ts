import { describe, expect, it } from 'vitest';
import { TOOL_SEARCH_GUIDANCE, TOOL_SEARCH_GUIDANCE_PATTERN, resolveToolSearchGuidance } from '../../src/client/tool-search-guidance.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { manyTools, tool } from '../support/tools.js';

describe('resolveToolSearchGuidance', () => {
  it('starts with the one base note whenever the client mechanism defers a tool', () => {
    for (const listing of ['full', 'compact', 'names', 'none'] as const) {
      for (const reveal of ['conversation', 'tool-list'] as const) {
        expect(resolveToolSearchGuidance(resolveToolSearch('gemini-2.5-pro', manyTools(15), { listing, reveal }))?.startsWith(TOOL_SEARCH_GUIDANCE)).toBe(true);
      }
    }
  });

  it.each([
    ['full', 'conversation', 'Then call them with those parameters. Tools shown with full parameter schemas do not need to be searched for.'],
    [
      'full',
      'tool-list',
      'On your next step those tools are callable with their full parameters. Tools shown with full parameter schemas do not need to be searched for.',
    ],
    ['names', 'conversation', 'Call them through `call_tool` with their name and arguments.'],
    ['names', 'tool-list', 'A tool it returns is in your tool list from your next step on.'],
  ] as const)('in the %s listing with reveals in the %s, says %j', (listing, reveal, tail) => {
    expect(resolveToolSearchGuidance(resolveToolSearch('gemini-2.5-pro', manyTools(15), { listing, reveal }))).toContain(tail);
  });

  it('tells a hosted model with the library’s search to call a loaded tool directly', () => {
    const note = resolveToolSearchGuidance(resolveToolSearch('claude-opus-4-5', manyTools(15)));
    expect(note).toContain('These tools are available but not in your tool list: tool_0,');
    expect(note).toContain('Once `tool_search` has returned a tool, call it directly.');
  });

  it.each([
    ['below the threshold', resolveToolSearch('gemini-2.5-pro', manyTools(14))],
    ['under OpenAI’s own hosted search', resolveToolSearch('gpt-5.4', manyTools(15), { search: 'provider' })],
    ['under Claude’s own hosted search', resolveToolSearch('claude-opus-4-5', manyTools(15), { search: 'provider' })],
    ['with no mechanism', resolveToolSearch('gpt-5.2', manyTools(15), { mechanism: 'openai' })],
    ['when every tool is never-deferred', resolveToolSearch('gemini-2.5-pro', manyTools(15, 'never'))],
  ])('returns null %s', (_label, plan) => {
    expect(resolveToolSearchGuidance(plan)).toBeNull();
  });

  it('names the deferred tools in the names listing', () => {
    const plan = resolveToolSearch('gemini-2.5-pro', [tool('a', 'always'), tool('b', 'never'), tool('c', 'always')], { listing: 'names' });
    expect(resolveToolSearchGuidance(plan)).toBe(
      `${TOOL_SEARCH_GUIDANCE} These tools are available but not in your tool list: a, c. Call them through \`call_tool\` with their name and arguments.`,
    );
  });

  describe('with native delivery', () => {
    const native = { mechanism: 'client', reveal: 'native' } as const;

    it('names the deferred tools and tells the model to call a loaded tool by its own name, never through call_tool', () => {
      const plan = resolveToolSearch(
        { id: 'claude-opus-4-8', api: 'anthropic-messages' },
        [tool('a', 'always'), tool('b', 'never'), tool('c', 'always')],
        native,
      );
      expect(plan.reveal).toBe('native');
      expect(resolveToolSearchGuidance(plan)).toBe(
        `${TOOL_SEARCH_GUIDANCE} These tools are available but not in your tool list: a, c. Once \`tool_search\` has loaded a tool, call it by its own name like any other tool.`,
      );
    });

    it('counts them in the none listing', () => {
      const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, manyTools(15), { ...native, listing: 'none' });
      expect(resolveToolSearchGuidance(plan)).toBe(
        `${TOOL_SEARCH_GUIDANCE} 15 more tools are available but not listed; find them with \`tool_search\`. Once \`tool_search\` has loaded a tool, call it by its own name like any other tool.`,
      );
    });

    it('names the renamed search tool, and the note is found again whole', () => {
      const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, [...manyTools(15), tool('tool_search', 'never')], native);
      const note = resolveToolSearchGuidance(plan) as string;
      expect(note).toContain('Once `tool_search_2` has loaded a tool, call it by its own name like any other tool.');
      expect(note.match(TOOL_SEARCH_GUIDANCE_PATTERN)).toEqual([note]);
    });
  });

  it('tells the model to search by exact name or keywords', () => {
    expect(TOOL_SEARCH_GUIDANCE).toContain('call `tool_search` with its exact name or a few keywords');
  });
});
