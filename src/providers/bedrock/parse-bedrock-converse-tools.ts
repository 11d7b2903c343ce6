import { isRecord } from '../../records/is-record.js';
import { isOwnTool } from '../../client/tool-search-tool-definition.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import { createRequestToolNameCheck } from '../../tools/create-request-tool-name-check.js';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../tools/parse-wire-tool-definition.js';
import { readBodyToolsOnce } from '../../transform/read-body-tools-once.js';

/**
 * One entry of a Converse body's `toolConfig.tools`, classified. Internal: the reader and the transformer share it.
 * `tool` is a `toolSpec` with its definition, `own` the package's `tool_search` or `call_tool` (a transformed body),
 * `cache-point` a `{ cachePoint }` checkpoint, `other` a `systemTool` or an entry this package does not know.
 */
export type BedrockConverseToolSlot =
  | { readonly kind: 'tool'; readonly index: number; readonly tool: Record<string, unknown>; readonly definition: ToolDefinition }
  | { readonly kind: 'own' | 'cache-point' | 'other'; readonly index: number; readonly tool: unknown };

/**
 * The tools of an Amazon Bedrock Converse request (`toolConfig.tools[].toolSpec`), as `ToolDefinition`s with full
 * schemas (`inputSchema.json`), in body order: what `resolveToolSearch` needs to plan the request. Cache checkpoints,
 * system tools and this package's own tools (from a transformed body) are not returned.
 *
 * Throws a `ToolSearchError` (`invalid-request`) naming the entry when the body is not an object, `toolConfig.tools`
 * is not an array, a `toolSpec` has no name, a description that is not a string or an `inputSchema.json` that is not
 * an object, or two tools share a name.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseBedrockConverseTools } from 'tool-search/bedrock';
 * const plan = resolveToolSearch({ id: body.modelId, api: 'bedrock-converse' }, parseBedrockConverseTools(body));
 * ```
 */
export function parseBedrockConverseTools(body: unknown): ToolDefinition[] {
  const definitions: ToolDefinition[] = [];
  for (const slot of readBodyToolsOnce(body, parseBedrockConverseToolSlots).slots) if (slot.kind === 'tool') definitions.push(slot.definition);
  return definitions;
}

/** Checks the body and classifies its tools; throws like {@link parseBedrockConverseTools}. Internal. */
export function parseBedrockConverseToolSlots(body: unknown): {
  readonly request: Record<string, unknown>;
  readonly slots: readonly BedrockConverseToolSlot[];
} {
  const request = parseRequestBody(body, 'a Converse request object');
  const tools = parseRequestToolList(isRecord(request.toolConfig) ? request.toolConfig.tools : undefined, 'toolConfig.tools');
  const checkName = createRequestToolNameCheck<number>(
    (name, first, at) => `tool \`${name}\` is defined twice (\`toolConfig.tools[${first}]\` and \`[${at}]\`); names must be unique`,
  );
  const slots = tools.map((tool: unknown, index): BedrockConverseToolSlot => {
    if (isRecord(tool) && isRecord(tool.cachePoint)) return { kind: 'cache-point', index, tool };
    if (!isRecord(tool) || tool.toolSpec === undefined) return { kind: 'other', index, tool };
    // A `toolSpec` that is not an object has no name, which the core's rule says.
    const spec = isRecord(tool.toolSpec) ? tool.toolSpec : {};
    const inputSchema = isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined;
    // By index: the path is written only for an error (this runs for every tool of every request).
    const definition = parseWireToolDefinition({ name: spec.name, description: spec.description, inputSchema }, index, describeField, 'required');
    if (isOwnTool(definition)) return { kind: 'own', index, tool };
    checkName(definition.name, index);
    return { kind: 'tool', index, tool, definition };
  });
  return { request, slots };
}

/** How errors name a field of a tool: "`toolConfig.tools[3]`.toolSpec.inputSchema.json of `x`". */
const describeField: DescribeWireToolField<number> = (index, field, name) =>
  `\`toolConfig.tools[${index}]\`.toolSpec.${field === 'inputSchema' ? 'inputSchema.json' : field}${name === undefined ? '' : ` of \`${name}\``}`;
