import { describe, expect, it } from 'vitest';
import { createSessionStep, type SessionStepEntry } from '../../src/session/create-session-step.js';
import { runSessionStep } from '../../src/session/run-session-step.js';
import type { ToolSearchResult } from '../../src/client/tool-search-result.js';

const found: ToolSearchResult = { status: 'found', tools: [] };
const entries: SessionStepEntry<string>[] = [
  { call: { type: 'run', id: 'a', name: 'get_me', arguments: {}, checked: true }, write: (output) => `a:${String(output)}` },
  { call: { type: 'search', id: 'b', name: 'tool_search', result: found }, write: () => 'b:searched' },
  { call: { type: 'run', id: 'c', name: 'get_teams', arguments: { org: 'octo' }, checked: true }, write: (output) => `c:${String(output)}` },
];

describe('createSessionStep', () => {
  it('lists every call, and as pending only those the caller runs', () => {
    const step = createSessionStep(entries, (answers) => answers);
    expect(step.calls.map((call) => call.id)).toEqual(['a', 'b', 'c']);
    expect(step.pending.map((call) => call.id)).toEqual(['a', 'c']);
  });

  it('writes each pending call’s output in its place, the library’s answers in theirs, and can complete again', () => {
    const step = createSessionStep(entries, (answers) => answers);
    expect(step.complete(['me', 'teams'])).toEqual(['a:me', 'b:searched', 'c:teams']);
    expect(step.complete(['me', 'teams'])).toEqual(['a:me', 'b:searched', 'c:teams']);
  });

  it('throws invalid-options naming the pending calls when the outputs do not match them', () => {
    const step = createSessionStep(entries, (answers) => answers);
    for (const outputs of [['me'], ['me', 'teams', 'extra'], 'me' as unknown as unknown[]]) {
      expect(() => step.complete(outputs)).toThrow(
        expect.objectContaining({
          name: 'ToolSearchError',
          code: 'invalid-options',
          message: expect.stringContaining("one output per pending call, in `step.pending`'s order (2: `get_me`, `get_teams`)"),
        }),
      );
    }
  });
});

describe('runSessionStep (what handle does)', () => {
  it('runs the pending calls one after another, in order, with their ids and session', async () => {
    const trace: string[] = [];
    const turn = await runSessionStep(
      async () => createSessionStep(entries, (answers) => answers),
      async (name, _args, call) => {
        trace.push(`start ${name} ${call.id} ${call.sessionId}`);
        await new Promise((resolve) => setImmediate(resolve));
        trace.push(`end ${name}`);
        return name.length;
      },
      's1',
    );
    expect(trace).toEqual(['start get_me a s1', 'end get_me', 'start get_teams c s1', 'end get_teams']);
    expect(turn).toEqual(['a:6', 'b:searched', 'c:9']);
  });

  it('throws invalid-options for a runTool that is not a function, before reading the response', async () => {
    let read = false;
    const step = async () => {
      read = true;
      return createSessionStep(entries, (answers) => answers);
    };
    await expect(runSessionStep(step, 'run' as never, 's')).rejects.toMatchObject({
      code: 'invalid-options',
      message: expect.stringContaining('`runTool` must be a function'),
    });
    expect(read).toBe(false);
  });

  it('lets an exception from runTool end the turn', async () => {
    const failing = async () => {
      throw new Error('boom');
    };
    await expect(runSessionStep(async () => createSessionStep(entries, (answers) => answers), failing, 's')).rejects.toThrow('boom');
  });
});
