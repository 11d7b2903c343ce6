import { describe, expect, it } from 'vitest';
import { resolveToolList } from '../../src/request/resolve-tool-list.js';
import { STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_DEFINITION } from '../../src/tools/tool-search-tool-definition.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import type { ToolListing, ToolRevealMode } from '../../src/config/tool-search-config.js';
import { CALL_TOOL_DEFINITION } from '../../src/tools/tool-search-tool-definition.js';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { tool } from '../support/tools.js';

const tools = [tool('alpha', undefined, { description: 'Alpha does one thing. Then it does another.' }), tool('keep', 'never'), tool('beta'), tool('gamma')];
// The seed's behaviour (reveals in the tool list) unless a test says otherwise.
const plan = (listing: ToolListing = 'full', model = 'gemini-2.5-pro', reveal: ToolRevealMode = 'tool-list') =>
  resolveToolSearch(model, tools, { threshold: 3, listing, reveal });
const summary = (list: ReturnType<typeof resolveToolList>) => list.tools.map((entry) => `${entry.name}:${entry.status}`);

describe('resolveToolList', () => {
  describe('under the client mechanism', () => {
    it('sends loaded tools first, then tool_search, then deferred stubs in input order', () => {
      const list = resolveToolList(plan(), tools);
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:search', 'alpha:deferred', 'beta:deferred', 'gamma:deferred']);
      expect(list.tools[2]).toMatchObject({ name: 'alpha', description: 'Alpha does one thing. Then it does another.', inputSchema: STUB_INPUT_SCHEMA });
      // A fresh copy of the frozen schema, so a caller may edit the body it builds from the list.
      expect(list.tools[1]?.inputSchema).toEqual(TOOL_SEARCH_TOOL_DEFINITION.inputSchema);
      expect(Object.isFrozen(list.tools[1]?.inputSchema)).toBe(false);
      expect(list.tools[0]?.inputSchema).toBe(tools[1]?.inputSchema);
      expect(list.guidance).toBe(
        `${TOOL_SEARCH_GUIDANCE} On your next step those tools are callable with their full parameters. Tools shown with full parameter schemas do not need to be searched for.`,
      );
    });

    it('swaps a revealed tool’s stub for its full schema in place', () => {
      const list = resolveToolList(plan(), tools, { revealed: ['beta'] });
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:search', 'alpha:deferred', 'beta:revealed', 'gamma:deferred']);
      expect(list.tools[3]?.inputSchema).toBe(tools[2]?.inputSchema);
    });

    it('keeps the prefix before a newly revealed tool byte-identical', () => {
      const before = JSON.stringify(resolveToolList(plan(), tools, { revealed: ['alpha'] }).tools.map(({ definition: _d, ...entry }) => entry));
      const after = JSON.stringify(resolveToolList(plan(), tools, { revealed: ['alpha', 'gamma'] }).tools.map(({ definition: _d, ...entry }) => entry));
      const prefix = before.slice(0, before.indexOf('"name":"gamma"'));
      expect(after.startsWith(prefix)).toBe(true);
    });

    it('ignores revealed names the plan does not defer', () => {
      expect(summary(resolveToolList(plan(), tools, { revealed: ['keep', 'unknown'] }))).toEqual(summary(resolveToolList(plan(), tools)));
    });

    it('cuts descriptions to their first sentence in the compact listing', () => {
      const list = resolveToolList(plan('compact'), tools);
      expect(list.tools.find((entry) => entry.name === 'alpha')?.description).toBe('Alpha does one thing.');
      expect(list.tools.find((entry) => entry.name === 'keep')?.description).toBe('does keep');
    });

    it('leaves deferred tools out of the names listing and appends revealed tools in reveal order', () => {
      expect(summary(resolveToolList(plan('names'), tools))).toEqual(['keep:loaded', 'tool_search:search']);
      expect(summary(resolveToolList(plan('names'), tools, { revealed: ['gamma', 'alpha'] }))).toEqual([
        'keep:loaded',
        'tool_search:search',
        'gamma:revealed',
        'alpha:revealed',
      ]);
    });

    it('lists deferred names in the names listing’s guidance, revealed or not, so the note does not change', () => {
      const first = resolveToolList(plan('names'), tools).guidance;
      expect(first).toContain('These tools are available but not in your tool list: alpha, beta, gamma.');
      expect(resolveToolList(plan('names'), tools, { revealed: ['beta'] }).guidance).toBe(first);
    });

    it('with a name mapping, takes reveals in either form and names tools in the note as the model sees them', () => {
      const dotted = [tool('a.one', 'always'), tool('b.two', 'always'), tool('keep', 'never')];
      const names = createToolNameMapping(
        dotted.map((entry) => entry.name),
        { label: 'OpenAI', allowed: /[A-Za-z0-9_-]/, maxLength: 64 },
      );
      const namesPlan = resolveToolSearch('gemini-2.5-pro', dotted, { listing: 'names', reveal: 'tool-list' });
      const list = resolveToolList(namesPlan, dotted, { revealed: ['b_two', 'a.one'], names });
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:search', 'b.two:revealed', 'a.one:revealed']);
      expect(list.guidance).toContain('not in your tool list: a_one, b_two.');
    });

    it('keeps a caller’s own tool_search and call_tool, and sends the package’s as tool_search_2 and call_tool_2', () => {
      const mine = [tool('tool_search'), tool('call_tool')];
      const list = resolveToolList(resolveToolSearch('gemini-2.5-pro', [...tools, ...mine], { threshold: 3, listing: 'names' }), [...tools, ...mine]);
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:loaded', 'call_tool:loaded', 'tool_search_2:search', 'call_tool_2:call']);
      expect(list.tools.find((entry) => entry.name === 'tool_search')?.definition).toBe(mine[0]);
      expect(list.tools.find((entry) => entry.name === 'tool_search_2')).toMatchObject({
        inputSchema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema,
        definition: { name: 'tool_search_2' },
      });
      expect(list.guidance).toContain('Here that tool is named `tool_search_2` (`tool_search` is another tool).');
      expect(list.guidance).toContain('Call them through `call_tool_2`');
    });
  });

  describe('with reveals in the conversation (the default)', () => {
    const stable = (listing: ToolListing) => plan(listing, 'gemini-2.5-pro', 'conversation');

    it.each(['full', 'compact', 'names', 'none'] as const)('sends the same list whatever was revealed, in the %s listing', (listing) => {
      const first = resolveToolList(stable(listing), tools);
      expect(resolveToolList(stable(listing), tools, { revealed: ['beta', 'alpha'] })).toEqual(first);
    });

    it('keeps deferred stubs callable in the full listing', () => {
      expect(summary(resolveToolList(stable('full'), tools, { revealed: ['beta'] }))).toEqual([
        'keep:loaded',
        'tool_search:search',
        'alpha:deferred',
        'beta:deferred',
        'gamma:deferred',
      ]);
    });

    it.each(['names', 'none'] as const)('adds call_tool after tool_search when the %s listing leaves deferred tools out', (listing) => {
      const list = resolveToolList(stable(listing), tools);
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:search', 'call_tool:call']);
      expect(list.tools[2]).toMatchObject({ definition: CALL_TOOL_DEFINITION, inputSchema: CALL_TOOL_DEFINITION.inputSchema });
      expect(list.guidance).toContain('Call them through `call_tool` with their name and arguments.');
    });

    it('says how many tools the none listing leaves out, without naming them', () => {
      const note = resolveToolList(stable('none'), tools).guidance;
      expect(note).toContain('3 more tools are available but not listed');
      expect(note).not.toContain('alpha');
    });

    it('sends a forced tool in full in every mode, after the other tools when the listing leaves it out', () => {
      expect(summary(resolveToolList(stable('full'), tools, { forced: ['gamma'] }))).toEqual([
        'keep:loaded',
        'tool_search:search',
        'alpha:deferred',
        'beta:deferred',
        'gamma:revealed',
      ]);
      expect(summary(resolveToolList(stable('names'), tools, { forced: ['gamma'] }))).toEqual([
        'keep:loaded',
        'tool_search:search',
        'call_tool:call',
        'gamma:revealed',
      ]);
    });
  });

  describe('with native delivery', () => {
    it('sends the loaded tools and tool_search only, whatever is revealed: no call_tool, no deferred tool', () => {
      const native = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, tools, { threshold: 3, mechanism: 'client' });
      expect(native).toMatchObject({ reveal: 'native', listing: 'names' });
      const list = resolveToolList(native, tools, { revealed: ['alpha'] });
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:search']);
      expect(list.guidance).toContain('Once `tool_search` has loaded a tool, call it by its own name like any other tool.');
    });

    it('sends a forced tool in full', () => {
      const native = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, tools, { threshold: 3, mechanism: 'client' });
      expect(summary(resolveToolList(native, tools, { forced: ['beta'] }))).toEqual(['keep:loaded', 'tool_search:search', 'beta:revealed']);
    });
  });

  describe('when nothing is deferred', () => {
    it.each([
      ['a hosted mechanism', resolveToolSearch('gpt-5.4', tools, { threshold: 3 })],
      ['no mechanism', resolveToolSearch('gpt-5.2', tools, { mechanism: 'openai', threshold: 3 })],
      ['a count below the threshold', resolveToolSearch('gemini-2.5-pro', tools)],
    ])('with %s, returns every tool in full, in input order, with no tool_search and no note', (_label, somePlan) => {
      const list = resolveToolList(somePlan, tools);
      expect(summary(list)).toEqual(['alpha:loaded', 'keep:loaded', 'beta:loaded', 'gamma:loaded']);
      expect(list.guidance).toBeNull();
    });
  });

  it('does not mutate its inputs and returns equal lists for equal inputs', () => {
    const copy = structuredClone(tools);
    const revealed = ['beta'];
    const first = resolveToolList(plan(), tools, { revealed });
    expect(tools).toEqual(copy);
    expect(revealed).toEqual(['beta']);
    expect(resolveToolList(plan(), structuredClone(tools), { revealed: ['beta'] })).toEqual(first);
  });

  it.each([
    ['a string (read one character at a time before)', 'beta'],
    ['a number', 5],
    ['a list holding a number', ['beta', 1]],
  ])('rejects revealed given as %s with invalid-options', (_label, revealed) => {
    expect(() => resolveToolList(plan(), tools, { revealed: revealed as never })).toThrow(
      expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('`options.revealed`') }),
    );
  });

  // Issue 15 item 19: an option the plan's mode ignores was not looked at, so a mistake went unseen until the mode changed.
  describe('checks every option whatever the plan ignores', () => {
    it.each([
      ['revealed: 5 with reveals in the conversation', plan('full', 'gemini-2.5-pro', 'conversation'), { revealed: 5 }, '`options.revealed`'],
      ['revealed: 5 when nothing is deferred', resolveToolSearch('gemini-2.5-pro', tools, { threshold: 30 }), { revealed: 5 }, '`options.revealed`'],
      ['forced: 5 when nothing is deferred', resolveToolSearch('gemini-2.5-pro', tools, { threshold: 30 }), { forced: 5 }, '`options.forced`'],
      ['names: 5', plan(), { names: 5 }, '`context.names`'],
      ['an unknown option', plan(), { reveal: ['beta'] }, '`reveal`'],
    ])('rejects %s with invalid-options', (_label, given, options, field) => {
      expect(() => resolveToolList(given, tools, options as never)).toThrow(ToolSearchError);
      expect(() => resolveToolList(given, tools, options as never)).toThrow(
        expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining(field) }),
      );
    });
  });

  it('rejects a plan made for a different tool list, naming the tools', () => {
    let thrown: unknown;
    try {
      resolveToolList(plan(), [...tools.slice(1), tool('delta')]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolSearchError);
    expect(thrown).toMatchObject({ code: 'plan-mismatch' });
    expect((thrown as Error).message).toBe(
      'The plan was made for a different tool list: the plan has `alpha`, which the tool list lacks; the tool list has `delta`, which the plan lacks. Resolve the plan again for these tools.',
    );
  });
});
