/** Response bodies the fake APIs of the integration tests answer with, in each API's documented shape. */
import { responsesReplyOf } from './scripted-model-apis.js';

/** A Responses API response with these output items, numbered from 1. */
export function responsesReply(index: number, output: unknown[]) {
  return responsesReplyOf(index - 1, 'gpt-5.4', output);
}

/** A Chat Completions response whose message makes these calls (`[id, name, arguments]`), or answers when there are none. */
export function chatReply(index: number, calls: [string, string, unknown][]) {
  return {
    id: `chatcmpl-${index}`,
    object: 'chat.completion',
    created: 1741570290 + index,
    model: 'gpt-4.1-2025-04-14',
    choices: [
      {
        index: 0,
        message:
          calls.length === 0
            ? { role: 'assistant', content: 'Filed it.', refusal: null, annotations: [] }
            : {
                role: 'assistant',
                content: null,
                refusal: null,
                annotations: [],
                tool_calls: calls.map(([id, name, args]) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } })),
              },
        logprobs: null,
        finish_reason: calls.length === 0 ? 'stop' : 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 14, total_tokens: 134 },
  };
}

/** A Messages API response with these content blocks. */
export function anthropicReply(content: unknown[], stopReason: string) {
  return {
    id: `msg_${stopReason}_${JSON.stringify(content).length}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-opus-4-8',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

/** A Gemini `generateContent` response whose model content has these parts. */
export function geminiReply(parts: unknown[]) {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 260, candidatesTokenCount: 16, totalTokenCount: 276 },
    modelVersion: 'gemini-2.5-flash',
  };
}
