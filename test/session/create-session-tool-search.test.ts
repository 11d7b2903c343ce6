/**
 * The generic session factory's native-delivery hook, over a Responses-shaped adapter whose two hooks are written
 * here (the Responses writer owns the real ones): the real codec, plan, search and call check.
 */
import { describe, expect, it } from 'vitest';
import { createSessionToolSearch } from '../../src/session/create-session-tool-search.js';
import type { SessionAdapter } from '../../src/session/session-adapter.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import { formatSessionAnswer } from '../../src/session/format-session-answer.js';
import { OPENAI_RESPONSES_CODEC } from '../../src/providers/openai/openai-responses-codec.js';
import { createOpenAIResponsesTools } from '../../src/providers/openai/create-openai-responses-tools.js';
import { manyTools, tool } from '../support/tools.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { createAnthropicMessagesTools } from '../../src/providers/anthropic/create-anthropic-messages-tools.js';
import { createOpenAIChatToolSearch } from '../../src/providers/openai/create-openai-chat-tool-search.js';
import { createOpenAIChatTools } from '../../src/providers/openai/index.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/create-gemini-tool-search.js';
import { createGeminiFunctionDeclarations } from '../../src/providers/gemini/index.js';

const weather = tool('get_weather', undefined, { description: 'Get the weather in a city.' });
const catalog = createOpenAIResponsesTools([weather, ...manyTools(19)]);

interface Turn {
  readonly input: unknown[];
  readonly additions: readonly unknown[];
}

/** Writes an addition as Responses does: one `additional_tools` item (the Responses writer's shape). */
const writeAddition = (definitions: readonly ToolDefinition[]) => [
  { type: 'additional_tools', role: 'developer', tools: definitions.map((definition) => ({ type: 'function', name: definition.name })) },
];

/**
 * The example API's stream: `{ item }` events carry whole output items, `{ text }` events a piece of the answer, and
 * `{ end: true }` ends it (the accumulator throws without it, as a real one does for a cut stream).
 */
function createExampleStreamAccumulator() {
  const output: unknown[] = [];
  let ended = false;
  return {
    push(event: unknown) {
      const { item, text, end } = event as { item?: unknown; text?: string; end?: boolean };
      if (item !== undefined) output.push(item);
      if (end === true) ended = true;
      return text ?? '';
    },
    response() {
      if (!ended) throw new ToolSearchError('invalid-request', 'the example stream ended before its end');
      return { output };
    },
  };
}

function createExample(config: ToolSearchConfigInput, hooks: Pick<SessionAdapter<string>, 'writeAddition'> = { writeAddition }) {
  return createSessionToolSearch<string>(
    { tools: catalog, config, model: 'gpt-5.4' },
    {
      api: 'openai-responses',
      label: 'createExampleToolSearch',
      withJSONSchemas: (entry) => entry,
      codec: OPENAI_RESPONSES_CODEC as SessionAdapter<string>['codec'],
      unpaired: 'throw',
      createStreamAccumulator: createExampleStreamAccumulator,
      readResponse: (response) => {
        const output = (response as { output: { type: string; call_id: string; name: string; arguments: string }[] }).output;
        return {
          calls: output.map((item) => ({
            id: item.call_id,
            name: item.name,
            arguments: item.arguments,
            write: (answer) => ({ type: 'function_call_output', call_id: item.call_id, output: formatSessionAnswer(answer) }),
          })),
          finish: (answers, additions): Turn => ({ input: [...output, ...answers, ...additions], additions }),
        };
      },
      ...hooks,
    },
  );
}

const call = (id: string, name: string, args: unknown) => ({ type: 'function_call', call_id: id, name, arguments: JSON.stringify(args) });
const body = (input: unknown[] = [{ role: 'user', content: 'weather in Paris?' }]) => ({ model: 'gpt-5.4', input });

describe('createSessionToolSearch with native delivery', () => {
  it('adds what a turn’s searches loaded once, after the answers, through the adapter', async () => {
    const request = await createExample({ mechanism: 'client', predict: 'off' }).prepare(body(), { sessionId: 's' });
    expect(request.plan).toMatchObject({ reveal: 'native', additions: 'value' });
    const response = { output: [call('a', 'tool_search', { query: 'select:get_weather,tool_1' }), call('b', 'tool_search', { query: 'select:get_weather' })] };
    const turn = (await request.handle(response, async () => 'ran')) as Turn;
    expect(turn.additions).toEqual([
      {
        type: 'additional_tools',
        role: 'developer',
        tools: [
          { type: 'function', name: 'get_weather' },
          { type: 'function', name: 'tool_1' },
        ],
      },
    ]);
    expect(turn.input.map((item) => (item as { type: string }).type)).toEqual([
      'function_call',
      'function_call',
      'function_call_output',
      'function_call_output',
      'additional_tools',
    ]);
    const answer = JSON.parse((turn.input[2] as { output: string }).output);
    expect(answer).toEqual({
      status: 'found',
      tools: [{ name: 'get_weather' }, { name: 'tool_1' }],
      message: 'These tools are now loaded: call them by their own names.',
    });
  });

  it('gives step() users the same items', async () => {
    const request = await createExample({ mechanism: 'client' }).prepare(body(), { sessionId: 's' });
    const response = { output: [call('a', 'tool_search', { query: 'select:get_weather' })] };
    const step = await request.step(response);
    expect(step.pending).toEqual([]);
    expect(step.complete([])).toEqual(await request.handle(response, async () => 'ran'));
  });

  it('adds nothing the history already added, and nothing when a turn loads nothing', async () => {
    const history = [{ role: 'user', content: 'hi' }, ...writeAddition([weather])];
    const request = await createExample({ mechanism: 'client' }).prepare(body(history), { sessionId: 's' });
    const searched = (await request.handle({ output: [call('a', 'tool_search', { query: 'select:get_weather' })] }, async () => 'ran')) as Turn;
    expect(searched.additions).toEqual([]);
    expect(JSON.parse((searched.input[1] as { output: string }).output)).toMatchObject({ tools: [], loadedEarlier: ['get_weather'] });
    const ran = (await request.handle(
      { output: [call('b', 'get_weather', { path: 'Paris' })] },
      async (name, args) => `${name} ${JSON.stringify(args)}`,
    )) as Turn;
    expect(ran.additions).toEqual([]);
    expect(ran.input[1]).toEqual({ type: 'function_call_output', call_id: 'b', output: 'get_weather {"path":"Paris"}' });
  });

  it('adds the tool of a misfit blind call that was never added', async () => {
    const request = await createExample({ mechanism: 'client', predict: 'off' }).prepare(body(), { sessionId: 's' });
    const turn = (await request.handle({ output: [call('a', 'get_weather', {})] }, async () => 'ran')) as Turn;
    expect(turn.additions).toEqual(writeAddition([weather]));
  });

  it('adds nothing with reveals in the conversation, whose results keep their schemas', async () => {
    const request = await createExample({ mechanism: 'client', reveal: 'conversation' }).prepare(body(), { sessionId: 's' });
    const turn = (await request.handle({ output: [call('a', 'tool_search', { query: 'select:get_weather' })] }, async () => 'ran')) as Turn;
    expect(turn.additions).toEqual([]);
    expect(JSON.parse((turn.input[1] as { output: string }).output).tools[0]).toHaveProperty('inputSchema');
  });

  it('says so with a typed error when a native plan meets an adapter that writes no addition', async () => {
    const request = await createExample({ mechanism: 'client', predict: 'off' }, {}).prepare(body(), { sessionId: 's' });
    await expect(request.step({ output: [call('a', 'tool_search', { query: 'select:get_weather' })] })).rejects.toThrow(
      expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining("`reveal: 'native'`") }),
    );
  });
});

// The step of a response and `handle` over it (moved here from createSessionStep's and runSessionStep's own tests,
// which `step` and `handle` now hold).
describe("createSessionToolSearch's step", () => {
  const response = {
    output: [call('a', 'get_weather', { path: 'Paris' }), call('b', 'tool_search', { query: 'weather' }), call('c', 'tool_2', { path: 'octo' })],
  };
  const outputsOf = (turn: unknown) => (turn as Turn).input.slice(3).map((item) => (item as { call_id: string; output: string }).output);
  const prepare = () => createExample({ mechanism: 'client', reveal: 'conversation', predict: 'off' }).prepare(body(), { sessionId: 's1' });

  it('lists every call, and as pending only those the caller runs', async () => {
    const step = await (await prepare()).step(response);
    expect(step.calls.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(step.pending.map((entry) => entry.id)).toEqual(['a', 'c']);
  });

  it('writes each pending call’s output in its place, the library’s answers in theirs, and can complete again', async () => {
    const step = await (await prepare()).step(response);
    const outputs = outputsOf(step.complete(['me', 'teams']));
    expect([outputs[0], outputs[2]]).toEqual(['me', 'teams']);
    expect(JSON.parse(outputs[1] as string)).toMatchObject({ status: 'found' });
    expect(step.complete(['me', 'teams'])).toEqual(step.complete(['me', 'teams']));
  });

  it('throws invalid-options naming the pending calls when the outputs do not match them', async () => {
    const step = await (await prepare()).step(response);
    for (const outputs of [['me'], ['me', 'teams', 'extra'], 'me' as unknown as unknown[]]) {
      expect(() => step.complete(outputs)).toThrow(
        expect.objectContaining({
          name: 'ToolSearchError',
          code: 'invalid-options',
          message: expect.stringContaining("one output per pending call, in `step.pending`'s order (2: `get_weather`, `tool_2`)"),
        }),
      );
    }
  });

  it('runs the pending calls one after another (handle), in order, with their ids and session', async () => {
    const trace: string[] = [];
    const turn = await (await prepare()).handle(response, async (name, _args, handled) => {
      trace.push(`start ${name} ${handled.id} ${handled.sessionId}`);
      await new Promise((resolve) => setImmediate(resolve));
      trace.push(`end ${name}`);
      return name.length;
    });
    expect(trace).toEqual(['start get_weather a s1', 'end get_weather', 'start tool_2 c s1', 'end tool_2']);
    const outputs = outputsOf(turn);
    expect([outputs[0], outputs[2]]).toEqual(['11', '6']);
  });

  it('throws invalid-options for a runTool that is not a function, before reading the response', async () => {
    const log: string[] = [];
    await expect((await prepare()).handle(streamOf([{ item: response.output[0] }, { end: true }], log), 'run' as never)).rejects.toMatchObject({
      code: 'invalid-options',
      message: expect.stringContaining('`runTool` must be a function'),
    });
    expect(log).toEqual([]);
  });

  it('lets an exception from runTool end the turn', async () => {
    const failing = async () => {
      throw new Error('boom');
    };
    await expect((await prepare()).handle(response, failing)).rejects.toThrow('boom');
  });
});

/** The events of a stream, yielded one by one; `log` records each event as it is taken. */
async function* streamOf(events: readonly unknown[], log: string[] = []): AsyncGenerator<unknown> {
  for (const [index, event] of events.entries()) {
    log.push(`event ${index}`);
    yield event;
  }
}

describe('createSessionToolSearch on a stream', () => {
  const events = [{ text: 'Let me ' }, { text: 'check.' }, { item: call('a', 'get_weather', { path: 'Paris' }) }, { end: true }];
  const runTool = async (name: string, args: unknown) => `${name} ${JSON.stringify(args)}`;

  it('reads the stream into the response the adapter reads: the same turn as the whole response', async () => {
    const request = await createExample({ mechanism: 'client' }).prepare(body(), { sessionId: 's' });
    const streamed = await request.handle(streamOf(events), runTool);
    expect(streamed).toEqual(await request.handle({ output: [call('a', 'get_weather', { path: 'Paris' })] }, runTool));
    const step = await request.step(streamOf(events));
    expect(step.pending).toEqual([expect.objectContaining({ name: 'get_weather', arguments: { path: 'Paris' } })]);
  });

  it('hands each piece of answer text to onText as it arrives, awaiting it, before the calls are read', async () => {
    const request = await createExample({ mechanism: 'client' }).prepare(body(), { sessionId: 's' });
    const log: string[] = [];
    const onText = async (text: string) => {
      await new Promise((resolve) => setImmediate(resolve));
      log.push(`text ${JSON.stringify(text)}`);
    };
    const run = async (name: string) => {
      log.push(`run ${name}`);
      return 'ran';
    };
    await request.handle(streamOf(events, log), run, { onText });
    expect(log).toEqual(['event 0', 'text "Let me "', 'event 1', 'text "check."', 'event 2', 'event 3', 'run get_weather']);
  });

  it('takes onText on a whole response too, and never calls it', async () => {
    const request = await createExample({ mechanism: 'client' }).prepare(body(), { sessionId: 's' });
    const texts: string[] = [];
    await request.step({ output: [] }, { onText: (text) => void texts.push(text) });
    expect(texts).toEqual([]);
  });

  it.each([
    ['options that are not an object', 'quiet', '"quiet" (a string)'],
    ['an onText that is not a function', { onText: 'print' }, '"print" (a string) for `onText`'],
  ])('throws invalid-options for %s, before reading the stream', async (_, options, shown) => {
    const request = await createExample({ mechanism: 'client' }).prepare(body(), { sessionId: 's' });
    const log: string[] = [];
    await expect(request.step(streamOf(events, log), options as never)).rejects.toThrow(
      expect.objectContaining({ code: 'invalid-options', message: `\`step\`: \`options\` must be \`{ onText?: (text) => void }\`, got ${shown}` }),
    );
    await expect(request.handle(streamOf(events, log), runTool, options as never)).rejects.toThrow(
      expect.objectContaining({ code: 'invalid-options', message: expect.stringMatching(/^`handle`: `options` must be/) }),
    );
    expect(log).toEqual([]);
  });

  it('pushes every event in order: the calls of a stream come in its order', async () => {
    const request = await createExample({ mechanism: 'client' }).prepare(body(), { sessionId: 's' });
    const step = await request.step(
      streamOf([{ item: call('a', 'get_weather', { path: 'Paris' }) }, { item: call('b', 'tool_2', { path: 'x' }) }, { end: true }]),
    );
    expect(step.calls.map((entry) => entry.id)).toEqual(['a', 'b']);
  });

  it('stops the stream (return) when onText throws', async () => {
    const request = await createExample({ mechanism: 'client' }).prepare(body(), { sessionId: 's' });
    let closed = false;
    async function* stream() {
      try {
        yield { text: 'a' };
        yield { text: 'b' };
      } finally {
        closed = true;
      }
    }
    const failure = new Error('the UI is gone');
    await expect(
      request.step(stream(), {
        onText: () => {
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
    expect(closed).toBe(true);
  });

  it('lets an error of the stream, of onText or of the accumulator reach the caller as it is', async () => {
    const request = await createExample({ mechanism: 'client' }).prepare(body(), { sessionId: 's' });
    const broken = new Error('connection reset');
    async function* failing(): AsyncGenerator<unknown> {
      yield { text: 'Hel' };
      throw broken;
    }
    await expect(request.step(failing())).rejects.toBe(broken);
    const refused = new Error('the socket is closed');
    await expect(request.step(streamOf(events), { onText: () => Promise.reject(refused) })).rejects.toBe(refused);
    await expect(request.step(streamOf(events.slice(0, 3)))).rejects.toThrow(
      expect.objectContaining({ code: 'invalid-request', message: 'the example stream ended before its end' }),
    );
  });
});

// The plan of each request (moved here from resolveSessionPlan's own test, which `prepare` now holds).
describe("createSessionToolSearch's plan for a request", () => {
  const tools = manyTools(20);
  /** Each API's factory over the 20 tools, preparing a body of the API's shape with `model` when one is given. */
  const prepare = {
    'openai-responses': (model: string | undefined, config?: ToolSearchConfigInput, option?: string) =>
      createOpenAIResponsesToolSearch({
        tools: createOpenAIResponsesTools(tools),
        ...(option === undefined ? {} : { model: option }),
        ...(config === undefined ? {} : { config }),
      }).prepare({ input: [], ...(model === undefined ? {} : { model }) }, { sessionId: 's' }),
    'anthropic-messages': (model: string | undefined, config?: ToolSearchConfigInput) =>
      createAnthropicMessagesToolSearch({ tools: createAnthropicMessagesTools(tools), ...(config === undefined ? {} : { config }) }).prepare(
        { max_tokens: 10, messages: [], ...(model === undefined ? {} : { model }) } as never,
        { sessionId: 's' },
      ),
    'openai-chat': (model: string | undefined) =>
      createOpenAIChatToolSearch({ tools: createOpenAIChatTools(tools) as never }).prepare(
        { messages: [], ...(model === undefined ? {} : { model }) },
        { sessionId: 's' },
      ),
    gemini: (model: string | undefined) =>
      createGeminiToolSearch({ tools: [{ functionDeclarations: createGeminiFunctionDeclarations(tools) }] }).prepare(
        { contents: [], ...(model === undefined ? {} : { model }) },
        { sessionId: 's' },
      ),
  };

  it('takes the model from the body before the option', async () => {
    const { plan } = await prepare['openai-responses']('gpt-5.4', undefined, 'gpt-4.1');
    expect(plan).toMatchObject({ model: 'gpt-5.4', mechanism: 'openai-hosted' });
    expect((await prepare['openai-responses'](undefined, undefined, 'gpt-4.1')).plan).toMatchObject({ model: 'gpt-4.1', mechanism: 'client' });
  });

  it.each(['openai-responses', 'anthropic-messages'] as const)('rejects a request without a model on %s, where the model picks the mechanism', async (api) => {
    await expect(prepare[api](undefined)).rejects.toThrow(
      expect.objectContaining({ code: 'invalid-request', message: expect.stringContaining("`mechanism: 'client'`") }),
    );
  });

  it('needs no model once the configuration allows the client-side mechanism only', async () => {
    const { plan } = await prepare['anthropic-messages'](undefined, { mechanism: 'client' });
    expect(plan.mechanism).toBe('client');
  });

  it.each(['openai-chat', 'gemini'] as const)('needs no model on %s, where every model gets the client-side mechanism', async (api) => {
    expect((await prepare[api](undefined)).plan.mechanism).toBe('client');
  });

  it.each([undefined, '', 42])('rejects the session id %j', async (sessionId) => {
    await expect(
      createGeminiToolSearch({ tools: [{ functionDeclarations: createGeminiFunctionDeclarations(tools) }] }).prepare({ contents: [] }, { sessionId } as {
        sessionId: string;
      }),
    ).rejects.toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('`sessionId`') }));
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
