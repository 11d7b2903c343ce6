import { describe, expect, it } from 'vitest';
import {
  resolveUnpairedHistoryResults,
  resolveUnpairedToolResults,
  type ToolHistoryEntry,
  type ToolHistoryItem,
} from '../../src/session/resolve-unpaired-tool-results.js';
import { createOpenAIChatToolSearch } from '../../src/providers/openai/create-openai-chat-tool-search.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/create-gemini-tool-search.js';

const calls = (...keys: string[]): ToolHistoryEntry => ({ type: 'calls', keys });
const result = (key: string): ToolHistoryEntry => ({ type: 'result', keys: [key], path: key, label: key });
const other: ToolHistoryEntry = { type: 'other' };

describe('resolveUnpairedHistoryResults', () => {
  const at = (key: string) => ({ keys: [key], path: key, label: key });
  const read = (item: unknown): ToolHistoryItem | undefined => item as ToolHistoryItem | undefined;

  it('reads the results of an item before the calls it makes, so a turn cannot answer its own calls', () => {
    expect(resolveUnpairedHistoryResults([{ calls: ['a'] }, { calls: ['b'], results: [at('a'), at('b')] }], read, 'previous-turn')).toEqual([
      { type: 'result', ...at('b') },
    ]);
  });

  it('ends the turn at an item with neither calls nor results, and not at an item of results only', () => {
    const items = [{ calls: ['a', 'b'] }, { results: [at('a')] }, { results: [at('b')] }, undefined, { results: [at('a')] }];
    expect(resolveUnpairedHistoryResults(items, read, 'previous-turn').map((result) => result.path)).toEqual(['a']);
  });

  it('gives none for a history that is not a list', () => {
    expect(resolveUnpairedHistoryResults(undefined, read, 'earlier')).toEqual([]);
    expect(resolveUnpairedHistoryResults({ calls: [] }, read, 'earlier')).toEqual([]);
  });
});

describe('resolveUnpairedToolResults', () => {
  it('pairs a result with a call of the turn right before it (previous-turn)', () => {
    expect(resolveUnpairedToolResults([calls('a', 'b'), result('a'), result('b')], 'previous-turn')).toEqual([]);
  });

  it('finds a result without a call, a result after the turn ended, and one answering an older turn', () => {
    const history = [result('x'), calls('a'), result('a'), other, result('a'), calls('b'), result('a')];
    expect(resolveUnpairedToolResults(history, 'previous-turn').map((entry) => (entry as { path: string }).path)).toEqual(['x', 'a', 'a']);
  });

  it('pairs a result with any earlier call (earlier)', () => {
    expect(
      resolveUnpairedToolResults([calls('a'), other, calls('b'), result('a'), result('b'), result('c')], 'earlier').map(
        (entry) => (entry as { path: string }).path,
      ),
    ).toEqual(['c']);
  });
});

describe('prepare on a history whose tool results lack their calls', () => {
  const sessionId = 's';
  const schema = { type: 'object', properties: {} };

  it('throws invalid-request on Anthropic, whose API rejects the body whatever serves it', async () => {
    const toolSearch = createAnthropicMessagesToolSearch({ tools: [{ name: 'get_me', input_schema: schema }] });
    const messages = [
      { role: 'user' as const, content: 'hi' },
      { role: 'assistant' as const, content: 'Hello.' },
      { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_9', content: 'me' }] },
    ];
    const error = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 10, messages }, { sessionId }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ToolSearchError', code: 'invalid-request' });
    expect((error as Error).message).toContain(
      '`messages[2].content[0]` is a `tool_result` for `toolu_9`, but the message before it has no `tool_use` with that id',
    );
    expect((error as Error).message).toContain('`messages.push(...turn.messages)`');
  });

  it('throws invalid-request on Responses when the history is in the body, and does not check a stored conversation', async () => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: [{ type: 'function', name: 'get_me', parameters: schema, strict: false }] });
    const input = [
      { role: 'user', content: 'hi' },
      { type: 'function_call_output', call_id: 'call_9', output: 'me' },
    ];
    const error = await toolSearch.prepare({ model: 'gpt-5.4', input }, { sessionId }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'invalid-request',
      message: expect.stringContaining('`input[1]` is a `function_call_output` for `call_9`, but no item before it is its call'),
    });
    expect((error as Error).message).toContain('`input.push(...turn.input)`');
    const chained = await toolSearch.prepare({ model: 'gpt-5.4', input, previous_response_id: 'resp_1' }, { sessionId });
    expect(chained.warnings.map((warning) => warning.code)).not.toContain('unpaired-tool-result');
  });

  it.each(['constructor', 'toString'])('reads a Responses item of type %s as no tool output', async (type) => {
    const toolSearch = createOpenAIResponsesToolSearch({ tools: [{ type: 'function', name: 'get_me', parameters: schema, strict: false }] });
    const input = [
      { role: 'user', content: 'hi' },
      { type, call_id: 'call_9' },
    ];
    const request = await toolSearch.prepare({ model: 'gpt-5.4', input } as never, { sessionId });
    expect(request.warnings.map((warning) => warning.code)).not.toContain('unpaired-tool-result');
  });

  it('throws invalid-request on Gemini, matching by name when the call has no id', async () => {
    const toolSearch = createGeminiToolSearch({ tools: [{ functionDeclarations: [{ name: 'get_me', parametersJsonSchema: schema }] }] });
    const paired = [
      { role: 'model', parts: [{ functionCall: { name: 'get_me', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_me', response: { output: 'me' } } }] },
    ];
    await expect(toolSearch.prepare({ model: 'gemini-2.5-flash', contents: paired }, { sessionId })).resolves.toBeDefined();
    const orphan = [
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_me', response: { output: 'me' } } }] },
    ];
    await expect(toolSearch.prepare({ model: 'gemini-2.5-flash', contents: orphan }, { sessionId })).rejects.toMatchObject({
      code: 'invalid-request',
      message: expect.stringContaining(
        '`contents[1].parts[0]` is a `functionResponse` for `get_me`, but the content before it has no `functionCall` it answers',
      ),
    });
  });

  it('warns on Chat Completions, whose compatible servers differ, and sends the body', async () => {
    const toolSearch = createOpenAIChatToolSearch({ tools: [{ type: 'function', function: { name: 'get_me', parameters: schema } }] });
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'tool', tool_call_id: 'call_9', content: 'me' },
    ];
    const request = await toolSearch.prepare({ model: 'gpt-4.1', messages }, { sessionId });
    expect(request.warnings).toContainEqual({
      code: 'unpaired-tool-result',
      message: expect.stringContaining('`messages[1]` is a `tool` message for `call_9`, but the assistant message before it made no tool call with that id'),
    });
  });

  it('accepts the histories the session API itself builds', async () => {
    const toolSearch = createAnthropicMessagesToolSearch({ tools: [{ name: 'get_me', input_schema: schema }] });
    const request = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }, { sessionId });
    const turn = await request.handle({ content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_me', input: {} }], stop_reason: 'tool_use' }, async () => 'me');
    const next = await toolSearch.prepare(
      { model: 'claude-opus-4-8', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }, ...turn.messages] },
      { sessionId },
    );
    expect(next.warnings).toEqual(request.warnings);
  });
});
