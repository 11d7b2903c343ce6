import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';

type Item = Record<string, unknown>;

/**
 * The assistant message of a completion as the session's turn appends it to the history: the same message whether it
 * came whole, was rebuilt from a stream, or came from the SDK's `finalChatCompletion()`, so the next request has the
 * same bytes. Fields in the order the API returns them (`role`, `content`, `tool_calls`, `refusal`, then the rest as
 * they came), without what a request does not carry and a stream cannot give: the SDK helper's own parse results
 * (`parsed`, `tool_calls[].function.parsed_arguments`) and an empty `annotations` list. The message itself when it is
 * already in that form. Not part of the public API.
 */
export function resolveOpenAIChatAssistantMessage(message: Item): Item {
  const { role, content, tool_calls, refusal, parsed, annotations, ...rest } = message;
  const calls = Array.isArray(tool_calls) ? resolveMappedItems(tool_calls, withoutParsedArguments) : tool_calls;
  const written: Item = {
    ...('role' in message ? { role } : {}),
    ...('content' in message ? { content } : {}),
    ...('tool_calls' in message ? { tool_calls: calls } : {}),
    ...('refusal' in message ? { refusal } : {}),
    ...(Array.isArray(annotations) && annotations.length === 0 ? {} : 'annotations' in message ? { annotations } : {}),
    ...rest,
  };
  const same = calls === tool_calls && !('parsed' in message) && sameKeys(Object.keys(written), Object.keys(message));
  return same ? message : written;
}

/** A tool call without the SDK helper's `function.parsed_arguments`. */
function withoutParsedArguments(call: unknown): unknown {
  if (!isRecord(call) || !isRecord(call.function) || !('parsed_arguments' in call.function)) return call;
  const { parsed_arguments: _, ...fn } = call.function;
  return { ...call, function: fn };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}
