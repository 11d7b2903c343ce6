import { describe, expect, it } from 'vitest';
import { resolveCallerDeferral } from '../../src/request/resolve-defer-loading-api-request.js';

const input = (model: string, deferring: string[], hostedSearchSent = false) =>
  resolveCallerDeferral({ plan: { model, mechanism: 'client' }, deferring, hostedSearchSent, hosted: 'claude-hosted' });

describe('resolveCallerDeferral', () => {
  it.each([
    ['nothing deferred by the caller', 'claude-opus-4-5', [], false, 'kept'],
    ['a hosted search tool already sent', 'claude-opus-4-5', ['`mcp` (`mcp_toolset`)'], true, 'kept'],
    ['a model with hosted search', 'claude-opus-4-5', ['`mcp` (`mcp_toolset`)'], false, 'hosted-search-added'],
    ['a model without hosted search', 'claude-3-5-haiku', ['`mcp` (`mcp_toolset`)'], false, 'removed'],
  ] as const)('for %s: %s', (_case, model, deferring, sent, deferral) => {
    expect(input(model, [...deferring], sent).deferral).toBe(deferral);
  });

  it('names the entries in the note and where the hosted search tool went', () => {
    expect(input('claude-opus-4-5', ['`web_search` (`web_search_20250305`)']).warning).toEqual({
      code: 'hosted-search-for-caller-deferral',
      message:
        "`web_search` (`web_search_20250305`) defers tools of the body's own, which nothing this package sends under the `client` mechanism can load; Anthropic's hosted search tool was sent for them, first in `tools`",
    });
  });

  it('says the deferral was removed for a model without hosted search', () => {
    const { warning } = input('claude-3-5-haiku', ['`a` (`mcp_toolset`)', '`b` (`mcp_toolset`)']);
    expect(warning?.code).toBe('caller-deferral-removed');
    expect(warning?.message).toContain(
      "`a` (`mcp_toolset`), `b` (`mcp_toolset`) defer tools of the body's own, but `claude-3-5-haiku` has no hosted tool search",
    );
  });

  it('reads the model’s support for the hosted search the API offers', () => {
    const openai = resolveCallerDeferral({
      plan: { model: 'gpt-5.4', mechanism: 'none' },
      deferring: ['`m` (`mcp`)'],
      hostedSearchSent: false,
      hosted: 'openai-hosted',
    });
    expect(openai.deferral).toBe('hosted-search-added');
    expect(openai.warning?.message).toContain("OpenAI's hosted search tool was sent");
  });
});
