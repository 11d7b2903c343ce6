import { describe, expect, it } from 'vitest';
import { readOpenAIResponsesAddedTools } from '../../../src/providers/openai/read-openai-responses-added-tools.js';
import { responsesFunction, responsesNamespace } from '../../support/openai-responses-bodies.js';

const addition = (tools: unknown[], role = 'developer') => ({ type: 'additional_tools', role, tools });

describe('readOpenAIResponsesAddedTools', () => {
  it('reads the functions every additional_tools item added, in order, each once', () => {
    const input = [
      { type: 'message', role: 'user', content: 'hi' },
      addition([responsesFunction('get_weather'), responsesNamespace('crm', [responsesFunction('lookup'), responsesFunction('refund')])]),
      { type: 'function_call', call_id: 'c', name: 'get_weather', arguments: '{}' },
      addition([responsesFunction('send_email'), responsesFunction('get_weather')]),
    ];
    expect(readOpenAIResponsesAddedTools(input)).toEqual(['get_weather', 'lookup', 'refund', 'send_email']);
  });

  it('leaves out custom tools, items of another role, tool_search_output items and anything malformed', () => {
    const input = [
      addition([{ type: 'custom', name: 'patch' }, { type: 'web_search' }, null, { type: 'function' }, responsesFunction('kept')]),
      addition([responsesFunction('user_added')], 'user'),
      { type: 'tool_search_output', tools: [responsesFunction('searched')] },
      { type: 'additional_tools', role: 'developer', tools: 'nope' },
      'text',
    ];
    expect(readOpenAIResponsesAddedTools(input)).toEqual(['kept']);
  });

  it.each([undefined, null, 'hello', {}])('reads nothing from %j', (input) => {
    expect(readOpenAIResponsesAddedTools(input)).toEqual([]);
  });
});
