/**
 * Whether a tool's schema may be deferred, set by the tool's owner.
 *
 * - `never`: the full schema is always sent (for hot-path tools such as `write_todos`).
 * - `automatic` (the default): deferred when a tool search mechanism applies and the tool count meets the threshold.
 * - `always`: deferred whenever a tool search mechanism applies, even below the threshold.
 */
export type DeferrablePolicy = 'never' | 'automatic' | 'always';

/** A JSON Schema object (the shape of a tool's arguments). */
export type JSONSchemaObject = { readonly [keyword: string]: unknown };

/**
 * A tool as this package sees it: the MCP `tools/list` shape plus two optional fields of its own.
 *
 * An MCP `tools/list` entry is accepted as it is; fields this package does not use (`annotations`, `title`,
 * `outputSchema`, `_meta`, …) are kept and passed through untouched. Every optional field also takes `undefined`, as
 * the MCP SDK's types declare them (`description?: string | undefined`), so its tools fit under
 * `exactOptionalPropertyTypes`; an `undefined` field means the same as a missing one.
 *
 * @example
 * ```ts
 * import type { ToolDefinition } from 'tool-search';
 * const readFile: ToolDefinition = {
 *   name: 'read_file',
 *   description: 'Read a file from the workspace.',
 *   inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
 *   deferrable: 'never',
 * };
 * ```
 */
export interface ToolDefinition {
  /** The tool's name, unique within one tool list. Names a provider rejects are mapped by its transformer. */
  readonly name: string;
  /** What the tool does; sent to the model even when the schema is deferred. */
  readonly description?: string | undefined;
  /** The JSON Schema of the tool's arguments (an object schema). */
  readonly inputSchema: JSONSchemaObject;
  /** A group label; OpenAI's hosted search groups deferred tools into one namespace per category. */
  readonly category?: string | undefined;
  /**
   * The MCP server (or platform) the tool comes from; `createMCPToolCatalog` sets it. When the tools come from two
   * servers or more, a search that names a server ("… in Confluence", "on GitHub") favours that server's tools. A
   * tool without it whose name is qualified (`github__create_issue`) has the server its name gives.
   */
  readonly server?: string;
  /**
   * Whether the schema may be deferred.
   * @default 'automatic'
   */
  readonly deferrable?: DeferrablePolicy | undefined;
  /** MCP: a human-readable title. Kept, not used. */
  readonly title?: string | undefined;
  /** MCP: behaviour hints (`readOnlyHint`, …). Kept, not used. */
  readonly annotations?: { readonly [hint: string]: unknown } | undefined;
  /** MCP: the JSON Schema of the tool's structured result. Kept, not used. */
  readonly outputSchema?: JSONSchemaObject | undefined;
  /** MCP: metadata reserved by the protocol. Kept, not used. */
  readonly _meta?: { readonly [key: string]: unknown } | undefined;
}

/**
 * A tool list as every function of this package that takes one accepts it: an array of tool definitions, or an
 * object holding one in `tools`, such as an MCP `tools/list` result, what `@modelcontextprotocol/sdk`'s
 * `Client.listTools()` returns, or an MCP tool catalog (`createMCPToolCatalog`). The object's other fields
 * (`nextCursor`, `_meta`, …) are ignored.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * const plan = resolveToolSearch('claude-sonnet-4-6', await mcpClient.listTools());
 * ```
 */
export type ToolDefinitionsInput = readonly ToolDefinition[] | { readonly tools: readonly ToolDefinition[] };

/** The policies a `deferrable` field may hold, for validation and docs. */
export const DEFERRABLE_POLICIES: readonly DeferrablePolicy[] = ['never', 'automatic', 'always'];
