/**
 * `streamText` with `tool-search/ai-sdk` on every provider the integration reads (OpenAI Responses and Chat, Anthropic,
 * Google), against the loopback server streaming as each API does (test/support/streamed-replies.ts). For the same
 * scripted model, a `streamText` run sends the requests of a `generateText` run, byte for byte but the flags that ask
 * for the stream, and its `textStream` gives the answer as it is written, in pieces. Hosted search and native delivery
 * where the model has them. Runs on AI SDK 6 and 7 (vitest.config.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { generateText, stepCountIs, streamText, type LanguageModel } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createAISDKToolSearch } from '../../../src/integrations/ai-sdk/index.js';
import type { ToolSearchConfigInput, WireAPI } from '../../../src/index.js';
import { preflightAnthropicMessagesRequest } from '../../support/preflight/preflight-anthropic-messages-request.js';
import type { LocalServer, RecordedRequest } from '../../support/local-server.js';
import { githubToolSet } from '../../support/ai-sdk-tool-sets.js';
import { SCRIPTED_MODEL_APIS, startScriptedModelServer, type ScriptedTurn } from '../../support/scripted-model-apis.js';

type Item = Record<string, unknown>;

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ANSWER = 'Two open issues: #1 and #2. 🐛';
const ARGS = { owner: 'octo', repo: 'hello' };

/** The search, then `list_issues` (by its own name, or through `call_tool` on the client-side mechanism), then the answer. */
const script = (through: 'own name' | 'call_tool'): ScriptedTurn[] => [
  { calls: [{ name: 'tool_search', args: { query: 'list_issues' } }] },
  { calls: [through === 'call_tool' ? { name: 'call_tool', args: { name: 'list_issues', arguments: ARGS } } : { name: 'list_issues', args: ARGS }] },
  { text: ANSWER },
];

/** The AI SDK sends Anthropic's betas as the `anthropic-beta` header: the check reads them as the body's `betas`. */
function anthropicPreflight(request: RecordedRequest) {
  const header = request.headers['anthropic-beta'];
  return preflightAnthropicMessagesRequest({ ...(request.body as Item), ...(typeof header === 'string' ? { betas: header.split(',') } : {}) });
}

/**
 * `@ai-sdk/anthropic` marks every tool `eager_input_streaming: true` when it streams (its `toolStreaming` option,
 * default `true`): a streamed run's tool list then differs from a generated run's. Off, the two send the same tools.
 */
const NO_EAGER_INPUT_STREAMING = { anthropic: { toolStreaming: false } };

interface Case {
  readonly name: string;
  readonly api: WireAPI;
  readonly model: string;
  readonly config?: ToolSearchConfigInput;
  readonly through: 'own name' | 'call_tool';
  readonly language: (url: string) => LanguageModel;
  readonly providerOptions?: Record<string, Record<string, string | boolean>>;
  /** The AI SDK majors whose provider writes this case's items (AI SDK 6's OpenAI provider writes no tool additions). */
  readonly majors?: readonly string[];
}

const CASES: readonly Case[] = [
  {
    name: 'OpenAI Responses, hosted search run by the library (gpt-5.4)',
    api: 'openai-responses',
    model: 'gpt-5.4',
    through: 'own name',
    language: (url) => createOpenAI({ baseURL: url, apiKey: 'test' })('gpt-5.4'),
    providerOptions: { openai: { store: false } },
  },
  {
    name: 'OpenAI Responses, native delivery (gpt-5.4)',
    api: 'openai-responses',
    model: 'gpt-5.4',
    config: { mechanism: 'client' },
    through: 'own name',
    language: (url) => createOpenAI({ baseURL: url, apiKey: 'test' })('gpt-5.4'),
    providerOptions: { openai: { store: false } },
    majors: ['7'],
  },
  {
    name: 'OpenAI Chat Completions, client-side (gpt-4.1)',
    api: 'openai-chat',
    model: 'gpt-4.1',
    through: 'call_tool',
    language: (url) => createOpenAI({ baseURL: url, apiKey: 'test' }).chat('gpt-4.1'),
  },
  {
    name: 'Anthropic, hosted search run by the library (claude-sonnet-4-5)',
    api: 'anthropic-messages',
    model: 'claude-sonnet-4-5',
    through: 'own name',
    language: (url) => createAnthropic({ baseURL: `${url}/v1`, apiKey: 'test' })('claude-sonnet-4-5'),
    providerOptions: NO_EAGER_INPUT_STREAMING,
  },
  {
    name: 'Anthropic, native delivery (claude-opus-5)',
    api: 'anthropic-messages',
    model: 'claude-opus-5',
    config: { mechanism: 'client' },
    through: 'own name',
    language: (url) => createAnthropic({ baseURL: `${url}/v1`, apiKey: 'test' })('claude-opus-5'),
    providerOptions: NO_EAGER_INPUT_STREAMING,
  },
  {
    name: 'Google, client-side (gemini-2.5-flash)',
    api: 'gemini',
    model: 'gemini-2.5-flash',
    through: 'call_tool',
    language: (url) => createGoogleGenerativeAI({ baseURL: `${url}/v1beta`, apiKey: 'test' })('gemini-2.5-flash'),
  },
];

/**
 * Gemini's function calls with ids (as Gemini 3 returns them): without one, the AI SDK makes up a random id for each
 * call and sends it back, so no two runs send the same history.
 */
function withCallIds(api: WireAPI, reply: unknown, index: number): unknown {
  if (api !== 'gemini') return reply;
  const parts = ((reply as { candidates: { content: { parts: Item[] } }[] }).candidates[0]?.content.parts ?? []) as Item[];
  parts.forEach((part, position) => {
    if (part.functionCall !== undefined) part.functionCall = { id: `call_${index}_${position}`, ...(part.functionCall as Item) };
  });
  return reply;
}

/** A body as a streaming request sends it, but the fields that ask for the stream. */
function withoutStreamFields(body: Item): string {
  const { stream: _, stream_options: __, ...rest } = body;
  return JSON.stringify(rest);
}

describe.each(CASES)('streamText on $name', ({ api, model, config, through, language, providerOptions, majors }) => {
  it.runIf(majors === undefined || majors.includes(String(process.env.AI_SDK_MAJOR)))(
    'sends the requests of generateText, byte for byte, and streams the answer in pieces',
    async () => {
      const scripted = SCRIPTED_MODEL_APIS[api];
      const turns = script(through);
      const sessions: { bodies: string[]; ran: [string, unknown][]; text: string; pieces: string[] }[] = [];
      for (const streamed of [false, true]) {
        server = await startScriptedModelServer(
          scripted,
          model,
          (request, index) => withCallIds(api, scripted.reply(turns[index] ?? { text: 'no more' }, { index, model, request: request.body as Item }), index),
          api === 'anthropic-messages' ? { preflight: anthropicPreflight } : {},
        );
        const languageModel = language(server.url);
        const { ran, tools } = githubToolSet();
        const settings = await createAISDKToolSearch({ tools, config }).prepare(languageModel, { sessionId: 'session-1', system: 'You are helpful.' });
        const options = {
          model: languageModel,
          ...settings,
          prompt: 'Which issues are open in octo/hello?',
          stopWhen: stepCountIs(5),
          maxRetries: 0,
          ...(providerOptions === undefined ? {} : { providerOptions }),
        };
        const pieces: string[] = [];
        let text: string;
        if (streamed) {
          const result = streamText(options);
          for await (const piece of result.textStream) pieces.push(piece);
          text = await result.text;
        } else text = (await generateText(options)).text;
        expect(server.requests.every((request) => scripted.wantsStream(request) === streamed)).toBe(true);
        sessions.push({ bodies: server.requests.map((request) => withoutStreamFields(request.body as Item)), ran, text, pieces });
        await server.close();
        server = undefined;
      }
      const [generated, streamedRun] = sessions as [(typeof sessions)[0], (typeof sessions)[0]];
      expect(generated.text).toBe(ANSWER);
      expect(generated.ran).toEqual([['list_issues', ARGS]]);
      expect(generated.bodies).toHaveLength(3);
      expect(streamedRun.bodies).toEqual(generated.bodies);
      expect(streamedRun.ran).toEqual(generated.ran);
      expect(streamedRun.pieces.join('')).toBe(ANSWER);
      expect(streamedRun.pieces.length).toBeGreaterThan(1);
    },
  );
});

describe('streamText on Anthropic without toolStreaming: false', () => {
  it('sends every tool with eager_input_streaming: true, the one difference from a generateText run', async () => {
    const scripted = SCRIPTED_MODEL_APIS['anthropic-messages'];
    const model = 'claude-sonnet-4-5';
    server = await startScriptedModelServer(
      scripted,
      model,
      (request, index) => scripted.reply({ text: ANSWER }, { index, model, request: request.body as Item }),
      {
        preflight: anthropicPreflight,
      },
    );
    const languageModel = createAnthropic({ baseURL: `${server.url}/v1`, apiKey: 'test' })(model);
    const settings = await createAISDKToolSearch({ tools: githubToolSet().tools }).prepare(languageModel, { sessionId: 's', system: 'You are helpful.' });
    const options = { model: languageModel, ...settings, prompt: 'Hi.', maxRetries: 0 };
    await generateText(options);
    await streamText(options).text;
    const [generated, streamed] = server.requests.map((request) => request.body as { tools: Item[] });
    expect(streamed?.tools.every((entry) => entry.eager_input_streaming === true)).toBe(true);
    expect(streamed?.tools.map(({ eager_input_streaming: _, ...entry }) => entry)).toEqual(generated?.tools);
  });
});
