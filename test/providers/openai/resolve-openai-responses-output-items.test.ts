import { describe, expect, it } from 'vitest';
import { resolveOpenAIResponsesOutputItems } from '../../../src/providers/openai/resolve-openai-responses-output-items.js';

const call = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{}', status: 'completed' };
const message = { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hi.', annotations: [] }] };
const search = { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_ts', execution: 'client', arguments: { query: 'x' }, status: 'completed' };

describe('resolveOpenAIResponsesOutputItems', () => {
  it('gives the list itself when no item carries the SDK’s parse results', () => {
    const output = [search, call, message];
    expect(resolveOpenAIResponsesOutputItems(output)).toBe(output);
  });

  it('leaves out what finalResponse() adds, giving the items the API sent', () => {
    const helper = [search, { ...call, parsed_arguments: null }, { ...message, content: [{ ...message.content[0], parsed: null }] }];
    expect(JSON.stringify(resolveOpenAIResponsesOutputItems(helper))).toBe(JSON.stringify([search, call, message]));
  });
});
