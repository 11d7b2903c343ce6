import type { JSONSchemaObject, ToolDefinition } from '../tools/tool-definition.js';
import stringify from 'fast-json-stable-stringify';

/** The name of the client-side search tool; a caller's tool of this name is never deferred. */
export const TOOL_SEARCH_TOOL_NAME = 'tool_search';

/**
 * The schema sent in place of a deferred tool's parameters: a minimal open object. It carries no per-tool text
 * (the guidance note says once how to load schemas) and stays permissive on purpose, so a capable model can still
 * call a deferred tool with correctly inferred arguments (the seed's measured choice).
 */
export const STUB_INPUT_SCHEMA: JSONSchemaObject = Object.freeze({ type: 'object', additionalProperties: true });

/**
 * The client-side `tool_search` tool as the model sees it: never deferred, one `query` argument.
 *
 * @example
 * ```ts
 * import { TOOL_SEARCH_TOOL_DEFINITION } from 'tool-search';
 * TOOL_SEARCH_TOOL_DEFINITION.name; // 'tool_search'
 * ```
 */
export const TOOL_SEARCH_TOOL_DEFINITION: ToolDefinition = Object.freeze({
  name: TOOL_SEARCH_TOOL_NAME,
  // Kept short on purpose: it is sent on every request, and the guidance note (sent once) says when to call it.
  description:
    'Load the full parameter schemas of tools listed without them: pass an exact tool name, a few keywords, or select:name_a,name_b.',
  inputSchema: Object.freeze({
    type: 'object',
    properties: Object.freeze({ query: Object.freeze({ type: 'string' }) }),
    required: Object.freeze(['query']),
  }),
  deferrable: 'never',
});

const OWN_SIGNATURE = signature(TOOL_SEARCH_TOOL_DEFINITION);

/** Whether a tool is the package's own `tool_search` (same name, description and schema), e.g. from a transformed body. */
export function isOwnToolSearchTool(tool: ToolDefinition): boolean {
  return tool.name === TOOL_SEARCH_TOOL_NAME && signature(tool) === OWN_SIGNATURE;
}

function signature(tool: ToolDefinition): string {
  return stringify([tool.description ?? '', tool.inputSchema]);
}
