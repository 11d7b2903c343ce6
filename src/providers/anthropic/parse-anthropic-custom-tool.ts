import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import type { JSONSchemaObject, ToolDefinition } from '../../tools/tool-definition.js';

/**
 * One custom tool entry of a Messages API body as a {@link ToolDefinition}: `name`, `description`, `input_schema`
 * (kept whole), and `deferrable: 'always'` when the body already sets `defer_loading: true` (the caller's own
 * choice is kept). Throws a `ToolSearchError` (`invalid-request`) naming the entry by its `index` when the name is
 * missing or empty, the description is not a string, or `input_schema` is not an object.
 */
export function parseAnthropicCustomTool(entry: Record<string, unknown>, index: number): ToolDefinition {
  const { name, description, input_schema: inputSchema, defer_loading: deferLoading } = entry;
  if (typeof name !== 'string' || name.length === 0) {
    throw new ToolSearchError('invalid-request', `\`tools[${index}].name\` must be a non-empty string, got ${describeValue(name)}`);
  }
  if (description !== undefined && typeof description !== 'string') {
    throw new ToolSearchError('invalid-request', `\`tools[${index}].description\` (tool \`${name}\`) must be a string, got ${describeValue(description)}`);
  }
  if (typeof inputSchema !== 'object' || inputSchema === null || Array.isArray(inputSchema)) {
    throw new ToolSearchError(
      'invalid-request',
      `\`tools[${index}].input_schema\` (tool \`${name}\`) must be a JSON Schema object, got ${describeValue(inputSchema)}`,
    );
  }
  // Built field by field in the order of the type, not with conditional spreads: this runs for every tool of every
  // request, and the spreads cost several times more.
  const schema = inputSchema as JSONSchemaObject;
  const definition: { -readonly [Field in keyof ToolDefinition]: ToolDefinition[Field] } =
    description === undefined ? { name, inputSchema: schema } : { name, description, inputSchema: schema };
  if (deferLoading === true) definition.deferrable = 'always';
  return definition;
}
