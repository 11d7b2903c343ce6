/**
 * Type tests: `tsc -p tsconfig.test.json --noEmit` fails when the wire types or the transformer's output stop being
 * accepted by the official `openai` SDK. The runtime assertions only keep vitest honest.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionSystemMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import type {
  OpenAIChatFunctionTool,
  OpenAIChatMessage,
  OpenAIChatRequest,
  OpenAIChatSystemMessage,
  OpenAIChatTool,
  OpenAIChatToolChoice,
} from '../../../src/providers/openai/openai-chat-api.js';
import { transformOpenAIChatRequest } from '../../../src/providers/openai/index.js';
import { openAIChatPlan, openAIChatTools } from '../../support/openai-chat-bodies.js';

describe('the OpenAI Chat Completions wire types', () => {
  it('are accepted where the openai SDK takes a request, a tool, a message and a tool choice', () => {
    expectTypeOf<OpenAIChatRequest>().toExtend<ChatCompletionCreateParamsNonStreaming>();
    expectTypeOf<OpenAIChatTool>().toExtend<ChatCompletionTool>();
    expectTypeOf<OpenAIChatFunctionTool>().toExtend<ChatCompletionFunctionTool>();
    expectTypeOf<OpenAIChatMessage>().toExtend<ChatCompletionMessageParam>();
    expectTypeOf<OpenAIChatSystemMessage>().toExtend<ChatCompletionSystemMessageParam | ChatCompletionMessageParam>();
    expectTypeOf<OpenAIChatToolChoice>().toExtend<ChatCompletionToolChoiceOption>();
  });

  it('let a transformed SDK body go straight to client.chat.completions.create', () => {
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'hi' }],
      tools: openAIChatTools(20),
    };
    const result = transformOpenAIChatRequest(body, openAIChatPlan(body));
    const params: ChatCompletionCreateParamsNonStreaming = result.body;
    expectTypeOf(result.body).toEqualTypeOf<ChatCompletionCreateParamsNonStreaming>();
    expect(params.tools).toHaveLength(21);
  });

  it('type an untyped body as OpenAIChatRequest, which the SDK accepts', () => {
    const json: unknown = JSON.parse(JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], tools: openAIChatTools(2) }));
    const result = transformOpenAIChatRequest(json as OpenAIChatRequest, openAIChatPlan(json));
    const params: ChatCompletionCreateParamsNonStreaming = result.body;
    expect(params.model).toBe('gpt-4.1');
  });
});
