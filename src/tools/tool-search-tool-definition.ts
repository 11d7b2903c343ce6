import type { JSONSchemaObject, ToolDefinition } from './tool-definition.js';
import { formatStableJSON } from '../records/format-stable-json.js';

/** The name of the client-side search tool; a caller's tool of this name is never deferred. */
export const TOOL_SEARCH_TOOL_NAME = 'tool_search';

/**
 * The name of the client-side tool that calls a deferred tool the tool list does not hold (the `names` and `none`
 * listings with reveals in the conversation); a caller's tool of this name is never deferred.
 */
export const CALL_TOOL_NAME = 'call_tool';

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
  description: 'Load the full parameter schemas of tools listed without them: pass an exact tool name, a few keywords, or select:name_a,name_b.',
  inputSchema: freezeDeep(createToolSearchInputSchema()),
  deferrable: 'never',
});

/**
 * A fresh, mutable copy of {@link CALL_TOOL_DEFINITION}'s input schema, for a request body a caller may edit.
 *
 * @example
 * ```ts
 * import { createCallToolInputSchema } from 'tool-search';
 * createCallToolInputSchema().required; // ['name', 'arguments']
 * ```
 */
export function createCallToolInputSchema(): JSONSchemaObject {
  return { type: 'object', properties: { name: { type: 'string' }, arguments: { type: 'object' } }, required: ['name', 'arguments'] };
}

/**
 * The client-side `call_tool` tool as the model sees it: it runs a tool the tool list does not hold, by name, with
 * arguments that fit the schema `tool_search` returned. The call is checked against that schema and run as the named
 * tool (`createToolCallCheck` unwraps it), so a tool outside the list stays callable while the list never changes.
 *
 * @example
 * ```ts
 * import { CALL_TOOL_DEFINITION } from 'tool-search';
 * CALL_TOOL_DEFINITION.name; // 'call_tool'
 * ```
 */
export const CALL_TOOL_DEFINITION: ToolDefinition = Object.freeze({
  name: CALL_TOOL_NAME,
  // Short: it is sent on every request, and the guidance note says when to use it.
  description: 'Call a tool that is not in your tool list, by name, with its arguments.',
  inputSchema: freezeDeep(createCallToolInputSchema()),
  deferrable: 'never',
});

const OWN_SIGNATURES: ReadonlyMap<string, string> = new Map([
  [TOOL_SEARCH_TOOL_NAME, signature(TOOL_SEARCH_TOOL_DEFINITION)],
  [CALL_TOOL_NAME, signature(CALL_TOOL_DEFINITION)],
]);

/**
 * Whether a tool is one the package adds (`tool_search` or `call_tool`, same description and schema, under its name
 * or the one it takes next to a caller's tool of that name: `tool_search_2`, …), e.g. read back from a body this
 * package transformed.
 */
export function isOwnTool(tool: ToolDefinition): boolean {
  const base = ownBaseName(tool.name);
  const own = base === undefined ? undefined : OWN_SIGNATURES.get(base);
  return own !== undefined && signature(tool) === own;
}

const TOOL_SEARCH_FIRST = TOOL_SEARCH_TOOL_NAME.charCodeAt(0);
const CALL_TOOL_FIRST = CALL_TOOL_NAME.charCodeAt(0);

/** The suffix of a renamed own tool: `_2`, `_3`, … (never `_1` or `_02`). */
const OWN_NAME_SUFFIX = /^_(?:[2-9]|[1-9]\d+)$/;

/** `tool_search` for `tool_search` and `tool_search_2` (…), likewise `call_tool`; `undefined` for any other name. */
function ownBaseName(name: string): string | undefined {
  // Every tool of every request body comes here, several times: a name that does not start with one of the two is
  // answered without a lookup, a regular expression or a new string (most by their first character alone).
  const first = name.charCodeAt(0);
  if (first !== TOOL_SEARCH_FIRST && first !== CALL_TOOL_FIRST) return undefined;
  const base = name.startsWith(TOOL_SEARCH_TOOL_NAME) ? TOOL_SEARCH_TOOL_NAME : name.startsWith(CALL_TOOL_NAME) ? CALL_TOOL_NAME : undefined;
  if (base === undefined || name.length === base.length) return base;
  return OWN_NAME_SUFFIX.test(name.slice(base.length)) ? base : undefined;
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
  return formatStableJSON([tool.description ?? '', tool.inputSchema]) as string;
}
