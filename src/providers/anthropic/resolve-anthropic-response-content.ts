import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';

/**
 * A response's content blocks as the session's turn appends them to the history: as the API returned them, the same
 * whether the message came whole, was rebuilt from a stream, or came from the SDK's `finalMessage()`, which moves each
 * `tool_use` and `server_tool_use` block's `input` to its end: `input` is put back after `name`, so the next request
 * has the same bytes. The list itself when every block is in that order. Not part of the public API.
 */
export function resolveAnthropicResponseContent(content: readonly unknown[]): readonly unknown[] {
  return resolveMappedItems(content, (block) => {
    if (!isRecord(block) || (block.type !== 'tool_use' && block.type !== 'server_tool_use') || !('input' in block)) return block;
    const keys = Object.keys(block);
    const name = keys.indexOf('name');
    if (name === -1 || keys[name + 1] === 'input') return block;
    const written: Record<string, unknown> = {};
    for (const key of keys) {
      if (key === 'input') continue;
      written[key] = block[key];
      if (key === 'name') written.input = block.input;
    }
    return written;
  });
}
