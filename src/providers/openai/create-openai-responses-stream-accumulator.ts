import { isRecord } from '../../records/is-record.js';
import { createStreamReader } from '../../session/create-stream-reader.js';
import type { StreamAccumulator } from '../../session/stream-accumulator.js';

type Item = Record<string, unknown>;

const stream = /* @__PURE__ */ createStreamReader('Responses API');

/** The events that end a Responses stream, each with the whole response. */
const FINAL_EVENTS: ReadonlySet<unknown> = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * An accumulator of a Responses API stream (`responses.create({ ..., stream: true })`, or the SDK's
 * `responses.stream()` helper, whose events are the same): `push` each event, in order, then `response()` gives the
 * `Response` the request would have returned without streaming. `step` and `handle` read a stream through it. Not
 * part of the public API: the SDK's `finalResponse()` rebuilds it too (with `parsed_arguments` and `parsed`).
 *
 * The stream's last event (`response.completed`, or `response.incomplete` / `response.failed`) carries the whole
 * response, output items included (client-executed `tool_search_call`s, `additional_tools`, …): that response, as
 * the API sent it, is the result. A server that leaves its `output` empty gets the items of the stream's
 * `response.output_item.done` events in its place. `push` returns the pieces of `response.output_text.delta`.
 *
 * Throws a `ToolSearchError` (`invalid-request`): `push` for a value that is not a stream event; `response()` when the
 * stream ended before its last event (the connection was cut).
 */
export function createOpenAIResponsesStreamAccumulator(): StreamAccumulator<unknown, Item> {
  const done: Item[] = [];
  let final: Item | undefined;
  return {
    push(value: unknown) {
      const event = stream.event(value, 'events with a `type`', (event) => typeof event.type === 'string');
      if (event.type === 'response.output_text.delta') return typeof event.delta === 'string' ? event.delta : '';
      if (event.type === 'response.output_item.done' && isRecord(event.item))
        done[typeof event.output_index === 'number' ? event.output_index : done.length] = event.item;
      else if (FINAL_EVENTS.has(event.type) && isRecord(event.response)) final = event.response;
      return '';
    },
    response() {
      if (final === undefined) throw stream.ended('`response.completed`');
      const items = done.filter((item) => item !== undefined);
      return Array.isArray(final.output) && final.output.length === 0 && items.length > 0 ? { ...final, output: items } : final;
    },
  };
}
