import { earlierResult } from '../../support/tools.js';
import { describe, expect, it } from 'vitest';
import { transformOpenAIChatRequest } from '../../../src/providers/openai/index.js';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import { TOOL_SEARCH_GUIDANCE } from '../../../src/client/tool-search-guidance.js';
import { SEED_NOTE, withSeedBehaviour } from '../../support/tools.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';
import { CALL_TOOL_DEFINITION, STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import { parseOpenAIChatTools } from '../../../src/providers/openai/index.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { preflightOpenAIChatRequest } from '../../support/preflight/preflight-openai-chat-request.js';
import type { ToolListing } from '../../../src/config/tool-search-config.js';
import type { ToolDefinition } from '../../../src/tools/tool-definition.js';
import {
  openAIChatBody,
  openAIChatPlan,
  openAIChatTool,
  openAIChatToolSummary,
  openAIChatTools,
  readOpenAIChatFixture,
  toOpenAIChatTool,
  transformOpenAIChatChecked as transform,
} from '../../support/openai-chat-bodies.js';

const bfcl = readOpenAIChatFixture<ToolDefinition[]>('bfcl-tools.json');
const twenty = openAIChatTools(20);
const found = (loaded: string[]) => formatToolSearchResult(earlierResult({ status: 'found', query: loaded.join(' '), tools: [], loaded, message: 'Loaded.' }));

describe('transformOpenAIChatRequest', () => {
  describe('with the default configuration (reveals in the conversation, the names listing)', () => {
    const body = openAIChatBody(twenty, [
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'hi' },
    ]);
    const plan = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, parseOpenAIChatTools(body), { neverDefer: ['tool_0'] });

    it('sends the loaded tools, tool_search and call_tool, and names the deferred tools in the note', () => {
      const { body: output, warnings } = transform(body, plan);
      expect(openAIChatToolSummary(output)).toEqual(['tool_0:full', 'tool_search:search', 'call_tool:full']);
      expect((output.tools as unknown[])[2]).toEqual({
        type: 'function',
        function: { name: 'call_tool', description: CALL_TOOL_DEFINITION.description, parameters: CALL_TOOL_DEFINITION.inputSchema },
      });
      const system = (output.messages[0] as { content: string }).content;
      expect(system).toContain('These tools are available but not in your tool list: tool_1, tool_2');
      expect(system).toContain('through `call_tool`');
      expect(warnings).toEqual([]);
    });

    it('sends the same tools and system message after a search and a call through call_tool', () => {
      const first = transform(body, plan).body;
      const later = openAIChatBody(twenty, [
        ...body.messages,
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'tool_search', arguments: '{"query":"tool_3"}' } }] },
        {
          role: 'tool',
          tool_call_id: 'c1',
          content: formatToolSearchResult({ status: 'found', tools: [{ name: 'tool_3', inputSchema: { type: 'object' } }] }),
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c2', type: 'function', function: { name: 'call_tool', arguments: '{"name":"tool_3","arguments":{"path":"a"}}' } }],
        },
        { role: 'tool', tool_call_id: 'c2', content: 'done' },
      ]);
      const next = transform(later, plan, { revealed: ['tool_3'] }).body;
      expect(JSON.stringify(next.tools)).toBe(JSON.stringify(first.tools));
      expect(next.messages[0]).toEqual(first.messages[0]);
      // What the history holds schemas of, for the next search (whatever the store passed as `revealed` says).
      expect(transform(body, plan, { revealed: ['tool_3'] }).loaded).toEqual([]);
      expect(transform(later, plan).loaded).toEqual(['tool_3']);
    });

    it('sends a tool that tool_choice forces in full', () => {
      const forced = openAIChatBody(twenty, body.messages, { tool_choice: { type: 'function', function: { name: 'tool_5' } } });
      expect(openAIChatToolSummary(transform(forced, plan).body)).toEqual(['tool_0:full', 'tool_search:search', 'call_tool:full', 'tool_5:full']);
    });

    it('reads its own output again as the same request', () => {
      const first = transform(body, plan).body;
      expect(transform(first, plan).body).toEqual(first);
    });
  });

  describe('with the client mechanism', () => {
    const body = openAIChatBody(twenty, [
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'hi' },
    ]);

    it.each<[ToolListing, string[]]>([
      ['full', ['tool_0:full', 'tool_search:search', ...twenty.slice(1).map((tool) => `${tool.function.name}:stub`)]],
      ['compact', ['tool_0:full', 'tool_search:search', ...twenty.slice(1).map((tool) => `${tool.function.name}:stub`)]],
      ['names', ['tool_0:full', 'tool_search:search']],
    ])('sends the %s listing as loaded tools, then tool_search, then stubs', (listing, expected) => {
      const plan = openAIChatPlan(body, { listing, neverDefer: ['tool_0'] });
      const { body: output, warnings } = transform(body, plan);
      expect(openAIChatToolSummary(output)).toEqual(expected);
      expect(warnings).toEqual([]);
    });

    it.each<[ToolListing, string]>([
      ['full', 'Does tool_1. Second sentence with more detail.'],
      ['compact', 'Does tool_1.'],
    ])('gives a deferred tool in the %s listing a permissive, non-strict stub', (listing, description) => {
      const { body: output } = transform(body, openAIChatPlan(body, { listing }));
      expect((output.tools as unknown[])[2]).toEqual({
        type: 'function',
        function: { name: 'tool_1', description, parameters: { ...STUB_INPUT_SCHEMA }, strict: false },
      });
    });

    it('adds the tool_search function with its own schema', () => {
      const { body: output } = transform(body, openAIChatPlan(body, { threshold: 1 }));
      expect((output.tools as unknown[])[0]).toEqual({
        type: 'function',
        function: { name: 'tool_search', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: TOOL_SEARCH_TOOL_DEFINITION.inputSchema },
      });
    });

    it.each<[ToolListing, string]>([
      ['full', SEED_NOTE],
      ['compact', SEED_NOTE],
      ['names', `${TOOL_SEARCH_GUIDANCE} These tools are available but not in your tool list`],
    ])('adds the %s listing note to the system message once', (listing, note) => {
      const { body: output } = transform(body, openAIChatPlan(body, { listing }));
      const system = (output.messages[0] as { content: string }).content;
      expect(system.startsWith(`You are helpful.\n\n${note}`)).toBe(true);
      expect(system.split(TOOL_SEARCH_GUIDANCE)).toHaveLength(2);
      expect(output.messages).toHaveLength(2);
    });

    it.each([
      [13, 'sends every tool in full below the threshold', ['tool_0:full', 'tool_1:full']],
      [14, 'sends every tool in full one below the threshold', ['tool_0:full', 'tool_1:full']],
      [15, 'defers at the threshold', ['tool_search:search', 'tool_0:stub']],
    ])('with %i tools and the default threshold (15), %s', (count, _, head) => {
      const sized = openAIChatBody(openAIChatTools(count));
      const { body: output } = transform(sized, openAIChatPlan(sized));
      expect(openAIChatToolSummary(output).slice(0, 2)).toEqual(head);
      expect(output.messages[0]?.content).toBe(count >= 15 ? SEED_NOTE : 'hi');
    });

    it('sends revealed tools in full, in place, with the caller’s strict flag', () => {
      const strictTool = openAIChatTool('tool_3', {
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
        strict: true,
      });
      const strictBody = openAIChatBody([...twenty.slice(0, 3), strictTool, ...twenty.slice(4)]);
      const { body: output } = transform(strictBody, openAIChatPlan(strictBody), { revealed: ['tool_3', 'not_a_tool'] });
      expect(openAIChatToolSummary(output).slice(0, 5)).toEqual(['tool_search:search', 'tool_0:stub', 'tool_1:stub', 'tool_2:stub', 'tool_3:full']);
      expect((output.tools as unknown[])[4]).toEqual(strictTool);
    });

    it('keeps a deferred tool’s stub non-strict even when the caller asked for strict', () => {
      const strictTool = openAIChatTool('tool_3', { strict: true, parameters: { type: 'object', properties: {}, required: [], additionalProperties: false } });
      const strictBody = openAIChatBody([...twenty.slice(0, 3), strictTool, ...twenty.slice(4)]);
      const { body: output } = transform(strictBody, openAIChatPlan(strictBody));
      expect((output.tools as { function: { strict?: boolean } }[])[4]?.function.strict).toBe(false);
    });

    it('restores reveals from tool_search results in the history', () => {
      const history = openAIChatBody(twenty, [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'tool_search', arguments: '{"query":"tool_5"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: found(['tool_5']) },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'tool_search', arguments: '{"query":"tool_7"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: found(['tool_7']) }] },
      ]);
      const { body: output } = transform(history, openAIChatPlan(history, { listing: 'names' }), { revealed: ['tool_9'] });
      expect(openAIChatToolSummary(output)).toEqual(['tool_search:search', 'tool_9:full', 'tool_5:full', 'tool_7:full']);
    });

    it('sends a function that tool_choice forces with its full schema', () => {
      const forced = openAIChatBody(twenty, undefined, { tool_choice: { type: 'function', function: { name: 'tool_4' } } });
      const { body: output } = transform(forced, openAIChatPlan(forced, { listing: 'names' }));
      expect(openAIChatToolSummary(output)).toEqual(['tool_search:search', 'tool_4:full']);
    });

    it('sends the functions allowed_tools lists with their full schemas', () => {
      const allowed = openAIChatBody(twenty, undefined, {
        tool_choice: { type: 'allowed_tools', allowed_tools: { mode: 'required', tools: [{ type: 'function', function: { name: 'tool_2' } }] } },
      });
      const { body: output } = transform(allowed, openAIChatPlan(allowed));
      expect(openAIChatToolSummary(output)[3]).toBe('tool_2:full');
    });
  });

  describe('in the system slot', () => {
    const note = SEED_NOTE;
    const cached = { type: 'text', text: 'Rules.', prompt_cache_breakpoint: { mode: 'explicit' } };
    it.each<[string, unknown[], unknown[]]>([
      ['appends to a system message’s text', [{ role: 'system', content: 'Rules.' }], [{ role: 'system', content: `Rules.\n\n${note}` }]],
      ['appends to a developer message’s text', [{ role: 'developer', content: 'Rules.' }], [{ role: 'developer', content: `Rules.\n\n${note}` }]],
      [
        'adds a text part after the caller’s parts, which keep their cache breakpoint',
        [{ role: 'system', content: [cached] }],
        [{ role: 'system', content: [cached, { type: 'text', text: note }] }],
      ],
      ['inserts a system message when the conversation starts with a user message', [], [{ role: 'system', content: note }]],
      ['uses the note alone for an empty system message', [{ role: 'system', content: '' }], [{ role: 'system', content: note }]],
    ])('%s', (_, head, expected) => {
      const slotBody = openAIChatBody(twenty, [...head, { role: 'user', content: 'hi' }]);
      const { body: output } = transform(slotBody, openAIChatPlan(slotBody));
      expect(output.messages).toEqual([...expected, { role: 'user', content: 'hi' }]);
    });

    it('inserts its own system message before a user message even when a system message comes later', () => {
      const late = openAIChatBody(twenty, [
        { role: 'user', content: 'hi' },
        { role: 'system', content: 'Later.' },
      ]);
      const { body: output } = transform(late, openAIChatPlan(late));
      expect(output.messages.map((message) => message.role)).toEqual(['system', 'user', 'system']);
    });

    it.each<ToolListing>(['full', 'compact'])('is stable on its own output in the %s listing (note once, same bytes)', (listing) => {
      const named = openAIChatBody(bfcl.map(toOpenAIChatTool), [
        { role: 'system', content: 'Rules.' },
        { role: 'user', content: 'hi' },
      ]);
      const plan = openAIChatPlan(named, { listing });
      const first = transform(named, plan).body;
      const second = transform(first, plan).body;
      expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    });

    it('replaces a note another plan left in kept messages, and removes it when nothing is deferred any more', () => {
      // A runtime that stores the messages it sent, and rebuilds tools from its catalog.
      const start = openAIChatBody(twenty, [
        { role: 'system', content: 'Rules.' },
        { role: 'user', content: 'hi' },
      ]);
      const sent = transform(start, openAIChatPlan(start, { listing: 'names', neverDefer: ['tool_1'] })).body;
      const next = { ...start, messages: sent.messages };
      const after = transform(next, openAIChatPlan(next, { listing: 'names' })).body;
      const text = (after.messages[0] as { content: string }).content;
      expect(text.split(TOOL_SEARCH_GUIDANCE)).toHaveLength(2);
      expect(text).toContain(': tool_0, tool_1, tool_2');
      const off = transform(next, openAIChatPlan(next, { threshold: 100 })).body;
      expect(off.messages[0]).toEqual({ role: 'system', content: 'Rules.' });
    });

    it('removes the system message it inserted when nothing is deferred any more', () => {
      const start = openAIChatBody(twenty);
      const deferred = transform(start, openAIChatPlan(start)).body;
      const off = transform(deferred, openAIChatPlan(start, { threshold: 100 })).body;
      expect(off.messages).toEqual([{ role: 'user', content: 'hi' }]);
    });

    it('warns when the system message’s content cannot be read', () => {
      const odd = openAIChatBody(twenty, [
        { role: 'system', content: 42 },
        { role: 'user', content: 'hi' },
      ]);
      const { body: output, warnings } = transform(odd, openAIChatPlan(odd));
      expect(warnings.map((warning) => warning.code)).toEqual(['guidance-not-added']);
      expect(output.messages[0]).toEqual({ role: 'system', content: 42 });
    });
  });

  describe('tool names', () => {
    const named = openAIChatBody(
      bfcl.map(toOpenAIChatTool),
      [
        { role: 'user', content: 'change my drink' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'ChaDri.change_drink', arguments: '{"new_preferences":{"size":"large"}}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'done' },
        { role: 'assistant', content: null, function_call: { name: 'uber.ride', arguments: '{}' } },
        { role: 'function', name: 'uber.ride', content: 'ok' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'old.removed_tool', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'call_2', content: 'gone' },
      ],
      { tool_choice: { type: 'function', function: { name: 'api.weather' } } },
    );

    it('maps every name sent, in tools, history and tool_choice, to the Chat Completions rule', () => {
      const { body: output } = transform(named, openAIChatPlan(named));
      const text = JSON.stringify(output);
      for (const name of ['ChaDri.change_drink', 'uber.ride', 'api.weather', 'old.removed_tool']) expect(text).not.toContain(`"${name}"`);
      const messages = output.messages as { tool_calls?: { function: { name: string } }[]; function_call?: { name: string }; name?: string }[];
      expect(messages[2]?.tool_calls?.[0]?.function.name).toBe('ChaDri_change_drink');
      expect(messages[4]?.function_call?.name).toBe('uber_ride');
      expect(messages[5]?.name).toBe('uber_ride');
      expect(messages[6]?.tool_calls?.[0]?.function.name).toBe('old_removed_tool');
      expect(output.tool_choice).toEqual({ type: 'function', function: { name: 'api_weather' } });
    });

    it('lists wire names in the names listing’s note', () => {
      const { body: output } = transform(named, openAIChatPlan(named, { listing: 'names' }));
      const note = (output.messages[0] as { content: string }).content;
      expect(note).toContain('ChaDri_change_drink, uber_ride, api_weather');
      expect(note).not.toContain('ChaDri.change_drink');
    });

    it('maps the model’s calls back with names.fromWire', () => {
      const { names } = transform(named, openAIChatPlan(named));
      expect(names.fromWire('ChaDri_change_drink')).toBe('ChaDri.change_drink');
      expect(names.fromWire('OpenWeatherMap_get_current_weather')).toBe('OpenWeatherMap.get_current_weather');
      expect(names.fromWire('get_current_weather')).toBe('get_current_weather');
      expect(names.fromWire('tool_search')).toBe('tool_search');
      expect(names.renamed).toContainEqual(['ChaDri.change_drink', 'ChaDri_change_drink']);
    });

    it('keeps a current tool’s wire name whatever the history holds (an old call of a:b leaves a.b as a_b)', () => {
      const body = openAIChatBody(
        [openAIChatTool('a.b')],
        [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'a:b', arguments: '{}' } }] },
          {
            role: 'tool',
            tool_call_id: 'call_1',
            content: formatToolSearchResult(earlierResult({ status: 'found', query: 'a', tools: [], loaded: ['a_b'], message: 'Loaded.' })),
          },
        ],
      );
      const withHistory = transform(body, openAIChatPlan(body));
      const without = transform(openAIChatBody([openAIChatTool('a.b')]), openAIChatPlan(body));
      expect(withHistory.names.toWire('a.b')).toBe('a_b');
      expect(withHistory.names.toWire('a.b')).toBe(without.names.toWire('a.b'));
      expect(withHistory.names.fromWire('a_b')).toBe('a.b');
      const call = (withHistory.body.messages[1] as { tool_calls: { function: { name: string } }[] }).tool_calls[0]?.function.name;
      expect(call).toMatch(/^a_b_[0-9a-z]+$/);
    });

    it('keeps valid names and maps long ones to 64 characters', () => {
      const long = 'x'.repeat(70);
      const body = openAIChatBody([openAIChatTool(long), openAIChatTool('valid-name_1')]);
      const { body: output, names } = transform(body, openAIChatPlan(body));
      const sent = openAIChatToolSummary(output).map((entry) => entry.split(':')[0] as string);
      expect(sent[1]).toBe('valid-name_1');
      expect(sent[0]?.length).toBeLessThanOrEqual(64);
      expect(names.fromWire(sent[0] as string)).toBe(long);
    });

    it('maps the legacy functions list and function_call option, with a warning', () => {
      const legacy = openAIChatBody([], [{ role: 'user', content: 'hi' }], {
        functions: [{ name: 'legacy.fn', parameters: { type: 'object', properties: {} } }],
        function_call: { name: 'legacy.fn' },
      });
      delete (legacy as { tools?: unknown }).tools;
      const { body: output, warnings } = transform(legacy, openAIChatPlan(legacy));
      expect(output.functions).toEqual([{ name: 'legacy_fn', parameters: { type: 'object', properties: {} } }]);
      expect(output.function_call).toEqual({ name: 'legacy_fn' });
      expect(warnings.map((warning) => warning.code)).toEqual(['legacy-functions-not-deferred']);
    });
  });

  describe('with other mechanisms', () => {
    it('sends full schemas with mapped names and adds nothing under plan none', () => {
      const body = openAIChatBody(bfcl.map(toOpenAIChatTool));
      const plan = openAIChatPlan(body, { mechanism: 'openai' }, 'gpt-4.1');
      expect(plan.mechanism).toBe('none');
      const { body: output, warnings } = transform(body, plan);
      expect(openAIChatToolSummary(output)).toEqual(bfcl.map((tool) => `${tool.name.replaceAll('.', '_')}:full`));
      expect(output.messages).toEqual(body.messages);
      expect(warnings).toEqual([]);
    });

    it.each([
      ['gpt-5.4', 'openai-hosted'],
      ['claude-opus-4-5', 'claude-hosted'],
    ])('falls back to the client-side mechanism for a hosted plan (%s), with a warning', (model, mechanism) => {
      const body = openAIChatBody(twenty);
      const plan = openAIChatPlan(body, { listing: 'names' }, model);
      expect(plan.mechanism).toBe(mechanism);
      const { body: output, warnings } = transform(body, plan);
      expect(JSON.stringify(output)).toBe(JSON.stringify(transform(body, { ...plan, mechanism: 'client' }).body));
      expect(openAIChatToolSummary(output)).toEqual(['tool_search:search']);
      expect(JSON.stringify(output)).not.toContain('defer_loading');
      expect(warnings.map((warning) => warning.code)).toEqual(['hosted-mechanism-unsupported']);
      expect(warnings[0]?.message).toContain('the same tools are deferred with the client-side `tool_search` instead');
      expect(warnings[0]?.message).toContain("api: 'openai-chat'");
    });

    it('keeps plan none as none: every tool in full, nothing added', () => {
      const body = openAIChatBody(twenty);
      const plan = openAIChatPlan(body, { mechanism: 'openai' });
      expect(plan.mechanism).toBe('none');
      expect(openAIChatToolSummary(transform(body, plan).body).every((entry) => entry.endsWith(':full'))).toBe(true);
    });
  });

  describe('repairs', () => {
    it('removes defer_loading from tools, with a warning', () => {
      const body = openAIChatBody([
        { ...openAIChatTool('a'), defer_loading: true },
        { type: 'function', function: { ...openAIChatTool('b').function, defer_loading: true } },
      ]);
      const { body: output, warnings } = transform(body, openAIChatPlan(body));
      expect(output.tools).toEqual([openAIChatTool('a'), openAIChatTool('b')]);
      expect(warnings).toEqual([expect.objectContaining({ code: 'defer-loading-removed', message: expect.stringContaining('`a`, `b`') })]);
    });

    it('turns strict off for a schema strict mode rejects, with a warning', () => {
      const body = openAIChatBody([openAIChatTool('loose', { strict: true })]);
      const { body: output, warnings } = transform(body, openAIChatPlan(body));
      expect((output.tools as { function: { strict?: boolean } }[])[0]?.function.strict).toBe(false);
      expect(warnings.map((warning) => warning.code)).toEqual(['strict-disabled']);
    });

    it('removes a Responses-style tool_search tool, with a warning', () => {
      const body = openAIChatBody([...twenty, { type: 'tool_search' }]);
      const { body: output, warnings } = transform(body, openAIChatPlan(body));
      expect(JSON.stringify(output.tools)).not.toContain('"type":"tool_search"');
      expect(warnings.map((warning) => warning.code)).toEqual(['hosted-tool-search-removed']);
    });

    it('removes an empty tools array, with a warning', () => {
      const body = openAIChatBody([]);
      const { body: output, warnings } = transform(body, openAIChatPlan(body));
      expect('tools' in output).toBe(false);
      expect(warnings.map((warning) => warning.code)).toEqual(['empty-tools-removed']);
    });

    it.each([
      ['a Responses-style tool_search the only tool', [{ type: 'tool_search' }]],
      ['an empty list', []],
    ])('removes tool_choice when no tool is left (%s), with a warning', (_label, tools) => {
      const body = openAIChatBody(tools, [{ role: 'user', content: 'hi' }], { tool_choice: 'required', parallel_tool_calls: false });
      const { body: output, warnings } = transform(body, openAIChatPlan(body));
      expect('tools' in output).toBe(false);
      expect('tool_choice' in output).toBe(false);
      expect('parallel_tool_calls' in output).toBe(false);
      expect(warnings.map((warning) => warning.code)).toContain('tool-choice-removed');
    });
  });

  describe('passes through', () => {
    it('custom tools and unknown tool types at their positions', () => {
      const custom = { type: 'custom', custom: { name: 'free_form', description: 'Takes text.' } };
      const unknown = { type: 'future_tool', settings: {} };
      const body = openAIChatBody([custom, ...openAIChatTools(3), unknown]);
      const { body: output } = transform(body, openAIChatPlan(body));
      expect(output.tools).toEqual([custom, ...openAIChatTools(3), unknown]);
      const deferred = openAIChatBody([custom, ...twenty, unknown]);
      const { body: deferredOutput } = transform(deferred, openAIChatPlan(deferred));
      expect((deferredOutput.tools as unknown[])[0]).toBe(custom);
      expect((deferredOutput.tools as unknown[])[21]).toBe(unknown);
    });

    it('messages of unknown roles, with a warning', () => {
      const body = openAIChatBody(twenty, [{ role: 'user', content: 'hi' }, { role: 'critic', content: 'hm' }, 'text']);
      const { body: output, warnings } = transformOpenAIChatRequest(body, openAIChatPlan(body));
      expect(output.messages.slice(2)).toEqual([{ role: 'critic', content: 'hm' }, 'text']);
      expect(warnings.map((warning) => warning.code)).toEqual(['unknown-message', 'unknown-message']);
      expect(warnings[0]?.message).toContain('`messages[1]`');
    });

    it('every other field of the body', () => {
      const body = openAIChatBody(twenty, undefined, { temperature: 0.2, response_format: { type: 'text' }, parallel_tool_calls: false });
      const { body: output } = transform(body, openAIChatPlan(body));
      expect(output).toMatchObject({ model: 'gpt-4.1', temperature: 0.2, response_format: { type: 'text' }, parallel_tool_calls: false });
      expect(Object.keys(output)).toEqual(Object.keys(body));
    });
  });

  describe('purity', () => {
    const body = openAIChatBody(
      [...bfcl.map(toOpenAIChatTool), { type: 'custom', custom: { name: 'c' } }],
      [
        { role: 'system', content: [{ type: 'text', text: 'Rules.' }] },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'tool_search', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: found(['ChaDri.change_drink']) },
      ],
      { tool_choice: 'auto' },
    );

    it('does not mutate its input', () => {
      const before = structuredClone(body);
      const plan = openAIChatPlan(body);
      const planBefore = structuredClone(plan);
      transform(body, plan, { revealed: ['uber.ride'] });
      expect(body).toEqual(before);
      expect(plan).toEqual(planBefore);
    });

    it('gives byte-identical output for equal input', () => {
      const first = transform(structuredClone(body), openAIChatPlan(body), { revealed: ['uber.ride'] });
      const second = transform(structuredClone(body), openAIChatPlan(body), { revealed: ['uber.ride'] });
      expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
      expect(second.warnings).toEqual(first.warnings);
    });

    it('writes each body from its own tools when one plan transforms bodies whose tools differ', () => {
      const plan = openAIChatPlan(body, { listing: 'full' });
      const [first, second] = bfcl as [ToolDefinition, ToolDefinition];
      const edits: ((tools: unknown[]) => void)[] = [
        (tools) => {
          tools[1] = toOpenAIChatTool({ ...second, description: 'Another description.' });
        },
        (tools) => {
          tools[0] = toOpenAIChatTool({ ...first, inputSchema: { type: 'object', properties: { added: { type: 'string' } } } });
        },
        (tools) => {
          tools[tools.length - 1] = { type: 'custom', custom: { name: 'd' } };
        },
      ];
      transform(body, plan, { revealed: [first.name] });
      for (const edit of edits) {
        // The other tools and every schema stay the same objects: only the edit tells the bodies apart.
        const edited = { ...body, tools: [...(body.tools as unknown[])] };
        edit(edited.tools);
        const result = transform(edited, plan, { revealed: [first.name] });
        const fresh = transform(edited, structuredClone(plan), { revealed: [first.name] });
        expect(JSON.stringify(result.body)).toBe(JSON.stringify(fresh.body));
        expect(result.body).not.toEqual(transform(body, structuredClone(plan), { revealed: [first.name] }).body);
      }
    });
  });

  describe('on bad input', () => {
    const good = openAIChatBody(openAIChatTools(2));
    const plan = openAIChatPlan(good);
    it.each<[string, unknown, string, string]>([
      ['a body that is not an object', 'hello', 'invalid-request', 'must be a Chat Completions request object, got "hello" (a string)'],
      ['an array body', [], 'invalid-request', 'must be a Chat Completions request object, got an array'],
      ['tools that are not an array', { ...good, tools: {} }, 'invalid-request', '`tools` must be an array of tools, got an object'],
      ['a tool that is not an object', { ...good, tools: [1] }, 'invalid-request', '`tools[0]` must be a tool object, got 1'],
      ['a tool without a type', { ...good, tools: [{ function: {} }] }, 'invalid-request', '`tools[0]`.type must be a string'],
      [
        'a function tool without a function',
        { ...good, tools: [{ type: 'function' }] },
        'invalid-request',
        '`tools[0]`.function must be a function definition object',
      ],
      [
        'a function without a name',
        { ...good, tools: [{ type: 'function', function: { description: 'x' } }] },
        'invalid-request',
        '`tools[0]`.function.name must be a non-empty string, got nothing',
      ],
      ['an empty name', { ...good, tools: [{ type: 'function', function: { name: '' } }] }, 'invalid-request', 'must be a non-empty string, got "" (a string)'],
      [
        'parameters that are not an object',
        { ...good, tools: [openAIChatTool('a', { parameters: 'x' as never })] },
        'invalid-request',
        '.parameters of `a` must be a JSON Schema object',
      ],
      [
        'two functions with one name',
        { ...good, tools: [openAIChatTool('a'), openAIChatTool('a')] },
        'invalid-request',
        'function `a` is defined twice (`tools[0]` and `tools[1]`)',
      ],
      [
        'a namespace tool',
        { ...good, tools: [{ type: 'namespace', name: 'crm', tools: [] }] },
        'invalid-request',
        'is a `namespace` tool, which only the Responses API accepts',
      ],
      ['messages that are not an array', { ...good, messages: 'hi' }, 'invalid-request', '`messages` must be an array of messages'],
      [
        'a plan made for other tools',
        openAIChatBody(openAIChatTools(2, 'other')),
        'plan-mismatch',
        'the plan has `tool_0`, `tool_1`, which the tool list lacks',
      ],
    ])('throws for %s', (_, input, code, message) => {
      const call = () => transformOpenAIChatRequest(input as object, plan);
      expect(call).toThrow(ToolSearchError);
      expect(call).toThrow(expect.objectContaining({ code, message: expect.stringContaining(message) }));
    });

    it.each<[string, unknown, unknown, string]>([
      ['a plan that is not a plan', {}, undefined, '`plan` must be a plan from `resolveToolSearch`'],
      ['revealed as a string', plan, { revealed: 'tool_0' }, '`options.revealed` must be an iterable of tool names'],
      ['revealed with a number', plan, { revealed: ['tool_0', 3] }, '`options.revealed` must hold tool names (strings), got 3'],
      ['an unknown option', plan, { reveal: [] }, '`options`'],
    ])('throws invalid-options for %s', (_, badPlan, options, message) => {
      const call = () => transformOpenAIChatRequest(good, badPlan as never, options as never);
      expect(call).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining(message) }));
    });

    it('reads a plan made from the body’s own wire names', () => {
      const named = openAIChatBody(bfcl.map(toOpenAIChatTool));
      const first = transform(named, openAIChatPlan(named)).body;
      const again = transform(first, resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, bfcl, withSeedBehaviour())).body;
      expect(again).toEqual(first);
    });
  });
});

describe('transformOpenAIChatRequest past 128 tools, the most Chat Completions accepts', () => {
  const planOf = (body: object, config: Parameters<typeof withSeedBehaviour>[0]) =>
    resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, parseOpenAIChatTools(body), withSeedBehaviour(config));
  const sentNames = (output: { tools?: unknown }) => ((output.tools ?? []) as { function?: { name: string } }[]).map((tool) => tool.function?.name);

  it.each<[ToolListing, 'tool-list' | 'conversation', string[]]>([
    ['full', 'tool-list', ['tool_0', 'tool_search']],
    ['compact', 'tool-list', ['tool_0', 'tool_search']],
    ['full', 'conversation', ['tool_0', 'tool_search', 'call_tool']],
  ])('leaves deferred tools out of the %s listing (reveals in the %s) instead of sending one stub each, with a warning', (listing, reveal, expected) => {
    const body = openAIChatBody(openAIChatTools(200));
    const { body: output, warnings } = transform(body, planOf(body, { threshold: 0, listing, reveal, neverDefer: ['tool_0'] }));
    expect(sentNames(output)).toEqual(expected);
    expect(warnings.map((warning) => warning.code)).toEqual(['listing-changed-to-names']);
    expect((output.messages[0] as { content: string }).content).toContain('tool_199');
  });

  it('moves reveals into the conversation (call_tool) when the revealed tools alone would pass 128', () => {
    const body = openAIChatBody(openAIChatTools(200));
    const revealed = openAIChatTools(130).map((tool) => tool.function.name);
    const { body: output, warnings } = transform(body, planOf(body, { threshold: 0, listing: 'names', reveal: 'tool-list' }), { revealed });
    expect(sentNames(output)).toEqual(['tool_search', 'call_tool']);
    expect(warnings.map((warning) => warning.code)).toEqual(['listing-changed-to-names']);
    expect(warnings[0]?.message).toContain('calls through `call_tool`');
  });

  it('keeps the listing while the stubs fit (127 tools and tool_search)', () => {
    const body = openAIChatBody(openAIChatTools(127));
    const { body: output, warnings } = transform(body, planOf(body, { threshold: 0, listing: 'full' }));
    expect((output.tools as unknown[]).length).toBe(128);
    expect(warnings).toEqual([]);
  });

  it('counts the custom tools sent beside the functions', () => {
    const customs = Array.from({ length: 3 }, (_, index) => ({ type: 'custom', custom: { name: `custom_${index}` } }));
    const body = openAIChatBody([...openAIChatTools(126), ...customs] as never);
    const { body: output, warnings } = transform(body, planOf(body, { threshold: 0, listing: 'full' }));
    expect((output.tools as unknown[]).length).toBeLessThanOrEqual(128);
    expect(warnings.map((warning) => warning.code)).toEqual(['listing-changed-to-names']);
  });

  it('defers the last loaded tools when more than 128 are loaded (below the threshold, or mechanism none), keeping each reachable, with a warning', () => {
    const body = openAIChatBody(openAIChatTools(150));
    // `openai` alone on a model without hosted search makes a plan of mechanism `none`.
    for (const config of [{ threshold: 1000 }, { mechanism: 'openai' as const }]) {
      const { body: output, warnings } = transform(body, planOf(body, config));
      const sent = sentNames(output);
      expect(sent.length).toBe(128);
      expect(sent.slice(-2)).toEqual(['tool_search', 'call_tool']);
      expect(sent.slice(0, 126)).toEqual(openAIChatTools(126).map((tool) => tool.function.name));
      expect(warnings.map((warning) => warning.code)).toEqual(['tools-deferred-for-limit']);
      expect((output.messages[0] as { content: string }).content).toContain('tool_149');
    }
  });

  it("keeps a caller's own tool_search in place when loaded tools are deferred for the cap, the package's going by tool_search_2", () => {
    const callerSearch = {
      type: 'function' as const,
      function: { name: 'tool_search', description: 'Search my index.', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
    };
    const body = openAIChatBody([...openAIChatTools(149), callerSearch]);
    const { body: output } = transform(body, planOf(body, { mechanism: 'openai' }));
    const sent = sentNames(output);
    expect(sent.length).toBe(128);
    expect(sent).toContain('tool_search');
    expect(sent.slice(-2)).toEqual(['tool_search_2', 'call_tool']);
    expect(preflightOpenAIChatRequest(output).ok).toBe(true);
  });
});
