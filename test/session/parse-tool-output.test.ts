import { describe, expect, it } from 'vitest';
import { parseToolOutput } from '../../src/session/parse-tool-output.js';
import { SESSION_WIRES, type Factory } from '../support/session-wires.js';

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

describe.each(SESSION_WIRES)('a tool output on $api (issue 24 item 10)', (wire) => {
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
