import { isRecord } from '../../records/is-record.js';
import { defineRecordField } from '../../records/define-record-field.js';
import { createStreamReader } from '../../session/create-stream-reader.js';
import type { StreamAccumulator } from '../../session/stream-accumulator.js';

type Item = Record<string, unknown>;

const stream = /* @__PURE__ */ createStreamReader('Messages API');

/**
 * An accumulator of a Messages API stream (`messages.create({ ..., stream: true })`, or the SDK's `messages.stream()`
 * helper, whose events are the same): `push` each event, in order, then `response()` gives the `Message` the request
 * would have returned without streaming. `step` and `handle` read a stream through it. Not part of the public API:
 * the SDK's `finalMessage()` rebuilds the same message (with each `tool_use` block's `input` moved last).
 *
 * `message_start` gives the message; each `content_block_start` a block (server blocks that carry a result, such as
 * `tool_search_tool_result`, come whole); deltas add `text`, `citations`, `thinking` and its `signature`, and the JSON
 * pieces of a `tool_use` or `server_tool_use` block's `input`, parsed when the block stops (no piece: `{}`) and kept
 * where the block has it; `message_delta` sets the stop reason and the usage (`output_tokens`, and the counters it
 * carries). `push` returns the answer text of a `text_delta`.
 *
 * Throws a `ToolSearchError` (`invalid-request`): `push` for a value that is not a stream event; `response()` when the
 * stream ended before `message_stop`, or a tool input is not JSON once complete.
 */
export function createAnthropicMessagesStreamAccumulator(): StreamAccumulator<unknown, Item> {
  let message: Item | undefined;
  let content: Item[] = [];
  const inputs = new Map<number, string>();
  let stopped = false;
  return {
    push(value: unknown) {
      const event = stream.event(value, 'events with a `type`', (event) => typeof event.type === 'string');
      const index = typeof event.index === 'number' ? event.index : content.length;
      switch (event.type) {
        case 'message_start':
          if (isRecord(event.message)) {
            message = { ...event.message, content: [] };
            content = message.content as Item[];
          }
          break;
        case 'content_block_start':
          if (isRecord(event.content_block)) {
            content[index] = { ...event.content_block };
            if (event.content_block.type === 'tool_use' || event.content_block.type === 'server_tool_use') inputs.set(index, '');
          }
          break;
        case 'content_block_delta':
          return addDelta(content[index], event.delta, inputs, index);
        case 'content_block_stop':
          parseInput(content[index], inputs, index);
          break;
        case 'message_delta':
          if (message !== undefined) applyMessageDelta(message, event);
          break;
        case 'message_stop':
          stopped = true;
          break;
      }
      return '';
    },
    response() {
      if (message === undefined || !stopped) throw stream.ended(`\`${message === undefined ? 'message_start' : 'message_stop'}\``);
      for (const index of [...inputs.keys()]) parseInput(content[index], inputs, index);
      message.content = content.filter((block) => block !== undefined);
      return message;
    },
  };
}

/** Adds a delta to its block; returns the answer text it carries. */
function addDelta(block: Item | undefined, delta: unknown, inputs: Map<number, string>, index: number): string {
  if (block === undefined || !isRecord(delta)) return '';
  switch (delta.type) {
    case 'text_delta':
      return appendText(block, 'text', delta.text);
    case 'citations_delta':
      block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
      break;
    case 'input_json_delta':
      if (typeof delta.partial_json === 'string' && inputs.has(index)) inputs.set(index, `${inputs.get(index)}${delta.partial_json}`);
      break;
    case 'thinking_delta':
      appendText(block, 'thinking', delta.thinking);
      break;
    case 'signature_delta':
      block.signature = delta.signature;
      break;
    case 'compaction_delta':
      block.content = delta.content;
      if ('encrypted_content' in delta) block.encrypted_content = delta.encrypted_content;
      break;
  }
  return '';
}

/** Adds a text piece to the block's text field `key` (a piece that is not text adds nothing); returns what it added. */
function appendText(block: Item, key: 'text' | 'thinking', piece: unknown): string {
  if (typeof piece !== 'string') return '';
  block[key] = `${typeof block[key] === 'string' ? block[key] : ''}${piece}`;
  return piece;
}

/** A tool block's `input`, parsed from its pieces once the block stops; assigned where the block holds it. */
function parseInput(block: Item | undefined, inputs: Map<number, string>, index: number): void {
  const pieces = inputs.get(index);
  if (block === undefined || pieces === undefined) return;
  inputs.delete(index);
  block.input = stream.json(pieces, `\`${String(block.name)}\` (\`${String(block.id)}\`)`);
}

/** The stop reason, stop sequence and the final usage counters of `message_delta`. */
function applyMessageDelta(message: Item, event: Item): void {
  if (isRecord(event.delta)) {
    // As the SDK's own accumulator: the stop reason and sequence always, other fields (`container`, …) when set.
    for (const [key, value] of Object.entries(event.delta))
      if (key === 'stop_reason' || key === 'stop_sequence' || (value !== null && value !== undefined)) defineRecordField(message, key, value);
  }
  if (isRecord(event.usage)) {
    const usage = isRecord(message.usage) ? { ...message.usage } : {};
    // The counters are whole-message totals, present only when they apply: each one given replaces the start's.
    for (const [key, value] of Object.entries(event.usage)) if (value !== null && value !== undefined) defineRecordField(usage, key, value);
    message.usage = usage;
  }
}
