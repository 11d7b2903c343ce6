/**
 * Type tests: the wire types and the transformer's output fit `@anthropic-ai/sdk`'s request types. A mismatch fails
 * `tsc -p tsconfig.test.json --noEmit` (and so `npm test`); the runtime assertions only make the cases concrete.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  CacheControlEphemeral,
  ContentBlockParam,
  MessageCreateParamsNonStreaming,
  MessageParam,
  ServerToolUseBlockParam,
  TextBlockParam,
  Tool,
  ToolChoice,
  ToolReferenceBlockParam,
  ToolResultBlockParam,
  ToolSearchToolResultBlockParam,
  ToolUnion,
  ToolUseBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  BetaCompactionBlockParam,
  BetaContentBlockParam,
  BetaMessageParam,
  BetaRequestToolAdditionBlock,
  BetaRequestToolRemovalBlock,
  BetaSystemMessageParam,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import {
  ANTHROPIC_TOOL_SEARCH_TOOL_NAMES,
  ANTHROPIC_TOOL_SEARCH_TOOLS,
  type AnthropicBetaMessage,
  type AnthropicCacheControl,
  type AnthropicCompactionBlock,
  type AnthropicContentBlock,
  type AnthropicCustomTool,
  type AnthropicMessage,
  type AnthropicMessagesRequest,
  type AnthropicMessagesRequestLike,
  type AnthropicServerToolUseBlock,
  type AnthropicTextBlock,
  type AnthropicTool,
  type AnthropicSystemMessage,
  type AnthropicToolAdditionBlock,
  type AnthropicToolChoice,
  type AnthropicToolRemovalBlock,
  type AnthropicToolReferenceBlock,
  type AnthropicToolResultBlock,
  type AnthropicToolSearchTool,
  type AnthropicToolSearchToolResultBlock,
  type AnthropicToolUseBlock,
} from '../../../src/providers/anthropic/anthropic-messages-api.js';
import { parseAnthropicMessagesTools } from '../../../src/providers/anthropic/index.js';
import { transformAnthropicMessagesRequest } from '../../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../../support/preflight/preflight-anthropic-messages-request.js';
import { anthropicTools } from '../../support/anthropic-messages-bodies.js';

describe('the Anthropic Messages wire types', () => {
  it('are assignable to the SDK’s request types, piece by piece', () => {
    expectTypeOf<AnthropicCacheControl>().toExtend<CacheControlEphemeral>();
    expectTypeOf<AnthropicCustomTool>().toExtend<Tool>();
    expectTypeOf<AnthropicToolSearchTool>().toExtend<ToolUnion>();
    expectTypeOf<AnthropicTool>().toExtend<ToolUnion>();
    expectTypeOf<AnthropicTextBlock>().toExtend<TextBlockParam>();
    expectTypeOf<AnthropicToolReferenceBlock>().toExtend<ToolReferenceBlockParam>();
    expectTypeOf<AnthropicToolUseBlock>().toExtend<ToolUseBlockParam>();
    expectTypeOf<AnthropicToolResultBlock>().toExtend<ToolResultBlockParam>();
    expectTypeOf<AnthropicServerToolUseBlock>().toExtend<ServerToolUseBlockParam>();
    expectTypeOf<AnthropicToolSearchToolResultBlock>().toExtend<ToolSearchToolResultBlockParam>();
    expectTypeOf<AnthropicContentBlock>().toExtend<ContentBlockParam>();
    expectTypeOf<AnthropicMessage>().toExtend<MessageParam>();
    expectTypeOf<AnthropicToolChoice>().toExtend<ToolChoice>();
    expectTypeOf<AnthropicMessagesRequest>().toExtend<MessageCreateParamsNonStreaming>();
    expectTypeOf(ANTHROPIC_TOOL_SEARCH_TOOLS.bm25).toExtend<ToolUnion>();
    expectTypeOf(ANTHROPIC_TOOL_SEARCH_TOOLS.regex).toExtend<ToolUnion>();
  });

  it('list the hosted search tools’ names as ANTHROPIC_TOOL_SEARCH_TOOLS gives them', () => {
    expect(ANTHROPIC_TOOL_SEARCH_TOOL_NAMES).toEqual(Object.values(ANTHROPIC_TOOL_SEARCH_TOOLS).map((tool) => tool.name));
  });

  it('are assignable to the SDK’s beta types for tool changes', () => {
    expectTypeOf<AnthropicToolAdditionBlock>().toExtend<BetaRequestToolAdditionBlock>();
    expectTypeOf<AnthropicToolRemovalBlock>().toExtend<BetaRequestToolRemovalBlock>();
    expectTypeOf<AnthropicSystemMessage>().toExtend<BetaSystemMessageParam>();
    expectTypeOf<AnthropicCompactionBlock>().toExtend<BetaCompactionBlockParam>();
    expectTypeOf<AnthropicCompactionBlock>().toExtend<BetaContentBlockParam>();
    expectTypeOf<AnthropicBetaMessage>().toExtend<BetaMessageParam>();
  });

  it('accept the SDK’s request type as a body', () => {
    expectTypeOf<MessageCreateParamsNonStreaming>().toExtend<AnthropicMessagesRequestLike>();
    expectTypeOf<number>().not.toExtend<AnthropicMessagesRequestLike>();
  });

  it('give back the SDK’s request type from transformAnthropicMessagesRequest', () => {
    const body: MessageCreateParamsNonStreaming = {
      model: 'claude-opus-4-5',
      max_tokens: 1024,
      system: [{ type: 'text', text: 'You are helpful.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'hi' }],
      tools: anthropicTools(4),
    };
    for (const model of ['claude-opus-4-5', 'claude-3-5-haiku']) {
      const plan = resolveToolSearch({ id: model, api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), { threshold: 3 });
      const params: MessageCreateParamsNonStreaming = transformAnthropicMessagesRequest(body, plan).body;
      expect(preflightAnthropicMessagesRequest(params).ok).toBe(true);
    }
    const typed: AnthropicMessagesRequest = { model: 'claude-opus-4-5', max_tokens: 10, messages: [], tools: anthropicTools(4) };
    const plan = resolveToolSearch('claude-opus-4-5', parseAnthropicMessagesTools(typed), { threshold: 3 });
    expectTypeOf(transformAnthropicMessagesRequest(typed, plan).body).toEqualTypeOf<AnthropicMessagesRequest>();
  });
});
