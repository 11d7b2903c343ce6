import { isRecord } from '../../records/is-record.js';
import type { HistoryToolItem } from '../../request/neutral-request.js';

/**
 * A message's function calls (`tool_calls`, the legacy `function_call`), or the answer it holds: a `tool` message
 * answers a call by id, a legacy `function` message names its function; the output is the content's text.
 */
export function readOpenAIChatMessage(message: unknown): HistoryToolItem | undefined {
  if (!isRecord(message)) return undefined;
  if (message.role === 'assistant') {
    const calls: { id?: unknown; name: string }[] = [];
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      if (isRecord(call) && isRecord(call.function) && typeof call.function.name === 'string') calls.push({ id: call.id, name: call.function.name });
    }
    if (isRecord(message.function_call) && typeof message.function_call.name === 'string') calls.push({ name: message.function_call.name });
    return { calls };
  }
  const output = Array.isArray(message.content)
    ? message.content.map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('')
    : typeof message.content === 'string'
      ? message.content
      : undefined;
  if (message.role === 'tool' && typeof message.tool_call_id === 'string') return { results: [{ id: message.tool_call_id, output }] };
  return message.role === 'function' && typeof message.name === 'string' ? { results: [{ name: message.name, output }] } : undefined;
}
