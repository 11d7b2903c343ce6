import { parseRequestBody } from '../../records/parse-request-body.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { OPENAI_CHAT_CODEC } from './openai-chat-codec.js';

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
  return [...OPENAI_CHAT_CODEC.readTools(parseRequestBody(body, 'a Chat Completions request object')).definitions];
}
