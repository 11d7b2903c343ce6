import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';

/**
 * A response's output items as the session's turn appends them to `input`: the items as the API returned them, the
 * same whether the response came whole, was rebuilt from a stream, or came from the SDK's `finalResponse()`, which
 * adds its own parse results (`parsed_arguments` on `function_call` items, `parsed` on `output_text` parts) that the
 * API never sent: those are left out, so the next request has the same bytes. The list itself when no item has them.
 * Not part of the public API.
 */
export function resolveOpenAIResponsesOutputItems(output: readonly unknown[]): readonly unknown[] {
  return resolveMappedItems(output, (item) => {
    if (!isRecord(item)) return item;
    if (item.type === 'function_call' && 'parsed_arguments' in item) {
      const { parsed_arguments: _, ...rest } = item;
      return rest;
    }
    if (item.type !== 'message' || !Array.isArray(item.content)) return item;
    const content = resolveMappedItems(item.content, (part: unknown) => {
      if (!isRecord(part) || !('parsed' in part)) return part;
      const { parsed: _, ...rest } = part;
      return rest;
    });
    return content === item.content ? item : { ...item, content };
  });
}
