import { describe, expect, it } from 'vitest';
import { parseToolOutput } from '../../src/session/parse-tool-output.js';
import {
  createOpenAIChatToolSearch,
  createOpenAIResponsesToolSearch,
  preflightOpenAIChatRequest,
  preflightOpenAIResponsesRequest,
} from '../../src/providers/openai/index.js';
import { createAnthropicMessagesToolSearch, preflightAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { createGeminiToolSearch, preflightGeminiRequest } from '../../src/providers/gemini/index.js';
import { createBedrockConverseToolSearch, preflightBedrockConverseRequest } from '../../src/providers/bedrock/index.js';
import type { PreflightResult } from '../../src/preflight/preflight-result.js';

function cycle(): Record<string, unknown> {
  const output: Record<string, unknown> = { city: 'Paris' };
  output.self = output;
  return output;
}

describe('parseToolOutput', () => {
  it('returns JSON data, undefined and strings as they are', () => {
    for (const output of [{ a: [1] }, undefined, 'x', null, 0]) expect(parseToolOutput(output, 'the output')).toBe(output);
  });

  it('refuses a cycle or a BigInt naming where it is', () => {
    expect(() => parseToolOutput({ result: cycle() }, '`outputs[0]`')).toThrow(
      expect.objectContaining({
        code: 'invalid-tool-output',
        message: expect.stringContaining('`outputs[0]` at `result.self` holds an object that contains itself'),
      }),
    );
    expect(() => parseToolOutput(5n, '`outputs[1]`')).toThrow(
      expect.objectContaining({ code: 'invalid-tool-output', message: expect.stringContaining('`outputs[1]` holds a BigInt') }),
    );
  });
});

const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
const names = Array.from({ length: 20 }, (_, index) => `tool_${index}`);

/** One wire API: its factory with 20 tools, a first body, a response calling `tool_1`, and how a turn continues the body. */
/** What the test reads of a prepared request. */
interface PreparedRequest {
  readonly body: unknown;
  step(response: unknown): Promise<{ readonly pending: readonly { readonly name: string }[]; complete(outputs: unknown[]): unknown }>;
  handle(response: unknown, runTool: () => Promise<unknown>): Promise<Turn>;
}
type Turn = Record<string, unknown>;
/** What the test reads of a factory. */
interface Factory {
  prepare(body: unknown, options: { sessionId: string }): Promise<PreparedRequest>;
}

interface Wire {
  readonly api: string;
  readonly create: () => unknown;
  readonly body: Record<string, unknown>;
  readonly response: unknown;
  readonly next: (body: Record<string, unknown>, turn: Turn) => Record<string, unknown>;
  readonly preflight: (body: unknown) => PreflightResult;
}

const config = { threshold: 0 };
const WIRES: readonly Wire[] = [
  {
    api: 'Responses',
    create: () =>
      createOpenAIResponsesToolSearch({ tools: names.map((name) => ({ type: 'function', name, parameters: schema, strict: false })) as never, config }),
    body: { model: 'gpt-5.2', input: [{ role: 'user', content: 'hi' }] },
    response: { output: [{ type: 'function_call', call_id: 'c1', name: 'tool_1', arguments: '{"path":"a"}' }] },
    next: (body, turn) => ({ ...body, input: [...(body.input as unknown[]), ...(turn.input as unknown[])] }),
    preflight: preflightOpenAIResponsesRequest,
  },
  {
    api: 'Chat Completions',
    create: () => createOpenAIChatToolSearch({ tools: names.map((name) => ({ type: 'function', function: { name, parameters: schema } })) as never, config }),
    body: { model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] },
    response: {
      choices: [{ message: { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'tool_1', arguments: '{"path":"a"}' } }] } }],
    },
    next: (body, turn) => ({ ...body, messages: [...(body.messages as unknown[]), ...(turn.messages as unknown[])] }),
    preflight: preflightOpenAIChatRequest,
  },
  {
    api: 'Messages',
    create: () => createAnthropicMessagesToolSearch({ tools: names.map((name) => ({ name, input_schema: schema })) as never, config }),
    body: { model: 'claude-opus-4-5', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] },
    response: { content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_1', input: { path: 'a' } }] },
    next: (body, turn) => ({ ...body, messages: [...(body.messages as unknown[]), ...(turn.messages as unknown[])] }),
    preflight: preflightAnthropicMessagesRequest,
  },
  {
    api: 'Gemini',
    create: () => createGeminiToolSearch({ tools: [{ functionDeclarations: names.map((name) => ({ name, parametersJsonSchema: schema })) }] as never, config }),
    body: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    response: { candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'tool_1', args: { path: 'a' } } }] } }] },
    next: (body, turn) => ({ ...body, contents: [...(body.contents as unknown[]), ...(turn.contents as unknown[])] }),
    preflight: preflightGeminiRequest,
  },
  {
    api: 'Converse',
    create: () => createBedrockConverseToolSearch({ tools: names.map((name) => ({ toolSpec: { name, inputSchema: { json: schema } } })) as never, config }),
    body: { modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', messages: [{ role: 'user', content: [{ text: 'hi' }] }] },
    response: { output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'tool_1', input: { path: 'a' } } }] } } },
    next: (body, turn) => ({ ...body, messages: [...(body.messages as unknown[]), ...(turn.messages as unknown[])] }),
    preflight: preflightBedrockConverseRequest,
  },
];

describe.each(WIRES)('a tool output on $api (issue 24 item 10)', (wire) => {
  it.each([
    ['an object that contains itself', () => ({ result: cycle() }), 'at `result.self` holds an object that contains itself'],
    ['a BigInt', () => ({ id: 12n }), 'at `id` holds a BigInt'],
    [
      'objects nested 20,000 levels deep',
      () => {
        let output: Record<string, unknown> = {};
        for (let level = 0; level < 20_000; level += 1) output = { child: output };
        return output;
      },
      'holds objects nested more than 1000 levels deep',
    ],
  ])('refuses %s with invalid-tool-output, in step.complete and in handle', async (_label, output, message) => {
    const request = await (wire.create() as Factory).prepare(wire.body, { sessionId: 's' });
    const step = await request.step(wire.response);
    expect(step.pending.map((call) => call.name)).toEqual(['tool_1']);
    const expected = expect.objectContaining({ name: 'ToolSearchError', code: 'invalid-tool-output', message: expect.stringContaining(message) });
    expect(() => step.complete([output()])).toThrow(expected);
    await expect(request.handle(wire.response, async () => output())).rejects.toThrow(expected);
  });

  it.each([
    ['undefined', undefined],
    ['a function (JSON leaves it out)', () => 1],
    ['a symbol', Symbol('s')],
    ['NaN', Number.NaN],
    ['a 2 MB string', 'x'.repeat(2 * 1024 * 1024)],
    ['an object of undefined values', { a: undefined }],
    ['text cut inside an emoji (a lone surrogate, sent as U+FFFD)', 'sunny \ud83d'],
    ['an object whose key and value hold lone surrogates', { ['k\ude00']: ['v\ud83d'] }],
  ])('accepts %s, and the next request passes the preflight', async (_label, output) => {
    const toolSearch = wire.create() as Factory;
    const request = await toolSearch.prepare(wire.body, { sessionId: 's' });
    const turn = await request.handle(wire.response, async () => output);
    const next = await toolSearch.prepare(wire.next(wire.body, turn), { sessionId: 's' });
    expect(wire.preflight(next.body).violations).toEqual([]);
  });
});
