import { describe, expect, expectTypeOf, it } from 'vitest';
import { preflightAnthropicMessagesRequest, type AnthropicMessagesPreflightRule } from '../../support/preflight/preflight-anthropic-messages-request.js';
import { ANTHROPIC_TOOL_SEARCH_TOOLS } from '../../../src/providers/anthropic/anthropic-messages-api.js';
import { anthropicBody, anthropicTool, anthropicTools, readAnthropicFixture } from '../../support/anthropic-messages-bodies.js';

const deferred = (name: string, extra = {}) => anthropicTool(name, { defer_loading: true, ...extra });
const documentedTurn = readAnthropicFixture<{ content: unknown[] }>('hosted-search-response.json');
const weather = anthropicTool('get_weather');
const search = ANTHROPIC_TOOL_SEARCH_TOOLS.regex;

const rules = (body: unknown) => preflightAnthropicMessagesRequest(body).violations.map((violation) => [violation.rule, violation.path]);

describe('preflightAnthropicMessagesRequest', () => {
  it('passes a documented hosted-search conversation', () => {
    const body = anthropicBody(
      [search, deferred('get_weather'), anthropicTool('other')],
      [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: documentedTurn.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01XYZ789', content: 'sunny' }] },
      ],
    );
    expect(preflightAnthropicMessagesRequest(body)).toEqual({ ok: true, violations: [] });
  });

  it.each<[AnthropicMessagesPreflightRule, unknown, [string, string][]]>([
    ['invalid-body', null, [['invalid-body', '']]],
    ['invalid-body', { messages: 'hi' }, [['invalid-body', 'messages']]],
    ['invalid-body', { messages: [], tools: 'x' }, [['invalid-body', 'tools']]],
    ['invalid-body', { messages: [], tools: [7] }, [['invalid-body', 'tools[0]']]],
    [
      'invalid-body',
      anthropicBody([anthropicTool('a'), { type: 'function', function: { name: 'b', parameters: { type: 'object' } } }]),
      [['invalid-body', 'tools[1].type']],
    ],
    ['invalid-body', anthropicBody([anthropicTool('a'), { type: 'function', name: 'b', parameters: { type: 'object' } }]), [['invalid-body', 'tools[1].type']]],
    ['invalid-tool-name', anthropicBody([anthropicTool('uber.ride')]), [['invalid-tool-name', 'tools[0].name']]],
    ['invalid-tool-name', anthropicBody([anthropicTool('x'.repeat(65))]), [['invalid-tool-name', 'tools[0].name']]],
    ['invalid-tool-name', anthropicBody([{ input_schema: { type: 'object' } }]), [['invalid-tool-name', 'tools[0].name']]],
    ['duplicate-tool-name', anthropicBody([anthropicTool('a'), anthropicTool('a')]), [['duplicate-tool-name', 'tools[1].name']]],
    ['all-tools-deferred', anthropicBody([deferred('a'), deferred('b')]), [['all-tools-deferred', 'tools']]],
    [
      'search-tool-deferred',
      anthropicBody([{ ...search, defer_loading: true }, deferred('a')]),
      [
        ['search-tool-deferred', 'tools[0].defer_loading'],
        ['all-tools-deferred', 'tools'],
      ],
    ],
    [
      'deferred-tool-cache-control',
      anthropicBody([search, deferred('a', { cache_control: { type: 'ephemeral' } })]),
      [['deferred-tool-cache-control', 'tools[1].cache_control']],
    ],
    [
      'deferred-tool-cache-control',
      anthropicBody([search, { type: 'mcp_toolset', mcp_server_name: 'db', default_config: { defer_loading: true }, cache_control: { type: 'ephemeral' } }]),
      [['deferred-tool-cache-control', 'tools[1].cache_control']],
    ],
    [
      'toolset-entry-deferred',
      anthropicBody([search, { type: 'computer_toolset_20260801', defer_loading: true }]),
      [['toolset-entry-deferred', 'tools[1].defer_loading']],
    ],
    [
      'toolset-members-disagree',
      anthropicBody([search, { type: 'browser_toolset_20260801', configs: { navigate: { defer_loading: true }, find: { defer_loading: false } } }]),
      [['toolset-members-disagree', 'tools[1].configs']],
    ],
    [
      'server-tool-result',
      anthropicBody(
        [search, weather],
        [
          { role: 'assistant', content: documentedTurn.content.slice(0, 3) },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'srvtoolu_01ABC123', content: 'x' }] },
        ],
      ),
      [['server-tool-result', 'messages[1].content[0].tool_use_id']],
    ],
    [
      'server-tool-result',
      anthropicBody(
        [search, weather],
        [
          { role: 'assistant', content: [{ type: 'server_tool_use', id: 'custom_id', name: 'tool_search_tool_regex', input: { pattern: 'x' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'custom_id', content: 'x' }] },
        ],
      ),
      [['server-tool-result', 'messages[1].content[0].tool_use_id']],
    ],
    [
      'undefined-tool-reference',
      anthropicBody([search, anthropicTool('other')], [{ role: 'assistant', content: documentedTurn.content.slice(0, 3) }]),
      [['undefined-tool-reference', 'messages[0].content[2].content.tool_references[0].tool_name']],
    ],
    [
      'undefined-tool-reference',
      anthropicBody(
        [anthropicTool('my_search')],
        [
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'my_search', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'gone' }] }] },
        ],
      ),
      [['undefined-tool-reference', 'messages[1].content[0].content[0].tool_name']],
    ],
    [
      'undefined-tool-use',
      anthropicBody([anthropicTool('a')], [{ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'gone', input: {} }] }]),
      [['undefined-tool-use', 'messages[0].content[0].name']],
    ],
    [
      'error-result-tool-reference',
      anthropicBody(
        [anthropicTool('a'), deferred('b')],
        [
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'a', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: [{ type: 'tool_reference', tool_name: 'b' }] }] },
        ],
      ),
      [['error-result-tool-reference', 'messages[1].content[0].content[0]']],
    ],
    [
      'undefined-tool-choice',
      anthropicBody([anthropicTool('a')], undefined, { tool_choice: { type: 'tool', name: 'b' } }),
      [['undefined-tool-choice', 'tool_choice.name']],
    ],
    ['lone-surrogate', anthropicBody([anthropicTool('a', { description: 'Weather \ud83d' })]), [['lone-surrogate', 'tools[0].description']]],
    [
      'lone-surrogate',
      anthropicBody([anthropicTool('a')], undefined, { system: [{ type: 'text', text: '検索 \ud840' }] }),
      [['lone-surrogate', 'system[0].text']],
    ],
  ])('flags %s', (_rule, body, expected) => {
    const result = preflightAnthropicMessagesRequest(body);
    expect(result.ok).toBe(false);
    expect(rules(body)).toEqual(expected);
  });

  it('flags more than 10,000 deferred tools', () => {
    const body = anthropicBody([search, ...anthropicTools(10_001).map((tool) => ({ ...tool, defer_loading: true }))]);
    expect(rules(body)).toEqual([['too-many-deferred-tools', 'tools']]);
    const limit = anthropicBody([search, ...anthropicTools(10_000).map((tool) => ({ ...tool, defer_loading: true }))]);
    expect(preflightAnthropicMessagesRequest(limit).ok).toBe(true);
  });

  it('quotes the API’s own error text', () => {
    const messages = (body: unknown) => preflightAnthropicMessagesRequest(body).violations.map((violation) => violation.message);
    expect(messages(anthropicBody([deferred('a')]))).toEqual(['At least one tool must have defer_loading=false. All tools cannot be deferred.']);
    expect(messages(anthropicBody([search, deferred('a', { cache_control: { type: 'ephemeral' } })]))).toEqual([
      "Tool 'a' cannot both defer_loading=true cache_control set. Tools defer_loading cannot use prompt caching.",
    ]);
    expect(messages(anthropicBody([search], [{ role: 'assistant', content: documentedTurn.content.slice(0, 3) }]))).toEqual([
      "Tool reference 'get_weather' not found in available tools",
    ]);
  });

  it('accepts a toolset call, a provider tool’s name and an MCP toolset’s unknown tools', () => {
    const body = anthropicBody(
      [search, { type: 'bash_20250124', name: 'bash' }, { type: 'mcp_toolset', mcp_server_name: 'db' }, { type: 'computer_toolset_20260801' }],
      [
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'bash', input: {} },
            { type: 'tool_use', id: 'toolu_2', name: 'screenshot', toolset_name: 'computer', input: {} },
            { type: 'tool_use', id: 'toolu_3', name: 'search_events', input: {} },
          ],
        },
      ],
    );
    expect(preflightAnthropicMessagesRequest(body)).toEqual({ ok: true, violations: [] });
  });

  it('accepts a body without tools or history', () => {
    expect(preflightAnthropicMessagesRequest({ model: 'claude-opus-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }).ok).toBe(true);
  });

  it('lists every rule it can report', () => {
    expectTypeOf<AnthropicMessagesPreflightRule>().toEqualTypeOf<
      | 'invalid-body'
      | 'unserializable-value'
      | 'invalid-tool-name'
      | 'duplicate-tool-name'
      | 'all-tools-deferred'
      | 'search-tool-deferred'
      | 'deferred-tool-cache-control'
      | 'too-many-deferred-tools'
      | 'toolset-entry-deferred'
      | 'toolset-members-disagree'
      | 'server-tool-result'
      | 'undefined-tool-reference'
      | 'undefined-tool-use'
      | 'error-result-tool-reference'
      | 'undefined-tool-choice'
      | 'tool-search-unsupported-model'
      | 'bedrock-beta-missing'
      | 'bedrock-bm25-search-tool'
      | 'system-message-first'
      | 'system-message-placement'
      | 'system-messages-consecutive'
      | 'system-message-unsupported-model'
      | 'undeclared-tool-change'
      | 'tool-name-conflict'
      | 'tool-change-cache-control'
      | 'tool-definition-unsupported-platform'
      | 'tool-changes-beta-missing'
      | 'available-tools-limit-exceeded'
      | 'lone-surrogate'
    >();
  });

  describe('model gate', () => {
    it.each([
      ['claude-3-5-haiku', undefined],
      ['claude-opus-4-1-20250805', undefined],
      ['claude-sonnet-4', undefined],
      ['claude-opus-4-5', { id: 'claude-opus-4-5', platform: 'bedrock-converse' } as const],
      ['unused', { id: 'us.anthropic.claude-3-5-haiku-20241022-v1:0', platform: 'bedrock' } as const],
    ])('flags a hosted search tool sent to %s (model option %j), a model without tool search', (model, option) => {
      const body = anthropicBody([search, deferred('a'), anthropicTool('b')], undefined, { model });
      const result = preflightAnthropicMessagesRequest(body, option === undefined ? {} : { model: option });
      expect(result.violations.map((violation) => [violation.rule, violation.path])).toContainEqual(['tool-search-unsupported-model', 'tools[0]']);
      expect(result.violations.find((violation) => violation.rule === 'tool-search-unsupported-model')?.message).toContain('does not support tool search');
    });

    it.each([
      'claude-opus-4-5',
      'claude-haiku-4-5-20251001',
      'claude-fable-5',
      'claude-opus',
      'anthropic/claude-3-5-haiku',
      'anthropic.claude-3-5-haiku-20241022-v1:0',
      'my-proxy-model',
    ])('passes a hosted search tool for %s (supported, or not known to lack it)', (model) => {
      expect(preflightAnthropicMessagesRequest(anthropicBody([search, deferred('a'), anthropicTool('b')], undefined, { model })).ok).toBe(true);
    });

    it('passes a model without tool search when no hosted search tool is sent', () => {
      expect(preflightAnthropicMessagesRequest(anthropicBody([anthropicTool('a')], undefined, { model: 'claude-3-5-haiku' })).ok).toBe(true);
    });
  });

  describe('on Amazon Bedrock', () => {
    const bedrock = (tools: unknown[], extra: Record<string, unknown> = {}, messages?: unknown[]) => {
      const { model: _model, ...body } = anthropicBody(tools, messages);
      return { anthropic_version: 'bedrock-2023-05-31', ...body, ...extra };
    };
    const beta = { anthropic_beta: ['tool-search-tool-2025-10-19'] };

    it('passes tool search with the beta in anthropic_beta and the regex tool', () => {
      expect(preflightAnthropicMessagesRequest(bedrock([search, deferred('a'), anthropicTool('b')], beta))).toEqual({ ok: true, violations: [] });
    });

    it.each<[string, unknown[], unknown[] | undefined]>([
      ['a deferred tool', [anthropicTool('a'), deferred('b')], undefined],
      ['a hosted search tool', [search, anthropicTool('a')], undefined],
      ['a deferring MCP toolset', [anthropicTool('a'), { type: 'mcp_toolset', mcp_server_name: 'db', default_config: { defer_loading: true } }], undefined],
      [
        'a tool_reference in the history',
        [anthropicTool('my_search'), anthropicTool('b')],
        [
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'my_search', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'b' }] }] },
        ],
      ],
    ])('flags bedrock-beta-missing for %s without the beta', (_label, tools, messages) => {
      expect(rules(bedrock(tools, {}, messages))).toEqual([['bedrock-beta-missing', 'anthropic_beta']]);
      expect(rules(bedrock(tools, { anthropic_beta: ['context-1m-2025-08-07'] }, messages))).toEqual([['bedrock-beta-missing', 'anthropic_beta']]);
      expect(rules(bedrock(tools, beta, messages))).toEqual([]);
    });

    it('flags the BM25 search tool, which Bedrock does not offer', () => {
      expect(rules(bedrock([ANTHROPIC_TOOL_SEARCH_TOOLS.bm25, deferred('a'), anthropicTool('b')], beta))).toEqual([
        ['bedrock-bm25-search-tool', 'tools[0].type'],
      ]);
    });

    it('knows Bedrock from the model option when the body does not say it', () => {
      const body = anthropicBody([search, deferred('a'), anthropicTool('b')]);
      expect(preflightAnthropicMessagesRequest(body).ok).toBe(true);
      const onBedrock = preflightAnthropicMessagesRequest(body, { model: { id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', platform: 'bedrock' } });
      expect(onBedrock.violations.map((violation) => violation.rule)).toEqual(['bedrock-beta-missing']);
    });

    it('passes a body that uses no tool search without the beta', () => {
      expect(preflightAnthropicMessagesRequest(bedrock([anthropicTool('a')])).ok).toBe(true);
    });
  });

  describe('mid-conversation tool changes', () => {
    const add = (name: string, extra: Record<string, unknown> = {}) => ({
      type: 'tool_addition',
      tool: { type: 'tool_definition', definition: anthropicTool(name, extra) },
    });
    const reference = (name: string, type = 'tool_addition') => ({ type, tool: { type: 'tool_reference', name } });
    const system = (...content: unknown[]) => ({ role: 'system', content });
    const call = (name: string, id = 'toolu_1') => ({ role: 'assistant', content: [{ type: 'tool_use', id, name, input: {} }] });
    const result = (id = 'toolu_1') => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] });
    const inline = { model: 'claude-opus-5', betas: ['inline-tools-2026-09-15'] };
    const body = (tools: unknown[], messages: unknown[], extra: Record<string, unknown> = inline) => ({ ...anthropicBody(tools, messages), ...extra });
    const session = [{ role: 'user', content: 'hi' }, call('tool_search'), result(), system(add('get_weather'))];

    it('passes a search turn, the addition after the results, and a call of the added tool by its own name', () => {
      const messages = [...session, call('get_weather', 'toolu_2'), result('toolu_2'), { role: 'assistant', content: 'sunny' }];
      expect(preflightAnthropicMessagesRequest(body([anthropicTool('tool_search')], messages))).toEqual({ ok: true, violations: [] });
    });

    it('passes additions by reference of deferred tools with the reference beta, on the Claude API and on Bedrock', () => {
      const messages = [{ role: 'user', content: 'hi' }, system(reference('get_weather')), call('get_weather'), result()];
      const tools = [anthropicTool('tool_search'), deferred('get_weather')];
      expect(rules(body(tools, messages, { model: 'claude-opus-5', betas: ['mid-conversation-tool-changes-2026-07-01'] }))).toEqual([]);
      const { model: _model, ...bedrock } = anthropicBody(tools, messages);
      const onBedrock = {
        ...bedrock,
        anthropic_version: 'bedrock-2023-05-31',
        anthropic_beta: ['tool-search-tool-2025-10-19', 'mid-conversation-tool-changes-2026-07-01'],
      };
      expect(rules(onBedrock)).toEqual([]);
    });

    it.each<[string, unknown[], unknown[], Record<string, unknown>, [string, string][]]>([
      [
        'first',
        [anthropicTool('a')],
        [system(add('b')), { role: 'user', content: 'hi' }],
        inline,
        [
          ['system-message-first', 'messages[0]'],
          ['system-message-placement', 'messages[0]'],
        ],
      ],
      [
        'between a tool_use and its tool_result',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, call('a'), system(add('b')), result()],
        inline,
        [
          ['system-message-placement', 'messages[2]'],
          ['system-message-placement', 'messages[2]'],
        ],
      ],
      [
        'right after a paused turn',
        [anthropicTool('a'), search],
        [{ role: 'user', content: 'hi' }, { role: 'assistant', content: documentedTurn.content.slice(0, 2) }, system(add('b'))],
        inline,
        [['system-message-placement', 'messages[2]']],
      ],
      [
        'after a plain assistant turn',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'ok' }, system(add('b'))],
        inline,
        [['system-message-placement', 'messages[2]']],
      ],
      [
        'right after another system message (issue 24 item 3)',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system(add('b')), system({ type: 'text', text: 'Be brief.' })],
        inline,
        [['system-messages-consecutive', 'messages[2]']],
      ],
      [
        'before a user turn',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system(add('b')), { role: 'user', content: 'more' }],
        inline,
        [['system-message-placement', 'messages[1]']],
      ],
      [
        'in a clear_at message',
        [anthropicTool('a')],
        [
          { role: 'user', content: 'hi' },
          { ...system(add('b')), clear_at: 'next_user_message' },
        ],
        inline,
        [['system-message-placement', 'messages[1].clear_at']],
      ],
      [
        'naming an undeclared tool',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system(reference('b'))],
        inline,
        [['undeclared-tool-change', 'messages[1].content[0].tool.name']],
      ],
      [
        'removing an undeclared tool',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system(reference('b', 'tool_removal'))],
        inline,
        [['undeclared-tool-change', 'messages[1].content[0].tool.name']],
      ],
      [
        'defining a tool named like a server tool',
        [anthropicTool('a'), { type: 'web_search_20250305', name: 'web_search' }],
        [{ role: 'user', content: 'hi' }, system(add('web_search'))],
        inline,
        [['tool-name-conflict', 'messages[1].content[0].tool.definition.name']],
      ],
      [
        'cache_control on the block and in the definition',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system({ ...add('b', { cache_control: { type: 'ephemeral' } }), cache_control: { type: 'ephemeral' } })],
        inline,
        [['tool-change-cache-control', 'messages[1].content[0].cache_control']],
      ],
      [
        'without the beta',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system(add('b'))],
        { model: 'claude-opus-5', betas: ['mid-conversation-tool-changes-2026-07-01'] },
        [['tool-changes-beta-missing', 'betas']],
      ],
      [
        'by value on Google Cloud',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system(add('b'))],
        { model: 'claude-opus-5@20261101', anthropic_version: 'vertex-2023-10-16', betas: ['mid-conversation-tool-changes-2026-07-01'] },
        [['tool-definition-unsupported-platform', 'messages[1].content[0].tool']],
      ],
      [
        'for Sonnet 5',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system(add('b'))],
        { ...inline, model: 'claude-sonnet-5' },
        [['system-message-unsupported-model', 'messages[1].role']],
      ],
      [
        'for Opus 4.7',
        [anthropicTool('a')],
        [{ role: 'user', content: 'hi' }, system(add('b'))],
        { ...inline, model: 'claude-opus-4-7' },
        [['system-message-unsupported-model', 'messages[1].role']],
      ],
    ])('flags a system message %s', (_label, tools, messages, extra, expected) => {
      expect(rules(body(tools, messages, extra))).toEqual(expected);
    });

    it('looks for the beta in anthropic_beta on Amazon Bedrock', () => {
      const { model: _model, ...rest } = anthropicBody(
        [anthropicTool('tool_search'), deferred('get_weather')],
        [{ role: 'user', content: 'hi' }, system(reference('get_weather'))],
      );
      const bedrock = { ...rest, anthropic_version: 'bedrock-2023-05-31', anthropic_beta: ['tool-search-tool-2025-10-19'] };
      expect(rules(bedrock)).toEqual([['tool-changes-beta-missing', 'anthropic_beta']]);
      expect(rules({ ...bedrock, betas: ['mid-conversation-tool-changes-2026-07-01'] })).toEqual([['tool-changes-beta-missing', 'anthropic_beta']]);
    });

    it('reads a compaction block’s tool_changes: its tools are defined, and its changes need the beta', () => {
      const compaction = { type: 'compaction', content: 'summary', tool_changes: [add('get_weather')] };
      const messages = [{ role: 'assistant', content: [compaction] }, { role: 'user', content: 'go on' }, call('get_weather'), result()];
      expect(rules(body([anthropicTool('a')], messages))).toEqual([]);
      expect(rules(body([anthropicTool('a')], messages, { model: 'claude-opus-5' }))).toEqual([['tool-changes-beta-missing', 'betas']]);
    });

    it('still flags a call of a tool nothing defines or adds', () => {
      expect(rules(body([anthropicTool('tool_search')], [...session, call('get_time', 'toolu_2')]))).toEqual([
        ['undefined-tool-use', 'messages[4].content[0].name'],
      ]);
    });

    it('flags more than 10,000 tools deferred or added, and passes 10,000', () => {
      const tools = [anthropicTool('tool_search'), ...anthropicTools(9_999).map((tool) => ({ ...tool, defer_loading: true }))];
      const twoAdded = body(tools, [{ role: 'user', content: 'hi' }, system(add('x'), add('y'))]);
      expect(rules(twoAdded)).toEqual([['available-tools-limit-exceeded', 'messages']]);
      expect(preflightAnthropicMessagesRequest(twoAdded).violations[0]?.message).toContain('available_tools_limit_exceeded');
      expect(rules(body(tools, [{ role: 'user', content: 'hi' }, system(add('x'))]))).toEqual([]);
    });

    it('flags more than 4 MB of added definitions', () => {
      const big = (name: string) => add(name, { description: 'x'.repeat(1_100_000) });
      const messages = [
        { role: 'user', content: 'hi' },
        system(big('a1'), big('a2'), big('a3')),
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'more' },
      ];
      expect(rules(body([anthropicTool('t')], messages))).toEqual([]);
      messages.push(system(big('a4')));
      expect(rules(body([anthropicTool('t')], messages))).toEqual([['available-tools-limit-exceeded', 'messages']]);
    });

    it('counts the 4 MB in UTF-8 bytes: 1.5 million CJK characters (4.5 MB, 1.5 million JSON characters) are too many (issue 24 item 7)', () => {
      const messages = [{ role: 'user', content: 'hi' }, system(add('a1', { description: '検'.repeat(1_500_000) }))];
      expect(rules(body([anthropicTool('t')], messages))).toEqual([['available-tools-limit-exceeded', 'messages']]);
      expect(preflightAnthropicMessagesRequest(body([anthropicTool('t')], messages)).violations[0]?.message).toContain('4500');
      const fewer = [{ role: 'user', content: 'hi' }, system(add('a1', { description: '検'.repeat(1_300_000) }))];
      expect(rules(body([anthropicTool('t')], fewer))).toEqual([]);
    });

    it('reports definitions JSON cannot write (a BigInt) as unserializable-value, without throwing', () => {
      const odd = { ...deferred('get_weather'), limit: 10n };
      const messages = [{ role: 'user', content: 'hi' }, system(add('big', { limit: 10n }), reference('get_weather'))];
      expect(rules(body([anthropicTool('tool_search'), odd], messages))).toEqual([['unserializable-value', 'messages[1].content[0].tool.definition.limit']]);
    });
  });
});
