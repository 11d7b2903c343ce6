import { ToolSearchError } from '../errors/tool-search-error.js';
import { DEFERRABLE_POLICIES, type ToolDefinition } from './tool-definition.js';
import { isRecord } from '../records/is-record.js';
import { describeValue } from '../errors/describe-value.js';
import { quoteNames } from '../text/quote-names.js';

/** The optional fields of a tool that hold text, checked in this order. */
const TEXT_FIELDS = ['description', 'category', 'server'] as const;

/**
 * Checks a tool list and returns it typed, unchanged (the same objects, nothing copied or stripped). This is the one
 * reader of tool lists: every function of the package that takes tools calls it.
 *
 * Takes an array of tool definitions or an object holding one in `tools` (`ToolDefinitionsInput`): an MCP
 * `tools/list` result or `Client.listTools()`'s as it comes, whose other fields (`nextCursor`, `_meta`) are
 * ignored; a tool's own MCP fields (`title`, `annotations`, `outputSchema`, `_meta`) are kept.
 *
 * Throws a {@link ToolSearchError} with code `invalid-tools` that names every offending tool when the list is
 * neither an array nor `{ tools: [...] }`, a tool is not an object, a name is missing, empty or not a string, two
 * tools share a name, an `inputSchema` is not an object, a `description`, `category` or `server` is not a string, or `deferrable` is not one of
 * `never`, `automatic`, `always`. Names a provider would reject are not an error here: each provider's transformer
 * maps them.
 *
 * @example
 * ```ts
 * import { parseToolDefinitions } from 'tool-search';
 * const tools = parseToolDefinitions(await mcpClient.listTools());
 * ```
 */
export function parseToolDefinitions(tools: unknown): ToolDefinition[] {
  // An object with `tools` (an MCP `tools/list` result); an array's own fields are never read.
  const listed = isRecord(tools) && 'tools' in tools;
  const input = listed ? tools.tools : tools;
  if (!Array.isArray(input)) {
    throw new ToolSearchError(
      'invalid-tools',
      listed
        ? `\`tools.tools\` must be an array of tool definitions, got ${describeValue(input)}`
        : `\`tools\` must be an array of tool definitions, got ${describeValue(tools)} (an object holding the array in \`tools\`, such as an MCP \`tools/list\` result, is accepted too)`,
    );
  }
  const problems: string[] = [];
  const seen = new Map<string, number>();
  // The labels of messages are written only for a tool that has a problem: this runs for every tool of every plan.
  // A loop by index, not `forEach`, which skips the holes of a sparse array.
  for (let index = 0; index < input.length; index += 1) checkTool(input[index], index);
  function checkTool(tool: unknown, index: number): void {
    if (typeof tool !== 'object' || tool === null || Array.isArray(tool)) {
      problems.push(`\`tools[${index}]\` must be an object, got ${describeValue(tool)}`);
      return;
    }
    const { name, inputSchema, deferrable } = tool as Record<string, unknown>;
    if (typeof name !== 'string' || name.length === 0) {
      problems.push(`\`tools[${index}]\`.name must be a non-empty string, got ${describeValue(name)}`);
      return;
    }
    const first = seen.get(name);
    if (first === undefined) seen.set(name, index);
    else problems.push(`tool \`${name}\` is defined twice (\`tools[${first}]\` and \`tools[${index}]\`); tool names must be unique`);
    if (typeof inputSchema !== 'object' || inputSchema === null || Array.isArray(inputSchema)) {
      problems.push(`tool \`${name}\` must have an object \`inputSchema\` (a JSON Schema), got ${describeValue(inputSchema)}`);
    }
    for (const field of TEXT_FIELDS) {
      const value = (tool as Record<string, unknown>)[field];
      if (value !== undefined && typeof value !== 'string') problems.push(`tool \`${name}\` has a \`${field}\` that is not a string: ${describeValue(value)}`);
    }
    if (deferrable !== undefined && !(DEFERRABLE_POLICIES as readonly unknown[]).includes(deferrable)) {
      problems.push(`tool \`${name}\` has \`deferrable\` ${describeValue(deferrable)}; it must be one of ${quoteNames(DEFERRABLE_POLICIES, "'")}`);
    }
  }
  if (problems.length > 0) {
    throw new ToolSearchError('invalid-tools', `Invalid tool list: ${problems.join('; ')}`);
  }
  return input as ToolDefinition[];
}
