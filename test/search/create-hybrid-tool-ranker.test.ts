import { describe, expect, it } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, tool } from 'ai';
import { createHybridToolRanker, type EmbedTexts } from '../../src/search/create-hybrid-tool-ranker.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { createOpenAIChatToolSearch, createOpenAIResponsesToolSearch } from '../../src/providers/openai/index.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/index.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/index.js';
import { createAISDKToolSearch } from '../../src/integrations/ai-sdk/index.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';
import { anthropicReply, chatReply, geminiReply, responsesReply } from '../support/scripted-replies.js';

/** Words that mean one thing to the deterministic embedder (what a real model learns; no word is shared lexically). */
const CONCEPTS: Readonly<Record<string, string>> = {
  website: 'domain',
  site: 'domain',
  whois: 'domain',
  domain: 'domain',
  registration: 'domain',
  owns: 'domain',
};
const DIMENSIONS = 64;

/** A deterministic embedder: each word (through {@link CONCEPTS}) adds 1 to a hashed dimension. Counts every text it embeds. */
function createCountingEmbedder() {
  const embedded: string[] = [];
  const embed: EmbedTexts = async (texts) => {
    embedded.push(...texts);
    return texts.map((text) => {
      const vector = new Array<number>(DIMENSIONS).fill(0);
      for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
        const concept = CONCEPTS[word] ?? word;
        let hash = 0;
        for (const char of concept) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
        vector[hash % DIMENSIONS]! += concept === 'domain' ? 4 : 1;
      }
      return vector;
    });
  };
  return { embed, embedded };
}

const WHOIS: ToolDefinition = {
  name: 'whois_lookup',
  description: 'Look up the WHOIS registration record of a domain.',
  inputSchema: { type: 'object', properties: { domain: { type: 'string' } }, required: ['domain'] },
};
const CATALOG: ToolDefinition[] = [...GITHUB_MCP_TOOLS, WHOIS];
/** A request that implies `whois_lookup` without sharing a word with it. */
const IMPLIED = 'who owns this website';

describe('createHybridToolRanker', () => {
  it('finds a tool the request implies without naming it, which the lexical ranking misses', async () => {
    const store = createMemoryRevealStore();
    const lexical = createToolSearchTool({ tools: CATALOG, store });
    const hybrid = createToolSearchTool({ tools: CATALOG, store, rank: createHybridToolRanker(createCountingEmbedder()) });
    const names = (result: Awaited<ReturnType<typeof lexical.execute>>) => result.tools.map((tool) => tool.name);
    expect(names(await lexical.execute({ query: IMPLIED }, { sessionId: 'a' }))).not.toContain('whois_lookup');
    expect(names(await hybrid.execute({ query: IMPLIED }, { sessionId: 'b' }))[0]).toBe('whois_lookup');
  });

  it('embeds each tool once across 100 searches, and each distinct query once', async () => {
    const { embed, embedded } = createCountingEmbedder();
    const search = createToolSearchTool({ tools: CATALOG, store: createMemoryRevealStore(), rank: createHybridToolRanker({ embed, batchSize: 50 }) });
    const queries = Array.from({ length: 100 }, (_, position) => (position % 2 === 0 ? IMPLIED : `list issues ${position % 10}`));
    // The first searches run at once: they share one embedding of the catalog.
    await Promise.all(queries.slice(0, 4).map((query, position) => search.execute({ query }, { sessionId: `s${position}` })));
    for (const [position, query] of queries.slice(4).entries()) await search.execute({ query }, { sessionId: `t${position}` });
    const toolTexts = embedded.filter((text) => text.includes('\n'));
    expect(toolTexts).toHaveLength(CATALOG.length);
    expect(new Set(toolTexts).size).toBe(CATALOG.length);
    expect(embedded.length - toolTexts.length).toBe(new Set(queries).size);
  });

  it('embeds a changed tool again and the unchanged ones never, across catalogs sharing one ranker', async () => {
    const { embed, embedded } = createCountingEmbedder();
    const rank = createHybridToolRanker({ embed });
    const index = createToolIndex(CATALOG);
    await rank({ query: IMPLIED, tools: CATALOG, visible: undefined, maxResults: 3, index });
    const changed = CATALOG.map((tool) => (tool.name === 'whois_lookup' ? { ...tool, description: 'Who registered a domain.' } : tool));
    const before = embedded.length;
    await rank({ query: IMPLIED, tools: changed, visible: undefined, maxResults: 3, index: createToolIndex(changed) });
    expect(embedded.slice(before)).toEqual([expect.stringContaining('Who registered a domain.')]);
  });

  it('still ranks every tool when its cache is smaller than the catalog', async () => {
    const rank = createHybridToolRanker({ ...createCountingEmbedder(), maxCachedEmbeddings: 10 });
    const hits = await rank({ query: IMPLIED, tools: CATALOG, visible: undefined, maxResults: 3, index: createToolIndex(CATALOG) });
    expect(hits[0]?.name).toBe('whois_lookup');
  });

  it('embeds each tool once per catalog even when the cache is smaller, and keeps at most maxCachedEmbeddings: a new catalog of the same tools embeds the ones dropped again', async () => {
    const { embed, embedded } = createCountingEmbedder();
    const rank = createHybridToolRanker({ embed, maxCachedEmbeddings: 10 });
    const index = createToolIndex(CATALOG);
    await rank({ query: IMPLIED, tools: CATALOG, visible: undefined, maxResults: 3, index });
    expect(embedded.length).toBe(CATALOG.length + 1);
    const first = embedded.length;
    await rank({ query: IMPLIED, tools: [...CATALOG], visible: undefined, maxResults: 3, index });
    expect(embedded.length - first).toBe(CATALOG.length - 10);
  });

  it('takes a cache bound far above any catalog without allocating for it up front', async () => {
    const rank = createHybridToolRanker({ ...createCountingEmbedder(), maxCachedEmbeddings: 2 ** 32, maxCachedQueries: 2 ** 32 });
    const hits = await rank({ query: IMPLIED, tools: CATALOG, visible: undefined, maxResults: 3, index: createToolIndex(CATALOG) });
    expect(hits[0]?.name).toBe('whois_lookup');
  });

  it('keeps the lexical answer for an exact name, and keeps to the visible tools', async () => {
    const rank = createHybridToolRanker(createCountingEmbedder());
    const index = createToolIndex(CATALOG);
    expect(await rank({ query: 'list_issues', tools: CATALOG, visible: undefined, maxResults: 3, index })).toEqual(
      index.search('list_issues', { maxResults: 3 }),
    );
    const visible = new Set(['list_issues', 'get_me']);
    const hits = await rank({ query: IMPLIED, tools: CATALOG, visible, maxResults: 3, index });
    expect(hits.every((hit) => visible.has(hit.name))).toBe(true);
  });

  it('throws a ToolSearchError for a bad embed or bad options', async () => {
    const index = createToolIndex(CATALOG);
    const short = createHybridToolRanker({ embed: async () => [[1, 0]] });
    await expect(short({ query: IMPLIED, tools: CATALOG, visible: undefined, maxResults: 3, index })).rejects.toMatchObject({
      code: 'invalid-options',
      message: expect.stringContaining('one vector per text'),
    });
    expect(() => createHybridToolRanker({ embed: 'openai' as never })).toThrow(ToolSearchError);
    expect(() => createHybridToolRanker({ embed: async () => [], depth: 0 })).toThrow('`depth` must be a whole number ≥ 1, got 0');
  });

  describe('score fusion (issue 26)', () => {
    const index = createToolIndex(CATALOG);
    const request = (query: string, maxResults = 5) => ({ query, tools: CATALOG, visible: undefined, maxResults, index });

    it('gives the lexical ranking with embeddingWeight 0, and the embeddings alone with 1 and no guard', async () => {
      const { embed } = createCountingEmbedder();
      const lexicalOnly = createHybridToolRanker({ embed, embeddingWeight: 0 });
      const query = 'list the open pull requests';
      expect((await lexicalOnly(request(query))).map((hit) => hit.name)).toEqual(index.search(query, { maxResults: 5 }).map((hit) => hit.name));
      const embeddingsOnly = createHybridToolRanker({ embed, embeddingWeight: 1, lexicalGuard: Number.POSITIVE_INFINITY });
      expect((await embeddingsOnly(request(IMPLIED)))[0]?.name).toBe('whois_lookup');
    });

    it('keeps a confident lexical first result first, whatever the embeddings prefer', async () => {
      // An embedder that sees every text as the WHOIS tool's, so it always prefers whois_lookup.
      const stubborn = createHybridToolRanker({
        embed: async (texts) => texts.map((text) => (text.includes('WHOIS') ? [1, 0] : [0.2, 1])),
        embeddingWeight: 0.9,
      });
      const lexical = index.search('merge a pull request', { maxResults: 2 });
      expect(lexical[0]!.score).toBeGreaterThanOrEqual(1.5 * lexical[1]!.score);
      expect((await stubborn(request('merge a pull request')))[0]?.name).toBe(lexical[0]!.name);
    });

    it('scores an embedder that tells no tool apart (a zero vector) as no signal: the lexical ranking stands', async () => {
      const flat = createHybridToolRanker({ embed: async (texts) => texts.map(() => [0, 0, 0]), embeddingWeight: 0.5 });
      const query = 'list the open pull requests';
      expect((await flat(request(query))).map((hit) => hit.name)).toEqual(index.search(query, { maxResults: 5 }).map((hit) => hit.name));
      expect(await flat(request(IMPLIED))).toEqual([]);
    });

    it.each([
      [{ embeddingWeight: 1.5 }, '`embeddingWeight` must be a number from 0 to 1, got 1.5'],
      [{ embeddingWeight: Number.NaN }, '`embeddingWeight` must be a number from 0 to 1, got NaN'],
      [{ lexicalGuard: 0.5 }, '`lexicalGuard` must be a number ≥ 1, got 0.5'],
    ])('refuses %j', (options, message) => {
      expect(() => createHybridToolRanker({ embed: async () => [], ...options })).toThrow(message);
    });
  });

  describe('an embedder that returns junk (issue 24, item 13)', () => {
    const request = (query: string) => ({ query, tools: CATALOG, visible: undefined, maxResults: 3, index: createToolIndex(CATALOG) });

    it.each([
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['-Infinity', Number.NEGATIVE_INFINITY],
      ['a string', '1' as unknown as number],
    ])('refuses tool vectors holding %s with a ToolSearchError, instead of ranking the first catalog tools', async (_label, junk) => {
      const { embed } = createCountingEmbedder();
      const rank = createHybridToolRanker({ embed: async (texts) => (await embed(texts)).map((vector) => [junk, ...vector.slice(1)]) });
      await expect(rank(request(IMPLIED))).rejects.toMatchObject({
        name: 'ToolSearchError',
        code: 'invalid-options',
        message: expect.stringContaining('`embed` must return vectors of finite numbers'),
      });
    });

    it('refuses an empty vector and vectors of two lengths in one catalog', async () => {
      await expect(createHybridToolRanker({ embed: async (texts) => texts.map(() => []) })(request(IMPLIED))).rejects.toMatchObject({
        code: 'invalid-options',
        message: expect.stringContaining('empty vector'),
      });
      const mixed = createHybridToolRanker({ embed: async (texts) => texts.map((_text, position) => (position === 1 ? [1, 2, 3] : [1, 2])) });
      await expect(mixed(request(IMPLIED))).rejects.toMatchObject({ code: 'invalid-options', message: expect.stringContaining('one length') });
    });

    it('keeps no query vector of the wrong length: once the embedder is fixed, the same query works', async () => {
      const { embed } = createCountingEmbedder();
      let broken = true;
      const rank = createHybridToolRanker({
        embed: async (texts) => (broken && texts.length === 1 && texts[0] === IMPLIED ? [[1, 2, 3]] : embed(texts)),
      });
      await expect(rank(request(IMPLIED))).rejects.toMatchObject({ code: 'invalid-options', message: expect.stringContaining('one length') });
      broken = false;
      expect((await rank(request(IMPLIED)))[0]?.name).toBe('whois_lookup');
    });

    // Found by the junk-embedder property on FC_SEED=11 at FC_RUNS=1500: the batches before an embedder error are kept
    // (a rate limit should not cost them), and when they were of another length, the first search after the fix failed.
    it('embeds again the kept batches of an earlier embedder of another length: the first search after the fix works', async () => {
      const { embed } = createCountingEmbedder();
      let calls = 0;
      let fixed = false;
      const rank = createHybridToolRanker({
        batchSize: 7,
        embed: async (texts) => {
          calls += 1;
          if (fixed) return embed(texts);
          if (calls === 2) throw new Error('embedder unavailable');
          return texts.map(() => [0.5]);
        },
      });
      await expect(rank(request(IMPLIED))).rejects.toThrow('embedder unavailable');
      fixed = true;
      expect((await rank(request(IMPLIED)))[0]?.name).toBe('whois_lookup');
    });

    it('ranks with vectors of huge finite numbers (no overflow to Infinity while normalising)', async () => {
      const { embed } = createCountingEmbedder();
      const rank = createHybridToolRanker({ embed: async (texts) => (await embed(texts)).map((vector) => vector.map((value) => value * 1e300)) });
      expect((await rank(request(IMPLIED)))[0]?.name).toBe('whois_lookup');
    });
  });

  it('passes an error of embed on to the caller of tool_search', async () => {
    const search = createToolSearchTool({
      tools: CATALOG,
      store: createMemoryRevealStore(),
      rank: createHybridToolRanker({ embed: async () => Promise.reject(new Error('rate limited')) }),
    });
    await expect(search.execute({ query: IMPLIED }, { sessionId: 'a' })).rejects.toThrow('rate limited');
  });
});

describe('a ranker passed to tool_search', () => {
  it('keeps what the ranker returns to catalog tools that are visible, each once, at most maxResults', async () => {
    const search = createToolSearchTool({
      tools: CATALOG,
      store: createMemoryRevealStore(),
      maxResults: 2,
      rank: async () => [
        { name: 'nope', score: 9 },
        { name: 'get_me', score: 8 },
        { name: 'get_me', score: 7 },
        { name: 'list_issues', score: 6 },
        { name: 'whois_lookup', score: 5 },
      ],
    });
    const result = await search.execute({ query: 'anything' }, { sessionId: 'a', visible: ['get_me', 'list_issues', 'whois_lookup'] });
    expect(result.tools.map((tool) => tool.name)).toEqual(['get_me', 'list_issues']);
    // `select:` never asks the ranker.
    expect((await search.execute({ query: 'select:whois_lookup' }, { sessionId: 'b' })).tools.map((tool) => tool.name)).toEqual(['whois_lookup']);
  });

  it('rejects a rank that is not a function', () => {
    expect(() => createToolSearchTool({ tools: CATALOG, store: createMemoryRevealStore(), rank: 'embeddings' as never })).toThrow(ToolSearchError);
  });

  // The deferred-tool catalog, on every API: the model's `tool_search` call is answered by the session's `handle`,
  // which runs the hybrid ranking; the loaded tool is the one the request implies.
  const runTool = async () => ({ ok: true });
  const sessionId = 'session-1';

  it('answers tool_search with the hybrid ranking on Responses (client-executed tool_search_call)', async () => {
    const tools = CATALOG.map((tool) => ({
      type: 'function' as const,
      name: tool.name,
      description: tool.description ?? null,
      parameters: tool.inputSchema,
      strict: false,
    }));
    const toolSearch = createOpenAIResponsesToolSearch({ tools, rank: createHybridToolRanker(createCountingEmbedder()) });
    const request = await toolSearch.prepare({ model: 'gpt-5.4', store: false, input: [{ role: 'user', content: IMPLIED }] }, { sessionId });
    const turn = await request.handle(
      responsesReply(1, [
        { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_ts1', execution: 'client', status: 'completed', arguments: { query: IMPLIED } },
      ]) as never,
      runTool,
    );
    expect(turn.answers).toEqual([
      expect.objectContaining({ type: 'tool_search_output', tools: [expect.objectContaining({ name: 'whois_lookup' }), expect.anything(), expect.anything()] }),
    ]);
  });

  it('answers tool_search with the hybrid ranking on Chat Completions', async () => {
    const tools = CATALOG.map((tool) => ({
      type: 'function' as const,
      function: { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema },
    }));
    const toolSearch = createOpenAIChatToolSearch({ tools, rank: createHybridToolRanker(createCountingEmbedder()) });
    const request = await toolSearch.prepare({ model: 'gpt-4.1', messages: [{ role: 'user', content: IMPLIED }] }, { sessionId });
    const turn = await request.handle(chatReply(1, [['call_1', 'tool_search', { query: IMPLIED }]]) as never, runTool);
    const answer = turn.messages.find((message) => message.role === 'tool') as { content: string };
    expect(JSON.parse(answer.content).tools[0].name).toBe('whois_lookup');
  });

  it('answers tool_search with the hybrid ranking on Anthropic Messages (tool_reference)', async () => {
    const tools = CATALOG.map((tool) => ({ name: tool.name, description: tool.description ?? '', input_schema: tool.inputSchema as { type: 'object' } }));
    const toolSearch = createAnthropicMessagesToolSearch({ tools, rank: createHybridToolRanker(createCountingEmbedder()) });
    const request = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 1024, messages: [{ role: 'user', content: IMPLIED }] }, { sessionId });
    const turn = await request.handle(
      anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: IMPLIED } }], 'tool_use') as never,
      runTool,
    );
    expect(JSON.stringify(turn.messages.at(-1))).toContain('{"type":"tool_reference","tool_name":"whois_lookup"}');
  });

  it('answers tool_search with the hybrid ranking on Gemini', async () => {
    const tools = [
      { functionDeclarations: CATALOG.map((tool) => ({ name: tool.name, description: tool.description ?? '', parametersJsonSchema: tool.inputSchema })) },
    ];
    const toolSearch = createGeminiToolSearch({ tools, rank: createHybridToolRanker(createCountingEmbedder()) });
    const request = await toolSearch.prepare({ model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: IMPLIED }] }] }, { sessionId });
    const turn = await request.handle(geminiReply([{ functionCall: { name: 'tool_search', args: { query: IMPLIED } } }]) as never, runTool);
    const response = (turn.contents.at(-1) as unknown as { parts: { functionResponse: { response: { output: string } } }[] }).parts[0]!.functionResponse
      .response;
    expect(JSON.parse(response.output).tools[0].name).toBe('whois_lookup');
  });

  it('answers tool_search with the hybrid ranking in the AI SDK integration', async () => {
    const aiTools = Object.fromEntries(
      CATALOG.map((entry) => [
        entry.name,
        tool({ description: entry.description ?? '', inputSchema: jsonSchema(entry.inputSchema as never), execute: runTool }),
      ]),
    );
    const toolSearch = createAISDKToolSearch({ tools: aiTools, rank: createHybridToolRanker(createCountingEmbedder()) });
    const model = createOpenAI({ apiKey: 'test', baseURL: 'http://127.0.0.1:9' }).chat('gpt-4.1');
    const settings = await toolSearch.prepare(model, { sessionId });
    const output = await settings.tools.tool_search!.execute!({ query: IMPLIED }, { toolCallId: 'call_1', messages: [] });
    expect(JSON.stringify(output)).toMatch(/"name":"whois_lookup"/);
  });
});
