import { describe, expect, it } from 'vitest';
import { preflightRequestBody } from '../../src/preflight/preflight-request-body.js';
import { preflightOpenAIChatRequest } from '../../src/providers/openai/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../../src/providers/openai/preflight-openai-responses-request.js';
import { preflightAnthropicMessagesRequest } from '../../src/providers/anthropic/preflight-anthropic-messages-request.js';
import { preflightGeminiRequest } from '../../src/providers/gemini/preflight-gemini-request.js';
import { preflightBedrockConverseRequest } from '../../src/providers/bedrock/preflight-bedrock-converse-request.js';

const invalidBody = (value: unknown) => `not a body: ${typeof value}`;

describe('preflightRequestBody', () => {
  it.each([null, 'x', 1, []])('reports %j as one invalid-body violation and checks nothing else', (body) => {
    let checked = false;
    const result = preflightRequestBody(body, {}, invalidBody, () => {
      checked = true;
      return undefined;
    });
    expect(checked).toBe(false);
    expect(result).toEqual({ ok: false, violations: [{ rule: 'invalid-body', path: '', message: invalidBody(body) }] });
  });

  it('passes a body the checks find nothing in', () => {
    expect(preflightRequestBody({ tools: [] }, {}, invalidBody, () => undefined)).toEqual({ ok: true, violations: [] });
  });

  it("keeps the checks' violations in order, then the lone surrogates", () => {
    const result = preflightRequestBody({ a: 'ok', b: '\ud83d' }, { 'my-rule': (text: string) => text }, invalidBody, (body, report) => {
      report('my-rule', 'a', 'first');
      report('invalid-tool-name', 'b', 'second');
      expect(body.a).toBe('ok');
      return undefined;
    });
    expect(result.ok).toBe(false);
    expect(result.violations.map((violation) => [violation.rule, violation.path])).toEqual([
      ['my-rule', 'a'],
      ['invalid-tool-name', 'b'],
      ['lone-surrogate', 'b'],
    ]);
  });

  it('words a rule of the table by its entry, and a shared rule by the message given', () => {
    const messages = { 'too-many': (count: number, limit: number) => `${count} tools; at most ${limit}` };
    const result = preflightRequestBody({ tools: [] }, messages, invalidBody, (_, report) => {
      report('too-many', 'tools', 3, 2);
      report('invalid-body', 'messages', '`messages` must be an array');
      return undefined;
    });
    expect(result.violations).toEqual([
      { rule: 'too-many', path: 'tools', message: '3 tools; at most 2' },
      { rule: 'invalid-body', path: 'messages', message: '`messages` must be an array' },
    ]);
  });

  it('looks for no lone surrogates once a check stops', () => {
    const result = preflightRequestBody({ config: '\ud83d' }, {}, invalidBody, (_, report) => {
      report('invalid-body', 'config', '`config` must be an object');
      return 'stop';
    });
    expect(result).toEqual({ ok: false, violations: [{ rule: 'invalid-body', path: 'config', message: '`config` must be an object' }] });
  });

  it.each([
    [
      'an object that contains itself',
      () => {
        const output: Record<string, unknown> = { city: 'Paris' };
        output.self = output;
        return output;
      },
      'messages[1].content.self',
      'a cycle',
    ],
    ['a BigInt', () => ({ id: 12n }), 'messages[1].content.id', 'a BigInt'],
  ])('reports a body holding %s as one unserializable-value violation, and checks nothing else', (_label, value, path, what) => {
    let checked = false;
    const result = preflightRequestBody({ messages: [{ role: 'user' }, { role: 'tool', content: value() }], system: '\ud83d' }, {}, invalidBody, () => {
      checked = true;
      return undefined;
    });
    expect(checked).toBe(false);
    expect(result.ok).toBe(false);
    expect(result.violations).toEqual([{ rule: 'unserializable-value', path, message: expect.stringContaining(what) }]);
  });
});

describe('every preflight, given a body whose tool result holds a cycle (issue 24 item 9: each never returned)', () => {
  const cycle = () => {
    const output: Record<string, unknown> = { city: 'Paris' };
    output.self = output;
    return output;
  };
  it.each([
    [
      'Responses',
      () =>
        preflightOpenAIResponsesRequest({
          model: 'gpt-5.4',
          input: [
            { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' },
            { type: 'function_call_output', call_id: 'c', output: cycle() },
          ],
        }),
      'input[1].output.self',
    ],
    [
      'Chat Completions',
      () =>
        preflightOpenAIChatRequest({
          model: 'gpt-4.1',
          messages: [
            { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
            { role: 'tool', tool_call_id: 'c', content: cycle() },
          ],
        }),
      'messages[1].content.self',
    ],
    [
      'Messages',
      () =>
        preflightAnthropicMessagesRequest({
          model: 'claude-opus-4-5',
          max_tokens: 5,
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: cycle() }] },
          ],
        }),
      'messages[2].content[0].content.self',
    ],
    [
      'Gemini',
      () =>
        preflightGeminiRequest({
          model: 'gemini-2.5-flash',
          contents: [
            { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
            { role: 'user', parts: [{ functionResponse: { name: 'f', response: cycle() } }] },
          ],
        }),
      'contents[1].parts[0].functionResponse.response.self',
    ],
    [
      'Converse',
      () =>
        preflightBedrockConverseRequest({
          modelId: 'x',
          messages: [
            { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'f', input: {} } }] },
            { role: 'user', content: [{ toolResult: { toolUseId: 't', content: [{ json: cycle() }] } }] },
          ],
        }),
      'messages[1].content[0].toolResult.content[0].json.self',
    ],
  ])('%s returns unserializable-value at the cycle', (_api, preflight, path) => {
    const result = preflight();
    expect(result.ok).toBe(false);
    expect(result.violations.map((violation) => [violation.rule, violation.path])).toEqual([['unserializable-value', path]]);
  });
});
