import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import type { JSONSchemaObject, ToolDefinition } from './tool-definition.js';

/** The fields of one tool as a wire API writes it (`input_schema`, `parameters`, `inputSchema.json`), unchecked. */
export interface WireToolFields {
  readonly name: unknown;
  readonly description: unknown;
  readonly inputSchema: unknown;
}

/**
 * How an API's reader names one field of the tool at `at` in its errors: "`tools[3].description` (tool `x`)",
 * "`tools[3]`.function.parameters of `x`". `name` is the tool's name, once it is known to be one. `at` is whatever
 * the reader locates a tool by (a path, or an index it writes into one only for an error).
 */
export type DescribeWireToolField<At = string> = (at: At, field: keyof WireToolFields, name?: string) => string;

/** A tool definition still being built: a reader adds the fields of its API (`deferrable`, `category`). */
export type WireToolDefinition = { -readonly [Field in keyof ToolDefinition]: ToolDefinition[Field] };

/**
 * One tool of a request body as a {@link ToolDefinition}, by the rule every API's reader shares: the name is a
 * non-empty string, the description a string when given, and the schema a JSON Schema object, kept whole. With
 * `schema: 'optional'` a missing schema (`undefined`) is a tool without arguments, `{ type: 'object', properties: {} }`.
 * Throws a `ToolSearchError` (`invalid-request`) naming the field as the API's `describeField` words it: "… must be a
 * non-empty string, got …", "… must be a string, got …", "… must be a JSON Schema object, got …". Not part of the
 * public API.
 *
 * @example
 * ```ts
 * const definition = parseWireToolDefinition({ name, description, inputSchema: inputSchema?.json }, at, describeField, 'required');
 * ```
 */
export function parseWireToolDefinition<At>(
  fields: WireToolFields,
  at: At,
  describeField: DescribeWireToolField<At>,
  schema: 'required' | 'optional',
): WireToolDefinition {
  const { name, description, inputSchema } = fields;
  if (typeof name !== 'string' || name.length === 0) {
    throw new ToolSearchError('invalid-request', `${describeField(at, 'name')} must be a non-empty string, got ${describeValue(name)}`);
  }
  if (description !== undefined && typeof description !== 'string') {
    throw new ToolSearchError('invalid-request', `${describeField(at, 'description', name)} must be a string, got ${describeValue(description)}`);
  }
  if (!isRecord(inputSchema) && !(schema === 'optional' && inputSchema === undefined)) {
    throw new ToolSearchError('invalid-request', `${describeField(at, 'inputSchema', name)} must be a JSON Schema object, got ${describeValue(inputSchema)}`);
  }
  // A fresh object each time: a definition is the caller's to keep. Two literals, not a conditional spread: this runs
  // for every tool of every request, and the spread costs more.
  const parsed = (inputSchema as JSONSchemaObject | undefined) ?? { type: 'object', properties: {} };
  return description === undefined ? { name, inputSchema: parsed } : { name, description, inputSchema: parsed };
}
