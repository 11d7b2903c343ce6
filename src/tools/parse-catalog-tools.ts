import { parseToolDefinitions } from './parse-tool-definitions.js';
import type { ToolDefinition, ToolDefinitionsInput } from './tool-definition.js';

/**
 * The mark of a parsed tool list (a catalog, `createToolCatalog`): a value holding its definitions under this key
 * was checked when it was made, and is read as it is.
 */
export const PARSED_TOOLS: unique symbol = Symbol('tool-search parsed tools');

/** A value that holds its checked definitions under {@link PARSED_TOOLS}. */
export interface ParsedToolList {
  readonly [PARSED_TOOLS]: readonly ToolDefinition[];
}

/**
 * The tools of a catalog (`createToolCatalog`) as it holds them, or a plain list checked once
 * (`parseToolDefinitions`, which throws `invalid-tools`), for a function that reads the tools and nothing else of a
 * catalog: a plain list given on every request (`resolveToolSearch` in a loop) builds and freezes no catalog of its own.
 * Not part of the public API.
 *
 * @example
 * ```ts
 * const definitions = parseCatalogTools(tools);
 * ```
 */
export function parseCatalogTools(tools: ToolDefinitionsInput | ParsedToolList): readonly ToolDefinition[] {
  const parsed = typeof tools === 'object' && tools !== null ? (tools as Partial<ParsedToolList>)[PARSED_TOOLS] : undefined;
  return parsed ?? parseToolDefinitions(tools);
}
