import type { ToolDefinition } from '../../tools/tool-definition.js';
import { parseWireToolDefinition, type DescribeWireToolField } from '../../tools/parse-wire-tool-definition.js';

/**
 * One custom tool entry of a Messages API body as a {@link ToolDefinition}: `name`, `description`, `input_schema`
 * (kept whole), and `deferrable: 'always'` when the body already sets `defer_loading: true` (the caller's own
 * choice is kept). Throws a `ToolSearchError` (`invalid-request`) naming the entry by its `index` when the name is
 * missing or empty, the description is not a string, or `input_schema` is not an object.
 */
export function parseAnthropicCustomTool(entry: Record<string, unknown>, index: number): ToolDefinition {
  const definition = parseWireToolDefinition(
    { name: entry.name, description: entry.description, inputSchema: entry.input_schema },
    // By index: the path is written only for an error (this runs for every tool of every request).
    index,
    describeField,
    'required',
  );
  if (entry.defer_loading === true) definition.deferrable = 'always';
  return definition;
}

/** How errors name a field of a custom tool: "`tools[3].input_schema` (tool `x`)". */
const describeField: DescribeWireToolField<number> = (index, field, name) =>
  `\`tools[${index}].${field === 'inputSchema' ? 'input_schema' : field}\`${name === undefined ? '' : ` (tool \`${name}\`)`}`;
