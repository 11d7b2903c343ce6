/**
 * The stream accumulators rebuild the response the non-streaming call returns, on generated responses streamed the way
 * each API streams (test/support/streamed-replies.ts) with drawn boundaries: text and tool input cut anywhere (inside a
 * word, a JSON string, an escape, between an emoji's code points), several tool calls, Gemini parts grouped several to a
 * chunk and Vertex AI's `partialArgs`, signatures on the last piece. Each case asserts: the rebuilt response is the
 * response, byte for byte (Chat: its message as the session's turn writes it); the text `push` returned, joined, is the
 * answer text; and a session's `step` gives the same turn from the stream as from the response.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createGeminiStreamAccumulator } from '../../src/providers/gemini/create-gemini-stream-accumulator.js';
import { createBedrockConverseStreamAccumulator } from '../../src/providers/bedrock/create-bedrock-converse-stream-accumulator.js';
import { createAnthropicMessagesStreamAccumulator } from '../../src/providers/anthropic/create-anthropic-messages-stream-accumulator.js';
import { createOpenAIChatStreamAccumulator } from '../../src/providers/openai/create-openai-chat-stream-accumulator.js';
import { resolveOpenAIChatAssistantMessage } from '../../src/providers/openai/resolve-openai-chat-assistant-message.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/create-gemini-tool-search.js';
import { createBedrockConverseToolSearch } from '../../src/providers/bedrock/create-bedrock-converse-tool-search.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { createOpenAIChatToolSearch } from '../../src/providers/openai/create-openai-chat-tool-search.js';
import type { StreamAccumulator } from '../../src/session/stream-accumulator.js';
import {
  PROPERTY_RUNS,
  PROPERTY_TIMEOUT,
  anthropicMessageStreamCase,
  bedrockConverseStreamCase,
  createCaseCounter,
  cutText,
  geminiStreamCase,
  openAIChatStreamCase,
  propertyParameters,
} from '../support/arbitraries.js';
import { streamAnthropicMessage, streamBedrockConverse, streamGeminiResponse, streamOpenAIChatCompletion } from '../support/streamed-replies.js';
import { SESSION_CATALOG } from '../support/agent-loop-apis.js';
import { toGeminiDeclaration } from '../support/gemini-bodies.js';
import { toBedrockConverseTool } from '../support/bedrock-converse-bodies.js';
import { toAnthropicTool } from '../support/anthropic-messages-bodies.js';
import { toOpenAIChatTool } from '../support/openai-chat-bodies.js';

type Item = Record<string, unknown>;

const counter = createCaseCounter('stream-accumulators');
afterAll(() => counter.report());

/** Pushes every event; the response and the text the pushes returned, joined. */
function accumulate<Response>(accumulator: StreamAccumulator<unknown, Response>, events: readonly unknown[]): { response: Response; text: string } {
  let text = '';
  for (const event of events) text += accumulator.push(event);
  return { response: accumulator.response(), text };
}

async function* streamOf(events: readonly unknown[]): AsyncGenerator<unknown> {
  yield* events;
}

/** The turn's items as JSON, from a step of the session prepared for `body`, with every pending call answered. */
async function turnOf(
  prepare: () => Promise<{ step(response: never): Promise<{ pending: readonly unknown[]; complete(outputs: unknown[]): unknown }> }>,
  response: unknown,
) {
  const step = await (await prepare()).step(response as never);
  return JSON.stringify(step.complete(step.pending.map(() => 'done')));
}

const answerText = (parts: readonly Item[], isAnswer: (part: Item) => boolean, field = 'text') =>
  parts
    .filter(isAnswer)
    .map((part) => part[field] as string)
    .join('');

/** The session runs: a tenth of the accumulator runs (each prepares a body twice). */
const SESSION_RUNS = Math.max(10, Math.floor(PROPERTY_RUNS / 10));

describe('the Gemini stream accumulator', () => {
  it(
    'rebuilds the generateContent response byte for byte, whatever the boundaries, grouping and partialArgs',
    () => {
      fc.assert(
        fc.property(geminiStreamCase, ({ response, cut, group, usageOnEveryChunk, partialArgs }) => {
          counter.count('gemini');
          const chunks = streamGeminiResponse(response, cutText(cut), { group, usageOnEveryChunk, partialArgs });
          const { response: rebuilt, text } = accumulate(createGeminiStreamAccumulator(), chunks);
          expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(response));
          const parts = response.candidates[0]?.content.parts as Item[];
          expect(text).toBe(answerText(parts, (part) => typeof part.text === 'string' && part.thought !== true));
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'gives a session step the same turn from the stream as from the response',
    async () => {
      const toolSearch = createGeminiToolSearch({ tools: [{ functionDeclarations: SESSION_CATALOG.map(toGeminiDeclaration) }] });
      const prepare = () => toolSearch.prepare({ model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi.' }] }] }, { sessionId: 's' });
      await fc.assert(
        fc.asyncProperty(geminiStreamCase, async ({ response, cut, group, partialArgs }) => {
          counter.count('gemini step');
          const chunks = streamGeminiResponse(response, cutText(cut), { group, partialArgs });
          expect(await turnOf(prepare, streamOf(chunks))).toBe(await turnOf(prepare, response));
        }),
        propertyParameters(SESSION_RUNS),
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe('the Converse stream accumulator', () => {
  it(
    'rebuilds the ConverseCommand output byte for byte, whatever the boundaries, with several tool uses',
    () => {
      fc.assert(
        fc.property(bedrockConverseStreamCase, ({ output, cut }) => {
          counter.count('converse');
          const { response: rebuilt, text } = accumulate(createBedrockConverseStreamAccumulator(), streamBedrockConverse(output, cutText(cut)));
          expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(output));
          expect(text).toBe(answerText(output.output.message.content, (block) => typeof block.text === 'string'));
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'gives a session step the same turn from the stream as from the output',
    async () => {
      const toolSearch = createBedrockConverseToolSearch({ tools: SESSION_CATALOG.map(toBedrockConverseTool) });
      const prepare = () =>
        toolSearch.prepare({ modelId: 'us.amazon.nova-pro-v1:0', messages: [{ role: 'user', content: [{ text: 'Hi.' }] }] }, { sessionId: 's' });
      await fc.assert(
        fc.asyncProperty(bedrockConverseStreamCase, async ({ output, cut }) => {
          counter.count('converse step');
          const events = streamBedrockConverse(output, cutText(cut));
          expect(await turnOf(prepare, { stream: streamOf(events) })).toBe(await turnOf(prepare, output));
        }),
        propertyParameters(SESSION_RUNS),
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe('the Messages API stream accumulator', () => {
  it(
    'rebuilds the message byte for byte, whatever the boundaries, with server blocks and several tool uses',
    () => {
      fc.assert(
        fc.property(anthropicMessageStreamCase, ({ message, cut }) => {
          counter.count('messages');
          const { response: rebuilt, text } = accumulate(createAnthropicMessagesStreamAccumulator(), streamAnthropicMessage(message, cutText(cut)));
          expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(message));
          expect(text).toBe(answerText(message.content, (block) => block.type === 'text'));
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'gives a session step the same turn from the stream as from the message',
    async () => {
      const toolSearch = createAnthropicMessagesToolSearch({ tools: SESSION_CATALOG.map(toAnthropicTool) });
      const prepare = () =>
        toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 1024, messages: [{ role: 'user', content: 'Hi.' }] }, { sessionId: 's' });
      await fc.assert(
        fc.asyncProperty(anthropicMessageStreamCase, async ({ message, cut }) => {
          counter.count('messages step');
          const events = streamAnthropicMessage(message, cutText(cut));
          expect(await turnOf(prepare, streamOf(events))).toBe(await turnOf(prepare, message));
        }),
        propertyParameters(SESSION_RUNS),
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe('the Chat Completions stream accumulator', () => {
  it(
    'rebuilds the completion byte for byte (its message as the turn writes it), whatever the boundaries',
    () => {
      fc.assert(
        fc.property(openAIChatStreamCase, ({ completion, cut }) => {
          counter.count('chat');
          const { response: rebuilt, text } = accumulate(createOpenAIChatStreamAccumulator(), streamOpenAIChatCompletion(completion, cutText(cut)));
          const written = {
            ...completion,
            choices: completion.choices.map((choice) => ({ ...choice, message: resolveOpenAIChatAssistantMessage(choice.message) })),
          };
          expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(written));
          expect(text).toBe(completion.choices[0]?.message.content ?? '');
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'gives a session step the same turn from the stream as from the completion',
    async () => {
      const toolSearch = createOpenAIChatToolSearch({ tools: SESSION_CATALOG.map(toOpenAIChatTool) });
      const prepare = () => toolSearch.prepare({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi.' }] }, { sessionId: 's' });
      await fc.assert(
        fc.asyncProperty(openAIChatStreamCase, async ({ completion, cut }) => {
          counter.count('chat step');
          const chunks = streamOpenAIChatCompletion(completion, cutText(cut));
          expect(await turnOf(prepare, streamOf(chunks))).toBe(await turnOf(prepare, completion));
        }),
        propertyParameters(SESSION_RUNS),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
