/**
 * `prepare` on a body it already returned, through each session-API factory: the same bytes, the same plan and the
 * same warnings, on every API and mechanism; a copy it did not prepare is read back when it can be, and a typed error
 * names the mistake when it cannot.
 */
import stringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import { createOpenAIChatToolSearch } from '../../src/providers/openai/create-openai-chat-tool-search.js';
import { createOpenAIChatTools } from '../../src/providers/openai/index.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';
import { createOpenAIResponsesTools } from '../../src/providers/openai/create-openai-responses-tools.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { createAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/create-gemini-tool-search.js';
import { createGeminiFunctionDeclarations } from '../../src/providers/gemini/index.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../../src/plan/tool-search-plan.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';

const sessionId = 's';

/** What a test needs of a factory: prepare a body, with the factory's tools or a subset of them. */
interface Case {
  readonly prepare: (body: Record<string, unknown>) => Promise<{ body: unknown; plan: ToolSearchPlan; warnings: readonly ToolSearchWarning[] }>;
  readonly body: Record<string, unknown>;
  /** The body with 20 of the 117 tools. */
  readonly subset: Record<string, unknown>;
  readonly mechanism: string;
}

const twenty = GITHUB_MCP_TOOLS.slice(0, 20);

const cases: Record<string, () => Case> = {
  'Responses, client-side (gpt-4.1)': () => responses('gpt-4.1', {}, 'client'),
  'Responses, OpenAI’s hosted search with the library’s ranking (gpt-5.4)': () => responses('gpt-5.4', {}, 'openai-hosted'),
  'Responses, OpenAI’s hosted search with its own ranking (gpt-5.4)': () => responses('gpt-5.4', { search: 'provider' }, 'openai-hosted'),
  'Chat Completions, client-side (gpt-4.1)': () => {
    const toolSearch = createOpenAIChatToolSearch({ tools: createOpenAIChatTools(GITHUB_MCP_TOOLS) });
    const body = {
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
    };
    return {
      prepare: (given) => toolSearch.prepare(given, { sessionId }),
      body,
      subset: { ...body, tools: createOpenAIChatTools(twenty) },
      mechanism: 'client',
    };
  },
  'Anthropic, client-side (claude-3-7-sonnet)': () => anthropic('claude-3-7-sonnet', {}, 'client'),
  'Anthropic, Anthropic’s hosted search with the library’s ranking (claude-opus-4-8)': () => anthropic('claude-opus-4-8', {}, 'claude-hosted'),
  'Anthropic, Anthropic’s hosted search with its own ranking (claude-opus-4-8)': () => anthropic('claude-opus-4-8', { search: 'provider' }, 'claude-hosted'),
  'Gemini, client-side, SDK parameters': () =>
    gemini({ model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }], config: { systemInstruction: 'Be brief.' } }, 'config'),
  'Gemini, client-side, REST body': () =>
    gemini({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], systemInstruction: { parts: [{ text: 'Be brief.' }] } }, 'top'),
};

function responses(model: string, config: object, mechanism: string): Case {
  const toolSearch = createOpenAIResponsesToolSearch({ tools: createOpenAIResponsesTools(GITHUB_MCP_TOOLS), config });
  const body = { model, store: false, instructions: 'Be brief.', input: [{ role: 'user', content: 'hi' }] };
  return { prepare: (given) => toolSearch.prepare(given, { sessionId }), body, subset: { ...body, tools: createOpenAIResponsesTools(twenty) }, mechanism };
}

function anthropic(model: string, config: object, mechanism: string): Case {
  const toolSearch = createAnthropicMessagesToolSearch({ tools: createAnthropicMessagesTools(GITHUB_MCP_TOOLS), config });
  const body = { model, max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }] };
  return {
    prepare: (given) => toolSearch.prepare(given as never, { sessionId }),
    body,
    subset: { ...body, tools: createAnthropicMessagesTools(twenty) },
    mechanism,
  };
}

function gemini(body: Record<string, unknown>, place: 'config' | 'top'): Case {
  const toolSearch = createGeminiToolSearch({
    tools: [{ functionDeclarations: createGeminiFunctionDeclarations(GITHUB_MCP_TOOLS) }],
    model: 'gemini-2.5-flash',
  });
  const tools = [{ functionDeclarations: createGeminiFunctionDeclarations(twenty) }];
  const subset = place === 'config' ? { ...body, config: { ...(body.config as object), tools } } : { ...body, tools };
  return { prepare: (given) => toolSearch.prepare(given, { sessionId }), body, subset, mechanism: 'client' };
}

const bytes = (value: unknown) => stringify(value);

describe('prepare on a body it already prepared', () => {
  describe.each(Object.keys(cases))('%s', (name) => {
    const make = cases[name] as () => Case;

    it('gives the same bytes, the same plan and the same warnings', async () => {
      const { prepare, body, mechanism } = make();
      const first = await prepare(body);
      expect(first.plan.mechanism).toBe(mechanism);
      const second = await prepare(first.body as Record<string, unknown>);
      expect(bytes(second.body)).toBe(bytes(first.body));
      expect(second.plan).toBe(first.plan);
      expect(second.warnings).toEqual(first.warnings);
      // A copy with the next turn appended (what a middleware does) is the next request of the same plan.
      const next = { ...(first.body as Record<string, unknown>), model: body.model };
      expect(bytes((await prepare(next)).body)).toBe(bytes(first.body));
    });

    it('gives the same bytes for a body sent with a subset of the tools', async () => {
      const { prepare, subset } = make();
      const first = await prepare(subset);
      const second = await prepare(first.body as Record<string, unknown>);
      expect(bytes(second.body)).toBe(bytes(first.body));
      expect(second.plan).toBe(first.plan);
    });

    it('reads back a JSON copy of a body prepared with the whole catalog', async () => {
      const { prepare, body } = make();
      const first = await prepare(body);
      const copy = JSON.parse(JSON.stringify(first.body)) as Record<string, unknown>;
      const again = await prepare(copy);
      expect(bytes(again.body)).toBe(bytes(first.body));
      // A provider's own search keeps every tool in the body (with `defer_loading`), read back as the caller's choice.
      const decisions = (plan: ToolSearchPlan) => [plan.mechanism, plan.tools.map((entry) => `${entry.name}:${entry.status}`)];
      expect(decisions(again.plan)).toEqual(decisions(first.plan));
    });
  });

  it('does not recall a prepared tool list edited in place: the added tool is never dropped silently', async () => {
    const { prepare, body } = (cases['Chat Completions, client-side (gpt-4.1)'] as () => Case)();
    const first = await prepare(body);
    const tools = (first.body as { tools: unknown[] }).tools;
    tools.push(createOpenAIChatTools([GITHUB_MCP_TOOLS[5]!])[0]);
    await expect(prepare(first.body as Record<string, unknown>)).rejects.toMatchObject({ code: 'invalid-request' });
  });

  it.each(Object.keys(cases))('%s: a prepared body’s tool list is the caller’s to edit, and the next prepare sends the list it sent before', async (label) => {
    const { prepare, body } = (cases[label] as () => Case)();
    // The REST shapes hold the list at the top level, the Gemini SDK shape in `config`.
    const sentTools = async (): Promise<unknown[] | undefined> => {
      const sent = (await prepare(body)).body as Record<string, unknown>;
      return (sent.tools ?? (sent.config as Record<string, unknown> | undefined)?.tools) as unknown[] | undefined;
    };
    const first = await sentTools();
    const before = JSON.stringify(await sentTools());
    expect(() => first?.push({ added: true })).not.toThrow();
    expect(JSON.stringify(await sentTools())).toBe(before);
  });

  it('names a missing session id on a JSON copy of a prepared body, not its tools', async () => {
    const toolSearch = createOpenAIChatToolSearch({ tools: createOpenAIChatTools(GITHUB_MCP_TOOLS) });
    const first = await toolSearch.prepare({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] }, { sessionId });
    const copy = JSON.parse(JSON.stringify(first.body)) as Record<string, unknown>;
    const error = await toolSearch.prepare(copy as never, { sessionId: '' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'ToolSearchError',
      code: 'invalid-options',
      message: 'createOpenAIChatToolSearch: `sessionId` must be a non-empty string, got "" (a string)',
    });
  });

  it('names a missing model on a JSON copy of a prepared body, not its tools', async () => {
    const toolSearch = createAnthropicMessagesToolSearch({ tools: createAnthropicMessagesTools(GITHUB_MCP_TOOLS) });
    const first = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }, { sessionId });
    const { model: _model, ...copy } = JSON.parse(JSON.stringify(first.body)) as Record<string, unknown>;
    const error = await toolSearch.prepare(copy as never, { sessionId }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ToolSearchError', code: 'invalid-request', message: expect.stringContaining('the model is unknown') });
  });

  it.each([
    'Responses, client-side (gpt-4.1)',
    'Chat Completions, client-side (gpt-4.1)',
    'Anthropic, client-side (claude-3-7-sonnet)',
    'Gemini, client-side, SDK parameters',
  ])('throws invalid-request for a JSON copy whose deferred tools are gone and are not the catalog (%s)', async (name) => {
    const { prepare, subset } = (cases[name] as () => Case)();
    const first = await prepare(subset);
    const copy = JSON.parse(JSON.stringify(first.body)) as Record<string, unknown>;
    const error = await prepare(copy).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ToolSearchError', code: 'invalid-request' });
    expect((error as Error).message).toContain('is a body `prepare` already returned');
    expect((error as Error).message).toContain('Pass the body you keep');
  });
});
