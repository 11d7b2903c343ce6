import { describe, expect, it } from 'vitest';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { createToolPredictor, type ToolPredictor } from '../../src/request/create-tool-predictor.js';
import { parseAnthropicMessagesTools, transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { parseOpenAIChatTools, transformOpenAIChatRequest } from '../../src/providers/openai/index.js';

/**
 * A tool the conversation called is not predicted, whether the history calls it by its own name or through `call_tool`:
 * the transformer writes a history call of a tool the `names` listing leaves out as a `call_tool` call, so its own
 * output must read back the same (property seed 308984915: the first request predicted nothing, its output predicted
 * the tool it had called).
 */
describe('the prediction step reads a call through call_tool as a call of the tool it names', () => {
  const predict = createToolPredictor('auto') as ToolPredictor;
  const found = JSON.stringify({ status: 'found', tools: [{ name: 'c', inputSchema: { type: 'object' } }] });

  it('on Anthropic Messages: the transformer’s output predicts nothing when transformed again (the seed’s case)', () => {
    const body = {
      model: 'claude-opus-4-5@20251101',
      max_tokens: 1024,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_0', name: 'c', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_0', content: found }] },
        { role: 'assistant', content: 'Done.' },
        { role: 'user', content: 'please c' },
      ],
      tools: [{ name: 'c', description: 'c', input_schema: { type: 'object' }, defer_loading: true }],
    };
    const plan = resolveToolSearch({ id: body.model, platform: 'vertex', api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), {
      mechanism: 'client',
      listing: 'names',
    });
    const catalog = parseAnthropicMessagesTools(body);
    const first = transformAnthropicMessagesRequest(body, plan, { catalog, predict });
    expect(first.predicted).toBeUndefined();
    // The history's call of `c` is sent through `call_tool`, `c` being left out of the list.
    expect(JSON.stringify(first.body)).toContain('"name":"call_tool","input":{"name":"c","arguments":{}}');
    const second = transformAnthropicMessagesRequest(first.body, plan, { catalog, predict });
    expect(second.predicted).toBeUndefined();
    expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
  });

  it('on Chat Completions: call_tool’s arguments as JSON text name the tool called', () => {
    const tools = [{ type: 'function', function: { name: 'c', description: 'c', parameters: { type: 'object' } } }];
    const history = (call: { name: string; arguments: string }) => ({
      model: 'gpt-5.4',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: call }] },
        { role: 'tool', tool_call_id: 'call_0', content: 'ok' },
        { role: 'assistant', content: 'Done.' },
        { role: 'user', content: 'please c' },
      ],
      tools,
    });
    const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-chat' }, parseOpenAIChatTools({ tools }), {
      mechanism: 'client',
      listing: 'names',
      neverDefer: [],
      threshold: 0,
    });
    const direct = transformOpenAIChatRequest(history({ name: 'c', arguments: '{}' }), plan, { predict });
    const through = transformOpenAIChatRequest(history({ name: 'call_tool', arguments: '{"name":"c","arguments":{}}' }), plan, { predict });
    expect(direct.predicted).toBeUndefined();
    expect(through.predicted).toBeUndefined();
    // Nothing else keeps `c` from being predicted: a history that never called it loads it.
    const never = transformOpenAIChatRequest(history({ name: 'call_tool', arguments: '{"name":"other","arguments":{}}' }), plan, { predict });
    expect(never.predicted?.names).toEqual(['c']);
  });
});
