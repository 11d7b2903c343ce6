import { describe, expect, it } from 'vitest';
import { createOpenAIResponsesStreamAccumulator } from '../../../src/providers/openai/create-openai-responses-stream-accumulator.js';
import { cutEvery, streamOpenAIResponse } from '../../support/streamed-replies.js';
import { responsesReply } from '../../support/scripted-replies.js';

function accumulate(events: readonly unknown[]) {
  const accumulator = createOpenAIResponsesStreamAccumulator();
  const texts = events.map((event) => accumulator.push(event));
  return { response: accumulator.response(), texts };
}

const message = (text: string) => ({
  type: 'message',
  id: 'msg_1',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

describe('createOpenAIResponsesStreamAccumulator', () => {
  it.each([
    ['an answer', [message('Two open issues. 🐛')]],
    [
      'reasoning, then function calls',
      [
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'list_issues', arguments: '{"owner":"octo"}', status: 'completed' },
      ],
    ],
    [
      'a client-executed tool search',
      [{ type: 'tool_search_call', id: 'tsc_1', call_id: 'call_ts1', execution: 'client', status: 'completed', arguments: { query: 'list_issues' } }],
    ],
    [
      'a server-executed tool search and its output',
      [
        { type: 'tool_search_call', id: 'tsc_1', call_id: null, execution: 'server', status: 'completed', arguments: { paths: ['crm'] } },
        {
          type: 'tool_search_output',
          id: 'tso_1',
          call_id: null,
          execution: 'server',
          status: 'completed',
          tools: [{ type: 'function', name: 'get_customer', defer_loading: true, parameters: {} }],
        },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_customer', namespace: 'crm', arguments: '{}', status: 'completed' },
      ],
    ],
  ])('gives the response of response.completed, as the API sent it: %s', (_, output) => {
    const whole = responsesReply(1, output);
    expect(JSON.stringify(accumulate(streamOpenAIResponse(whole, cutEvery(3))).response)).toBe(JSON.stringify(whole));
  });

  it('returns the pieces of the output text', () => {
    const { texts } = accumulate(streamOpenAIResponse(responsesReply(1, [message('Two open issues.')]), cutEvery(6)));
    expect(texts.filter((text) => text !== '')).toEqual(['Two op', 'en iss', 'ues.']);
  });

  it('takes the items of output_item.done when the last event’s output is empty', () => {
    const whole = responsesReply(1, [message('Hi.')]);
    const events = streamOpenAIResponse(whole).map((event) => (event.type === 'response.completed' ? { ...event, response: { ...whole, output: [] } } : event));
    expect(accumulate(events).response).toEqual(whole);
  });

  it('throws invalid-request when the stream ended before its last event', () => {
    const events = streamOpenAIResponse(responsesReply(1, [message('Hi.')])).slice(0, -1);
    expect(() => accumulate(events)).toThrow(
      expect.objectContaining({ code: 'invalid-request', message: 'the Responses API stream ended before `response.completed`: the stream was cut' }),
    );
  });

  it('throws invalid-request for a value that is not an event', () => {
    expect(() => createOpenAIResponsesStreamAccumulator().push({ choices: [] })).toThrow(
      expect.objectContaining({ code: 'invalid-request', message: 'a Responses API stream yields events with a `type`, got an object' }),
    );
  });
});
