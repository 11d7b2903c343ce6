import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_MESSAGES_PREFLIGHT_RULES,
  preflightAnthropicMessagesRequest,
  type AnthropicMessagesPreflightRule,
} from '../../../src/providers/anthropic/preflight-anthropic-messages-request.js';
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
    expect([...ANTHROPIC_MESSAGES_PREFLIGHT_RULES].sort()).toEqual(
      [
        'invalid-body',
        'invalid-tool-name',
        'duplicate-tool-name',
        'all-tools-deferred',
        'search-tool-deferred',
        'deferred-tool-cache-control',
        'too-many-deferred-tools',
        'toolset-entry-deferred',
        'toolset-members-disagree',
        'server-tool-result',
        'undefined-tool-reference',
        'undefined-tool-use',
        'error-result-tool-reference',
        'undefined-tool-choice',
        'tool-search-unsupported-model',
        'bedrock-beta-missing',
        'bedrock-bm25-search-tool',
        'lone-surrogate',
      ].sort(),
    );
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
});
