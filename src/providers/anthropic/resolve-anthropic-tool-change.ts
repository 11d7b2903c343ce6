import { isRecord } from '../../records/is-record.js';

/**
 * One tool change as this package reads it: a `tool_addition` or `tool_removal` block of a system message, or an entry
 * of a `compaction` block's `tool_changes`.
 */
export interface AnthropicToolChange {
  /** `addition` or `removal`. */
  readonly change: 'addition' | 'removal';
  /** The tool's name as the block gives it (`tool.name`, or the definition's `name`). */
  readonly name: string;
  /** `value`: the block carries the definition (`tool_definition`); `reference`: it names the tool (`tool_reference`). */
  readonly form: 'value' | 'reference';
  /** The definition a by-value addition carries (a `tools` entry). */
  readonly definition?: Readonly<Record<string, unknown>>;
}

/**
 * The tool change a block makes; `undefined` for any other block, MCP references (`mcp_tool_reference`,
 * `mcp_toolset_reference`, whose names belong to an MCP server) and values of unknown shape. Never throws.
 */
export function resolveAnthropicToolChange(block: unknown): AnthropicToolChange | undefined {
  if (!isRecord(block)) return undefined;
  const change = block.type === 'tool_addition' ? 'addition' : block.type === 'tool_removal' ? 'removal' : undefined;
  const tool = block.tool;
  if (change === undefined || !isRecord(tool)) return undefined;
  if (tool.type === 'tool_reference') return typeof tool.name === 'string' ? { change, name: tool.name, form: 'reference' } : undefined;
  const definition = tool.definition;
  // A removal names its tool; only an addition carries a definition.
  if (change !== 'addition' || tool.type !== 'tool_definition' || !isRecord(definition) || typeof definition.name !== 'string') return undefined;
  return { change, name: definition.name, form: 'value', definition };
}
