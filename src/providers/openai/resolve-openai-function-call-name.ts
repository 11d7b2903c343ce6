import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';

/**
 * The original name of the tool a Responses `function_call` (or `custom_tool_call`) calls, from its `name` and
 * `namespace`, with the `names` a transform returned.
 *
 * The model sends the bare function name in `name` and the namespace apart (a deferred top-level function's namespace
 * is its own name); this package gives every tool its own name, so the name alone identifies the tool and the
 * namespace only disambiguates a name a client folded into `namespace.name`. Names the mapping does not know (a tool
 * of your own outside the plan) are returned as they are.
 *
 * Throws a `ToolSearchError` (`invalid-request`) when `item` is not an object with a non-empty string `name`.
 *
 * @example
 * ```ts
 * import { resolveOpenAIFunctionCallName, transformOpenAIResponsesRequest } from 'tool-search/openai';
 * const { body: request, names } = transformOpenAIResponsesRequest(body, plan);
 * const response = await openai.responses.create(request);
 * for (const item of response.output) {
 *   if (item.type === 'function_call') await run(resolveOpenAIFunctionCallName(item, names), JSON.parse(item.arguments));
 * }
 * ```
 */
export function resolveOpenAIFunctionCallName(item: { readonly name: string; readonly namespace?: string | null }, names: ToolNameMapping): string {
  if (typeof item !== 'object' || item === null || typeof item.name !== 'string' || item.name.length === 0) {
    const name = typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : item;
    throw new ToolSearchError('invalid-request', `A function call must have a non-empty string \`name\`, got ${describeValue(name)}`);
  }
  const { name, namespace } = item;
  // Some clients qualify the name with its namespace (`crm.list_orders`); the API never does.
  const bare = typeof namespace === 'string' && namespace.length > 0 && name.startsWith(`${namespace}.`) ? name.slice(namespace.length + 1) : name;
  return names.fromWire(bare);
}
