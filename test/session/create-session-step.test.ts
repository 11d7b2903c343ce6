import { describe, expect, it } from 'vitest';
import { createSessionStep, readSessionStream, runSessionStep, type SessionStepEntry } from '../../src/session/create-session-step.js';
import type { StreamAccumulator } from '../../src/session/stream-accumulator.js';
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

/** An accumulator of string events: each is answer text, and the response is all of them. */
function createTextAccumulator(log: string[]): StreamAccumulator<unknown, string[]> {
  const events: string[] = [];
  return {
    push(event) {
      log.push(`push ${String(event)}`);
      events.push(String(event));
      return String(event).startsWith('text:') ? String(event).slice(5) : '';
    },
    response: () => events,
  };
}

async function* streamOf(events: readonly string[]): AsyncGenerator<string> {
  yield* events;
}

describe('readSessionStream', () => {
  it('pushes every event in order and gives the accumulator’s response', async () => {
    const log: string[] = [];
    expect(await readSessionStream(streamOf(['a', 'text:b', 'c']), createTextAccumulator(log), undefined)).toEqual(['a', 'text:b', 'c']);
    expect(log).toEqual(['push a', 'push text:b', 'push c']);
  });

  it('hands each piece of text to onText right after its event, awaited, and skips events without text', async () => {
    const log: string[] = [];
    const onText = async (text: string) => {
      await Promise.resolve();
      log.push(`text ${text}`);
    };
    await readSessionStream(streamOf(['text:Hel', 'tool', 'text:lo']), createTextAccumulator(log), onText);
    expect(log).toEqual(['push text:Hel', 'text Hel', 'push tool', 'push text:lo', 'text lo']);
  });

  it('stops the stream (return) when onText throws', async () => {
    let closed = false;
    async function* stream() {
      try {
        yield 'text:a';
        yield 'text:b';
      } finally {
        closed = true;
      }
    }
    const failure = new Error('the UI is gone');
    await expect(
      readSessionStream(stream(), createTextAccumulator([]), () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(closed).toBe(true);
  });
});
