import { describe, expect, it } from 'vitest';
import { preflightRequestBody } from '../support/preflight/preflight-request-body.js';
import type { PreflightViolation, ReportPreflightRule } from '../support/preflight/preflight-result.js';
import type { ToolNameRule } from '../../src/names/tool-name-rule.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import { preflightBedrockConverseRequest } from '../support/preflight/preflight-bedrock-converse-request.js';

const invalidBody = 'a test body';

describe('preflightRequestBody', () => {
  it.each([
    [null, 'null'],
    ['x', '"x" (a string)'],
    [1, '1'],
    [[], 'an array'],
  ])('reports %j as one invalid-body violation and checks nothing else', (body, described) => {
    let checked = false;
    const result = preflightRequestBody(body, {}, invalidBody, () => {
      checked = true;
      return undefined;
    });
    expect(checked).toBe(false);
    expect(result).toEqual({ ok: false, violations: [{ rule: 'invalid-body', path: '', message: `the body must be a test body, got ${described}` }] });
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

describe("preflightRequestBody's lone-surrogate rule", () => {
  const high = '\ud83d';
  const low = '\ude00';
  const lonePaths = (body: Record<string, unknown>) =>
    preflightRequestBody(body, {}, invalidBody, () => undefined)
      .violations.filter((violation) => violation.rule === 'lone-surrogate')
      .map((violation) => violation.path);

  it.each([
    ['plain', false],
    ['😀 and 𠀀 and 日本', false],
    [`ab${high}`, true],
    [`${low}ab`, true],
    [`${high}${high}${low}`, true],
    ['', false],
  ])('%j: %s', (text, expected) => {
    expect(lonePaths({ text })).toEqual(expected ? ['text'] : []);
  });

  it('names the path of every string and key holding one', () => {
    const body = {
      tools: [{ name: 'a', description: `Cut ${high}` }, { name: 'b' }],
      system: 'ok 😀',
      [`k${low}`]: 1,
      messages: [{ content: [{ text: high }] }],
    };
    expect(lonePaths(body)).toEqual(['tools[0].description', `k${low}`, 'messages[0].content[0].text']);
  });

  it('walks a sparse list, its holes included', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case
    expect(lonePaths({ content: [, [], high] })).toEqual(['content[2]']);
  });

  it('quotes the provider’s error in its message', () => {
    expect(preflightRequestBody({ system: high }, {}, invalidBody, () => undefined).violations[0]?.message).toContain('no low surrogate in string');
  });

  it('finds nothing in a well-formed body, and walks a deep one without overflowing', () => {
    let deep: unknown = 'end';
    for (let level = 0; level < 20_000; level += 1) deep = { child: deep };
    expect(lonePaths({ tools: [{ name: '😀', description: '日本語' }], deep })).toEqual([]);
  });
});

/** The violations `check` reports on an empty body (its `report` and shape checks), after what `check` returns. */
function reported<Value>(check: (report: ReportPreflightRule<Record<never, never>>) => Value): [Value, PreflightViolation[]] {
  let value: Value | undefined;
  const result = preflightRequestBody({}, {}, invalidBody, (_, report) => {
    value = check(report);
  });
  return [value as Value, [...result.violations]];
}

describe("preflightRequestBody's report.array", () => {
  it('accepts an array and reports nothing', () => {
    expect(reported((report) => report.array([], 'tools'))).toEqual([true, []]);
  });

  it.each([
    [{}, 'tools', '`tools` must be an array, got an object'],
    [null, 'config.tools', '`tools` must be an array, got null'],
    ['x', 'tools[0].functionDeclarations', '`functionDeclarations` must be an array, got "x" (a string)'],
  ])('reports %j at %s as invalid-body, naming the field', (value, path, message) => {
    expect(reported((report) => report.array(value, path))).toEqual([false, [{ rule: 'invalid-body', path, message }]]);
  });
});

describe("preflightRequestBody's report.record", () => {
  it('accepts an object and reports nothing', () => {
    expect(reported((report) => report.record({ a: 1 }, 'tools[0]', 'a tool'))).toEqual([true, []]);
  });

  it.each([
    [null, 'tools[0]', 'a tool', 'a tool must be an object, got null'],
    [[], 'messages[2]', 'a message', 'a message must be an object, got an array'],
    [3, 'config', '`config`', '`config` must be an object, got 3'],
  ])('reports %j at %s as invalid-body, naming the part', (value, path, what, message) => {
    expect(reported((report) => report.record(value, path, what))).toEqual([false, [{ rule: 'invalid-body', path, message }]]);
  });
});

describe("preflightRequestBody's report.names", () => {
  const rule: ToolNameRule = { label: 'Test', allowed: /[a-z_]/, maxLength: 8 };
  const messages = {
    invalid: (name: unknown, place: string) => `bad ${JSON.stringify(name)} at ${place}`,
    duplicate: (name: string, first: string, place: string) => `${name}: ${first} and ${place}`,
  };

  it('accepts names the rule accepts and reports the others at <place>.name', () => {
    const [answers, violations] = reported((report) => {
      const names = report.names(rule, messages);
      return [
        names.checkName('get_it', 'tools[0]'),
        names.checkName('Get-It', 'tools[1]'),
        names.checkName('much_too_long', 'tools[2]', 'tools[2].function.name'),
        names.checkName(undefined, 'tools[3]'),
      ];
    });
    expect(answers).toEqual([true, false, false, false]);
    expect(violations).toEqual([
      { rule: 'invalid-tool-name', path: 'tools[1].name', message: 'bad "Get-It" at tools[1]' },
      { rule: 'invalid-tool-name', path: 'tools[2].function.name', message: 'bad "much_too_long" at tools[2]' },
      { rule: 'invalid-tool-name', path: 'tools[3].name', message: 'bad undefined at tools[3]' },
    ]);
  });

  it('reports the second tool of a name, naming where the first is', () => {
    const [answers, violations] = reported((report) => {
      const names = report.names(rule, messages);
      const claims = [names.claim('a', 'tools[0]'), names.claim('b', 'tools[1]'), names.claim('a', 'tools[2]')];
      return [claims, [names.has('a'), names.has('b'), names.has('c'), names.has(undefined)]];
    });
    expect(answers).toEqual([
      [true, true, false],
      [true, true, false, false],
    ]);
    expect(violations).toEqual([{ rule: 'duplicate-tool-name', path: 'tools[2].name', message: 'a: tools[0] and tools[2]' }]);
  });

  it('checks the rule, then claims any string name, valid or not', () => {
    const [answers, violations] = reported((report) => {
      const names = report.names(rule, messages);
      return [names.check('A', 'tools[0]'), names.check('A', 'tools[1]'), names.check(7, 'tools[2]'), names.has('A')];
    });
    expect(answers).toEqual([false, false, false, true]);
    expect(violations.map((violation) => [violation.rule, violation.path])).toEqual([
      ['invalid-tool-name', 'tools[0].name'],
      ['invalid-tool-name', 'tools[1].name'],
      ['duplicate-tool-name', 'tools[1].name'],
      ['invalid-tool-name', 'tools[2].name'],
    ]);
  });

  it("words the rules from the name rule's pattern when the API gives no wording", () => {
    const [, violations] = reported((report) => {
      const names = report.names(rule);
      names.check('A', 'tools[0]');
      names.check('a', 'tools[1]');
      names.check('a', 'tools[2]');
    });
    expect(violations.map((violation) => violation.message)).toEqual([
      'tool name "A" (a string) does not match \'^[a-z_]{1,8}$\'',
      'tool `a` is also defined at `tools[1]`',
    ]);
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
