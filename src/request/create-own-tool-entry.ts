import {
  CALL_TOOL_DEFINITION,
  TOOL_SEARCH_TOOL_DEFINITION,
  createCallToolInputSchema,
  createToolSearchInputSchema,
} from '../tools/tool-search-tool-definition.js';
import type { ToolListEntry } from './request-tool-entry.js';

/**
 * The entry for one of the package's own tools (`search`: `tool_search`, `call`: `call_tool`) under the name it goes
 * by (`tool_search_2` beside a caller's `tool_search`), with a fresh input schema. Every decision that sends one
 * builds it here. Not part of the public API.
 */
export function createOwnToolEntry(kind: 'search' | 'call', name: string): ToolListEntry {
  const tool = kind === 'search' ? TOOL_SEARCH_TOOL_DEFINITION : CALL_TOOL_DEFINITION;
  const inputSchema = kind === 'search' ? createToolSearchInputSchema() : createCallToolInputSchema();
  const definition = name === tool.name ? tool : { ...tool, name };
  return { name, description: tool.description as string, inputSchema, status: kind, definition };
}
