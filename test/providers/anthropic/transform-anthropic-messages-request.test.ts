import { earlierResult } from '../../support/tools.js';
import { withSeedBehaviour } from '../../support/tools.js';
import { describe, expect, it } from 'vitest';
import stringify from 'fast-json-stable-stringify';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import { parseToolSearchPlan } from '../../../src/plan/parse-tool-search-plan.js';
import type { ToolSearchPlan } from '../../../src/plan/tool-search-plan.js';
import type { ToolSearchConfigInput } from '../../../src/config/tool-search-config.js';
import type { ToolDefinition } from '../../../src/tools/tool-definition.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_DEFINITION, TOOL_SEARCH_TOOL_NAME } from '../../../src/tools/tool-search-tool-definition.js';
import { SEED_NOTE } from '../../support/tools.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';
import { isValidToolName } from '../../../src/names/create-tool-name-mapping.js';
import { parseAnthropicMessagesTools } from '../../../src/providers/anthropic/index.js';
import { createAnthropicToolSearchResult } from '../../../src/providers/anthropic/create-anthropic-tool-search-result.js';
import {
  transformAnthropicMessagesRequest as transformUnchecked,
  type TransformAnthropicMessagesRequestOptions,
} from '../../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../../support/preflight/preflight-anthropic-messages-request.js';
import {
  ANTHROPIC_MESSAGES_TOOL_NAME_RULE,
  ANTHROPIC_TOOL_SEARCH_TOOLS,
  type AnthropicMessagesRequestLike,
} from '../../../src/providers/anthropic/anthropic-messages-api.js';
import { anthropicBody, anthropicTool, anthropicTools, deepCopy, readAnthropicFixture, toAnthropicTool } from '../../support/anthropic-messages-bodies.js';

type Body = ReturnType<typeof anthropicBody<unknown>>;
type ModelReferenceLike = string | { id: string; api: 'anthropic-messages'; platform: 'bedrock' };
type Tools = Record<string, unknown>[];
type Messages = Record<string, unknown>[];

const HOSTED = 'claude-opus-4-5';
const CLIENT = 'claude-3-5-haiku';

/**
 * Every body transformed in this file goes through preflight: it must pass, unless the transformer warned that the
 * caller's own history or `tool_choice` names a tool it no longer defines (then it must fail, as the API would).
 */
function transformAnthropicMessagesRequest<Body extends AnthropicMessagesRequestLike>(
  body: Body,
  plan: ToolSearchPlan,
  options?: TransformAnthropicMessagesRequestOptions,
) {
  const result = transformUnchecked(body, plan, options);
  const callerMistake = result.warnings.some((warning) => warning.code === 'history-tool-undefined' || warning.code === 'tool-choice-undefined');
  expect(preflightAnthropicMessagesRequest(result.body).ok).toBe(!callerMistake);
  return result;
}

function planFor(body: unknown, model: string, config: ToolSearchConfigInput = { threshold: 3 }): ToolSearchPlan {
  return resolveToolSearch({ id: model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), withSeedBehaviour(config));
}

function transform(body: Body, model = HOSTED, config: ToolSearchConfigInput = { threshold: 3 }, options: TransformAnthropicMessagesRequestOptions = {}) {
  const result = transformAnthropicMessagesRequest(body, planFor(body, model, config), options);
  return { ...result, tools: result.body.tools as unknown as Tools, messages: result.body.messages as unknown as Messages };
}

const codes = (warnings: readonly { code: string }[]) => warnings.map((warning) => warning.code);
const byName = (tools: Tools, name: string) => tools.find((tool) => tool.name === name) as Record<string, unknown>;

/** The documented hosted search turn (providers.md §1.5), as the API returns it. */
const documentedTurn = readAnthropicFixture<{ content: Record<string, unknown>[] }>('hosted-search-response.json');
const weatherTool = anthropicTool('get_weather', {
  description: 'Get current weather for a location',
  input_schema: {
    type: 'object',
    properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['location'],
  },
});

/** A conversation after the documented turn: the assistant content unchanged, then the result of `get_weather`. */
function afterDocumentedTurn(): Messages {
  return [
    { role: 'user', content: 'What is the weather in San Francisco?' },
    { role: 'assistant', content: documentedTurn.content },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01XYZ789', content: '18°C, fog' }] },
  ];
}

describe('transformAnthropicMessagesRequest', () => {
  describe('with the default configuration', () => {
    const tools = [anthropicTool('read_file'), ...anthropicTools(20)];
    const body = anthropicBody(tools, [{ role: 'user', content: 'hi' }], { system: 'You are helpful.' });
    const plan = (model: string) =>
      resolveToolSearch({ id: model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), { neverDefer: ['read_file'] });
    const names = (sent: unknown) => (sent as { tools: Tools }).tools.map((tool) => `${String(tool.name)}${tool.defer_loading === true ? '+defer' : ''}`);

    describe('on a model with tool search (the library’s search, the API expands tool_reference blocks)', () => {
      it('sends the package’s tool_search first, no hosted search tool, and every deferred tool with defer_loading', () => {
        const { body: sent, warnings } = transformAnthropicMessagesRequest(body, plan(HOSTED));
        expect(names(sent)).toEqual(['tool_search', 'read_file', ...anthropicTools(20).map((tool) => `${tool.name}+defer`)]);
        expect((sent.tools as unknown as Tools)[0]).toEqual({
          name: 'tool_search',
          description: TOOL_SEARCH_TOOL_DEFINITION.description,
          input_schema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema,
        });
        expect(sent.system).toContain('These tools are available but not in your tool list: tool_0,');
        expect(warnings).toEqual([]);
      });

      it('keeps the request the same after a search answered with tool_reference blocks and a call of the loaded tool', () => {
        const first = transformAnthropicMessagesRequest(body, plan(HOSTED)).body;
        const messages = [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'tool 3' } }] },
          {
            role: 'user',
            content: [
              createAnthropicToolSearchResult('toolu_1', { status: 'found', tools: [{ name: 'tool_3', inputSchema: { type: 'object' } }], more: ['tool_4'] }),
            ],
          },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_2', name: 'tool_3', input: { path: 'a' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'done' }] },
        ];
        const next = transformAnthropicMessagesRequest({ ...body, messages }, plan(HOSTED));
        expect(stringify(next.body.tools)).toBe(stringify(first.tools));
        expect(next.body.system).toEqual(first.system);
        expect(next.body.messages).toEqual(messages);
        // The tool the API loaded from the reference, for the next search.
        expect(next.loaded).toEqual(['tool_3']);
        expect(transformAnthropicMessagesRequest(body, plan(HOSTED)).loaded).toEqual([]);
      });

      it('reads its own output again as the same request', () => {
        const first = transformAnthropicMessagesRequest(body, plan(HOSTED)).body;
        expect(transformAnthropicMessagesRequest(first, plan(HOSTED)).body).toEqual(first);
      });
    });

    describe('on a model without tool search (the client-side mechanism)', () => {
      it('sends the loaded tools, tool_search and call_tool, and the same ones after a search', () => {
        const first = transformAnthropicMessagesRequest(body, plan(CLIENT)).body;
        expect(names(first)).toEqual(['read_file', 'tool_search', 'call_tool']);
        const messages = [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'tool 3' } }] },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 'toolu_1',
                content: formatToolSearchResult({ status: 'found', tools: [{ name: 'tool_3', inputSchema: { type: 'object' } }] }),
              },
            ],
          },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_2', name: 'call_tool', input: { name: 'tool_3', arguments: { path: 'a' } } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'done' }] },
        ];
        const next = transformAnthropicMessagesRequest({ ...body, messages }, plan(CLIENT), { revealed: ['tool_3'] }).body;
        expect(stringify(next.tools)).toBe(stringify(first.tools));
        expect(next.system).toEqual(first.system);
        expect(transformAnthropicMessagesRequest({ ...body, messages }, plan(CLIENT)).loaded).toEqual(['tool_3']);
      });

      it('sends a history’s direct call of a deferred tool as the call_tool call it stands for, so the tool list stays the same', () => {
        const first = transformAnthropicMessagesRequest(body, plan(CLIENT)).body;
        const messages = [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_3', input: { path: 'a' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
        ];
        const result = transformAnthropicMessagesRequest({ ...body, messages }, plan(CLIENT));
        expect(stringify(result.body.tools)).toBe(stringify(first.tools));
        expect(result.body.messages[1]).toEqual({
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'call_tool', input: { name: 'tool_3', arguments: { path: 'a' } } }],
        });
        expect(result.body.messages[2]).toBe(messages[2]);
        expect(result.warnings).toEqual([]);
      });

      it('calls a mapped tool through call_tool by its wire name', () => {
        const dotted = anthropicBody(
          [anthropicTool('read_file'), ...anthropicTools(15), anthropicTool('uber.ride')],
          [
            { role: 'user', content: 'hi' },
            { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'uber_ride', input: {} }] },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
          ],
        );
        const dottedPlan = resolveToolSearch({ id: CLIENT, api: 'anthropic-messages' }, parseAnthropicMessagesTools(dotted), { neverDefer: ['read_file'] });
        const result = transformAnthropicMessagesRequest(dotted, dottedPlan);
        expect(names(result.body)).toEqual(['read_file', 'tool_search', 'call_tool']);
        expect((result.body.messages[1] as { content: unknown[] }).content).toEqual([
          { type: 'tool_use', id: 'toolu_1', name: 'call_tool', input: { name: 'uber_ride', arguments: {} } },
        ]);
      });

      it('defines the directly called tool instead when reveals go to the tool list (no call_tool is sent)', () => {
        const messages = [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_3', input: { path: 'a' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
        ];
        const toolList = resolveToolSearch({ id: CLIENT, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), {
          neverDefer: ['read_file'],
          reveal: 'tool-list',
        });
        const result = transformAnthropicMessagesRequest({ ...body, messages }, toolList);
        expect(names(result.body)).toEqual(['read_file', 'tool_search', 'tool_3']);
        expect(result.body.messages[1]).toBe(messages[1]);
      });
    });
  });

  describe('with hosted search (claude-hosted)', () => {
    it('puts the BM25 search tool first and defers the tools the plan defers, keeping their full definitions', () => {
      const body = anthropicBody(anthropicTools(4));
      const { tools, warnings } = transform(body);
      expect(tools[0]).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
      expect(tools.slice(1)).toEqual(body.tools.map((tool) => ({ ...tool, defer_loading: true })));
      expect(warnings).toEqual([]);
    });

    it.each<[TransformAnthropicMessagesRequestOptions['searchTool'], unknown]>([
      [undefined, ANTHROPIC_TOOL_SEARCH_TOOLS.bm25],
      ['bm25', ANTHROPIC_TOOL_SEARCH_TOOLS.bm25],
      ['regex', ANTHROPIC_TOOL_SEARCH_TOOLS.regex],
    ])('adds the search tool chosen by searchTool %s', (searchTool, expected) => {
      const { tools } = transform(anthropicBody(anthropicTools(4)), HOSTED, { threshold: 3 }, searchTool === undefined ? {} : { searchTool });
      expect(tools[0]).toEqual(expected);
    });

    it('keeps tools the plan does not defer (policy never, never-defer list) without defer_loading', () => {
      const body = anthropicBody(anthropicTools(5));
      const { tools } = transform(body, HOSTED, { threshold: 3, neverDefer: ['tool_1', 'tool_3'] });
      expect(tools.map((tool) => tool.defer_loading)).toEqual([undefined, true, undefined, true, undefined, true]);
    });

    it('sends the plain list, without a search tool, below the threshold', () => {
      const body = anthropicBody(anthropicTools(4));
      const { tools, warnings } = transform(body, HOSTED, { threshold: 10 });
      expect(tools).toEqual(body.tools);
      expect(warnings).toEqual([]);
    });

    it('keeps one search tool, first, when the body already has one, and adds none', () => {
      const own = { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex', cache_control: { type: 'ephemeral' } };
      const body = anthropicBody([...anthropicTools(4), own]);
      const { tools, warnings } = transform(body);
      expect(tools[0]).toBe(own);
      expect(tools.filter((tool) => String(tool.type).startsWith('tool_search_tool'))).toHaveLength(1);
      expect(warnings).toEqual([]);
    });

    it('keeps the first of two search tools, with a warning', () => {
      const body = anthropicBody([ANTHROPIC_TOOL_SEARCH_TOOLS.regex, ...anthropicTools(4), ANTHROPIC_TOOL_SEARCH_TOOLS.bm25]);
      const { tools, warnings } = transform(body);
      expect(tools[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.regex);
      expect(tools).toHaveLength(5);
      expect(codes(warnings)).toEqual(['search-tool-duplicated']);
    });

    it('removes defer_loading from the body’s search tool, with a warning', () => {
      const body = anthropicBody([{ ...ANTHROPIC_TOOL_SEARCH_TOOLS.bm25, defer_loading: true }, ...anthropicTools(4)]);
      const { body: output, tools, warnings } = transform(body);
      expect(tools[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.bm25);
      expect(codes(warnings)).toEqual(['search-tool-deferred']);
      expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
    });

    it('keeps using the search tool the history used, whatever searchTool says', () => {
      const body = anthropicBody([weatherTool, ...anthropicTools(4)], afterDocumentedTurn());
      const { tools } = transform(body, HOSTED, { threshold: 3 }, { searchTool: 'bm25' });
      expect(tools[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.regex);
    });

    it('keeps the search tool when the history used it, even when nothing is deferred any more', () => {
      const body = anthropicBody([weatherTool, anthropicTool('tool_0')], afterDocumentedTurn());
      const { tools } = transform(body, HOSTED, { threshold: 10 });
      expect(tools[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.regex);
      expect(tools.slice(1).every((tool) => tool.defer_loading === undefined)).toBe(true);
    });

    it('keeps one tool non-deferred when the plan defers every tool', () => {
      const body = anthropicBody(anthropicTools(3));
      const plan = resolveToolSearch(
        'claude-opus-4-5',
        anthropicTools(3).map((tool) => ({ ...parseAnthropicMessagesTools({ tools: [tool] })[0]!, deferrable: 'always' as const })),
        {
          threshold: 100,
        },
      );
      const { body: output } = transformAnthropicMessagesRequest(body, plan);
      const tools = output.tools as unknown as Tools;
      expect(tools[0]?.defer_loading).toBeUndefined();
      expect(tools.slice(1).every((tool) => tool.defer_loading === true)).toBe(true);
      expect(preflightAnthropicMessagesRequest(output)).toEqual({ ok: true, violations: [] });
    });

    it('keeps a caller’s own defer_loading: true (it reads as deferrable always)', () => {
      const body = anthropicBody([anthropicTool('a'), anthropicTool('b', { defer_loading: true })]);
      const { tools } = transform(body, HOSTED, { threshold: 10 });
      expect(tools.map((tool) => [tool.name, tool.defer_loading])).toEqual([
        ['tool_search_tool_bm25', undefined],
        ['a', undefined],
        ['b', true],
      ]);
    });

    it('renames a caller tool named like the hosted search tool, so the two never collide', () => {
      const theirs = anthropicTool(ANTHROPIC_TOOL_SEARCH_TOOLS.bm25.name);
      const { tools, names } = transform(anthropicBody([theirs, ...anthropicTools(4)]));
      const wire = names.toWire(ANTHROPIC_TOOL_SEARCH_TOOLS.bm25.name);
      expect(wire).toMatch(/^tool_search_tool_bm25_[0-9a-z]+$/);
      expect(names.fromWire(wire)).toBe(ANTHROPIC_TOOL_SEARCH_TOOLS.bm25.name);
      expect(tools.map((tool) => tool.name).filter((name) => name === ANTHROPIC_TOOL_SEARCH_TOOLS.bm25.name)).toEqual(['tool_search_tool_bm25']);
      expect(tools[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.bm25);
    });

    it('passes provider tools through unchanged, in place', () => {
      const webSearch = { type: 'web_search_20250305', name: 'web_search', max_uses: 3 };
      const bash = { type: 'bash_20250124', name: 'bash' };
      const body = anthropicBody([anthropicTool('tool_0'), webSearch, anthropicTool('tool_1'), bash, anthropicTool('tool_2')]);
      const { tools } = transform(body);
      expect(tools[2]).toBe(webSearch);
      expect(tools[4]).toBe(bash);
    });

    it("removes this package's own tool_search, with a warning", () => {
      const own = { name: TOOL_SEARCH_TOOL_NAME, description: TOOL_SEARCH_TOOL_DEFINITION.description, input_schema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema };
      const body = anthropicBody([...anthropicTools(4), own]);
      const { tools, warnings } = transform(body);
      expect(tools.some((tool) => tool.name === TOOL_SEARCH_TOOL_NAME)).toBe(false);
      expect(codes(warnings)).toEqual(['client-search-tool-removed']);
    });

    it('sends a tool that tool_choice forces without defer_loading, with a warning', () => {
      const body = anthropicBody(anthropicTools(4), undefined, { tool_choice: { type: 'tool', name: 'tool_2' } });
      const { tools, warnings } = transform(body);
      expect(byName(tools, 'tool_2').defer_loading).toBeUndefined();
      expect(byName(tools, 'tool_1').defer_loading).toBe(true);
      expect(codes(warnings)).toEqual(['forced-tool-loaded']);
    });

    describe('cache breakpoints', () => {
      const ephemeral = { type: 'ephemeral' };
      const hour = { type: 'ephemeral', ttl: '1h' };

      it.each<[string, unknown[], string[], [string, unknown][], boolean]>([
        [
          'the caller’s last tool is deferred: the breakpoint moves to the last tool sent in full',
          [anthropicTool('a'), anthropicTool('b'), anthropicTool('c', { cache_control: hour as never })],
          ['a'],
          [['a', hour]],
          true,
        ],
        [
          'several deferred tools have breakpoints: one breakpoint remains',
          [anthropicTool('a'), anthropicTool('b', { cache_control: ephemeral as never }), anthropicTool('c', { cache_control: ephemeral as never })],
          ['a'],
          [['a', ephemeral]],
          true,
        ],
        [
          'the target already has a breakpoint: it keeps its own, the count does not grow',
          [anthropicTool('a', { cache_control: hour as never }), anthropicTool('b'), anthropicTool('c', { cache_control: ephemeral as never })],
          ['a'],
          [['a', hour]],
          true,
        ],
        [
          'a breakpoint on a tool sent in full stays',
          [anthropicTool('a', { cache_control: ephemeral as never }), anthropicTool('b'), anthropicTool('c')],
          ['a'],
          [['a', ephemeral]],
          false,
        ],
        [
          'every custom tool is deferred: the breakpoint goes to the search tool',
          [anthropicTool('a'), anthropicTool('b'), anthropicTool('c', { cache_control: ephemeral as never })],
          [],
          [['tool_search_tool_bm25', ephemeral]],
          true,
        ],
      ])('%s', (_case, tools, neverDefer, expected, warned) => {
        const body = anthropicBody(tools);
        const { body: output, tools: sent, warnings } = transform(body, HOSTED, { threshold: 3, neverDefer });
        expect(sent.filter((tool) => tool.cache_control !== undefined).map((tool) => [tool.name, tool.cache_control])).toEqual(expected);
        expect(codes(warnings)).toEqual(warned ? ['cache-control-moved'] : []);
        expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
      });

      it('names the tools and the target in the warning', () => {
        const body = anthropicBody([anthropicTool('a'), anthropicTool('b'), anthropicTool('c', { cache_control: { type: 'ephemeral' } })]);
        const { warnings } = transform(body, HOSTED, { threshold: 3, neverDefer: ['a'] });
        expect(warnings[0]?.message).toContain('`c`');
        expect(warnings[0]?.message).toContain('moved to `a`');
        expect(warnings[0]?.message).toContain("Tool 'c' cannot both defer_loading=true cache_control set. Tools defer_loading cannot use prompt caching.");
      });
    });

    describe('the 10,000 deferred tools limit', () => {
      it('accepts exactly 10,000 deferred tools', () => {
        const body = anthropicBody(anthropicTools(10_000));
        const { tools, body: output } = transform(body);
        expect(tools.filter((tool) => tool.defer_loading === true)).toHaveLength(10_000);
        expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
      });

      it('throws too-many-deferred-tools for 10,001 when hosted search is asked for by name', () => {
        const body = anthropicBody(anthropicTools(10_001));
        const act = () => transform(body, HOSTED, { threshold: 3, mechanism: 'claude' });
        expect(act).toThrow(ToolSearchError);
        expect(act).toThrow(expect.objectContaining({ code: 'too-many-deferred-tools' }));
        expect(act).toThrow(/would defer 10001 tools; the Messages API accepts at most 10000/);
      });
    });
  });

  describe('history integrity under hosted search', () => {
    const catalog: ToolDefinition[] = [
      { name: 'get_weather', description: 'Get current weather for a location', inputSchema: weatherTool.input_schema },
      ...parseAnthropicMessagesTools({ tools: anthropicTools(4) }),
    ];

    it('keeps server_tool_use and tool_search_tool_result blocks byte for byte', () => {
      const body = anthropicBody([weatherTool, ...anthropicTools(4)], afterDocumentedTurn());
      const { messages, warnings, body: output } = transform(body);
      const assistant = messages[1]?.content as unknown[];
      expect(assistant[1]).toBe(documentedTurn.content[1]);
      expect(assistant[2]).toBe(documentedTurn.content[2]);
      expect(JSON.stringify(messages)).toBe(JSON.stringify(body.messages));
      expect(warnings).toEqual([]);
      expect(preflightAnthropicMessagesRequest(output)).toEqual({ ok: true, violations: [] });
    });

    it.each<[string, Messages]>([
      [
        'a tool_reference in a hosted tool_search_tool_result',
        [
          { role: 'user', content: 'weather?' },
          { role: 'assistant', content: documentedTurn.content.slice(0, 3) },
        ],
      ],
      [
        'a tool_reference in a client tool_result',
        [
          { role: 'user', content: 'weather?' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'my_search', input: { query: 'weather' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'get_weather' }] }] },
        ],
      ],
      [
        'a history tool_use',
        [
          { role: 'user', content: 'weather?' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { location: 'Paris' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
        ],
      ],
    ])('restores a dropped tool named by %s from the catalog, deferred', (_case, messages) => {
      const searchTool = anthropicTool('my_search');
      const body = anthropicBody([searchTool, ...anthropicTools(4)], messages);
      const { tools, warnings, body: output } = transform(body, HOSTED, { threshold: 3, neverDefer: ['my_search'] }, { catalog });
      expect(tools.at(-1)).toEqual({ ...weatherTool, defer_loading: true });
      expect(codes(warnings)).toEqual(['tool-restored']);
      expect(warnings[0]?.message).toContain('`get_weather`');
      expect(preflightAnthropicMessagesRequest(output)).toEqual({ ok: true, violations: [] });
    });

    it('adds the search tool when the only tool sent is one restored, deferred, for the history', () => {
      const messages: Messages = [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { location: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
      ];
      const body = anthropicBody([], messages);
      const { tools, warnings } = transform(body, HOSTED, { threshold: 3 }, { catalog });
      expect(tools).toEqual([ANTHROPIC_TOOL_SEARCH_TOOLS.bm25, { ...weatherTool, defer_loading: true }]);
      expect(codes(warnings)).toEqual(['tool-restored']);
    });

    it('keeps the tool_search it sent for a history tool_use of that name on its own output (the library’s search, nothing deferred)', () => {
      const messages: Messages = [
        { role: 'user', content: 'find it' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'weather' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
      ];
      const own = { name: 'tool_search', description: 'My own search', inputSchema: { type: 'object' as const, properties: { path: { type: 'string' } } } };
      const body = anthropicBody(anthropicTools(2), messages);
      const plan = planFor(body, HOSTED, { threshold: 3, search: 'library' });
      const once = transformAnthropicMessagesRequest(body, plan, { catalog: [own] });
      expect((once.body.tools as unknown as Tools).map((tool) => tool.name)).toEqual(['tool_search', 'tool_0', 'tool_1']);
      expect(codes(once.warnings)).toEqual(['tool-restored']);
      const twice = transformAnthropicMessagesRequest(once.body, plan, { catalog: [own] });
      expect(JSON.stringify(twice.body)).toBe(JSON.stringify(once.body));
      expect(codes(twice.warnings)).toEqual(['tool-restored']);
    });

    it('says exactly which references will fail when the catalog lacks the dropped tool', () => {
      const body = anthropicBody(anthropicTools(4), afterDocumentedTurn());
      const { warnings, body: output } = transform(body);
      expect(codes(warnings)).toEqual(['history-tool-undefined']);
      expect(warnings[0]?.message).toContain(
        '`get_weather` at messages[1].content[2].content.tool_references[0].tool_name (tool_reference), messages[1].content[4].name (tool_use)',
      );
      expect(warnings[0]?.message).toContain("Tool reference 'get_weather' not found in available tools");
      expect(preflightAnthropicMessagesRequest(output).violations.map((violation) => violation.rule)).toEqual([
        'undefined-tool-reference',
        'undefined-tool-use',
      ]);
    });

    it('sends a tool the plan still lists but the body dropped from the catalog, as the plan says', () => {
      const body = anthropicBody([weatherTool, ...anthropicTools(4)]);
      const plan = planFor(body, HOSTED);
      const dropped = anthropicBody(anthropicTools(4));
      const { body: output, warnings } = transformAnthropicMessagesRequest(dropped, plan, { catalog });
      expect((output.tools as unknown as Tools).at(-1)).toEqual({ ...weatherTool, defer_loading: true });
      expect(codes(warnings)).toEqual(['tool-restored']);
      expect(() => transformAnthropicMessagesRequest(dropped, plan)).toThrow(expect.objectContaining({ code: 'plan-mismatch' }));
    });

    it('keeps a restored tool on the next pass over its own output', () => {
      const body = anthropicBody(anthropicTools(4), afterDocumentedTurn());
      const plan = planFor(body, HOSTED);
      const first = transformAnthropicMessagesRequest(body, plan, { catalog });
      const second = transformAnthropicMessagesRequest(first.body, plan, { catalog });
      expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    });

    it('removes a tool_result answering a hosted srvtoolu_ call, with a warning', () => {
      const messages = afterDocumentedTurn();
      messages[2] = {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'srvtoolu_01ABC123', content: 'found it' },
          { type: 'tool_result', tool_use_id: 'toolu_01XYZ789', content: '18°C' },
        ],
      };
      const body = anthropicBody([weatherTool, ...anthropicTools(4)], messages);
      const { messages: sent, warnings, body: output } = transform(body);
      expect(sent[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_01XYZ789', content: '18°C' }]);
      expect(codes(warnings)).toEqual(['server-tool-result-removed']);
      expect(warnings[0]?.message).toContain('messages[2].content[0] (`srvtoolu_01ABC123`)');
      expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
    });

    it('keeps a turn that held only the hosted call’s tool_result non-empty', () => {
      const messages: Messages = [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: documentedTurn.content.slice(0, 3) },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'srvtoolu_01ABC123', content: 'ok' }] },
      ];
      const { messages: sent, body: output } = transform(anthropicBody([weatherTool, ...anthropicTools(4)], messages));
      expect(sent[2]?.content).toEqual([{ type: 'text', text: expect.stringContaining('removed') }]);
      expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
    });

    it('turns tool_reference blocks of an is_error result into text, with a warning', () => {
      const messages: Messages = [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_0', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              is_error: true,
              content: [
                { type: 'text', text: 'failed' },
                { type: 'tool_reference', tool_name: 'tool_1' },
              ],
            },
          ],
        },
      ];
      const { messages: sent, warnings, body: output } = transform(anthropicBody(anthropicTools(4), messages));
      expect((sent[2]?.content as Record<string, unknown>[])[0]?.content).toEqual([
        { type: 'text', text: 'failed' },
        { type: 'text', text: 'tool_reference: tool_1' },
      ]);
      expect(codes(warnings)).toEqual(['error-result-references-converted']);
      expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
    });

    it('keeps messages and blocks of unknown shape unchanged', () => {
      // The system message where the API takes one (after a user turn, before an assistant turn), for a model that takes it.
      const odd = [
        { role: 'user', content: [{ type: 'future_block', payload: 1 }, 'not a block', { type: 'thinking', thinking: 'hm', signature: 's' }] },
        { role: 'system', content: 'mid-conversation system message' },
        { role: 'assistant', content: { not: 'an array' } },
        'not a message',
      ];
      const body = anthropicBody(anthropicTools(4), odd, { model: 'claude-opus-5' });
      const { messages } = transform(body);
      for (const [index, message] of odd.entries()) expect(messages[index]).toBe(message);
    });
  });

  // Issue 15 item 2: a session whose plan changes (another model, fewer tools, the provider's search) left the
  // package's own tools the history called undefined, so the API rejected the request, and the warning told the caller
  // to keep a tool they never had.
  describe('the package’s own tools the history called, when the next plan does not send them', () => {
    const history: Messages = [
      { role: 'user', content: 'find the file tool' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'tool_3' } }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: formatToolSearchResult({ status: 'found', tools: [{ name: 'tool_3', inputSchema: { type: 'object' } }] }),
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_2', name: 'call_tool', input: { name: 'tool_3', arguments: { path: 'a' } } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'done' }] },
    ];
    const ownSearch = { name: 'tool_search', description: TOOL_SEARCH_TOOL_DEFINITION.description, input_schema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema };

    it.each([
      ['the session moves to a model with hosted search (Claude 3.5 → Sonnet 4.5)', 'claude-sonnet-4-5', 20, {}, ['call_tool']],
      ['the tools shrink below the threshold', CLIENT, 3, {}, ['tool_search', 'call_tool']],
      ['the plan uses the provider’s search', HOSTED, 20, { search: 'provider' }, ['tool_search', 'call_tool']],
    ] as const)('defines them when %s, with a warning that says so', (_label, model, count, config, restored) => {
      const body = anthropicBody(anthropicTools(count), history);
      const plan = planFor(body, model, { threshold: 15, reveal: 'conversation', listing: 'names', ...config });
      const result = transformAnthropicMessagesRequest(body, plan);
      const tools = result.body.tools as unknown as Tools;
      for (const name of restored) expect(tools.filter((tool) => tool.name === name)).toHaveLength(1);
      expect(byName(tools, 'tool_search')).toEqual(ownSearch);
      expect(codes(result.warnings)).toContain('own-tool-restored');
      expect(codes(result.warnings)).not.toContain('history-tool-undefined');
      expect(result.warnings.find((warning) => warning.code === 'own-tool-restored')?.message).toContain("this package's");
      expect(preflightAnthropicMessagesRequest(result.body).violations).toEqual([]);
      expect(JSON.stringify(transformAnthropicMessagesRequest(result.body, plan).body)).toBe(JSON.stringify(result.body));
    });
  });

  describe('with the client mechanism', () => {
    it.each(['claude-3-5-haiku', 'claude-opus-4-1', 'anthropic/claude-opus-4-5', 'anthropic.claude-opus-4-5-20251101-v1:0'])(
      'sends %s loaded tools, tool_search and stubs, with nothing Anthropic-hosted',
      (model) => {
        const body = anthropicBody(anthropicTools(4), undefined, { model });
        const { tools, body: output } = transform(body, model, { threshold: 3, neverDefer: ['tool_0'] });
        expect(tools.map((tool) => tool.name)).toEqual(['tool_0', TOOL_SEARCH_TOOL_NAME, 'tool_1', 'tool_2', 'tool_3']);
        expect(tools[0]).toEqual(body.tools[0]);
        expect(tools[1]).toEqual({
          name: TOOL_SEARCH_TOOL_NAME,
          description: TOOL_SEARCH_TOOL_DEFINITION.description,
          input_schema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema,
        });
        expect(tools[2]).toEqual({ name: 'tool_1', description: 'does tool_1', input_schema: STUB_INPUT_SCHEMA });
        expect(tools.some((tool) => 'defer_loading' in tool || String(tool.type).startsWith('tool_search_tool'))).toBe(false);
        expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
      },
    );

    it.each([
      ['emoji', `Weather ${'🌦'.repeat(80)}`],
      ['CJK extension B', '𠀀𠀁'.repeat(40)],
    ])(
      'sends a compact description of %s text whole characters only, never half a surrogate pair (the API answers 400 "no low surrogate in string")',
      (_label, description) => {
        const body = anthropicBody([anthropicTool('forecast', { description }), ...anthropicTools(3)]);
        const { tools } = transform(body, CLIENT, { threshold: 3, listing: 'compact' });
        const stub = byName(tools, 'forecast');
        expect(stub.input_schema).toEqual(STUB_INPUT_SCHEMA);
        expect(String(stub.description).endsWith('…')).toBe(true);
        expect(/\p{Cs}/u.test(String(stub.description))).toBe(false);
      },
    );

    it('sends revealed tools with their full schema', () => {
      const body = anthropicBody(anthropicTools(4));
      const { tools } = transform(body, CLIENT, { threshold: 3 }, { revealed: ['tool_2'] });
      expect(byName(tools, 'tool_2')).toEqual(body.tools[2]);
      expect(byName(tools, 'tool_1').input_schema).toEqual(STUB_INPUT_SCHEMA);
    });

    it.each<[string, unknown]>([
      ['a string tool_result', formatToolSearchResult(earlierResult({ status: 'found', query: 'q', tools: [], loaded: ['tool_3'], message: 'ok' }))],
      [
        'a text block in a tool_result',
        [{ type: 'text', text: formatToolSearchResult(earlierResult({ status: 'found', query: 'q', tools: [], loaded: ['tool_3'], message: 'ok' })) }],
      ],
    ])('restores a reveal the store lost from %s in the history', (_case, content) => {
      const messages: Messages = [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: TOOL_SEARCH_TOOL_NAME, input: { query: 'q' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content }] },
      ];
      const body = anthropicBody(anthropicTools(4), messages);
      const { tools, body: output } = transform(body, CLIENT);
      expect(byName(tools, 'tool_3').input_schema).toEqual(body.tools[3]?.input_schema);
      expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
    });

    describe('the guidance note', () => {
      const blocks = [
        { type: 'text', text: 'You are helpful.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Be brief.' },
      ];
      it.each<[string, unknown, unknown]>([
        ['no system prompt', undefined, SEED_NOTE],
        ['an empty string', '', SEED_NOTE],
        ['a string', 'You are helpful.', `You are helpful.\n\n${SEED_NOTE}`],
        ['text blocks', blocks, [...blocks, { type: 'text', text: SEED_NOTE }]],
      ])('is added once to %s, keeping cache_control where it was', (_case, system, expected) => {
        const body = anthropicBody(anthropicTools(4), undefined, system === undefined ? {} : { system });
        const plan = planFor(body, CLIENT);
        const first = transformAnthropicMessagesRequest(body, plan);
        expect(first.body.system).toEqual(expected);
        const second = transformAnthropicMessagesRequest(first.body, plan);
        expect(second.body.system).toEqual(expected);
      });

      it('is not added when nothing is deferred', () => {
        const body = anthropicBody(anthropicTools(2), undefined, { system: 'x' });
        expect(transform(body, CLIENT).body.system).toBe('x');
      });
    });

    describe('listing modes', () => {
      it('compact: stubs carry the first sentence of the description', () => {
        const body = anthropicBody([...anthropicTools(3), anthropicTool('long', { description: 'Creates an issue. Requires push access to the repository.' })]);
        const { tools } = transform(body, CLIENT, { threshold: 3, listing: 'compact' });
        expect(byName(tools, 'long').description).toBe('Creates an issue.');
      });

      it('names: deferred tools are not sent; the note names them as the model sees them', () => {
        const body = anthropicBody([anthropicTool('keep'), anthropicTool('gh.create_issue'), anthropicTool('gh.list_issues')]);
        const { tools, body: output } = transform(body, CLIENT, { threshold: 3, listing: 'names', neverDefer: ['keep'] });
        expect(tools.map((tool) => tool.name)).toEqual(['keep', TOOL_SEARCH_TOOL_NAME]);
        expect(output.system).toContain('gh_create_issue, gh_list_issues');
      });

      it('names: a deferred tool a history tool_reference names (an earlier hosted search) is sent in full', () => {
        const messages: Messages = [
          { role: 'user', content: 'weather?' },
          { role: 'assistant', content: documentedTurn.content.slice(0, 3) },
          { role: 'user', content: 'and now?' },
        ];
        const body = anthropicBody([weatherTool, ...anthropicTools(4)], messages);
        const catalog = parseAnthropicMessagesTools(body);
        const { tools, warnings } = transform(body, CLIENT, { threshold: 3, listing: 'names' }, { catalog });
        expect(byName(tools, 'get_weather')).toEqual(weatherTool);
        expect(codes(warnings)).not.toContain('history-tool-undefined');
      });

      it('names: a deferred tool the history called is sent in full, so the history stays valid', () => {
        const messages: Messages = [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_2', input: { path: 'a' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
        ];
        const body = anthropicBody(anthropicTools(4), messages);
        const { tools, warnings, body: output } = transform(body, CLIENT, { threshold: 3, listing: 'names' });
        expect(byName(tools, 'tool_2')).toEqual(body.tools[2]);
        expect(warnings).toEqual([]);
        expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
      });
    });

    it('keeps the caller’s last-tool breakpoint on the last tool of the new list, and others on their tool', () => {
      const tools = [
        anthropicTool('a', { cache_control: { type: 'ephemeral', ttl: '1h' } }),
        ...anthropicTools(2),
        anthropicTool('z', { cache_control: { type: 'ephemeral' } }),
      ];
      const { tools: sent, warnings } = transform(anthropicBody(tools), CLIENT, { threshold: 3, neverDefer: ['a', 'z'] });
      // Loaded tools first (a, z), then tool_search, then the stubs: z is no longer last.
      expect(sent.map((tool) => [tool.name, tool.cache_control])).toEqual([
        ['a', { type: 'ephemeral', ttl: '1h' }],
        ['z', undefined],
        [TOOL_SEARCH_TOOL_NAME, undefined],
        ['tool_0', undefined],
        ['tool_1', { type: 'ephemeral' }],
      ]);
      expect(warnings).toEqual([]);
    });

    it('moves a breakpoint of a tool the names listing does not send, with a warning', () => {
      const tools = [anthropicTool('a'), anthropicTool('b', { cache_control: { type: 'ephemeral' } }), anthropicTool('c')];
      const { tools: sent, warnings } = transform(anthropicBody(tools), CLIENT, { threshold: 3, listing: 'names', neverDefer: ['a'] });
      expect(sent.map((tool) => [tool.name, tool.cache_control])).toEqual([
        ['a', undefined],
        [TOOL_SEARCH_TOOL_NAME, { type: 'ephemeral' }],
      ]);
      expect(codes(warnings)).toEqual(['cache-control-moved']);
    });

    it('drops schema-bound fields from stubs and keeps the rest', () => {
      const strict = anthropicTool('s', { strict: true, input_examples: [{ path: 'x' }], allowed_callers: ['direct'], type: 'custom' });
      const { tools } = transform(anthropicBody([...anthropicTools(3), strict]), CLIENT);
      expect(byName(tools, 's')).toEqual({ type: 'custom', allowed_callers: ['direct'], name: 's', description: 'does s', input_schema: STUB_INPUT_SCHEMA });
    });

    it('keeps provider tools in place and custom tools in the custom places', () => {
      const web = { type: 'web_search_20250305', name: 'web_search' };
      const { tools } = transform(anthropicBody([anthropicTool('tool_0'), web, ...anthropicTools(3, 'more')]), CLIENT);
      expect(tools.map((tool) => tool.name)).toEqual([TOOL_SEARCH_TOOL_NAME, 'web_search', 'tool_0', 'more_0', 'more_1', 'more_2']);
      expect(tools[1]).toBe(web);
    });

    it('keeps a hosted search tool in the body, with a warning', () => {
      const { tools, warnings } = transform(anthropicBody([...anthropicTools(4), ANTHROPIC_TOOL_SEARCH_TOOLS.bm25]), CLIENT);
      expect(tools.at(-1)).toBe(ANTHROPIC_TOOL_SEARCH_TOOLS.bm25);
      expect(codes(warnings)).toEqual(['hosted-search-tool-kept']);
    });

    it('reveals a tool that tool_choice forces, with a warning', () => {
      const body = anthropicBody(anthropicTools(4), undefined, { tool_choice: { type: 'tool', name: 'tool_1' } });
      const { tools, warnings } = transform(body, CLIENT);
      expect(byName(tools, 'tool_1')).toEqual(body.tools[1]);
      expect(codes(warnings)).toEqual(['forced-tool-loaded']);
    });

    it('keeps the caller’s own tool_search and sends the package’s as tool_search_2 (the plan warns)', () => {
      const theirs = anthropicTool(TOOL_SEARCH_TOOL_NAME, { description: 'their search' });
      const { tools } = transform(anthropicBody([theirs, ...anthropicTools(4)]), CLIENT);
      expect(tools.filter((tool) => tool.name === TOOL_SEARCH_TOOL_NAME)).toEqual([theirs]);
      expect(tools.filter((tool) => tool.name === 'tool_search_2')).toEqual([
        { name: 'tool_search_2', description: TOOL_SEARCH_TOOL_DEFINITION.description, input_schema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema },
      ]);
    });

    it('keeps the breakpoint of a caller’s own tool_search on it', () => {
      const theirs = anthropicTool(TOOL_SEARCH_TOOL_NAME, { description: 'their search', cache_control: { type: 'ephemeral' } });
      const { tools, warnings } = transform(anthropicBody([theirs, ...anthropicTools(4)]), CLIENT);
      expect(tools.filter((tool) => tool.cache_control !== undefined).map((tool) => tool.name)).toEqual([TOOL_SEARCH_TOOL_NAME]);
      expect(codes(warnings)).toEqual([]);
    });

    it('restores full schemas from the catalog when given its own stubbed output', () => {
      const body = anthropicBody(anthropicTools(4));
      const catalog = parseAnthropicMessagesTools(body);
      const plan = planFor(body, CLIENT);
      const stubbed = transformAnthropicMessagesRequest(body, plan).body;
      const revealed = transformAnthropicMessagesRequest(stubbed, plan, { revealed: ['tool_1'], catalog });
      expect(byName(revealed.body.tools as unknown as Tools, 'tool_1')).toEqual(body.tools[1]);
      const hosted = transformAnthropicMessagesRequest(stubbed, planFor(body, HOSTED), { catalog });
      expect(byName(hosted.body.tools as unknown as Tools, 'tool_1')).toEqual({ ...body.tools[1], defer_loading: true });
      expect(codes(hosted.warnings)).toEqual(['client-search-tool-removed']);
    });

    it('warns about a history reference to a tool the body no longer has', () => {
      const messages: Messages = [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'gone', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] },
      ];
      const { warnings } = transform(anthropicBody(anthropicTools(4), messages), CLIENT);
      expect(codes(warnings)).toEqual(['history-tool-undefined']);
      expect(warnings[0]?.message).toContain('`gone` at messages[1].content[0].name (tool_use)');
    });
  });

  describe('with mechanism none or openai-hosted', () => {
    it('sends every tool in full, removing a defer_loading the plan overrides, and adds nothing', () => {
      const body = anthropicBody([...anthropicTools(4), anthropicTool('x', { defer_loading: true })], undefined, { system: 'sys' });
      const { tools, body: output, warnings } = transform(body, 'claude-3-5-haiku', { mechanism: 'claude', threshold: 3 });
      expect(tools).toEqual([...anthropicTools(4), anthropicTool('x')]);
      expect(output.system).toBe('sys');
      expect(warnings).toEqual([]);
    });

    it('falls back to the client-side mechanism for an OpenAI hosted plan, with a warning', () => {
      const body = anthropicBody(anthropicTools(4));
      const plan = resolveToolSearch('gpt-5.4', parseAnthropicMessagesTools(body), { threshold: 3 });
      expect(plan.mechanism).toBe('openai-hosted');
      const { body: output, warnings } = transformAnthropicMessagesRequest(body, plan);
      expect(JSON.stringify(output)).toBe(JSON.stringify(transformAnthropicMessagesRequest(body, { ...plan, mechanism: 'client' }).body));
      expect((output.tools as unknown as Tools).map((tool) => tool.name)).toContain(TOOL_SEARCH_TOOL_NAME);
      expect(codes(warnings)).toEqual(['mechanism-not-for-messages']);
      expect(warnings[0]?.message).toContain('the same tools are deferred with the client-side `tool_search` instead');
    });
  });

  describe('tool names', () => {
    const bfcl = readAnthropicFixture<ToolDefinition[]>('bfcl-tools.json');
    const bfclBody = () => anthropicBody(bfcl.map(toAnthropicTool));

    it.each([HOSTED, CLIENT])('sends only names the API accepts for BFCL tools (%s)', (model) => {
      const { tools, names, body: output } = transform(bfclBody(), model);
      for (const tool of tools) if (typeof tool.name === 'string') expect(isValidToolName(tool.name, ANTHROPIC_MESSAGES_TOOL_NAME_RULE)).toBe(true);
      expect(names.toWire('ChaDri.change_drink')).toBe('ChaDri_change_drink');
      expect(names.fromWire('ChaDri_change_drink')).toBe('ChaDri.change_drink');
      expect(names.toWire('ChaFod')).toBe('ChaFod');
      expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
    });

    it('maps tool_use, tool_reference and tool_choice names in the history, and keeps wire-form names byte for byte', () => {
      const messages: Messages = [
        { role: 'user', content: 'order a drink' },
        {
          role: 'assistant',
          content: [
            { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'drink' } },
            {
              type: 'tool_search_tool_result',
              tool_use_id: 'srvtoolu_1',
              content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'ChaDri_change_drink' }] },
            },
            { type: 'tool_use', id: 'toolu_1', name: 'ChaDri.change_drink', input: {} },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'uber.ride' }] }],
        },
      ];
      const body = anthropicBody(bfcl.map(toAnthropicTool), messages, { tool_choice: { type: 'tool', name: 'api.weather' } });
      const { messages: sent, body: output } = transform(body);
      const assistant = sent[1]?.content as Record<string, unknown>[];
      expect(assistant[1]).toBe((messages[1]?.content as unknown[])[1]);
      expect(assistant[2]?.name).toBe('ChaDri_change_drink');
      expect((sent[2]?.content as Record<string, unknown>[])[0]?.content).toEqual([{ type: 'tool_reference', tool_name: 'uber_ride' }]);
      expect(output.tool_choice).toEqual({ type: 'tool', name: 'api_weather' });
      expect(preflightAnthropicMessagesRequest(output)).toEqual({ ok: true, violations: [] });
    });

    it.each(['tool.search', 'tool_search_tool.bm25', 'tool_search_tool.regex'])('never renames %s to a name this package adds', (name) => {
      const { names } = transform(anthropicBody([anthropicTool(name), ...anthropicTools(3)]));
      expect(['tool_search', 'tool_search_tool_bm25', 'tool_search_tool_regex']).not.toContain(names.toWire(name));
    });

    it('avoids a provider tool’s name', () => {
      const body = anthropicBody([{ type: 'web_search_20250305', name: 'web_search' }, anthropicTool('web.search'), ...anthropicTools(3)]);
      const { names, body: output } = transform(body);
      expect(names.toWire('web.search')).not.toBe('web_search');
      expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
    });
  });

  describe('with tools the body defers itself (an MCP toolset, a toolset whose members defer)', () => {
    const mcpToolset = {
      type: 'mcp_toolset',
      mcp_server_name: 'db',
      default_config: { defer_loading: true },
      configs: { search_events: { defer_loading: true } },
    };
    const computer = { type: 'computer_toolset_20260801', configs: { screenshot: { defer_loading: true }, click: { defer_loading: true } } };
    const kinds = (tools: Tools) => tools.map((tool) => (typeof tool.type === 'string' ? tool.type : String(tool.name)));

    it('sends the hosted search tool beside the library’s tool_search, which cannot load them, with a warning', () => {
      const body = anthropicBody([...anthropicTools(4), mcpToolset]);
      const { tools, warnings } = transform(body, HOSTED, { threshold: 3, search: 'library' });
      expect(kinds(tools)).toEqual([TOOL_SEARCH_TOOL_NAME, 'tool_search_tool_bm25_20251119', 'tool_0', 'tool_1', 'tool_2', 'tool_3', 'mcp_toolset']);
      expect(codes(warnings)).toEqual(['hosted-search-for-caller-deferral']);
    });

    it('sends the hosted search tool for them below the threshold, where nothing of the plan is deferred', () => {
      const body = anthropicBody([...anthropicTools(2), mcpToolset]);
      const { tools } = transform(body, HOSTED, { threshold: 10, search: 'library' });
      expect(kinds(tools)).toEqual(['tool_search_tool_bm25_20251119', 'tool_0', 'tool_1', 'mcp_toolset']);
    });

    it('sends them without defer_loading to a model without hosted search, which nothing could load them for, with a warning', () => {
      const body = anthropicBody([...anthropicTools(4), mcpToolset, computer]);
      const before = deepCopy(body);
      const { tools, warnings } = transform(body, CLIENT, { threshold: 3 });
      expect(body).toEqual(before);
      expect(byName(tools, TOOL_SEARCH_TOOL_NAME)).toBeDefined();
      expect(tools.find((tool) => tool.type === 'mcp_toolset')).toEqual({
        type: 'mcp_toolset',
        mcp_server_name: 'db',
        default_config: {},
        configs: { search_events: {} },
      });
      expect(tools.find((tool) => tool.type === 'computer_toolset_20260801')).toEqual({
        type: 'computer_toolset_20260801',
        configs: { screenshot: {}, click: {} },
      });
      expect(codes(warnings)).toContain('caller-deferral-removed');
      expect(tools.some((tool) => String(tool.type).startsWith('tool_search_tool'))).toBe(false);
    });

    it('sends the hosted search tool for them under the client-side mechanism on a model that has hosted search, with a warning', () => {
      const body = anthropicBody([...anthropicTools(4), computer]);
      const { tools, warnings } = transform(body, HOSTED, { threshold: 3, mechanism: 'client' });
      expect(tools[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.bm25);
      expect(codes(warnings)).toContain('hosted-search-for-caller-deferral');
      const again = transformAnthropicMessagesRequest(
        transform(body, HOSTED, { threshold: 3, mechanism: 'client' }).body,
        planFor(body, HOSTED, { threshold: 3, mechanism: 'client' }),
      );
      expect(again.body.tools).toEqual(tools);
    });
  });

  describe('with native delivery (reveal: native)', () => {
    const OPUS_5 = { model: 'claude-opus-5' };
    const NATIVE = { mechanism: 'client', reveal: 'native', threshold: 3, listing: 'names' } as const;
    const nativePlan = (body: unknown, model: ModelReferenceLike = 'claude-opus-5', config: ToolSearchConfigInput = NATIVE) =>
      resolveToolSearch(typeof model === 'string' ? { id: model, api: 'anthropic-messages' } : model, parseAnthropicMessagesTools(body), config);
    const weather = anthropicTool('get_weather');
    const addition = (tool: object) => ({
      role: 'system',
      content: [{ type: 'tool_addition', tool: { type: 'tool_definition', definition: tool } }],
    });
    const searchTurn = (query = 'weather') => [
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Loaded: get_weather' }] },
    ];

    it('by value on the Claude API sends tool_search only (no deferred tools, no call_tool) and the inline-tools beta in betas', () => {
      const body = anthropicBody([weather, ...anthropicTools(5)], undefined, OPUS_5);
      const plan = nativePlan(body);
      expect([plan.reveal, plan.additions]).toEqual(['native', 'value']);
      const { body: output, warnings } = transformAnthropicMessagesRequest(body, plan);
      expect((output.tools as unknown as Tools).map((tool) => tool.name)).toEqual([TOOL_SEARCH_TOOL_NAME]);
      expect((output as Record<string, unknown>).betas).toEqual(['inline-tools-2026-09-15']);
      expect(output.system).toContain('call it by its own name');
      expect(warnings).toEqual([]);
      expect(transformAnthropicMessagesRequest(output, plan).body).toEqual(output);
    });

    it('adds no tool-changes beta for a stored hosted-search plan that also says native (hosted search loads on its own)', () => {
      const body = anthropicBody([weather, ...anthropicTools(5)], undefined, OPUS_5);
      const hosted = resolveToolSearch({ id: 'claude-opus-5', api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), {
        mechanism: 'claude',
        threshold: 3,
      });
      expect(hosted.mechanism).toBe('claude-hosted');
      const stored = parseToolSearchPlan({ ...hosted, reveal: 'native', additions: 'value' });
      const { body: output } = transformAnthropicMessagesRequest(body, stored);
      expect((output as Record<string, unknown>).betas).toBeUndefined();
      expect(output).toEqual(transformAnthropicMessagesRequest(body, hosted).body);
    });

    it('by value keeps a caller’s betas and adds the beta once', () => {
      const body = { ...anthropicBody([weather, ...anthropicTools(5)], undefined, OPUS_5), betas: ['context-1m-2025-08-07'] };
      const { body: output } = transformAnthropicMessagesRequest(body, nativePlan(body));
      expect(output.betas).toEqual(['context-1m-2025-08-07', 'inline-tools-2026-09-15']);
      expect(transformAnthropicMessagesRequest(output, nativePlan(body)).body.betas).toEqual(output.betas);
    });

    it('warns and leaves betas alone when it is not a list', () => {
      const body = { ...anthropicBody([weather, ...anthropicTools(5)], undefined, OPUS_5), betas: 'inline-tools-2026-09-15' };
      const { body: output, warnings } = transformUnchecked(body, nativePlan(body));
      expect(output.betas).toBe('inline-tools-2026-09-15');
      expect(codes(warnings)).toEqual(['tool-changes-beta-not-added']);
    });

    it('merges the system messages in a row (a turn’s addition, then the caller’s own) into one, with a warning, stable on its output (issue 24 item 3)', () => {
      const own = { role: 'system', content: 'Answer in French.' };
      const more = { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] };
      const messages = [{ role: 'user', content: 'weather?' }, ...searchTurn(), addition(weather), own, more];
      const body = anthropicBody([weather, ...anthropicTools(5)], messages, OPUS_5);
      const plan = nativePlan(body);
      const { body: output, warnings } = transformAnthropicMessagesRequest(body, plan);
      const sent = output.messages as unknown as Record<string, unknown>[];
      expect(sent).toHaveLength(4);
      expect(sent[3]).toEqual({
        role: 'system',
        content: [...addition(weather).content, { type: 'text', text: 'Answer in French.' }, { type: 'text', text: 'Be brief.' }],
      });
      expect(codes(warnings)).toEqual(['system-messages-merged']);
      expect(warnings[0]?.message).toContain('`messages[3]` to `messages[5]`');
      expect(preflightAnthropicMessagesRequest(output).violations).toEqual([]);
      expect(transformAnthropicMessagesRequest(output, plan).body).toEqual(output);
    });

    it('refuses system messages in a row that cannot be merged, with a typed error naming them', () => {
      const cleared = { role: 'system', content: 'Temporary note.', clear_at: 'next_user_message' };
      const body = anthropicBody([weather, ...anthropicTools(5)], [{ role: 'user', content: 'weather?' }, ...searchTurn(), addition(weather), cleared], OPUS_5);
      expect(() => transformAnthropicMessagesRequest(body, nativePlan(body))).toThrow(
        expect.objectContaining({
          code: 'invalid-request',
          message: expect.stringContaining('`messages[3]` and `messages[4]` are system messages in a row, which the API rejects'),
        }),
      );
    });

    it('keeps the history’s system message byte for byte, does not resend the added tool, and reads it as loaded', () => {
      const messages = [{ role: 'user', content: 'weather?' }, ...searchTurn(), addition(weather)];
      const called = [...messages, { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { path: 'x' } }] }];
      const body = anthropicBody(
        [weather, ...anthropicTools(5)],
        [...called, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'sunny' }] }],
        OPUS_5,
      );
      const { body: output, loaded, warnings } = transformAnthropicMessagesRequest(body, nativePlan(body));
      expect(stringify(output.messages)).toBe(stringify(body.messages));
      expect((output.messages as unknown[])[3]).toBe(body.messages[3]);
      expect((output.tools as unknown as Tools).map((tool) => tool.name)).toEqual([TOOL_SEARCH_TOOL_NAME]);
      expect(loaded).toContain('get_weather');
      expect(warnings).toEqual([]);
    });

    it('moves a breakpoint off a tool it leaves out, to tool_search', () => {
      const body = anthropicBody([...anthropicTools(5), anthropicTool('cached', { cache_control: { type: 'ephemeral' } })], undefined, OPUS_5);
      const { body: output } = transformAnthropicMessagesRequest(body, nativePlan(body));
      expect(output.tools).toEqual([expect.objectContaining({ name: TOOL_SEARCH_TOOL_NAME, cache_control: { type: 'ephemeral' } })]);
    });

    it('keeps the beta on a later request whose plan is no longer native, while the history holds tool changes', () => {
      const body = anthropicBody([weather, ...anthropicTools(5)], [{ role: 'user', content: 'weather?' }, ...searchTurn(), addition(weather)], OPUS_5);
      const plan = nativePlan(body, 'claude-opus-5', { ...NATIVE, reveal: 'conversation' });
      const { body: output } = transformAnthropicMessagesRequest(body, plan);
      expect((output as Record<string, unknown>).betas).toEqual(['inline-tools-2026-09-15']);
    });

    it('by reference on Bedrock sends every deferred tool with defer_loading, no hosted search tool, and both betas in anthropic_beta', () => {
      const { model: _model, ...rest } = anthropicBody([weather, ...anthropicTools(5)], undefined, OPUS_5);
      const body = { ...rest, anthropic_version: 'bedrock-2023-05-31' };
      const plan = nativePlan(body, { id: 'us.anthropic.claude-opus-5-v1:0', api: 'anthropic-messages', platform: 'bedrock' });
      expect([plan.reveal, plan.additions]).toEqual(['native', 'reference']);
      const { body: output, warnings } = transformAnthropicMessagesRequest(body, plan);
      const tools = output.tools as unknown as Tools;
      expect(tools[0]?.name).toBe(TOOL_SEARCH_TOOL_NAME);
      expect(tools.slice(1).map((tool) => [tool.name, tool.defer_loading])).toEqual([
        ['get_weather', true],
        ...anthropicTools(5).map((tool) => [tool.name, true]),
      ]);
      expect(tools.some((tool) => String(tool.name).startsWith('tool_search_tool'))).toBe(false);
      expect((output as Record<string, unknown>).anthropic_beta).toEqual(['tool-search-tool-2025-10-19', 'mid-conversation-tool-changes-2026-07-01']);
      expect(warnings).toEqual([]);
      expect(transformAnthropicMessagesRequest(output, plan).body).toEqual(output);
    });

    it('by value still defines a tool the history added by reference (its addition names a `tools` entry)', () => {
      const byReference = { role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'get_weather' } }] };
      const body = anthropicBody([weather, ...anthropicTools(5)], [{ role: 'user', content: 'weather?' }, ...searchTurn(), byReference], OPUS_5);
      const { body: output, warnings } = transformAnthropicMessagesRequest(body, nativePlan(body));
      expect((output.tools as unknown as Tools).map((tool) => tool.name)).toEqual([TOOL_SEARCH_TOOL_NAME, 'get_weather']);
      expect(warnings).toEqual([]);
    });

    it('sends a compaction block’s tool_changes back unchanged, with the beta they need', () => {
      const compaction = { type: 'compaction', content: 'summary', encrypted_content: 'opaque', tool_changes: [addition(weather).content[0]] };
      const messages = [
        { role: 'assistant', content: [compaction] },
        { role: 'user', content: 'go on' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: { path: 'x' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'sunny' }] },
      ];
      const body = anthropicBody([weather, ...anthropicTools(5)], messages, OPUS_5);
      const { body: output, loaded, warnings } = transformAnthropicMessagesRequest(body, nativePlan(body));
      expect((output.messages as unknown[])[0]).toBe(messages[0]);
      expect((output as Record<string, unknown>).betas).toEqual(['inline-tools-2026-09-15']);
      expect(loaded).toContain('get_weather');
      expect(warnings).toEqual([]);
    });

    it('does not count tools left out against the 10,000 deferred tools limit', () => {
      const body = anthropicBody(anthropicTools(10_001), undefined, OPUS_5);
      const { body: output } = transformAnthropicMessagesRequest(body, nativePlan(body, 'claude-opus-5', { ...NATIVE, listing: 'none' }));
      expect((output.tools as unknown as Tools).map((tool) => tool.name)).toEqual([TOOL_SEARCH_TOOL_NAME]);
    });
  });

  describe('on Amazon Bedrock', () => {
    const BEDROCK_ID = 'us.anthropic.claude-opus-4-5-20251101-v1:0';
    const BETA = 'tool-search-tool-2025-10-19';
    const bedrockPlan = (body: unknown, config: ToolSearchConfigInput) =>
      resolveToolSearch({ id: BEDROCK_ID, api: 'anthropic-messages', platform: 'bedrock' }, parseAnthropicMessagesTools(body), withSeedBehaviour(config));
    const onBedrock = { model: { id: BEDROCK_ID, platform: 'bedrock' } } as const;

    it('sends the regex search tool under search: provider and adds the tool search beta to anthropic_beta (Bedrock answers 400 without it)', () => {
      const body = anthropicBody(anthropicTools(4));
      const { body: output, warnings } = transformAnthropicMessagesRequest(body, bedrockPlan(body, { threshold: 3, search: 'provider' }));
      const tools = output.tools as unknown as Tools;
      expect(tools[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.regex);
      expect((output as Record<string, unknown>).anthropic_beta).toEqual([BETA]);
      expect(warnings).toEqual([]);
      expect(preflightAnthropicMessagesRequest(output, onBedrock)).toEqual({ ok: true, violations: [] });
      expect(transformAnthropicMessagesRequest(output, bedrockPlan(body, { threshold: 3, search: 'provider' })).body).toEqual(output);
    });

    it('knows Bedrock from the body’s anthropic_version, and keeps the caller’s other betas', () => {
      const { model: _model, ...rest } = anthropicBody(anthropicTools(4));
      const body = { ...rest, anthropic_version: 'bedrock-2023-05-31', anthropic_beta: ['context-1m-2025-08-07'] };
      const plan = resolveToolSearch(
        { id: 'claude-opus-4-5', api: 'anthropic-messages' },
        parseAnthropicMessagesTools(body),
        withSeedBehaviour({ threshold: 3, search: 'provider' }),
      );
      const { body: output } = transformAnthropicMessagesRequest(body, plan);
      expect((output.tools as unknown as Tools)[0]).toEqual(ANTHROPIC_TOOL_SEARCH_TOOLS.regex);
      expect((output as Record<string, unknown>).anthropic_beta).toEqual(['context-1m-2025-08-07', BETA]);
      expect(preflightAnthropicMessagesRequest(output).ok).toBe(true);
    });

    it.each<[string, Partial<Body>, TransformAnthropicMessagesRequestOptions]>([
      ['searchTool: bm25', {}, { searchTool: 'bm25' }],
      ['a BM25 tool in the body', { tools: [{ ...ANTHROPIC_TOOL_SEARCH_TOOLS.bm25, cache_control: { type: 'ephemeral' } }, ...anthropicTools(4)] }, {}],
    ])('sends the regex tool in place of BM25 asked by %s, with a warning', (_label, extra, options) => {
      const body = { ...anthropicBody(anthropicTools(4)), ...extra };
      const { body: output, warnings } = transformAnthropicMessagesRequest(body, bedrockPlan(body, { threshold: 3, search: 'provider' }), options);
      const tools = output.tools as unknown as Tools;
      expect(tools.filter((tool) => String(tool.type).startsWith('tool_search_tool'))).toEqual([
        { ...ANTHROPIC_TOOL_SEARCH_TOOLS.regex, ...('tools' in extra ? { cache_control: { type: 'ephemeral' } } : {}) },
      ]);
      expect(codes(warnings)).toContain('bedrock-search-tool-regex');
      expect(preflightAnthropicMessagesRequest(output, onBedrock).ok).toBe(true);
    });

    it('adds the beta for the library’s search too (deferred tools), and none when nothing uses tool search', () => {
      const body = anthropicBody(anthropicTools(4));
      const library = transformAnthropicMessagesRequest(body, bedrockPlan(body, { threshold: 3, search: 'library' })).body as Record<string, unknown>;
      expect(library.anthropic_beta).toEqual([BETA]);
      expect(preflightAnthropicMessagesRequest(library, onBedrock).ok).toBe(true);
      const below = transformAnthropicMessagesRequest(body, bedrockPlan(body, { threshold: 10, search: 'provider' })).body as Record<string, unknown>;
      expect('anthropic_beta' in below).toBe(false);
    });

    it('warns when anthropic_beta is not a list it can add to', () => {
      const body = { ...anthropicBody(anthropicTools(4)), anthropic_beta: 'x' };
      const result = transformUnchecked(body, bedrockPlan(body, { threshold: 3 }));
      expect(codes(result.warnings)).toContain('bedrock-beta-not-added');
      expect(preflightAnthropicMessagesRequest(result.body, onBedrock).violations.map((violation) => violation.rule)).toEqual(['bedrock-beta-missing']);
    });
  });

  describe('with a native plan for a model without tool additions', () => {
    it('reveals in the conversation (call_tool sent, no beta) for claude-sonnet-5 (a stored or hand-made plan), with a warning', () => {
      const body = anthropicBody(anthropicTools(4), undefined, { model: 'claude-sonnet-5' });
      const made = resolveToolSearch({ id: 'claude-opus-5', api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), {
        mechanism: 'client',
        reveal: 'native',
        threshold: 3,
      });
      const result = transformAnthropicMessagesRequest(body, { ...made, model: 'claude-sonnet-5' });
      expect(codes(result.warnings)).toEqual(['reveal-not-for-model']);
      expect(result.warnings[0]?.message).toContain("loaded schemas stay in the `tool_search` result (`reveal: 'conversation'`)");
      expect((result.body.tools as unknown as Tools).map((tool) => tool.name)).toContain('call_tool');
      expect((result.body as Record<string, unknown>).betas).toBeUndefined();
    });
  });

  describe('with a hosted plan for a model without tool search', () => {
    it.each<[string, { id: string; platform?: 'bedrock-converse' }]>([
      ['a Claude 3.5 model', { id: 'claude-3-5-haiku' }],
      ['Bedrock’s Converse API', { id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', platform: 'bedrock-converse' }],
    ])('falls back to the client-side mechanism for %s (a stored or hand-made plan), with a warning', (_label, model) => {
      const body = anthropicBody(anthropicTools(4), undefined, { model: model.id });
      const made = resolveToolSearch({ ...model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), withSeedBehaviour({ threshold: 3 }));
      const plan: ToolSearchPlan = { ...made, mechanism: 'claude-hosted', search: 'provider' };
      const result = transformAnthropicMessagesRequest(body, plan);
      expect(codes(result.warnings)).toContain('mechanism-not-for-model');
      expect((result.body.tools as unknown as Tools).some((tool) => String(tool.type).startsWith('tool_search_tool') || tool.defer_loading === true)).toBe(
        false,
      );
      expect((result.body.tools as unknown as Tools).map((tool) => tool.name)).toContain(TOOL_SEARCH_TOOL_NAME);
      expect(
        preflightAnthropicMessagesRequest(result.body, { model: { id: model.id, ...(model.platform === undefined ? {} : { platform: model.platform }) } }).ok,
      ).toBe(true);
    });
  });

  describe('purity', () => {
    const bfcl = readAnthropicFixture<ToolDefinition[]>('bfcl-tools.json');
    const scenarios: [string, () => Body, string, ToolSearchConfigInput, TransformAnthropicMessagesRequestOptions][] = [
      ['hosted, documented turn', () => anthropicBody([weatherTool, ...anthropicTools(4)], afterDocumentedTurn()), HOSTED, { threshold: 3 }, {}],
      [
        'hosted, restored tool',
        () => anthropicBody(anthropicTools(4), afterDocumentedTurn()),
        HOSTED,
        { threshold: 3 },
        { catalog: [{ name: 'get_weather', inputSchema: weatherTool.input_schema }] },
      ],
      [
        'hosted, cache breakpoints',
        () =>
          anthropicBody([
            anthropicTool('a', { cache_control: { type: 'ephemeral' } }),
            ...anthropicTools(3),
            anthropicTool('z', { cache_control: { type: 'ephemeral' } }),
          ]),
        HOSTED,
        { threshold: 3 },
        { searchTool: 'regex' },
      ],
      ['hosted, BFCL names', () => anthropicBody(bfcl.map(toAnthropicTool)), HOSTED, { threshold: 3 }, {}],
      ['hosted, below threshold', () => anthropicBody(anthropicTools(2)), HOSTED, { threshold: 3 }, {}],
      [
        'client, full listing',
        () => anthropicBody(bfcl.map(toAnthropicTool), undefined, { system: 'sys' }),
        CLIENT,
        { threshold: 3 },
        { revealed: ['uber.ride'] },
      ],
      [
        'client, compact listing',
        () => anthropicBody(bfcl.map(toAnthropicTool), undefined, { system: [{ type: 'text', text: 'sys' }] }),
        CLIENT,
        { threshold: 3, listing: 'compact' },
        { revealed: ['api.weather'] },
      ],
      [
        'client, names listing',
        () => anthropicBody(bfcl.map(toAnthropicTool)),
        CLIENT,
        { threshold: 3, listing: 'names', neverDefer: ['ChaFod'] },
        { revealed: ['ChaDri.change_drink'] },
      ],
      [
        'client, last-tool breakpoint',
        () => anthropicBody([...anthropicTools(4), anthropicTool('z', { cache_control: { type: 'ephemeral' } })]),
        CLIENT,
        { threshold: 3 },
        {},
      ],
      ['none', () => anthropicBody(bfcl.map(toAnthropicTool)), CLIENT, { mechanism: 'claude', threshold: 3 }, {}],
    ];

    it.each(scenarios)('%s: does not mutate its input', (_case, make, model, config, options) => {
      const body = make();
      const before = deepCopy(body);
      const optionsBefore = deepCopy(options);
      transformAnthropicMessagesRequest(body, planFor(body, model, config), options);
      expect(body).toEqual(before);
      expect(options).toEqual(optionsBefore);
    });

    it.each(scenarios)('%s: gives byte-identical output for equal input', (_case, make, model, config, options) => {
      const first = transformAnthropicMessagesRequest(make(), planFor(make(), model, config), deepCopy(options));
      const second = transformAnthropicMessagesRequest(make(), planFor(make(), model, config), deepCopy(options));
      expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
      expect(stringify(second.warnings)).toBe(stringify(first.warnings));
    });

    it.each(scenarios)('%s: gives the same body again when run on its own output', (_case, make, model, config, options) => {
      const body = make();
      const plan = planFor(body, model, config);
      const first = transformAnthropicMessagesRequest(body, plan, options);
      const second = transformAnthropicMessagesRequest(first.body, plan, options);
      expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    });

    it.each(scenarios)('%s: passes preflight', (_case, make, model, config, options) => {
      const body = make();
      const { body: output } = transformAnthropicMessagesRequest(body, planFor(body, model, config), options);
      expect(preflightAnthropicMessagesRequest(output)).toEqual({ ok: true, violations: [] });
    });
  });

  describe('bad input', () => {
    const plan = planFor(anthropicBody(anthropicTools(4)), HOSTED);
    const expectError = (act: () => unknown, code: string, message: RegExp) => {
      expect(act).toThrow(ToolSearchError);
      expect(act).toThrow(expect.objectContaining({ code }));
      expect(act).toThrow(message);
    };

    it.each<[string, unknown, RegExp]>([
      ['null', null, /must be a Messages API request object, got null/],
      ['a number', 5, /got 5/],
      ['a string', 'body', /got "body" \(a string\)/],
      ['an array', [], /got an array/],
      ['tools that are not an array', { tools: { a: 1 } }, /`tools` must be an array of tool definitions, got an object/],
      ['a tool that is not an object', { tools: [anthropicTool('tool_0'), 'x'] }, /`tools\[1\]` must be a tool object/],
      ['a tool with a non-string type', { tools: [{ type: 5, name: 'x' }] }, /`tools\[0\]` must be a tool object with a string `type`.*got a `type` of 5/],
      ['a custom tool without a name', { tools: [{ input_schema: { type: 'object' } }] }, /`tools\[0\]\.name` must be a non-empty string, got nothing/],
      ['a custom tool without input_schema', { tools: [{ name: 'x' }] }, /`tools\[0\]\.input_schema` \(tool `x`\) must be a JSON Schema object/],
      ['messages that are not an array', { tools: anthropicTools(4), messages: 'hi' }, /`messages` must be an array of messages, got "hi"/],
      ['a system prompt of the wrong type', { tools: anthropicTools(4), system: [{ type: 'image' }] }, /`system` must be a string or an array of text blocks/],
      ['two tools with one name', { tools: [...anthropicTools(4), anthropicTool('tool_0')] }, /`tool_0` is defined twice/],
    ])('rejects %s with invalid-request', (_case, body, message) => {
      expectError(() => transformAnthropicMessagesRequest(body as never, plan), 'invalid-request', message);
    });

    it.each<[string, unknown, RegExp]>([
      ['something that is not a plan', { mechanism: 'claude-hosted' }, /`plan` must be a plan from `resolveToolSearch`/],
      ['an unknown mechanism', { ...plan, mechanism: 'magic' }, /`plan.mechanism` must be one of/],
    ])('rejects %s with invalid-options', (_case, badPlan, message) => {
      expectError(() => transformAnthropicMessagesRequest(anthropicBody(anthropicTools(4)), badPlan as never), 'invalid-options', message);
    });

    it.each<[string, unknown, RegExp]>([
      ['an unknown option', { serchTool: 'bm25' }, /unknown option `serchTool`/],
      ['an unknown search tool', { searchTool: 'vector' }, /`searchTool` must be 'bm25' or 'regex' \(got "vector" \(a string\)\)/],
      ['revealed that is not iterable', { revealed: 5 }, /`revealed` must be an iterable of tool names/],
      ['revealed holding a number', { revealed: ['a', 1] }, /`revealed` must hold tool names \(strings\), got 1/],
      ['a catalog that is not an array', { catalog: {} }, /`catalog` must be an array of tool definitions/],
      ['a catalog with a bad tool', { catalog: [{ name: 'x' }] }, /`catalog`: Invalid tool list: tool `x` must have an object `inputSchema`/],
    ])('rejects %s with invalid-options', (_case, options, message) => {
      expectError(() => transformAnthropicMessagesRequest(anthropicBody(anthropicTools(4)), plan, options as never), 'invalid-options', message);
    });

    it.each<[string, Body, RegExp]>([
      ['a tool the plan lacks', anthropicBody([...anthropicTools(4), anthropicTool('extra')]), /the body's `tools` has `extra`, which the plan lacks/],
      ['a tool the body lacks', anthropicBody(anthropicTools(3)), /the plan has `tool_3`, which the body's `tools` lacks/],
    ])('rejects a plan made for other tools (%s) with plan-mismatch', (_case, body, message) => {
      expectError(() => transformAnthropicMessagesRequest(body, plan), 'plan-mismatch', message);
    });

    it('reads no tools (absent or null) as an empty list', () => {
      const empty = planFor({}, HOSTED);
      expect(transformAnthropicMessagesRequest({ messages: [] }, empty).body).toEqual({ messages: [] });
      expect(transformAnthropicMessagesRequest({ messages: [], tools: null }, empty).body).toEqual({ messages: [], tools: null });
    });

    it('warns when tool_choice names a tool that is not defined', () => {
      const body = anthropicBody(anthropicTools(4), undefined, { tool_choice: { type: 'tool', name: 'nope' } });
      expect(codes(transform(body).warnings)).toEqual(['tool-choice-undefined']);
    });
  });
});

describe('transformAnthropicMessagesRequest: what the history added (`added`)', () => {
  const byValue = (name: string) => ({ type: 'tool_addition', tool: { type: 'tool_definition', definition: { name, input_schema: { type: 'object' } } } });
  const byReference = (type: 'tool_addition' | 'tool_removal', name: string) => ({ type, tool: { type: 'tool_reference', name } });
  const addedBy = (messages: unknown[]) => {
    const body = { model: 'claude-opus-4-8', max_tokens: 1024, messages };
    return transformAnthropicMessagesRequest(body, resolveToolSearch({ id: body.model, api: 'anthropic-messages' }, [])).added;
  };

  it('reads additions minus removals in order, by value and by reference, with compaction blocks’ tool_changes', () => {
    const messages = [
      { role: 'assistant', content: [{ type: 'compaction', content: 'summary', tool_changes: [byReference('tool_addition', 'get_weather')] }] },
      { role: 'user', content: 'go on' },
      { role: 'system', content: [byValue('book_flight'), byReference('tool_removal', 'get_weather')] },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'and?' },
      { role: 'system', content: [byReference('tool_addition', 'get_weather')] },
    ];
    expect(addedBy(messages)).toEqual(['book_flight', 'get_weather']);
  });

  it('reads names as written, even one the API would reject (the wire names a transformer sent)', () => {
    expect(
      addedBy([
        { role: 'user', content: 'x' },
        { role: 'system', content: [byValue('crm.lookup')] },
      ]),
    ).toEqual(['crm.lookup']);
  });
});
