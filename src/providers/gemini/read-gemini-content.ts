import { isRecord } from '../../records/is-record.js';
import type { HistoryToolItem } from '../../request/neutral-request.js';

/** A content's function calls and responses; a response names the function it answers. */
export function readGeminiContent(content: unknown): HistoryToolItem | undefined {
  if (!isRecord(content) || !Array.isArray(content.parts)) return undefined;
  const calls: { id?: unknown; name: string }[] = [];
  const results: { name: string; output: unknown }[] = [];
  for (const part of content.parts) {
    if (!isRecord(part)) continue;
    if (isRecord(part.functionCall) && typeof part.functionCall.name === 'string') calls.push({ name: part.functionCall.name });
    const response = part.functionResponse;
    if (isRecord(response) && typeof response.name === 'string') {
      for (const output of responseOutputs(response.response)) results.push({ name: response.name, output });
    }
  }
  return { calls, results };
}

/** The keys a function response's result is found under: the documented `output`, and what loops use instead. */
const RESPONSE_KEYS = ['output', 'result', 'content'] as const;

/**
 * Every place a `tool_search` result may sit in a `functionResponse.response`, for `resolveHistoryReveals` (which
 * ignores anything else): the response itself (the parsed result), or its `output` (documented), `result` or
 * `content` (the Vercel AI SDK sends `{ name, content }`), each as JSON text, a parsed object, or a list of text parts.
 */
function responseOutputs(response: unknown): unknown[] {
  const outputs = [response];
  if (!isRecord(response)) return outputs;
  for (const key of RESPONSE_KEYS) {
    const value = response[key];
    if (Array.isArray(value)) {
      for (const item of value) outputs.push(isRecord(item) && typeof item.text === 'string' ? item.text : item);
    } else if (value !== undefined) outputs.push(value);
  }
  return outputs;
}
