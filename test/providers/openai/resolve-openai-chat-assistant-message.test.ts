import { describe, expect, it } from 'vitest';
import { resolveOpenAIChatAssistantMessage } from '../../../src/providers/openai/resolve-openai-chat-assistant-message.js';

const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };

describe('resolveOpenAIChatAssistantMessage', () => {
  it('gives the message itself when it is already in the turn’s form', () => {
    const message = { role: 'assistant', content: null, tool_calls: [call], refusal: null };
    expect(resolveOpenAIChatAssistantMessage(message)).toBe(message);
  });

  it('writes the same bytes for the whole message, the streamed one and finalChatCompletion()’s', () => {
    const whole = { role: 'assistant', content: null, tool_calls: [call], refusal: null, annotations: [] };
    const streamed = { role: 'assistant', content: null, tool_calls: [call], refusal: null };
    const helper = {
      role: 'assistant',
      content: null,
      refusal: null,
      tool_calls: [{ ...call, function: { ...call.function, parsed_arguments: { city: 'Paris' } } }],
      parsed: null,
    };
    const written = JSON.stringify(streamed);
    expect(JSON.stringify(resolveOpenAIChatAssistantMessage(whole))).toBe(written);
    expect(JSON.stringify(resolveOpenAIChatAssistantMessage(streamed))).toBe(written);
    expect(JSON.stringify(resolveOpenAIChatAssistantMessage(helper))).toBe(written);
  });

  it('keeps annotations that say something, and fields of compatible servers, in their order', () => {
    const annotations = [{ type: 'url_citation', url_citation: { url: 'https://a.example', title: 'A', start_index: 0, end_index: 1 } }];
    const message = { role: 'assistant', content: 'A.', reasoning_content: 'hm', annotations, refusal: null };
    expect(JSON.stringify(resolveOpenAIChatAssistantMessage(message))).toBe(
      JSON.stringify({ role: 'assistant', content: 'A.', refusal: null, annotations, reasoning_content: 'hm' }),
    );
  });

  it('does not change its input', () => {
    const message = { role: 'assistant', content: 'Hi.', refusal: null, annotations: [], parsed: null };
    const before = JSON.stringify(message);
    resolveOpenAIChatAssistantMessage(message);
    expect(JSON.stringify(message)).toBe(before);
  });
});
