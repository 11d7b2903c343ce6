import { describe, expect, it } from 'vitest';
import { createAnthropicMessagesStreamAccumulator } from '../../../src/providers/anthropic/create-anthropic-messages-stream-accumulator.js';
import { cutEvery, streamAnthropicMessage } from '../../support/streamed-replies.js';
import { anthropicReply } from '../../support/scripted-replies.js';

function accumulate(events: readonly unknown[]) {
  const accumulator = createAnthropicMessagesStreamAccumulator();
  const texts = events.map((event) => accumulator.push(event));
  return { response: accumulator.response(), texts };
}

const toolSearchResult = {
  type: 'tool_search_tool_result',
  tool_use_id: 'srvtoolu_1',
  content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'get_weather' }] },
};

describe('createAnthropicMessagesStreamAccumulator', () => {
  it.each([
    ['an answer', anthropicReply([{ type: 'text', text: 'Sunny in Paris. ☀️' }], 'end_turn')],
    [
      'thinking, text and tool uses, input split',
      anthropicReply(
        [
          { type: 'thinking', thinking: 'The user wants the weather.', signature: 'c2ln' },
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'weather' }, caller: { type: 'direct' } },
          { type: 'tool_use', id: 'toolu_2', name: 'get_time', input: {}, caller: { type: 'direct' } },
        ],
        'tool_use',
      ),
    ],
    [
      'Anthropic’s hosted search: server_tool_use and tool_search_tool_result',
      anthropicReply(
        [
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'weather' }, caller: { type: 'direct' } },
          toolSearchResult,
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' }, caller: { type: 'direct' } },
        ],
        'tool_use',
      ),
    ],
    [
      'text with citations',
      anthropicReply([{ type: 'text', text: 'Paris.', citations: [{ type: 'char_location', cited_text: 'Paris', document_index: 0 }] }], 'end_turn'),
    ],
  ])('rebuilds the message byte for byte: %s', (_, message) => {
    expect(JSON.stringify(accumulate(streamAnthropicMessage(message, cutEvery(4))).response)).toBe(JSON.stringify(message));
  });

  it('returns the text deltas only', () => {
    const message = anthropicReply(
      [
        { type: 'thinking', thinking: 'Hmm.', signature: 's' },
        { type: 'text', text: 'Sunny.' },
      ],
      'end_turn',
    );
    const { texts } = accumulate(streamAnthropicMessage(message, cutEvery(3)));
    expect(texts.filter((text) => text !== '')).toEqual(['Sun', 'ny.']);
  });

  it('takes the usage counters message_delta carries', () => {
    const events = streamAnthropicMessage(anthropicReply([{ type: 'text', text: 'Hi.' }], 'end_turn'));
    const delta = events.find((event) => event.type === 'message_delta') as { usage: Record<string, unknown> };
    delta.usage = { output_tokens: 7, input_tokens: 120, cache_read_input_tokens: 80, server_tool_use: null };
    expect(accumulate(events).response.usage).toEqual({ input_tokens: 120, output_tokens: 7, cache_creation_input_tokens: 0, cache_read_input_tokens: 80 });
  });

  it.each([
    ['no message_start came', [], 'the Messages API stream ended before `message_start`: the stream was cut'],
    [
      'message_stop never came',
      streamAnthropicMessage(anthropicReply([{ type: 'text', text: 'Hi' }], 'end_turn')).slice(0, -1),
      'the Messages API stream ended before `message_stop`: the stream was cut',
    ],
    [
      'a tool input is not JSON once complete',
      [
        { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [], usage: {} } },
        { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'a', input: {} } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"b"' } },
        { type: 'content_block_stop', index: 0 },
      ],
      'the Messages API stream\'s input of `a` (`toolu_1`) is not JSON once complete: "{\\"b\\"" (a string)',
    ],
  ])('throws invalid-request when %s', (_, events, message) => {
    expect(() => accumulate(events)).toThrow(expect.objectContaining({ code: 'invalid-request', message }));
  });

  it('throws invalid-request for a value that is not an event', () => {
    expect(() => createAnthropicMessagesStreamAccumulator().push(42)).toThrow(
      expect.objectContaining({ code: 'invalid-request', message: 'a Messages API stream yields events with a `type`, got 42' }),
    );
  });
});
