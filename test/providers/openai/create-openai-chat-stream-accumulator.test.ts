import { describe, expect, it } from 'vitest';
import { createOpenAIChatStreamAccumulator } from '../../../src/providers/openai/create-openai-chat-stream-accumulator.js';
import { resolveOpenAIChatAssistantMessage } from '../../../src/providers/openai/resolve-openai-chat-assistant-message.js';
import { cutEvery, streamOpenAIChatCompletion } from '../../support/streamed-replies.js';
import { chatReply } from '../../support/scripted-replies.js';

type Item = Record<string, unknown>;

function accumulate(chunks: readonly unknown[]) {
  const accumulator = createOpenAIChatStreamAccumulator();
  const texts = chunks.map((chunk) => accumulator.push(chunk));
  return { response: accumulator.response(), texts };
}

/**
 * The completion with its message as the session's turn writes it (`role`, `content`, `tool_calls`, `refusal`),
 * without the empty `annotations` a stream does not carry.
 */
function asWritten(completion: Item): Item {
  const choices = (completion.choices as Item[]).map((choice) => ({ ...choice, message: resolveOpenAIChatAssistantMessage(choice.message as Item) }));
  return { ...completion, choices };
}

describe('createOpenAIChatStreamAccumulator', () => {
  it.each([
    ['an answer', chatReply(1, [])],
    [
      'parallel tool calls, arguments split',
      chatReply(2, [
        ['call_1', 'tool_search', { query: 'café ☕' }],
        ['call_2', 'call_tool', { name: 'a', arguments: {} }],
      ]),
    ],
  ])('rebuilds the completion byte for byte, its message as the turn writes it: %s', (_, completion) => {
    expect(JSON.stringify(accumulate(streamOpenAIChatCompletion(completion, cutEvery(4))).response)).toBe(JSON.stringify(asWritten(completion)));
  });

  it('returns the first choice’s content pieces', () => {
    const { texts } = accumulate(streamOpenAIChatCompletion(chatReply(1, []), cutEvery(4)));
    expect(texts).toEqual(['File', 'd it', '.', '', '']);
  });

  it('joins a refusal and takes the usage of the last chunk', () => {
    const base = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1' };
    const chunks = [
      { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: null, refusal: 'I can' }, finish_reason: null }], usage: null },
      { ...base, choices: [{ index: 0, delta: { refusal: 'not.' }, finish_reason: 'stop' }], usage: null },
      { ...base, choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } },
    ];
    expect(accumulate(chunks).response).toEqual({
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'I cannot.' }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    });
  });

  it.each([
    ['no chunk came', [], 'the Chat Completions stream ended before its first chunk'],
    [
      'the finish reason never came',
      [{ id: 'c', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }] }],
      'the Chat Completions stream ended before choice 0 had a `finish_reason`: the stream was cut',
    ],
  ])('throws invalid-request when %s', (_, chunks, message) => {
    expect(() => accumulate(chunks)).toThrow(expect.objectContaining({ code: 'invalid-request', message }));
  });

  it('throws invalid-request for a value that is not a chunk', () => {
    expect(() => createOpenAIChatStreamAccumulator().push({ type: 'message_start' })).toThrow(
      expect.objectContaining({
        code: 'invalid-request',
        message: 'a Chat Completions stream yields `chat.completion.chunk`s (with `choices`), got an object',
      }),
    );
  });
});
