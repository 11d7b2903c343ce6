import type { JSONSchemaObject, ToolDefinition } from '../tools/tool-definition.js';
import stringify from 'fast-json-stable-stringify';

/** The name of the client-side search tool; a caller's tool of this name is never deferred. */
export const TOOL_SEARCH_TOOL_NAME = 'tool_search';

/**
 * The schema sent in place of a deferred tool's parameters: a minimal open object. It carries no per-tool text
 * (the guidance note says once how to load schemas) and stays permissive on purpose, so a capable model can still
 * call a deferred tool with correctly inferred arguments (the seed's measured choice).
 */
export const STUB_INPUT_SCHEMA: JSONSchemaObject = Object.freeze(createStubInputSchema());

/**
 * A fresh, mutable copy of {@link STUB_INPUT_SCHEMA}, for a request body a caller may edit (a literal: spreading the
 * frozen constant is several times slower, once per deferred tool).
 *
 * @example
 * ```ts
 * import { createStubInputSchema } from 'tool-search';
 * createStubInputSchema(); // { type: 'object', additionalProperties: true }
 * ```
 */
export function createStubInputSchema(): JSONSchemaObject {
  return { type: 'object', additionalProperties: true };
}

/**
 * A fresh, mutable copy of the `tool_search` tool's input schema ({@link TOOL_SEARCH_TOOL_DEFINITION}'s, which is
 * frozen), for a request body a caller may edit.
 *
 * @example
 * ```ts
 * import { createToolSearchInputSchema } from 'tool-search';
 * createToolSearchInputSchema(); // { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }
 * ```
 */
export function createToolSearchInputSchema(): JSONSchemaObject {
  return { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
}

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
  inputSchema: freezeDeep(createToolSearchInputSchema()),
  deferrable: 'never',
});

const OWN_SIGNATURE = signature(TOOL_SEARCH_TOOL_DEFINITION);

/** Whether a tool is the package's own `tool_search` (same name, description and schema), e.g. from a transformed body. */
export function isOwnToolSearchTool(tool: ToolDefinition): boolean {
  return tool.name === TOOL_SEARCH_TOOL_NAME && signature(tool) === OWN_SIGNATURE;
}

/** The value with every object and array in it frozen. */
function freezeDeep<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) freezeDeep(child);
    Object.freeze(value);
  }
  return value;
}

function signature(tool: ToolDefinition): string {
  return stringify([tool.description ?? '', tool.inputSchema]);
}
