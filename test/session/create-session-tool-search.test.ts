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
import { resolveOpenAIResponsesUnpairedToolResults } from '../../src/providers/openai/resolve-openai-responses-unpaired-tool-results.js';
import { createOpenAIResponsesTools } from '../../src/providers/openai/create-openai-responses-tools.js';
import { manyTools, tool } from '../support/tools.js';

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

function createExample(config: ToolSearchConfigInput, hooks: Pick<SessionAdapter<string>, 'writeAddition'> = { writeAddition }) {
  return createSessionToolSearch<string>(
    { tools: catalog, config, model: 'gpt-5.4' },
    {
      api: 'openai-responses',
      label: 'createExampleToolSearch',
      tools: {
        noun: 'Responses',
        name: 'the OpenAI Responses API',
        shapes: ['openai-responses'],
        example: '`{ type, name }`',
        convert: '-',
        withJSONSchemas: (entry) => entry,
      },
      codec: OPENAI_RESPONSES_CODEC as SessionAdapter<string>['codec'],
      resolveUnpairedResults: resolveOpenAIResponsesUnpairedToolResults,
      unpaired: 'throw',
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
