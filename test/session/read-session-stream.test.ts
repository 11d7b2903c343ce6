import { describe, expect, it } from 'vitest';
import { readSessionStream } from '../../src/session/read-session-stream.js';
import type { StreamAccumulator } from '../../src/session/stream-accumulator.js';

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
