import type { JSONSchemaObject, ToolDefinition } from '../tools/tool-definition.js';
import type { DeferLoadingToolEntry, RequestToolEntry } from './request-tool-entry.js';
import type { ToolListEntry } from './request-tool-entry.js';

/**
 * The entry for a caller's tool in a form (`status`, see `RequestToolEntry`): its description and schema unless given
 * others (a stub's shortened description and stub schema). Every decision builds its entries for caller tools here.
 * Not part of the public API.
 */
export function createRequestToolEntry<Status extends RequestToolEntry['status']>(
  tool: ToolDefinition,
  status: Status,
  description: string | undefined = tool.description,
  inputSchema: JSONSchemaObject = tool.inputSchema,
): Status extends 'defer-loading' ? DeferLoadingToolEntry : ToolListEntry {
  // Two literals, not a conditional spread (`...(description === undefined ? {} : { description })`), which costs
  // several times more; this runs for every tool of every request.
  const entry: RequestToolEntry =
    description === undefined
      ? { name: tool.name, inputSchema, status, definition: tool }
      : { name: tool.name, description, inputSchema, status, definition: tool };
  return entry as Status extends 'defer-loading' ? DeferLoadingToolEntry : ToolListEntry;
}
