import { describe, expect, it } from 'vitest';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { resolveToolList } from '../../src/request/resolve-tool-list.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { TOOL_SEARCH_TOOL_DEFINITION } from '../../src/tools/tool-search-tool-definition.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { ToolSearchResult } from '../../src/client/tool-search-result.js';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { manyTools, tool } from '../support/tools.js';

const catalog: ToolDefinition[] = [
  tool('read_file', undefined, { description: 'Read the contents of a file' }),
  tool('write_file', undefined, { description: 'Write contents to a file' }),
  tool('send_email', undefined, { description: 'Send an email message to a recipient' }),
  tool('search_logs', undefined, { description: 'Find stuff' }),
  tool('find_user', undefined, { description: 'Search the logs' }),
  tool('tool_search', 'never'),
];

function setup(options: { tools?: ToolDefinition[]; maxListedTools?: number; maxLoaded?: number; maxResults?: number } = {}) {
  const store = createMemoryRevealStore();
  const { tools = catalog, ...rest } = options;
  return { store, search: createToolSearchTool({ tools, store, ...rest }) };
}

/** The names of the tools a result returned with their schemas. */
function loadedNames(result: ToolSearchResult): string[] {
  return result.status === 'found' || result.status === 'invalid-arguments' ? result.tools.map((entry) => entry.name) : [];
}

describe('createToolSearchTool', () => {
  it('defines tool_search, never deferred, with one query argument', () => {
    const { search } = setup();
    expect(search.definition).toBe(TOOL_SEARCH_TOOL_DEFINITION);
    expect(search.definition).toMatchObject({ name: 'tool_search', deferrable: 'never', inputSchema: { required: ['query'] } });
    expect(search.definition.description).toContain('exact tool name');
  });

  describe('execute', () => {
    it('returns the matches with full schemas and reveals them for the session', async () => {
      const { search, store } = setup();
      const result = await search.execute({ query: 'send email' }, { sessionId: 's' });
      expect(result).toMatchObject({ status: 'found' });
      expect(loadedNames(result)).toEqual(['send_email']);
      expect(result.tools[0]).toEqual({ name: 'send_email', description: 'Send an email message to a recipient', inputSchema: catalog[2]?.inputSchema });
      expect(await store.get('s')).toEqual(['send_email']);
    });

    it('ranks an exact name first and alone', async () => {
      const { search } = setup();
      expect(loadedNames(await search.execute({ query: '`read_file`' }, { sessionId: 's' }))).toEqual(['read_file']);
    });

    it('keeps the seed’s name-over-description example', async () => {
      const { search } = setup();
      // The name match ranks first; the index's default cut (issue 11) keeps the description match after it.
      expect(loadedNames(await search.execute({ query: 'search' }, { sessionId: 's' }))[0]).toBe('search_logs');
    });

    it('never returns itself', async () => {
      const { search } = setup();
      const result = await search.execute({ query: 'tool_search read' }, { sessionId: 's' });
      expect(loadedNames(result)).not.toContain('tool_search');
      expect(result.status === 'found' ? (result.more ?? []) : []).not.toContain('tool_search');
    });

    it.each(['select:', 'select: , ,', 'SELECT:""'])('answers %j, a select: naming no tool, with a result saying how to write one', async (query) => {
      const { search, store } = setup();
      const result = await search.execute({ query }, { sessionId: 's' });
      expect(result.status).toBe('invalid-query');
      expect(result.message).toContain('`select:` lists no tool name');
      expect(result.message).not.toContain('No tool is named');
      expect(result.status === 'invalid-query' ? result.availableTools : []).toContain('read_file');
      expect(await store.get('s')).toEqual([]);
    });

    it('loads exactly the tools a select: query names and names the unknown ones', async () => {
      const { search, store } = setup();
      const result = await search.execute({ query: 'select:write_file,send_email,nope' }, { sessionId: 's' });
      expect(loadedNames(result)).toEqual(['write_file', 'send_email']);
      expect(result.message).toContain('No tool is named `nope`');
      expect(await store.get('s')).toEqual(['write_file', 'send_email']);
    });

    it('reads a selected name that is no tool’s as a name without its namespace when that names one tool', async () => {
      const schema = { type: 'object' as const, properties: {} };
      const store = createMemoryRevealStore();
      const search = createToolSearchTool({
        tools: [
          { name: 'github__create_issue', description: 'Create an issue.', inputSchema: schema },
          { name: 'gitlab__create_issue', description: 'Create an issue.', inputSchema: schema },
          { name: 'github__get_me', description: 'Who am I.', inputSchema: schema },
        ],
        store,
      });
      const result = await search.execute({ query: 'select:get_me,create_issue' }, { sessionId: 's' });
      expect(loadedNames(result)).toEqual(['github__get_me']);
      // Two tools end with `create_issue`: the name stays unknown rather than a guess.
      expect(result.message).toBe('No tool is named `create_issue`.');
      expect(await store.get('s')).toEqual(['github__get_me']);
    });

    it('answers a select: of unknown names with the available names, revealing nothing', async () => {
      const { search, store } = setup();
      const result = await search.execute({ query: 'select:nope,other' }, { sessionId: 's' });
      expect(result).toMatchObject({ status: 'invalid-query', tools: [], message: expect.stringContaining('No tool is named `nope`, `other`') });
      expect(await store.get('s')).toEqual([]);
    });

    it('lists visible tool names when nothing matches, revealing nothing', async () => {
      const { search, store } = setup();
      const result = await search.execute({ query: 'quantum teleportation' }, { sessionId: 's' });
      expect(result).toEqual({
        status: 'no-match',
        query: 'quantum teleportation',
        tools: [],
        availableTools: ['read_file', 'write_file', 'send_email', 'search_logs', 'find_user'],
        moreTools: 0,
        message: expect.stringContaining('No tools matched the query'),
      });
      expect(await store.get('s')).toEqual([]);
    });

    it('bounds the list of names for a large catalog and counts the rest', async () => {
      const { search } = setup({ tools: manyTools(1000) });
      const result = await search.execute({ query: 'zzz' }, { sessionId: 's' });
      expect(result).toMatchObject({ status: 'no-match', moreTools: 950 });
      expect(result.status === 'no-match' ? result.availableTools : []).toHaveLength(50);
    });

    it.each(['', '   ', '?!'])('lists names for the empty query %j and reveals nothing (unlike the seed)', async (query) => {
      const { search, store } = setup();
      expect(await search.execute({ query }, { sessionId: 's' })).toMatchObject({
        status: 'listing',
        tools: [],
        availableTools: expect.arrayContaining(['read_file']),
      });
      expect(await store.get('s')).toEqual([]);
    });

    it('never returns or reveals a tool outside the visible set', async () => {
      const { search, store } = setup();
      const hidden = await search.execute({ query: 'file' }, { sessionId: 's', visible: ['read_file', 'tool_search'] });
      expect(loadedNames(hidden)).toEqual(['read_file']);
      expect(hidden).not.toHaveProperty('more');
      const selected = await search.execute({ query: 'select:write_file' }, { sessionId: 's', visible: ['read_file'] });
      expect(selected.status).toBe('invalid-query');
      const missing = await search.execute({ query: 'missing' }, { sessionId: 's', visible: ['read_file'] });
      expect(missing).toMatchObject({ status: 'no-match', availableTools: ['read_file'] });
      expect(await store.get('s')).toEqual(['read_file']);
    });

    // `manyTools` tools differ only by name; every one takes the same `path` parameter, which the index leaves out as
    // a shared one (src/search/find-shared-parameters.ts), so the queries below match the descriptions (`does tool_N`).
    it('loads the best three matches, and names no more by default', async () => {
      const { search, store } = setup({ tools: manyTools(20) });
      const result = await search.execute({ query: 'does' }, { sessionId: 's' });
      expect(loadedNames(result)).toEqual(['tool_0', 'tool_1', 'tool_2']);
      expect(result).not.toHaveProperty('more');
      expect(await store.get('s')).toEqual(['tool_0', 'tool_1', 'tool_2']);
    });

    it('names the matches beyond maxLoaded, up to maxResults', async () => {
      const { search } = setup({ tools: manyTools(20), maxLoaded: 1, maxResults: 8 });
      const result = await search.execute({ query: 'does' }, { sessionId: 's' });
      expect(loadedNames(result)).toEqual(['tool_0']);
      expect(result).toMatchObject({ more: ['tool_1', 'tool_2', 'tool_3', 'tool_4', 'tool_5', 'tool_6', 'tool_7'] });
    });

    it('repeats no schema an earlier search of the session returned, and names those matches instead', async () => {
      const { search } = setup({ tools: manyTools(20), maxResults: 8 });
      await search.execute({ query: 'does' }, { sessionId: 's' });
      const again = await search.execute({ query: 'does' }, { sessionId: 's' });
      expect(again).toMatchObject({ status: 'found', loadedEarlier: ['tool_0', 'tool_1', 'tool_2'] });
      expect(loadedNames(again)).toEqual(['tool_3', 'tool_4', 'tool_5']);
      const other = await search.execute({ query: 'does' }, { sessionId: 'other' });
      expect(loadedNames(other)).toEqual(['tool_0', 'tool_1', 'tool_2']);
    });

    it('takes what the conversation holds from `loaded` when given, not from the store, so any process answers alike', async () => {
      const { search } = setup({ tools: manyTools(20) });
      const first = await search.execute({ query: 'does' }, { sessionId: 's', loaded: [] });
      // Another process: a store that saw nothing, and the history's `loaded`.
      const elsewhere = setup({ tools: manyTools(20) }).search;
      const again = await elsewhere.execute({ query: 'does' }, { sessionId: 's', loaded: loadedNames(first) });
      expect(again).toEqual(await search.execute({ query: 'does' }, { sessionId: 's', loaded: loadedNames(first) }));
      expect(again).toMatchObject({ status: 'found', loadedEarlier: ['tool_0', 'tool_1', 'tool_2'] });
      // The store saw the first search, the conversation (as given) did not: the schemas are returned again.
      expect(loadedNames(await search.execute({ query: 'does' }, { sessionId: 's', loaded: [] }))).toEqual(['tool_0', 'tool_1', 'tool_2']);
    });

    it('reads `loaded` in either name form', async () => {
      const dotted = [
        tool('ChaDri.change_drink', undefined, { description: 'Change a drink order' }),
        tool('ChaDri.cancel_drink', undefined, { description: 'Cancel a drink order' }),
      ];
      const names = createToolNameMapping(
        dotted.map((entry) => entry.name),
        { label: 'OpenAI', allowed: /[A-Za-z0-9_-]/, maxLength: 64 },
      );
      const { search } = setup({ tools: dotted });
      for (const loaded of [['ChaDri.change_drink'], ['ChaDri_change_drink']]) {
        expect(await search.execute({ query: 'drink order' }, { sessionId: 's', names, loaded })).toMatchObject({
          loadedEarlier: ['ChaDri_change_drink'],
          tools: [{ name: 'ChaDri_cancel_drink' }],
        });
      }
    });

    it('rejects a `loaded` that is not a list of names', async () => {
      const { search } = setup();
      const act = search.execute({ query: 'x' }, { sessionId: 's', loaded: 'read_file' as unknown as string[] });
      await expect(act).rejects.toThrow(ToolSearchError);
      await expect(act).rejects.toThrow('`context.loaded` must be a list of tool names (an array or a Set), got "read_file"');
    });

    it('loads every tool a select: names, even one loaded before', async () => {
      const { search } = setup({ tools: manyTools(20) });
      await search.execute({ query: 'does' }, { sessionId: 's' });
      const selected = await search.execute({ query: 'select:tool_0,tool_9,tool_10,tool_11' }, { sessionId: 's' });
      expect(loadedNames(selected)).toEqual(['tool_0', 'tool_9', 'tool_10', 'tool_11']);
      expect(selected).not.toHaveProperty('loadedEarlier');
    });

    it('keeps reveals apart between sessions', async () => {
      const { search, store } = setup();
      await search.execute({ query: 'send email' }, { sessionId: 'a' });
      expect(await store.get('b')).toEqual([]);
    });

    it.each([
      ['no arguments', undefined, 'Got nothing (undefined)'],
      ['a missing query', {}, 'Got nothing (undefined)'],
      ['a non-string query', { query: 42 }, 'Got 42'],
      ['a list', ['read'], 'Got an array'],
    ])('answers %s with a result the model can act on', async (_label, args, detail) => {
      const { search, store } = setup();
      const result = await search.execute(args, { sessionId: 's' });
      expect(result).toMatchObject({ status: 'invalid-query', tools: [], message: expect.stringContaining('needs a `query` string') });
      expect(result.message).toContain(detail);
      expect(await store.get('s')).toEqual([]);
    });

    it('answers a 10,000-character query by asking for a shorter one', async () => {
      const { search } = setup();
      const result = await search.execute({ query: 'read '.repeat(2000) }, { sessionId: 's' });
      expect(result).toMatchObject({ status: 'invalid-query', message: expect.stringContaining('keep it under 500') });
      expect(result.status === 'invalid-query' ? result.query.length : 0).toBeLessThanOrEqual(61);
    });

    it('accepts the raw JSON arguments text', async () => {
      const { search } = setup();
      expect(await search.execute('{"query":"send email"}', { sessionId: 's' })).toMatchObject({ status: 'found' });
    });

    it('requires a session id', async () => {
      const { search } = setup();
      await expect(search.execute({ query: 'x' }, { sessionId: '' })).rejects.toThrow(ToolSearchError);
    });
  });

  describe('on bad context', () => {
    it.each([
      ['a string (read one character at a time before)', 'read_file'],
      ['a number', 5],
      ['a list holding null', ['read_file', null]],
    ])('rejects visible given as %s with invalid-options', async (_label, visible) => {
      const { search } = setup();
      await expect(search.execute({ query: 'read' }, { sessionId: 's', visible: visible as never })).rejects.toMatchObject({ code: 'invalid-options' });
    });

    it('rejects names that are not a mapping with invalid-options', async () => {
      const { search } = setup();
      await expect(search.execute({ query: 'read' }, { sessionId: 's', names: { toWire: 1 } as never })).rejects.toMatchObject({ code: 'invalid-options' });
    });
  });

  describe('with the request’s name mapping', () => {
    const dotted: ToolDefinition[] = [
      tool('ChaDri.change_drink', undefined, { description: 'Change a drink order' }),
      tool('uber.ride', undefined, { description: 'Book an Uber ride' }),
    ];
    const names = createToolNameMapping(
      dotted.map((entry) => entry.name),
      { label: 'OpenAI', allowed: /[A-Za-z0-9_-]/, maxLength: 64 },
    );

    it('answers with the names the model saw and records the catalog’s names', async () => {
      const { search, store } = setup({ tools: dotted });
      const result = await search.execute({ query: 'change drink' }, { sessionId: 's', names });
      expect(result).toMatchObject({ status: 'found', tools: [{ name: 'ChaDri_change_drink' }] });
      expect(await store.get('s')).toEqual(['ChaDri.change_drink']);
    });

    it.each(['ChaDri_change_drink', '`ChaDri_change_drink`', 'select:ChaDri_change_drink', 'select:ChaDri.change_drink'])(
      'finds the tool for %j',
      async (query) => {
        const { search } = setup({ tools: dotted });
        expect(loadedNames(await search.execute({ query }, { sessionId: 's', names }))).toEqual(['ChaDri_change_drink']);
      },
    );

    it('accepts visible names in the form sent and lists names in that form', async () => {
      const { search } = setup({ tools: dotted });
      expect(await search.execute({ query: 'zzz' }, { sessionId: 's', names, visible: ['uber_ride'] })).toMatchObject({
        status: 'no-match',
        availableTools: ['uber_ride'],
      });
    });
  });

  it.each([
    [{ maxResults: 0 }, '`maxResults` must be a whole number ≥ 1, got 0'],
    [{ maxLoaded: 0 }, '`maxLoaded` must be a whole number ≥ 1, got 0'],
    [{ maxListedTools: -1 }, '`maxListedTools` must be a whole number ≥ 0, got -1'],
    [{ maxQueryLength: 1.5 }, '`maxQueryLength` must be a whole number ≥ 1, got 1.5'],
    [{ index: {} }, '`index` must be an index from `createToolIndex`, got an object'],
  ])('rejects the options %j', (options, message) => {
    expect(() => createToolSearchTool({ tools: catalog, store: createMemoryRevealStore(), ...options } as never)).toThrow(message);
  });

  it.each([null, 'tools', 3])('rejects options %j that are not an object with invalid-options, never a TypeError', (options) => {
    expect(() => createToolSearchTool(options as never)).toThrow(expect.objectContaining({ code: 'invalid-options' }));
  });

  it('drives the seed’s progressive-disclosure loop: deferred → search → revealed → full schema next request', async () => {
    const tools = [
      ...manyTools(20),
      tool('send_email', undefined, {
        description: 'Send an email',
        inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
      }),
    ];
    const store = createMemoryRevealStore();
    const search = createToolSearchTool({ tools, store });
    const plan = resolveToolSearch('gemini-2.5-pro', tools, { listing: 'full', reveal: 'tool-list' });
    const first = resolveToolList(plan, tools, { revealed: await store.get('session') });
    expect(first.tools.find((entry) => entry.name === 'send_email')).toMatchObject({
      status: 'deferred',
      inputSchema: { type: 'object', additionalProperties: true },
    });
    await search.execute({ query: 'send_email' }, { sessionId: 'session', visible: first.tools.map((entry) => entry.name) });
    const second = resolveToolList(plan, tools, { revealed: await store.get('session') });
    expect(second.tools.find((entry) => entry.name === 'send_email')).toMatchObject({ status: 'revealed', inputSchema: { required: ['to'] } });
    const other = resolveToolList(plan, tools, { revealed: await store.get('other-session') });
    expect(other.tools.find((entry) => entry.name === 'send_email')?.status).toBe('deferred');
  });

  it('drives the default loop: the tool list never changes, the search result carries the schema, call_tool calls it', async () => {
    const tools = [
      ...manyTools(20),
      tool('send_email', undefined, {
        description: 'Send an email',
        inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
      }),
    ];
    const store = createMemoryRevealStore();
    const search = createToolSearchTool({ tools, store });
    const plan = resolveToolSearch('gemini-2.5-pro', tools);
    const first = resolveToolList(plan, tools, { revealed: await store.get('session') });
    expect(first.tools.map((entry) => entry.name)).toEqual(['tool_search', 'call_tool']);
    const result = await search.execute({ query: 'send_email' }, { sessionId: 'session' });
    expect(result).toMatchObject({ status: 'found', tools: [{ name: 'send_email', inputSchema: { required: ['to'] } }] });
    const second = resolveToolList(plan, tools, { revealed: await store.get('session') });
    expect(second).toEqual(first);
  });
});

describe('createToolSearchTool with a query beyond the Basic Multilingual Plane', () => {
  it('echoes an over-long emoji query cut between characters, never inside a surrogate pair', async () => {
    const { search } = setup();
    // One letter, then emoji: a cut at 60 code units falls inside the 30th emoji.
    const result = await search.execute({ query: `x${'😀'.repeat(300)}` }, { sessionId: 's' });
    if (result.status !== 'invalid-query') throw new Error(`expected invalid-query, got ${result.status}`);
    expect(result.query.endsWith('…')).toBe(true);
    expect(/\p{Cs}/u.test(result.query)).toBe(false);
  });
});
