import { describe, expect, it } from 'vitest';
import type { ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import { createBedrockConverseStreamAccumulator } from '../../../src/providers/bedrock/create-bedrock-converse-stream-accumulator.js';
import type { BedrockConverseStreamEvent } from '../../../src/providers/bedrock/bedrock-converse-api.js';
import { cutEvery, streamBedrockConverse } from '../../support/streamed-replies.js';
import { bedrockConverseReplyOf } from '../../support/scripted-model-apis.js';

type Item = Record<string, unknown>;

/** Pushes every event; returns the response and the text each push gave. */
function accumulate(events: readonly unknown[]) {
  const accumulator = createBedrockConverseStreamAccumulator();
  const texts = events.map((event) => accumulator.push(event as BedrockConverseStreamEvent));
  return { response: accumulator.response(), texts };
}

const use = (toolUseId: string, name: string, input: unknown) => ({ toolUse: { toolUseId, name, input } });

describe('createBedrockConverseStreamAccumulator', () => {
  it.each([
    ['answer text', [{ text: 'Your latte is now large and hot. ☕' }]],
    [
      'several tool uses, their input split',
      [use('t1', 'tool_search', { query: 'drink' }), use('t2', 'call_tool', { name: 'ChaDri_change_drink', arguments: { size: 'large' } })],
    ],
    ['a tool use without input', [use('t1', 'list_orders', {})]],
    [
      'reasoning with its signature, then text and a call',
      [
        { reasoningContent: { reasoningText: { text: 'The user wants a larger drink.', signature: 'c2ln' } } },
        { text: 'On it.' },
        use('t1', 'tool_search', { query: 'size' }),
      ],
    ],
  ])('rebuilds the ConverseCommand output byte for byte: %s', (_, content) => {
    const whole = bedrockConverseReplyOf(content);
    expect(JSON.stringify(accumulate(streamBedrockConverse(whole, cutEvery(3))).response)).toBe(JSON.stringify(whole));
  });

  it('keeps the optional fields of messageStop and metadata', () => {
    const whole = {
      ...bedrockConverseReplyOf([{ text: 'Done.' }]),
      additionalModelResponseFields: { stop_sequence: null },
      trace: { guardrail: { modelOutput: ['Done.'] } },
      performanceConfig: { latency: 'optimized' },
      serviceTier: { type: 'priority' },
    };
    expect(JSON.stringify(accumulate(streamBedrockConverse(whole)).response)).toBe(JSON.stringify(whole));
  });

  it('returns the answer text of each delta, not reasoning or tool input', () => {
    const whole = bedrockConverseReplyOf([{ reasoningContent: { reasoningText: { text: 'Hmm.' } } }, { text: 'Large it is.' }, use('t1', 'a', { b: 1 })]);
    const { texts } = accumulate(streamBedrockConverse(whole, cutEvery(5)));
    expect(texts.filter((text) => text !== '')).toEqual(['Large', ' it i', 's.']);
  });

  it('parses a tool use whose input came as no piece at all as {}', () => {
    const events = [
      { messageStart: { role: 'assistant' } },
      { contentBlockStart: { start: { toolUse: { toolUseId: 't1', name: 'list_orders' } }, contentBlockIndex: 0 } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'tool_use' } },
    ];
    expect(accumulate(events).response.output?.message?.content).toEqual([use('t1', 'list_orders', {})]);
  });

  it('rebuilds redacted reasoning, text with citations and a server tool’s result', () => {
    const redacted = new Uint8Array([1, 2, 3]);
    const events = [
      { messageStart: { role: 'assistant' } },
      { contentBlockDelta: { delta: { reasoningContent: { redactedContent: redacted } }, contentBlockIndex: 0 } },
      { contentBlockDelta: { delta: { text: 'Paris is ' }, contentBlockIndex: 1 } },
      { contentBlockDelta: { delta: { citation: { title: 'Atlas', location: { web: { url: 'https://atlas.example' } } } }, contentBlockIndex: 1 } },
      { contentBlockDelta: { delta: { text: 'in France.' }, contentBlockIndex: 1 } },
      { contentBlockStart: { start: { toolResult: { toolUseId: 's1', type: 'nova_grounding', status: 'success' } }, contentBlockIndex: 2 } },
      { contentBlockDelta: { delta: { toolResult: [{ text: 'found 3 pages' }] }, contentBlockIndex: 2 } },
      { messageStop: { stopReason: 'end_turn' } },
      { metadata: { usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 }, metrics: { latencyMs: 9 } } },
    ];
    expect(accumulate(events).response.output?.message?.content).toEqual([
      { reasoningContent: { redactedContent: redacted } },
      {
        citationsContent: { content: [{ text: 'Paris is in France.' }], citations: [{ title: 'Atlas', location: { web: { url: 'https://atlas.example' } } }] },
      },
      { toolResult: { toolUseId: 's1', content: [{ text: 'found 3 pages' }], type: 'nova_grounding', status: 'success' } },
    ]);
  });

  it('takes the SDK’s ConverseStreamOutput events', () => {
    const event: ConverseStreamOutput = { contentBlockDelta: { delta: { text: 'hi' }, contentBlockIndex: 0 } };
    expect(createBedrockConverseStreamAccumulator().push(event)).toBe('hi');
  });

  it.each([
    [
      'the stream ended before messageStop',
      [{ messageStart: { role: 'assistant' } }, { contentBlockDelta: { delta: { text: 'Hi' }, contentBlockIndex: 0 } }],
      'the Converse stream ended before `messageStop`: the stream was cut',
    ],
    [
      'a tool input is not JSON once complete',
      [
        { contentBlockStart: { start: { toolUse: { toolUseId: 't1', name: 'a' } }, contentBlockIndex: 0 } },
        { contentBlockDelta: { delta: { toolUse: { input: '{"b":' } }, contentBlockIndex: 0 } },
        { messageStop: { stopReason: 'tool_use' } },
      ],
      'the Converse stream\'s input of tool use `a` (`t1`) is not JSON once complete: "{\\"b\\":" (a string)',
    ],
  ])('throws invalid-request when %s', (_, events, message) => {
    expect(() => accumulate(events)).toThrow(expect.objectContaining({ code: 'invalid-request', message }));
  });

  it('throws invalid-request for an event that is not an object', () => {
    expect(() => createBedrockConverseStreamAccumulator().push(null as never)).toThrow(
      expect.objectContaining({ code: 'invalid-request', message: 'a Converse stream yields `ConverseStreamOutput` events, got null' }),
    );
  });

  it('ignores events it does not know (a new member), as the rebuilt output cannot hold them', () => {
    const whole = bedrockConverseReplyOf([{ text: 'Hi.' }]);
    const events: Item[] = streamBedrockConverse(whole);
    events.splice(1, 0, { $unknown: ['contentBlockNotice', {}] });
    expect(JSON.stringify(accumulate(events).response)).toBe(JSON.stringify(whole));
  });
});
