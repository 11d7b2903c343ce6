import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isOwnTool } from '../../client/tool-search-tool-definition.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../tools/parse-wire-tool-definition.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';

/**
 * One entry of a Chat Completions body's `tools`, classified. Internal: the reader and the transformer share it.
 *
 * - `function`: a function tool, with its `ToolDefinition`.
 * - `own-search`: this package's own `tool_search` function (from a transformed body).
 * - `hosted-search`: a Responses-style `{ type: 'tool_search' }`, which Chat Completions does not accept.
 * - `other`: any other tool (`custom`, or a type this package does not know), passed through.
 */
export type OpenAIChatToolSlot =
  | { readonly kind: 'function'; readonly index: number; readonly tool: Record<string, unknown>; readonly definition: ToolDefinition }
  | { readonly kind: 'own-search'; readonly index: number }
  | { readonly kind: 'hosted-search'; readonly index: number }
  | { readonly kind: 'other'; readonly index: number; readonly tool: unknown };

/** A Chat Completions body checked to be an object, with its `tools` classified. Internal. */
export interface OpenAIChatToolSlots {
  readonly request: Record<string, unknown>;
  readonly slots: readonly OpenAIChatToolSlot[];
}

/**
 * The function tools of an OpenAI Chat Completions request body, as `ToolDefinition`s with full schemas, in body
 * order: what `resolveToolSearch` needs to plan the request.
 *
 * A function without `parameters` ("an empty parameter list" for the API) gets `{ type: 'object', properties: {} }`.
 * Custom tools, a Responses-style `{ type: 'tool_search' }` and this package's own `tool_search` function (from a
 * transformed body) are not returned.
 *
 * Throws a `ToolSearchError` (`invalid-request`) naming the item when the body is not an object, `tools` is not an
 * array, a tool is not an object or has no `type`, a function tool has no `function` object or no name, its
 * `description` is not a string or its `parameters` not an object, two function tools share a name, or a tool is a
 * Responses-API `namespace` (Chat Completions has no namespaces: send that body with the Responses transformer).
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseOpenAIChatTools } from 'tool-search/openai';
 * const plan = resolveToolSearch({ id: body.model, api: 'openai-chat' }, parseOpenAIChatTools(body));
 * ```
 */
export function parseOpenAIChatTools(body: unknown): ToolDefinition[] {
  const definitions: ToolDefinition[] = [];
  for (const slot of readBodyToolsOnce(body, parseOpenAIChatToolSlots).slots) if (slot.kind === 'function') definitions.push(slot.definition);
  return definitions;
}

/** Checks the body and classifies its `tools`; throws like {@link parseOpenAIChatTools}. Internal. */
export function parseOpenAIChatToolSlots(body: unknown): OpenAIChatToolSlots {
  const request = parseRequestBody(body, 'a Chat Completions request object');
  const tools = parseRequestToolList(request.tools, 'tools');
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `function \`${name}\` is defined twice (\`tools[${first}]\` and \`tools[${at}]\`); function names must be unique`,
  );
  const slots = tools.map((tool: unknown, index): OpenAIChatToolSlot => {
    if (typeof tool !== 'object' || tool === null || Array.isArray(tool)) {
      throw new ToolSearchError('invalid-request', `${toolPath(index)} must be a tool object, got ${describeValue(tool)}`);
    }
    const entry = tool as Record<string, unknown>;
    if (typeof entry.type !== 'string') {
      throw new ToolSearchError('invalid-request', `${toolPath(index)}.type must be a string such as 'function', got ${describeValue(entry.type)}`);
    }
    if (entry.type === 'namespace') {
      throw new ToolSearchError(
        'invalid-request',
        `${toolPath(index)} is a \`namespace\` tool, which only the Responses API accepts (Chat Completions has no namespaces); list its functions as \`{ type: 'function', function }\` tools, or send the body with \`transformOpenAIResponsesRequest\``,
      );
    }
    if (entry.type === 'tool_search') return { kind: 'hosted-search', index };
    if (entry.type !== 'function') return { kind: 'other', index, tool };
    const definition = parseFunction(entry.function, index);
    if (isOwnTool(definition)) return { kind: 'own-search', index };
    checkName(definition.name, index);
    return { kind: 'function', index, tool: entry, definition };
  });
  return { request, slots };
}

/** How messages name a tool; written only when there is something to report, as this runs for every tool. */
function toolPath(index: number): string {
  return `\`tools[${index}]\``;
}

function parseFunction(value: unknown, index: number): ToolDefinition {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolSearchError('invalid-request', `${toolPath(index)}.function must be a function definition object, got ${describeValue(value)}`);
  }
  const { name, description, parameters } = value as Record<string, unknown>;
  // "Omitting `parameters` defines a function with an empty parameter list" (the API reference).
  // By index: the path is written only for an error (this runs for every tool of every request).
  return parseWireToolDefinition({ name, description, inputSchema: parameters }, index, describeField, 'optional');
}

/** How errors name a field of a function tool: "`tools[3]`.function.parameters of `x`". */
const describeField: DescribeWireToolField<number> = (index, field, name) =>
  `${toolPath(index)}.function.${field === 'inputSchema' ? 'parameters' : field}${name === undefined ? '' : ` of \`${name}\``}`;
