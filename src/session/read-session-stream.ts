import type { StreamAccumulator } from './stream-accumulator.js';
import type { SessionStreamOptions } from './session-stream-options.js';

/**
 * The response a stream rebuilds: every event is pushed into the API's accumulator, in order, and the answer text
 * each carries goes to `onText` (awaited) as it arrives. The iteration starts at once (an SDK helper stream hands
 * each event to the listeners present when it arrives). An error of the stream, the accumulator or `onText` ends the
 * reading and reaches the caller. Not part of the public API: `step` and `handle` read a stream through it.
 */
export async function readSessionStream<Response>(
  stream: AsyncIterable<unknown>,
  accumulator: StreamAccumulator<unknown, Response>,
  onText: SessionStreamOptions['onText'],
): Promise<Response> {
  for await (const event of stream) {
    const text = accumulator.push(event);
    if (text !== '' && onText !== undefined) await onText(text);
  }
  return accumulator.response();
}
