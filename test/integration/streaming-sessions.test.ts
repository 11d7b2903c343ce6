/**
 * Streaming loops on every API, through each official SDK in streaming mode against a local server on 127.0.0.1 that
 * streams the way the API does (server-sent events for OpenAI, Anthropic and Gemini, the AWS event-stream framing for
 * Converse) and checks every request against the API's preflight rules. Each session is the session API's loop (a
 * search, the loaded tool, the answer) with `handle` given what a streaming user holds: the SDK's stream
 * (`create({ stream: true })`), its helper stream (`.stream()`), the helper's final object (`finalResponse()`, …),
 * Gemini's `generateContentStream` iterator, Converse's `ConverseStreamCommand` output or its `stream`, or what the
 * exported accumulators rebuild. For the same scripted model, every form sends the same requests, byte for byte (but
 * the `stream` flag), as the non-streaming loop, and `onText` sees the answer as it is written.
 */
import Anthropic from '@anthropic-ai/sdk';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ConverseCommandInput,
  type Message as BedrockMessage,
  type Tool as BedrockTool,
} from '@aws-sdk/client-bedrock-runtime';
import { GoogleGenAI, type Content, type GenerateContentParameters } from '@google/genai';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolSearchConfigInput, WireAPI } from '../../src/index.js';
import { createOpenAIChatToolSearch, createOpenAIResponsesToolSearch } from '../../src/providers/openai/index.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { createGeminiStreamAccumulator, createGeminiToolSearch } from '../../src/providers/gemini/index.js';
import { createBedrockConverseStreamAccumulator, createBedrockConverseToolSearch } from '../../src/providers/bedrock/index.js';
import { SESSION_CATALOG, SESSION_INSTRUCTIONS } from '../support/agent-loop-apis.js';
import type { LocalServer, RecordedRequest } from '../support/local-server.js';
import {
  SCRIPTED_MODEL_APIS,
  startScriptedModelServer,
  wireNameOf,
  type ScriptedModelServerOptions,
  type ScriptedTurn,
} from '../support/scripted-model-apis.js';
import { anthropicReply } from '../support/scripted-replies.js';
import { responsesReplyOf } from '../support/scripted-model-apis.js';
import { toResponsesFunction } from '../support/openai-responses-bodies.js';
import { toOpenAIChatTool } from '../support/openai-chat-bodies.js';
import { toAnthropicTool } from '../support/anthropic-messages-bodies.js';
import { toGeminiDeclaration } from '../support/gemini-bodies.js';
import { toBedrockConverseTool } from '../support/bedrock-converse-bodies.js';

type Item = Record<string, unknown>;

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const QUESTION = 'Make my latte large and hot.';
const ANSWER = 'Your latte is now large and hot. ☕ Anything else?';
const DRINK = 'ChaDri.change_drink';
const drinkArgs = { drink_id: 'latte', new_preferences: { size: 'large', temperature: 'hot' } };

/** What a session left: the request bodies the server received, the tools the caller ran, the text `onText` saw. */
interface SessionRun {
  readonly bodies: readonly Item[];
  readonly ran: readonly [string, unknown][];
  readonly texts: readonly string[];
}

/** What every case's session shares: the model's answers, the caller's tools and `onText`. */
interface SessionSetup {
  readonly model: string;
  readonly config?: ToolSearchConfigInput;
  /** The reply body to request `index`. */
  readonly answer: (request: RecordedRequest, index: number) => unknown;
  readonly server?: ScriptedModelServerOptions;
}

/** The caller's side: a `runTool` that records, and an `onText` that collects the pieces. */
function createCaller() {
  const ran: [string, unknown][] = [];
  const texts: string[] = [];
  return {
    ran,
    texts,
    runTool: async (name: string, args: unknown) => {
      ran.push([name, args]);
      return { status: 'done', tool: name };
    },
    onText: (text: string) => {
      texts.push(text);
    },
  };
}

async function startServer(api: WireAPI, setup: SessionSetup): Promise<LocalServer> {
  server = await startScriptedModelServer(SCRIPTED_MODEL_APIS[api], setup.model, setup.answer, setup.server);
  return server;
}

const bodiesOf = (local: LocalServer) => local.requests.map((request) => request.body as Item);

/** A script of turns written in the names the model sees, answered as the API's scripted model answers. */
function scripted(api: WireAPI, model: string, turns: readonly ScriptedTurn[]): SessionSetup['answer'] {
  return (request, index) => {
    const turn = turns[index];
    if (turn === undefined) throw new Error(`no scripted reply for request ${index + 1}`);
    return SCRIPTED_MODEL_APIS[api].reply(turn, { index, model, request: request.body as Item });
  };
}

/** The client-side script: search, the loaded tool through `call_tool`, the answer. */
const clientSide = (api: WireAPI): ScriptedTurn[] => [
  { calls: [{ name: 'tool_search', args: { query: 'change my drink order' } }] },
  { calls: [{ name: 'call_tool', args: { name: wireNameOf(api, DRINK), arguments: drinkArgs } }] },
  { text: ANSWER },
];

/** A script whose model calls the loaded tool by its own name (hosted search, native delivery). */
const byOwnName = (api: WireAPI): ScriptedTurn[] => [
  { calls: [{ name: 'tool_search', args: { query: 'change my drink order' } }] },
  { calls: [{ name: wireNameOf(api, DRINK), args: drinkArgs }] },
  { text: ANSWER },
];

// OpenAI Responses --------------------------------------------------------------------------------------------------

type ResponsesMode = 'whole' | 'create({ stream: true })' | 'responses.stream()' | 'finalResponse()';

async function runResponses(mode: ResponsesMode, setup: SessionSetup): Promise<SessionRun> {
  const local = await startServer('openai-responses', setup);
  const openai = new OpenAI({ baseURL: local.url, apiKey: 'test', maxRetries: 0 });
  const toolSearch = createOpenAIResponsesToolSearch({ tools: SESSION_CATALOG.map(toResponsesFunction), config: setup.config });
  const { ran, texts, runTool, onText } = createCaller();
  const input: ResponseInputItem[] = [{ role: 'user', content: QUESTION }];
  for (let done = false; !done; ) {
    const request = await toolSearch.prepare({ model: setup.model, store: false, instructions: SESSION_INSTRUCTIONS, input }, { sessionId: 's' });
    const body = request.body;
    const holds =
      mode === 'whole'
        ? await openai.responses.create(body)
        : mode === 'create({ stream: true })'
          ? await openai.responses.create({ ...body, stream: true })
          : mode === 'responses.stream()'
            ? openai.responses.stream(body)
            : // The helper's own listeners show the text; its final object is the response.
              await openai.responses
                .stream(body)
                .on('response.output_text.delta', (event) => onText(event.delta))
                .finalResponse();
    const turn = await request.handle(holds, runTool, { onText });
    input.push(...turn.input);
    done = turn.done;
  }
  return { bodies: bodiesOf(local), ran, texts };
}

// OpenAI Chat Completions -------------------------------------------------------------------------------------------

type ChatMode = 'whole' | 'create({ stream: true })' | 'chat.completions.stream()' | 'finalChatCompletion()';

async function runChat(mode: ChatMode, setup: SessionSetup): Promise<SessionRun> {
  const local = await startServer('openai-chat', setup);
  const openai = new OpenAI({ baseURL: local.url, apiKey: 'test', maxRetries: 0 });
  const toolSearch = createOpenAIChatToolSearch({ tools: SESSION_CATALOG.map(toOpenAIChatTool), config: setup.config });
  const { ran, texts, runTool, onText } = createCaller();
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: SESSION_INSTRUCTIONS },
    { role: 'user', content: QUESTION },
  ];
  for (let done = false; !done; ) {
    const request = await toolSearch.prepare({ model: setup.model, messages }, { sessionId: 's' });
    const body = request.body;
    const holds =
      mode === 'whole'
        ? await openai.chat.completions.create(body)
        : mode === 'create({ stream: true })'
          ? await openai.chat.completions.create({ ...body, stream: true })
          : mode === 'chat.completions.stream()'
            ? openai.chat.completions.stream(body)
            : await openai.chat.completions
                .stream(body)
                .on('content', (delta) => onText(delta))
                .finalChatCompletion();
    const turn = await request.handle(holds, runTool, { onText });
    messages.push(...turn.messages);
    done = turn.done;
  }
  return { bodies: bodiesOf(local), ran, texts };
}

// Anthropic Messages ------------------------------------------------------------------------------------------------

type AnthropicMode = 'whole' | 'create({ stream: true })' | 'messages.stream()' | 'finalMessage()';

/** Native delivery's beta travels as the `anthropic-beta` header: the check puts it back in the body. */
const withBetaHeader = (request: RecordedRequest) => {
  const betas = String(request.headers['anthropic-beta'] ?? '')
    .split(',')
    .filter((beta) => beta !== '');
  return preflightAnthropicMessagesRequest({ ...(request.body as Item), ...(betas.length === 0 ? {} : { betas }) });
};

async function runAnthropic(mode: AnthropicMode, setup: SessionSetup): Promise<SessionRun> {
  const local = await startServer('anthropic-messages', { ...setup, server: { ...setup.server, preflight: withBetaHeader } });
  const anthropic = new Anthropic({ baseURL: local.url, apiKey: 'test', maxRetries: 0 });
  const toolSearch = createAnthropicMessagesToolSearch({ tools: SESSION_CATALOG.map(toAnthropicTool), config: setup.config });
  const { ran, texts, runTool, onText } = createCaller();
  const messages: Anthropic.Beta.BetaMessageParam[] = [{ role: 'user', content: QUESTION }];
  for (let done = false; !done; ) {
    const request = await toolSearch.prepare({ model: setup.model, max_tokens: 1024, system: SESSION_INSTRUCTIONS, messages }, { sessionId: 's' });
    // The beta client sends `betas` (native delivery) as a header; without betas it sends what `messages` would.
    const body = request.body as unknown as Anthropic.Beta.MessageCreateParamsNonStreaming;
    const holds =
      mode === 'whole'
        ? await anthropic.beta.messages.create(body)
        : mode === 'create({ stream: true })'
          ? await anthropic.beta.messages.create({ ...body, stream: true })
          : mode === 'messages.stream()'
            ? anthropic.beta.messages.stream(body)
            : await anthropic.beta.messages
                .stream(body)
                .on('text', (delta) => onText(delta))
                .finalMessage();
    const turn = await request.handle(holds, runTool, { onText });
    messages.push(...(turn.messages as Anthropic.Beta.BetaMessageParam[]));
    done = turn.done;
  }
  return { bodies: bodiesOf(local), ran, texts };
}

// Gemini ------------------------------------------------------------------------------------------------------------

type GeminiMode = 'whole' | 'generateContentStream()' | 'createGeminiStreamAccumulator()';

async function runGemini(mode: GeminiMode, setup: SessionSetup): Promise<SessionRun> {
  const local = await startServer('gemini', setup);
  const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: local.url, retryOptions: { attempts: 1 } } });
  const toolSearch = createGeminiToolSearch({ tools: [{ functionDeclarations: SESSION_CATALOG.map(toGeminiDeclaration) }], config: setup.config });
  const { ran, texts, runTool, onText } = createCaller();
  const contents: Content[] = [{ role: 'user', parts: [{ text: QUESTION }] }];
  for (let done = false; !done; ) {
    const request = await toolSearch.prepare({ model: setup.model, contents, config: { systemInstruction: SESSION_INSTRUCTIONS } }, { sessionId: 's' });
    const body = request.body as GenerateContentParameters;
    let holds: Awaited<ReturnType<typeof ai.models.generateContent>> | AsyncIterable<Awaited<ReturnType<typeof ai.models.generateContent>>> | object;
    if (mode === 'whole') holds = await ai.models.generateContent(body);
    else if (mode === 'generateContentStream()') holds = await ai.models.generateContentStream(body);
    else {
      // A loop of the caller's own: the chunks shown as they come, the response rebuilt for `handle`.
      const accumulator = createGeminiStreamAccumulator();
      for await (const chunk of await ai.models.generateContentStream(body)) {
        const text = accumulator.push(chunk);
        if (text !== '') onText(text);
      }
      holds = accumulator.response();
    }
    const turn = await request.handle(holds as Parameters<typeof request.handle>[0], runTool, { onText });
    contents.push(...turn.contents);
    done = turn.done;
  }
  return { bodies: bodiesOf(local), ran, texts };
}

// Amazon Bedrock Converse -------------------------------------------------------------------------------------------

type BedrockMode = 'whole' | 'ConverseStreamCommand output' | 'its stream' | 'createBedrockConverseStreamAccumulator()';

async function runBedrock(mode: BedrockMode, setup: SessionSetup): Promise<SessionRun> {
  const local = await startServer('bedrock-converse', setup);
  const client = new BedrockRuntimeClient({
    endpoint: local.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  const toolSearch = createBedrockConverseToolSearch({ tools: SESSION_CATALOG.map(toBedrockConverseTool) as BedrockTool[], config: setup.config });
  const { ran, texts, runTool, onText } = createCaller();
  const messages: BedrockMessage[] = [{ role: 'user', content: [{ text: QUESTION }] }];
  for (let done = false; !done; ) {
    const request = await toolSearch.prepare({ modelId: setup.model, system: [{ text: SESSION_INSTRUCTIONS }], messages }, { sessionId: 's' });
    const body = request.body as ConverseCommandInput;
    let holds: Parameters<typeof request.handle>[0];
    if (mode === 'whole') holds = await client.send(new ConverseCommand(body));
    else if (mode === 'ConverseStreamCommand output') holds = await client.send(new ConverseStreamCommand(body));
    else if (mode === 'its stream') holds = (await client.send(new ConverseStreamCommand(body))).stream as AsyncIterable<object>;
    else {
      const accumulator = createBedrockConverseStreamAccumulator();
      for await (const event of (await client.send(new ConverseStreamCommand(body))).stream ?? []) {
        const text = accumulator.push(event);
        if (text !== '') onText(text);
      }
      holds = accumulator.response();
    }
    const turn = await request.handle(holds, runTool, { onText });
    messages.push(...turn.messages);
    done = turn.done;
  }
  return { bodies: bodiesOf(local), ran, texts };
}

// The cases ---------------------------------------------------------------------------------------------------------

/** A body as a streaming request sends it, but the flag that asks for the stream. */
function withoutStreamFlag(body: Item): string {
  const { stream: _, ...rest } = body;
  return JSON.stringify(rest);
}

/**
 * Runs the case's session once per form, and checks what every streaming loop must give: the same requests as the
 * non-streaming loop, byte for byte (but `stream: true`), with the tools and system text unchanged from the first;
 * the same tool runs; and the answer through `onText` in more than one piece.
 */
async function expectSameSessions<Mode extends string>(
  modes: readonly Mode[],
  run: (mode: Mode, setup: SessionSetup) => Promise<SessionRun>,
  setup: SessionSetup,
  system: (body: Item) => unknown,
  tools: (body: Item) => unknown,
): Promise<Record<Mode, SessionRun>> {
  const runs = {} as Record<Mode, SessionRun>;
  for (const mode of modes) {
    runs[mode] = await run(mode, setup);
    await server?.close();
    server = undefined;
  }
  const [whole, ...streamed] = modes as [Mode, ...Mode[]];
  const expected = runs[whole];
  expect(expected.ran).toEqual([[DRINK, drinkArgs]]);
  expect(expected.texts).toEqual([]);
  const first = expected.bodies[0] as Item;
  for (const body of expected.bodies) expect(JSON.stringify([tools(body), system(body)])).toBe(JSON.stringify([tools(first), system(first)]));
  for (const mode of streamed) {
    const { bodies, ran, texts } = runs[mode];
    expect(bodies.map(withoutStreamFlag), `the requests of ${mode}`).toEqual(expected.bodies.map(withoutStreamFlag));
    expect(ran, `the tools ${mode} ran`).toEqual(expected.ran);
    expect(texts.join(''), `the text ${mode} showed`).toBe(ANSWER);
    expect(texts.length).toBeGreaterThan(1);
  }
  return runs;
}

const scriptedOf = (api: WireAPI) => SCRIPTED_MODEL_APIS[api];

describe('streaming loops on OpenAI Responses', () => {
  const MODES: ResponsesMode[] = ['whole', 'create({ stream: true })', 'responses.stream()', 'finalResponse()'];
  const expectSame = (setup: SessionSetup) =>
    expectSameSessions(
      MODES,
      runResponses,
      setup,
      (body) => body.instructions,
      (body) => body.tools,
    ).then((runs) => runs.whole.bodies);

  it('answers OpenAI’s hosted search run by the library (a client-executed tool_search_call) the same, streamed or not', async () => {
    // The model's own search (prediction, which would load the tool first, is test/integration/predicted-loads.test.ts).
    const bodies = await expectSame({
      model: 'gpt-5.4',
      config: { predict: 'off' },
      answer: scripted('openai-responses', 'gpt-5.4', byOwnName('openai-responses')),
    });
    expect((bodies[1]?.input as Item[]).map((item) => item.type ?? item.role)).toEqual(['user', 'tool_search_call', 'tool_search_output']);
  });

  it('replays OpenAI’s own search (server tool_search_call and tool_search_output items) the same, streamed or not', async () => {
    const name = wireNameOf('openai-responses', DRINK);
    const found = SESSION_CATALOG.map(toResponsesFunction).find((tool) => tool.name === name);
    const turns = [
      [
        { type: 'tool_search_call', id: 'tsc_1', call_id: null, execution: 'server', arguments: { query: 'change drink' }, status: 'completed' },
        { type: 'tool_search_output', id: 'tso_1', call_id: null, execution: 'server', status: 'completed', tools: [{ ...found, defer_loading: true }] },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name, namespace: name, arguments: JSON.stringify(drinkArgs), status: 'completed' },
      ],
      [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER, annotations: [] }] }],
    ];
    const bodies = await expectSame({
      model: 'gpt-5.4',
      config: { search: 'provider' },
      answer: (_, index) => responsesReplyOf(index, 'gpt-5.4', turns[index] ?? []),
    });
    expect((bodies[1]?.input as Item[]).map((item) => item.type ?? item.role)).toEqual([
      'user',
      'tool_search_call',
      'tool_search_output',
      'function_call',
      'function_call_output',
    ]);
  });

  it('adds the loaded tool natively (additional_tools) the same, streamed or not', async () => {
    const bodies = await expectSame({
      model: 'gpt-5.4',
      config: { mechanism: 'client', predict: 'off' },
      answer: scripted('openai-responses', 'gpt-5.4', byOwnName('openai-responses')),
    });
    expect((bodies[1]?.input as Item[]).map((item) => item.type ?? item.role)).toEqual(['user', 'function_call', 'function_call_output', 'additional_tools']);
  });
});

describe('streaming loops on OpenAI Chat Completions', () => {
  const MODES: ChatMode[] = ['whole', 'create({ stream: true })', 'chat.completions.stream()', 'finalChatCompletion()'];

  it('runs the client-side search and call_tool the same, streamed or not', async () => {
    await expectSameSessions(
      MODES,
      runChat,
      { model: 'gpt-4.1', answer: scripted('openai-chat', 'gpt-4.1', clientSide('openai-chat')) },
      (body) => (body.messages as unknown[])[0],
      (body) => body.tools,
    );
  });
});

describe('streaming loops on Anthropic Messages', () => {
  const MODES: AnthropicMode[] = ['whole', 'create({ stream: true })', 'messages.stream()', 'finalMessage()'];
  const MODEL = 'claude-opus-4-8';
  const expectSame = (setup: SessionSetup) =>
    expectSameSessions(
      MODES,
      runAnthropic,
      setup,
      (body) => body.system,
      (body) => body.tools,
    ).then((runs) => runs.whole.bodies);

  it('answers Anthropic’s hosted search run by the library (tool_reference blocks) the same, streamed or not', async () => {
    const bodies = await expectSame({ model: MODEL, answer: scripted('anthropic-messages', MODEL, byOwnName('anthropic-messages')) });
    const result = (bodies[1]?.messages as { content: Item[] }[])[2]?.content[0];
    expect(JSON.stringify(result)).toContain(`{"type":"tool_reference","tool_name":"${wireNameOf('anthropic-messages', DRINK)}"}`);
  });

  it('replays Anthropic’s own search (server_tool_use and tool_search_tool_result blocks) the same, streamed or not', async () => {
    const name = wireNameOf('anthropic-messages', DRINK);
    const replies = [
      anthropicReply(
        [
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'change drink' }, caller: { type: 'direct' } },
          {
            type: 'tool_search_tool_result',
            tool_use_id: 'srvtoolu_1',
            content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: name }] },
          },
          { type: 'tool_use', id: 'toolu_1', name, input: drinkArgs, caller: { type: 'direct' } },
        ],
        'tool_use',
      ),
      anthropicReply([{ type: 'text', text: ANSWER }], 'end_turn'),
    ];
    const bodies = await expectSame({ model: MODEL, config: { search: 'provider' }, answer: (_, index) => replies[index] });
    const assistant = (bodies[1]?.messages as { role: string; content: Item[] }[])[1];
    expect(assistant?.content.map((block) => block.type)).toEqual(['server_tool_use', 'tool_search_tool_result', 'tool_use']);
  });

  it('adds the loaded tool natively (a system message of tool_addition blocks) the same, streamed or not', async () => {
    const bodies = await expectSame({
      model: MODEL,
      config: { mechanism: 'client', predict: 'off' },
      answer: scripted('anthropic-messages', MODEL, byOwnName('anthropic-messages')),
    });
    expect((bodies[1]?.messages as { role: string }[]).map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'system']);
  });
});

describe('streaming loops on Gemini', () => {
  it('runs the client-side search and call_tool the same, streamed or not', async () => {
    const model = 'gemini-2.5-flash';
    await expectSameSessions<GeminiMode>(
      ['whole', 'generateContentStream()', 'createGeminiStreamAccumulator()'],
      runGemini,
      { model, answer: scripted('gemini', model, clientSide('gemini')) },
      (body) => (body as { systemInstruction?: unknown }).systemInstruction,
      (body) => scriptedOf('gemini').toolsOf(body),
    );
  });
});

describe('streaming loops on Amazon Bedrock Converse', () => {
  it('runs the client-side search and call_tool the same, streamed or not', async () => {
    const model = 'us.amazon.nova-pro-v1:0';
    await expectSameSessions<BedrockMode>(
      ['whole', 'ConverseStreamCommand output', 'its stream', 'createBedrockConverseStreamAccumulator()'],
      runBedrock,
      { model, answer: scripted('bedrock-converse', model, clientSide('bedrock-converse')) },
      (body) => body.system,
      (body) => scriptedOf('bedrock-converse').toolsOf(body),
    );
  });
});
