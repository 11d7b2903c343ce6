import type { OwnToolNames } from '../tools/resolve-own-tool-names.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * One agent's tools, parsed once (`createToolCatalog`): every part of the package that works on the agent's tools
 * (the plan, the search tool and its index, the call check, the session factories) receives this value instead of
 * reading the list again. What is built from it (the search index: `resolveCatalogIndex`; argument validators:
 * `resolveCatalogValidator`) is kept on it, built on first use. It holds `tools`, so it is also a `ToolDefinitionsInput`: any function that takes a tool
 * list takes a catalog, and reads it without parsing it again.
 */
export interface ToolCatalog {
  /** The definitions, checked, in the order given (frozen; the same tool objects the caller gave). */
  readonly tools: readonly ToolDefinition[];
  /** Each definition by its name. */
  readonly byName: ReadonlyMap<string, ToolDefinition>;
  /** The tool names, in order. */
  readonly names: readonly string[];
  /**
   * What a plan depends on in the list: names, deferral policies and categories, in order (schemas do not change a
   * plan). Two catalogs with the same key get the same plan for the same model and configuration.
   */
  readonly key: string;
  /** The names the package's own tools go by next to these tools (`tool_search_2` where the caller has a `tool_search`). */
  readonly own: OwnToolNames;
  /** The tools `tool_search` may return: every tool but one named `tool_search` (the catalog itself when none is). */
  readonly searchable: ToolCatalog;
}
