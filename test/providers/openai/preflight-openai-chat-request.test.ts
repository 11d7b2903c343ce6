import { describe, expect, it } from 'vitest';
import { preflightOpenAIChatRequest } from '../../support/preflight/preflight-openai-chat-request.js';
import { STUB_INPUT_SCHEMA } from '../../../src/tools/tool-search-tool-definition.js';
import { openAIChatBody, openAIChatTool, openAIChatTools } from '../../support/openai-chat-bodies.js';

const call = (id: string, name = 'a') => ({ id, type: 'function', function: { name, arguments: '{}' } });

describe('preflightOpenAIChatRequest', () => {
  it('passes a valid body with tools, tool_choice and answered tool calls', () => {
    const body = openAIChatBody(
      [openAIChatTool('a'), openAIChatTool('b-2', { strict: true, parameters: { type: 'object', properties: {}, required: [], additionalProperties: false } })],
      [
        { role: 'system', content: 'Rules.' },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: null, tool_calls: [call('c1'), call('c2', 'b-2')] },
        { role: 'tool', tool_call_id: 'c1', content: 'one' },
        { role: 'tool', tool_call_id: 'c2', content: 'two' },
        { role: 'assistant', content: 'done' },
      ],
      { tool_choice: { type: 'function', function: { name: 'a' } } },
    );
    expect(preflightOpenAIChatRequest(body)).toEqual({ ok: true, violations: [] });
  });

  it.each<[string, unknown, string, string]>([
    ['a body that is not an object', 'x', 'invalid-body', ''],
    ['messages that are not an array', { model: 'm', messages: {} }, 'invalid-body', 'messages'],
    ['tools that are not an array', openAIChatBody([], undefined, { tools: {} }), 'invalid-body', 'tools'],
    ['a dotted function name', openAIChatBody([openAIChatTool('ChaDri.change_drink')]), 'invalid-tool-name', 'tools[0].function.name'],
    ['a 65-character function name', openAIChatBody([openAIChatTool('a'.repeat(65))]), 'invalid-tool-name', 'tools[0].function.name'],
    [
      'a legacy function with an invalid name',
      openAIChatBody([openAIChatTool('a')], undefined, { functions: [{ name: 'a b' }] }),
      'invalid-tool-name',
      'functions[0].name',
    ],
    ['two functions with one name', openAIChatBody([openAIChatTool('a'), openAIChatTool('a')]), 'duplicate-tool-name', 'tools[1].function.name'],
    ['defer_loading on a tool', openAIChatBody([{ ...openAIChatTool('a'), defer_loading: true }]), 'unsupported-tool-field', 'tools[0].defer_loading'],
    [
      'defer_loading on a function',
      openAIChatBody([{ type: 'function', function: { ...openAIChatTool('a').function, defer_loading: true } }]),
      'unsupported-tool-field',
      'tools[0].function.defer_loading',
    ],
    ['a namespace tool', openAIChatBody([{ type: 'namespace', name: 'crm', tools: [] }]), 'unsupported-tool-type', 'tools[0].type'],
    ['a tool_search tool', openAIChatBody([openAIChatTool('a'), { type: 'tool_search' }]), 'unsupported-tool-type', 'tools[1].type'],
    [
      'a strict permissive stub',
      openAIChatBody([openAIChatTool('a', { parameters: { ...STUB_INPUT_SCHEMA }, strict: true })]),
      'strict-schema-unsupported',
      'tools[0].function.parameters',
    ],
    [
      'a strict schema with an optional property',
      openAIChatBody([openAIChatTool('a', { strict: true })]),
      'strict-schema-unsupported',
      'tools[0].function.parameters',
    ],
    ['an empty tools array', openAIChatBody([]), 'empty-tools', 'tools'],
    ['tool_choice without tools', { model: 'm', messages: [], tool_choice: 'required' }, 'tool-choice-without-tools', 'tool_choice'],
    ['parallel_tool_calls without tools', { model: 'm', messages: [], parallel_tool_calls: true }, 'tool-choice-without-tools', 'parallel_tool_calls'],
    [
      'tool_choice naming a missing function',
      openAIChatBody([openAIChatTool('a')], undefined, { tool_choice: { type: 'function', function: { name: 'b' } } }),
      'tool-choice-unknown-tool',
      'tool_choice.function.name',
    ],
    [
      'allowed_tools naming a missing function',
      openAIChatBody([openAIChatTool('a')], undefined, {
        tool_choice: { type: 'allowed_tools', allowed_tools: { mode: 'auto', tools: [{ type: 'function', function: { name: 'b' } }] } },
      }),
      'tool-choice-unknown-tool',
      'tool_choice.allowed_tools.tools[0].function.name',
    ],
    [
      'a tool message without a call',
      openAIChatBody(
        [openAIChatTool('a')],
        [
          { role: 'user', content: 'hi' },
          { role: 'tool', tool_call_id: 'c1', content: 'x' },
        ],
      ),
      'tool-message-without-call',
      'messages[1].tool_call_id',
    ],
    [
      'a tool message after a user message',
      openAIChatBody(
        [openAIChatTool('a')],
        [
          { role: 'assistant', content: null, tool_calls: [call('c1')] },
          { role: 'tool', tool_call_id: 'c1', content: 'x' },
          { role: 'user', content: 'and?' },
          { role: 'tool', tool_call_id: 'c1', content: 'again' },
        ],
      ),
      'tool-message-without-call',
      'messages[3].tool_call_id',
    ],
    [
      'an unanswered tool call before a user message',
      openAIChatBody(
        [openAIChatTool('a')],
        [
          { role: 'assistant', content: null, tool_calls: [call('c1'), call('c2')] },
          { role: 'tool', tool_call_id: 'c1', content: 'x' },
          { role: 'user', content: 'hi' },
        ],
      ),
      'tool-call-without-result',
      'messages[0].tool_calls',
    ],
    [
      'an unanswered tool call at the end',
      openAIChatBody(
        [openAIChatTool('a')],
        [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: null, tool_calls: [call('c1')] },
        ],
      ),
      'tool-call-without-result',
      'messages[1].tool_calls',
    ],
    ['129 tools, one more than the API accepts', openAIChatBody(openAIChatTools(129)), 'too-many-tools', 'tools'],
    [
      'a description cut inside an emoji',
      openAIChatBody([openAIChatTool('a', { description: 'Weather \ud83d' })]),
      'lone-surrogate',
      'tools[0].function.description',
    ],
    [
      'a system message ending in half a CJK extension character',
      openAIChatBody([], [{ role: 'system', content: '\ud840' }]),
      'lone-surrogate',
      'messages[0].content',
    ],
  ])('flags %s', (_, body, rule, path) => {
    const result = preflightOpenAIChatRequest(body);
    expect(result.ok).toBe(false);
    expect(result.violations).toContainEqual(expect.objectContaining({ rule, path }));
  });

  describe('pairs tool messages with the calls of the assistant message before them', () => {
    // A history as steps: another message, an assistant message's calls, a tool message answering an id.
    type Step = ['calls', string[]] | ['result', unknown] | ['other'];
    const problems = (steps: readonly Step[]) => {
      const messages = steps.map((step) => {
        if (step[0] === 'calls') return { role: 'assistant', content: null, tool_calls: step[1].map((id) => call(id)) };
        if (step[0] === 'result') return { role: 'tool', ...(step[1] === undefined ? {} : { tool_call_id: step[1] }), content: 'x' };
        return { role: 'user', content: 'hi' };
      });
      return preflightOpenAIChatRequest(openAIChatBody([openAIChatTool('a')], messages)).violations.map(
        ({ rule, path, message }) => `${rule} ${path}: ${message}`,
      );
    };

    it('passes results that answer every call of the turn before them', () => {
      expect(problems([['other'], ['calls', ['a', 'b']], ['result', 'b'], ['result', 'a'], ['other']])).toEqual([]);
    });

    it.each<[string, Step[], string[]]>([
      [
        'a result with no call before it',
        [['other'], ['result', 'a']],
        ['tool-message-without-call messages[1].tool_call_id: tool message "a" (a string) does not answer a tool call of the assistant message before it'],
      ],
      [
        'a result without an id',
        [
          ['calls', ['a']],
          ['result', undefined],
        ],
        [
          'tool-message-without-call messages[1].tool_call_id: tool message nothing (undefined) does not answer a tool call of the assistant message before it',
          'tool-call-without-result messages[0].tool_calls: tool calls `a` have no `tool` message answering them',
        ],
      ],
      [
        'a second answer to one call',
        [
          ['calls', ['a']],
          ['result', 'a'],
          ['result', 'a'],
        ],
        ['tool-message-without-call messages[2].tool_call_id: tool message "a" (a string) does not answer a tool call of the assistant message before it'],
      ],
      [
        'a result after the turn ended',
        [['calls', ['a']], ['result', 'a'], ['other'], ['result', 'a']],
        ['tool-message-without-call messages[3].tool_call_id: tool message "a" (a string) does not answer a tool call of the assistant message before it'],
      ],
      [
        'calls left unanswered before other text',
        [['calls', ['a', 'b']], ['result', 'a'], ['other']],
        ['tool-call-without-result messages[0].tool_calls: tool calls `b` have no `tool` message answering them'],
      ],
      [
        'calls left unanswered before the next calls',
        [
          ['calls', ['a']],
          ['calls', ['b']],
          ['result', 'b'],
        ],
        ['tool-call-without-result messages[0].tool_calls: tool calls `a` have no `tool` message answering them'],
      ],
      [
        'calls left unanswered at the end',
        [['other'], ['calls', ['a']]],
        ['tool-call-without-result messages[1].tool_calls: tool calls `a` have no `tool` message answering them'],
      ],
    ])('reports %s', (_, steps, expected) => {
      expect(problems(steps)).toEqual(expected);
    });
  });

  it('passes 128 tools, the most the API accepts', () => {
    expect(preflightOpenAIChatRequest(openAIChatBody(openAIChatTools(128))).ok).toBe(true);
  });

  it('names the tool and the rule in its message', () => {
    const result = preflightOpenAIChatRequest(openAIChatBody([openAIChatTool('ChaDri.change_drink')]));
    expect(result.violations[0]?.message).toBe('function name "ChaDri.change_drink" (a string) does not match \'^[a-zA-Z0-9_-]{1,64}$\'');
  });

  it('never throws, whatever the body holds', () => {
    for (const body of [null, 1, [], { messages: [null, 1] }, { messages: [], tools: [null, { type: 'function' }] }]) {
      expect(() => preflightOpenAIChatRequest(body)).not.toThrow();
    }
  });
});
