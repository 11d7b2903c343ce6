import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import { isToolCatalog } from './create-tool-catalog.js';
import type { ToolCatalog } from './tool-catalog.js';

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
export function parseCatalogTools(tools: ToolDefinitionsInput | ToolCatalog): readonly ToolDefinition[] {
  return isToolCatalog(tools) ? tools.tools : parseToolDefinitions(tools);
}
